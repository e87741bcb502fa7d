/* The evaluation's weights (search/eval_params.h lists the terms), middlegame
 * and endgame, in centipawns. Written by `chesslab tune` (tune/):
 * fitted to the game results of selfplay-1000+10-a.pgn (1600 games),
 * selfplay-1000+10-b.pgn (1200 games), selfplay-1000+10-c.pgn (1200 games),
 * selfplay-300+3.pgn (3000 games), selfplay-1000+10-seecm.pgn (1347 games),
 * selfplay-300+3-d.pgn (1800 games), selfplay-1000+10-e.pgn (10177 games),
 * selfplay-1000+10-f.pgn (1839 games), selfplay-1000+10-g.pgn (2397 games),
 * selfplay-1000+10-h.pgn (7502 games), selfplay-1000+10-i.pgn (343 games),
 * selfplay-1000+10-j.pgn (1859 games), selfplay-1000+10-k.pgn (2153 games),
 * selfplay-1000+10-l.pgn (3549 games), selfplay-1000+10-m.pgn (4003 games):
 * 3756110 quiet positions, K 1.1745, 300 Adam steps of 0.5, L2 3e-09, kept
 * step 60;
 * loss 0.088145 -> 0.087786, held-out games (every 10th) 0.087228 -> 0.086929.
 * Rerun the tuner rather than editing by hand. */
#include "search/eval_params.h"

const EvalPair eval_weights[EVAL_PARAM_COUNT] = {
    /* MATERIAL: pawn, knight, bishop, rook, queen */
    [EVAL_MATERIAL] = { 87, 81 }, { 406, 258 }, { 456, 277 }, { 559, 507 },
        { 1173, 922 },
    /* PST_PAWN: pawn square (relative rank * 8 + file, mirrored when the own king is on files a-d) */
    [EVAL_PST_PAWN] = { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 },
        { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 },
        { -12, 19 }, { 4, 19 }, { -3, 21 }, { -9, 26 },
        { -4, 32 }, { 19, 32 }, { 30, 23 }, { -5, 18 },
        { -4, 5 }, { 0, 9 }, { 2, 9 }, { -4, 13 },
        { 9, 15 }, { 16, 13 }, { 22, 10 }, { 5, 12 },
        { -8, 12 }, { 0, 15 }, { 13, 6 }, { 17, 0 },
        { 21, 0 }, { 15, 12 }, { 0, 22 }, { -5, 16 },
        { -9, 36 }, { 7, 26 }, { 0, 15 }, { 17, 7 },
        { 16, 12 }, { 9, 24 }, { 8, 30 }, { -3, 20 },
        { -5, 20 }, { 17, 26 }, { 16, 42 }, { 47, 38 },
        { 48, 30 }, { 26, 66 }, { 23, 39 }, { 13, 6 },
        { 149, -93 }, { 43, 26 }, { 61, 62 }, { 45, 96 },
        { 53, 107 }, { 67, 82 }, { 50, 39 }, { 156, -110 },
        { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 },
        { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 },
    /* PST_KNIGHT: knight square */
    [EVAL_PST_KNIGHT] = { -25, -47 }, { -13, -35 }, { -8, -23 }, { -6, -17 },
        { -4, -20 }, { -6, -32 }, { -8, -19 }, { -28, -49 },
        { -28, -32 }, { -10, -4 }, { -4, -10 }, { 9, -6 },
        { 13, -11 }, { 9, -14 }, { -2, -16 }, { -24, -37 },
        { -11, -33 }, { 15, -27 }, { 5, -18 }, { 19, 8 },
        { 10, 10 }, { 14, -18 }, { 10, -29 }, { -6, -21 },
        { 5, -18 }, { 9, -8 }, { 14, 9 }, { 24, 6 },
        { 29, 4 }, { 34, 6 }, { 20, -2 }, { 3, -10 },
        { 19, -26 }, { 4, 0 }, { 23, 7 }, { 17, 26 },
        { 13, 34 }, { 26, 12 }, { 13, 16 }, { 21, -29 },
        { -38, -8 }, { -11, -2 }, { 23, 16 }, { 26, 18 },
        { 35, 19 }, { 37, 14 }, { -23, -3 }, { -33, -13 },
        { -36, 6 }, { -18, 1 }, { -14, -3 }, { -5, 2 },
        { -2, 7 }, { -9, 5 }, { -14, 7 }, { -47, 3 },
        { -96, -58 }, { -28, -22 }, { -37, -5 }, { -3, 5 },
        { -1, 6 }, { -36, -2 }, { -28, -17 }, { -103, -64 },
    /* PST_BISHOP: bishop square */
    [EVAL_PST_BISHOP] = { -13, -42 }, { 5, -56 }, { -4, -5 }, { 11, -25 },
        { 15, -17 }, { -12, -4 }, { 22, -37 }, { -21, -44 },
        { 6, -19 }, { 9, -35 }, { 12, -51 }, { 7, -10 },
        { 12, -18 }, { 8, -18 }, { 17, -26 }, { 15, -23 },
        { -1, -3 }, { 21, -22 }, { 19, -10 }, { 12, -8 },
        { 9, 9 }, { 21, -16 }, { 9, -8 }, { -1, 1 },
        { -30, -14 }, { 7, 0 }, { 6, 12 }, { 23, -15 },
        { 27, -6 }, { 9, 19 }, { 1, 1 }, { -1, -10 },
        { -28, 2 }, { 3, 9 }, { 33, -2 }, { 22, 12 },
        { 8, 19 }, { 33, 0 }, { 6, 20 }, { -15, 9 },
        { 7, -25 }, { 1, -9 }, { 28, -10 }, { 3, 9 },
        { -2, 11 }, { 34, 9 }, { 15, -16 }, { 9, -18 },
        { -47, 5 }, { 15, -9 }, { 16, 5 }, { 11, 9 },
        { 16, 11 }, { 13, 2 }, { 17, -5 }, { -52, 5 },
        { -34, 3 }, { -16, 22 }, { -26, 6 }, { -4, -3 },
        { -3, -11 }, { -29, 0 }, { -17, 13 }, { -42, 4 },
    /* PST_ROOK: rook square */
    [EVAL_PST_ROOK] = { 8, -30 }, { 13, -30 }, { 20, -33 }, { 22, -30 },
        { 31, -42 }, { 25, -36 }, { -13, -20 }, { -5, -27 },
        { -7, -19 }, { 8, -26 }, { 2, -7 }, { 5, -14 },
        { 5, -17 }, { 1, -19 }, { 6, -18 }, { -27, -17 },
        { -19, -14 }, { -5, -9 }, { -3, -16 }, { -9, -1 },
        { -4, -11 }, { 1, -12 }, { -3, -5 }, { -7, -19 },
        { -3, 1 }, { -14, -3 }, { 4, 7 }, { -14, 5 },
        { -10, 9 }, { 2, 7 }, { -2, 0 }, { -7, -9 },
        { 7, 15 }, { -11, 11 }, { 23, 3 }, { 30, 9 },
        { 21, 4 }, { 20, 7 }, { -5, 8 }, { 2, 7 },
        { 1, 16 }, { 28, 13 }, { 54, 0 }, { 36, 0 },
        { 39, 3 }, { 48, 5 }, { 31, 14 }, { 5, 12 },
        { 19, 10 }, { -9, 18 }, { 15, 10 }, { 41, 1 },
        { 37, 0 }, { 20, 17 }, { -2, 21 }, { 10, 8 },
        { 14, 21 }, { 18, 16 }, { 22, 3 }, { 7, 18 },
        { 11, 21 }, { 25, 15 }, { 17, 16 }, { 15, 9 },
    /* PST_QUEEN: queen square */
    [EVAL_PST_QUEEN] = { -23, -18 }, { -8, -47 }, { 18, -59 }, { 15, -54 },
        { 4, -52 }, { 0, -63 }, { -15, -45 }, { -29, -21 },
        { 11, -17 }, { 12, -52 }, { 16, -60 }, { 14, -40 },
        { 20, -48 }, { 19, -67 }, { 11, -61 }, { 0, -17 },
        { -10, -9 }, { 12, -33 }, { 4, -13 }, { 1, 8 },
        { 7, 15 }, { 9, -7 }, { 17, -31 }, { -14, -15 },
        { -6, 13 }, { 0, 10 }, { -10, 5 }, { 5, 12 },
        { 7, 6 }, { 2, 9 }, { -2, 15 }, { -14, 13 },
        { -9, 8 }, { -5, 33 }, { -2, 20 }, { -6, 37 },
        { -3, 44 }, { 7, 25 }, { 2, 40 }, { 0, 14 },
        { -8, 19 }, { 12, 32 }, { 0, 33 }, { 11, 36 },
        { 10, 36 }, { 5, 35 }, { 14, 33 }, { -4, 18 },
        { -17, 11 }, { -15, 7 }, { 7, 36 }, { 25, 19 },
        { 27, 23 }, { 20, 36 }, { -19, 6 }, { -10, 10 },
        { 1, -10 }, { 17, -6 }, { 0, 0 }, { 25, 6 },
        { 25, 7 }, { -3, -4 }, { 18, -5 }, { -4, -14 },
    /* PST_KING: king square */
    [EVAL_PST_KING] = { -51, 6 }, { 11, -22 }, { -14, -25 }, { -10, -30 },
        { -15, -30 }, { -25, -24 }, { 0, -17 }, { -54, 7 },
        { -8, -17 }, { -8, 1 }, { -16, -3 }, { -33, -5 },
        { -35, -7 }, { -17, -3 }, { -11, 3 }, { -11, -15 },
        { -65, -3 }, { 1, -4 }, { -5, 1 }, { -27, 2 },
        { -25, 1 }, { -4, 0 }, { 1, -4 }, { -65, 1 },
        { -32, -18 }, { -10, 5 }, { -3, 9 }, { 5, 13 },
        { 7, 11 }, { 0, 8 }, { -9, 7 }, { -32, -15 },
        { -21, -6 }, { -13, 15 }, { -42, 33 }, { -36, 20 },
        { -36, 21 }, { -43, 34 }, { -8, 14 }, { -18, -7 },
        { -44, -14 }, { -36, 2 }, { -59, 46 }, { -40, 32 },
        { -40, 35 }, { -61, 46 }, { -25, -3 }, { -46, -17 },
        { -60, -12 }, { -68, 45 }, { -83, -50 }, { -64, 21 },
        { -61, 31 }, { -77, -76 }, { -68, 47 }, { -62, -12 },
        { -69, -74 }, { -54, 4 }, { -64, -9 }, { -77, -4 },
        { -75, 4 }, { -61, -3 }, { -50, 18 }, { -70, -74 },
    /* MOBILITY_KNIGHT: knight by squares reached outside enemy pawn guard */
    [EVAL_MOBILITY_KNIGHT] = { -13, -107 }, { -1, -59 }, { 3, -9 }, { 7, 7 },
        { 13, 15 }, { 17, 29 }, { 22, 21 }, { 28, 17 },
        { 29, 7 },
    /* MOBILITY_BISHOP: bishop by squares reached */
    [EVAL_MOBILITY_BISHOP] = { -13, -68 }, { -10, -43 }, { -3, -30 }, { 4, -12 },
        { 5, 3 }, { 7, 11 }, { 8, 14 }, { 10, 20 },
        { 13, 17 }, { 20, 18 }, { 22, 7 }, { 38, 13 },
        { 67, -36 }, { 21, 16 },
    /* MOBILITY_ROOK: rook by squares reached */
    [EVAL_MOBILITY_ROOK] = { -16, -113 }, { -10, -37 }, { -10, -27 }, { -5, -18 },
        { -3, 6 }, { 2, 0 }, { 7, 8 }, { 9, 10 },
        { 9, 20 }, { 13, 18 }, { 22, 21 }, { 22, 23 },
        { 17, 29 }, { 22, 19 }, { 93, -11 },
    /* MOBILITY_QUEEN: queen by squares reached */
    [EVAL_MOBILITY_QUEEN] = { -1, -26 }, { -4, -31 }, { -3, -41 }, { -5, -41 },
        { -2, -40 }, { -1, -39 }, { 0, -28 }, { 3, -12 },
        { 7, -5 }, { 6, 18 }, { 10, 23 }, { 8, 37 },
        { 10, 37 }, { 14, 35 }, { 14, 48 }, { 19, 33 },
        { 11, 48 }, { 21, 33 }, { 32, 19 }, { 13, 18 },
        { 26, -9 }, { 18, -26 }, { 11, -17 }, { -2, -54 },
        { 7, -4 }, { 7, -8 }, { 10, 17 }, { 13, 8 },
    /* PASSED: passed pawn by relative rank */
    [EVAL_PASSED] = { 0, 0 }, { -3, -8 }, { -45, 36 }, { -32, 33 },
        { 39, 29 }, { 120, 1 }, { 114, -39 }, { 0, 0 },
    /* PASSED_FREE: passed pawn whose stop square is empty, by rank */
    [EVAL_PASSED_FREE] = { 0, 0 }, { -8, 35 }, { 0, 3 }, { 11, 20 },
        { 10, 31 }, { 48, 11 }, { 117, 53 }, { 0, 0 },
    /* PASSED_OWN_KING: per square of own king's distance to the stop square, by rank */
    [EVAL_PASSED_OWN_KING] = { 0, 0 }, { 1, -3 }, { 15, -10 }, { 13, -16 },
        { -2, -17 }, { -19, -8 }, { 0, -26 }, { 0, 0 },
    /* PASSED_THEIR_KING: per square of enemy king's distance to the stop square, by rank */
    [EVAL_PASSED_THEIR_KING] = { 0, 0 }, { -2, 3 }, { -7, 5 }, { -11, 16 },
        { -5, 25 }, { -3, 42 }, { -25, 87 }, { 0, 0 },
    /* CONNECTED: pawn defended by a pawn or beside one, by rank */
    [EVAL_CONNECTED] = { 0, 0 }, { 2, -5 }, { 8, 8 }, { 12, 10 },
        { 21, 12 }, { 30, 59 }, { 46, 130 }, { 0, 0 },
    /* DOUBLED: pawn with an own pawn in front */
    [EVAL_DOUBLED] = { -14, -10 },
    /* ISOLATED: pawn with no own pawn on the adjacent files */
    [EVAL_ISOLATED] = { -7, -13 },
    /* BACKWARD: pawn behind its neighbours whose stop square an enemy pawn guards */
    [EVAL_BACKWARD] = { -5, -21 },
    /* BISHOP_PAIR: two bishops or more */
    [EVAL_BISHOP_PAIR] = { 14, 53 },
    /* ROOK_OPEN: rook on a file without pawns */
    [EVAL_ROOK_OPEN] = { 34, -8 },
    /* ROOK_HALF_OPEN: rook on a file without own pawns */
    [EVAL_ROOK_HALF_OPEN] = { 18, 0 },
    /* KING_SHIELD: own pawn in front of the king, one or two ranks ahead */
    [EVAL_KING_SHIELD] = { 9, -10 }, { 8, -10 },
    /* KING_ZONE_ATTACK: square of the enemy king's ring attacked, by knight, bishop, rook, queen */
    [EVAL_KING_ZONE_ATTACK] = { 9, -7 }, { 9, 1 }, { 4, -1 }, { 8, 7 },
    /* KING_ATTACKERS: by the number of pieces attacking the enemy king's ring */
    [EVAL_KING_ATTACKERS] = { -27, 2 }, { -34, -5 }, { 6, 7 }, { 40, -4 },
        { 35, 17 }, { 0, 0 }, { 0, 0 }, { 0, 0 },
    /* THREAT_BY_PAWN: enemy piece attacked by a pawn: pawn .. queen */
    [EVAL_THREAT_BY_PAWN] = { 5, -18 }, { 44, 32 }, { 37, 55 }, { 49, 17 },
        { 34, 6 },
    /* THREAT_BY_MINOR: enemy piece attacked by a knight or bishop */
    [EVAL_THREAT_BY_MINOR] = { -4, 12 }, { 12, 28 }, { 24, 19 }, { 44, 14 },
        { 31, 27 },
    /* THREAT_BY_ROOK: enemy piece attacked by a rook */
    [EVAL_THREAT_BY_ROOK] = { -11, 18 }, { -3, 27 }, { 17, 7 }, { -8, 0 },
        { 55, 20 },
    /* SAFE_CHECK: square from which a knight, bishop, rook, queen reaches a check, not guarded by the enemy */
    [EVAL_SAFE_CHECK] = { 39, -7 }, { 1, 11 }, { 73, -15 }, { 13, 2 },
    /* KING_DANGER: king danger bucket 1..15: ring hits weighted by attacker plus safe checks, two attackers or more */
    [EVAL_KING_DANGER] = { -28, -20 }, { -25, -19 }, { -21, -8 }, { -3, -12 },
        { 5, 8 }, { 13, -3 }, { 31, 22 }, { 22, 19 },
        { 26, 22 }, { 17, 15 }, { 4, 4 }, { 4, 3 },
        { 0, 0 }, { 0, 0 }, { 0, 0 },
    /* OUTPOST: knight, bishop on ranks 4-6, guarded by a pawn, no enemy pawn can chase it */
    [EVAL_OUTPOST] = { 26, 7 }, { 31, 3 },
    /* BISHOP_PAWNS: per bishop, own pawns on its square colour */
    [EVAL_BISHOP_PAWNS] = { -5, -4 },
    /* ROOK_SEVENTH: rook on the seventh rank with the enemy king on the eighth or pawns on the seventh */
    [EVAL_ROOK_SEVENTH] = { 4, 17 },
    /* KING_FILES: file at or beside the king without own pawns: with enemy pawns, without any */
    [EVAL_KING_FILES] = { -18, 21 }, { -7, -12 },
    /* PAWN_STORM: enemy pawn on the king's files, on its relative rank 3, 4, 5, 6 seen from the king's side */
    [EVAL_PAWN_STORM] = { -35, 33 }, { 5, -2 }, { 4, -6 }, { 10, -12 },
    /* WEAK_RING: square of the enemy king's ring attacked and guarded by no enemy piece but the king */
    [EVAL_WEAK_RING] = { 7, -4 },
    /* HANGING: enemy knight, bishop, rook or queen attacked and not guarded */
    [EVAL_HANGING] = { 7, 14 },
    /* ROOK_BEHIND_PASSER: rook on the file of an own passed pawn, behind it */
    [EVAL_ROOK_BEHIND_PASSER] = { 6, 21 },
    /* MINOR_BEHIND_PAWN: knight or bishop right behind an own pawn */
    [EVAL_MINOR_BEHIND_PAWN] = { 1, 11 },
    /* TEMPO: side to move */
    [EVAL_TEMPO] = { 10, 1 },
};
