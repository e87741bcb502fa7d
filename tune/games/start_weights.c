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
 * 3756110 quiet positions, K 1.1709, 800 Adam steps of 0.5, L2 3e-09, kept
 * step 30;
 * loss 0.088526 -> 0.088140, held-out games (every 10th) 0.087543 -> 0.087238.
 * Rerun the tuner rather than editing by hand.
 * Then expanded for the seventh fit (tune/README.md) to piece-square tables
 * of 64 squares, each entry the old 32-square one of its rank and file
 * counted from the nearer edge, which scores every position the same. */
#include "search/eval_params.h"

const EvalPair eval_weights[EVAL_PARAM_COUNT] = {
    /* MATERIAL: pawn, knight, bishop, rook, queen */
    [EVAL_MATERIAL] = { 85, 81 }, { 400, 265 }, { 449, 284 }, { 550, 516 },
        { 1153, 943 },
    /* PST_PAWN: pawn square (relative rank * 4 + file from the edge) */
    [EVAL_PST_PAWN] = { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 },
        { -9, 18 }, { 16, 20 }, { 5, 28 }, { -12, 32 }, { -12, 32 }, { 5, 28 }, { 16, 20 }, { -9, 18 },
        { 1, 9 }, { 11, 8 }, { 8, 11 }, { 1, 14 }, { 1, 14 }, { 8, 11 }, { 11, 8 }, { 1, 9 },
        { -5, 14 }, { 2, 18 }, { 16, 9 }, { 22, -1 }, { 22, -1 }, { 16, 9 }, { 2, 18 }, { -5, 14 },
        { -4, 29 }, { 9, 28 }, { 5, 20 }, { 18, 10 }, { 18, 10 }, { 5, 20 }, { 9, 28 }, { -4, 29 },
        { 10, 11 }, { 23, 29 }, { 22, 52 }, { 52, 30 }, { 52, 30 }, { 22, 52 }, { 23, 29 }, { 10, 11 },
        { 141, -95 }, { 50, 33 }, { 65, 73 }, { 50, 100 }, { 50, 100 }, { 65, 73 }, { 50, 33 }, { 141, -95 },
        { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 },
    /* PST_KNIGHT: knight square */
    [EVAL_PST_KNIGHT] = { -28, -50 }, { -11, -29 }, { -5, -29 }, { -7, -18 }, { -7, -18 }, { -5, -29 }, { -11, -29 }, { -28, -50 },
        { -32, -36 }, { -4, -10 }, { 3, -12 }, { 12, -7 }, { 12, -7 }, { 3, -12 }, { -4, -10 }, { -32, -36 },
        { -8, -27 }, { 13, -28 }, { 10, -16 }, { 14, 10 }, { 14, 10 }, { 10, -16 }, { 13, -28 }, { -8, -27 },
        { 4, -15 }, { 14, -5 }, { 26, 7 }, { 27, 5 }, { 27, 5 }, { 26, 7 }, { 14, -5 }, { 4, -15 },
        { 22, -28 }, { 9, 8 }, { 24, 11 }, { 14, 32 }, { 14, 32 }, { 24, 11 }, { 9, 8 }, { 22, -28 },
        { -37, -9 }, { -16, -1 }, { 30, 17 }, { 32, 19 }, { 32, 19 }, { 30, 17 }, { -16, -1 }, { -37, -9 },
        { -43, 1 }, { -16, 3 }, { -13, 2 }, { -7, 5 }, { -7, 5 }, { -13, 2 }, { -16, 3 }, { -43, 1 },
        { -99, -61 }, { -28, -19 }, { -36, -4 }, { -3, 8 }, { -3, 8 }, { -36, -4 }, { -28, -19 }, { -99, -61 },
    /* PST_BISHOP: bishop square */
    [EVAL_PST_BISHOP] = { -22, -40 }, { 10, -46 }, { -7, -5 }, { 13, -21 }, { 13, -21 }, { -7, -5 }, { 10, -46 }, { -22, -40 },
        { 9, -21 }, { 13, -31 }, { 8, -35 }, { 10, -14 }, { 10, -14 }, { 8, -35 }, { 13, -31 }, { 9, -21 },
        { -1, 0 }, { 14, -15 }, { 21, -14 }, { 11, 0 }, { 11, 0 }, { 21, -14 }, { 14, -15 }, { -1, 0 },
        { -17, -11 }, { 5, 1 }, { 7, 16 }, { 25, -12 }, { 25, -12 }, { 7, 16 }, { 5, 1 }, { -17, -11 },
        { -20, 6 }, { 4, 14 }, { 34, -2 }, { 14, 15 }, { 14, 15 }, { 34, -2 }, { 4, 14 }, { -20, 6 },
        { 8, -21 }, { 8, -12 }, { 30, -1 }, { -1, 11 }, { -1, 11 }, { 30, -1 }, { 8, -12 }, { 8, -21 },
        { -49, 4 }, { 16, -6 }, { 15, 3 }, { 13, 12 }, { 13, 12 }, { 15, 3 }, { 16, -6 }, { -49, 4 },
        { -38, 5 }, { -14, 18 }, { -26, 3 }, { -3, -8 }, { -3, -8 }, { -26, 3 }, { -14, 18 }, { -38, 5 },
    /* PST_ROOK: rook square */
    [EVAL_PST_ROOK] = { 1, -27 }, { 3, -25 }, { 21, -33 }, { 24, -35 }, { 24, -35 }, { 21, -33 }, { 3, -25 }, { 1, -27 },
        { -17, -16 }, { 6, -21 }, { -1, -11 }, { 2, -14 }, { 2, -14 }, { -1, -11 }, { 6, -21 }, { -17, -16 },
        { -14, -16 }, { -4, -7 }, { -1, -15 }, { -7, -5 }, { -7, -5 }, { -1, -15 }, { -4, -7 }, { -14, -16 },
        { -5, -4 }, { -7, -3 }, { 2, 8 }, { -13, 7 }, { -13, 7 }, { 2, 8 }, { -7, -3 }, { -5, -4 },
        { 6, 11 }, { -7, 8 }, { 23, 4 }, { 27, 7 }, { 27, 7 }, { 23, 4 }, { -7, 8 }, { 6, 11 },
        { 3, 14 }, { 28, 13 }, { 49, 2 }, { 36, 2 }, { 36, 2 }, { 49, 2 }, { 28, 13 }, { 3, 14 },
        { 16, 9 }, { -7, 20 }, { 16, 13 }, { 38, 2 }, { 38, 2 }, { 16, 13 }, { -7, 20 }, { 16, 9 },
        { 13, 15 }, { 18, 17 }, { 21, 7 }, { 7, 19 }, { 7, 19 }, { 21, 7 }, { 18, 17 }, { 13, 15 },
    /* PST_QUEEN: queen square */
    [EVAL_PST_QUEEN] = { -29, -20 }, { -11, -42 }, { 12, -58 }, { 13, -49 }, { 13, -49 }, { 12, -58 }, { -11, -42 }, { -29, -20 },
        { 7, -13 }, { 12, -53 }, { 16, -62 }, { 15, -42 }, { 15, -42 }, { 16, -62 }, { 12, -53 }, { 7, -13 },
        { -11, -11 }, { 13, -31 }, { 5, -9 }, { 1, 13 }, { 1, 13 }, { 5, -9 }, { 13, -31 }, { -11, -11 },
        { -8, 13 }, { -2, 14 }, { -5, 7 }, { 6, 9 }, { 6, 9 }, { -5, 7 }, { -2, 14 }, { -8, 13 },
        { -3, 9 }, { -2, 35 }, { 2, 21 }, { -4, 39 }, { -4, 39 }, { 2, 21 }, { -2, 35 }, { -3, 9 },
        { -8, 19 }, { 14, 32 }, { 1, 33 }, { 10, 35 }, { 10, 35 }, { 1, 33 }, { 14, 32 }, { -8, 19 },
        { -16, 8 }, { -19, 6 }, { 13, 34 }, { 25, 19 }, { 25, 19 }, { 13, 34 }, { -19, 6 }, { -16, 8 },
        { 1, -12 }, { 18, -5 }, { -3, -3 }, { 23, 6 }, { 23, 6 }, { -3, -3 }, { 18, -5 }, { 1, -12 },
    /* PST_KING: king square */
    [EVAL_PST_KING] = { -51, 6 }, { 11, -22 }, { -14, -25 }, { -10, -30 }, { -10, -30 }, { -14, -25 }, { 11, -22 }, { -51, 6 },
        { -8, -17 }, { -8, 1 }, { -16, -3 }, { -33, -5 }, { -33, -5 }, { -16, -3 }, { -8, 1 }, { -8, -17 },
        { -65, -3 }, { 1, -4 }, { -5, 1 }, { -27, 2 }, { -27, 2 }, { -5, 1 }, { 1, -4 }, { -65, -3 },
        { -32, -18 }, { -10, 5 }, { -3, 9 }, { 5, 13 }, { 5, 13 }, { -3, 9 }, { -10, 5 }, { -32, -18 },
        { -21, -6 }, { -13, 15 }, { -42, 33 }, { -36, 20 }, { -36, 20 }, { -42, 33 }, { -13, 15 }, { -21, -6 },
        { -44, -14 }, { -36, 2 }, { -59, 46 }, { -40, 32 }, { -40, 32 }, { -59, 46 }, { -36, 2 }, { -44, -14 },
        { -60, -12 }, { -68, 45 }, { -83, -50 }, { -64, 21 }, { -64, 21 }, { -83, -50 }, { -68, 45 }, { -60, -12 },
        { -69, -74 }, { -54, 4 }, { -64, -9 }, { -77, -4 }, { -77, -4 }, { -64, -9 }, { -54, 4 }, { -69, -74 },
    /* MOBILITY_KNIGHT: knight by squares reached outside enemy pawn guard */
    [EVAL_MOBILITY_KNIGHT] = { -14, -95 }, { -2, -59 }, { 3, -9 }, { 7, 7 },
        { 12, 15 }, { 16, 29 }, { 21, 20 }, { 26, 16 },
        { 26, 6 },
    /* MOBILITY_BISHOP: bishop by squares reached */
    [EVAL_MOBILITY_BISHOP] = { -13, -71 }, { -9, -45 }, { -3, -31 }, { 4, -12 },
        { 5, 3 }, { 6, 11 }, { 8, 13 }, { 10, 20 },
        { 12, 16 }, { 18, 20 }, { 21, 7 }, { 34, 17 },
        { 65, -36 }, { 21, 24 },
    /* MOBILITY_ROOK: rook by squares reached */
    [EVAL_MOBILITY_ROOK] = { -12, -117 }, { -7, -40 }, { -7, -29 }, { -3, -19 },
        { -1, 6 }, { 4, 0 }, { 8, 8 }, { 10, 10 },
        { 10, 20 }, { 15, 19 }, { 23, 22 }, { 22, 24 },
        { 7, 33 }, { 19, 21 }, { 76, -2 },
    /* MOBILITY_QUEEN: queen by squares reached */
    [EVAL_MOBILITY_QUEEN] = { -4, -25 }, { -7, -28 }, { -5, -38 }, { -6, -38 },
        { -3, -39 }, { -1, -43 }, { 0, -27 }, { 4, -14 },
        { 8, -7 }, { 7, 14 }, { 11, 21 }, { 8, 37 },
        { 10, 37 }, { 14, 32 }, { 13, 48 }, { 18, 32 },
        { 9, 47 }, { 18, 34 }, { 31, 19 }, { 11, 18 },
        { 23, -8 }, { 15, -21 }, { 10, -13 }, { -4, -47 },
        { 8, 0 }, { 8, -2 }, { 10, 18 }, { 13, 11 },
    /* PASSED: passed pawn by relative rank */
    [EVAL_PASSED] = { 0, 0 }, { -1, -5 }, { -43, 38 }, { -27, 30 },
        { 36, 24 }, { 108, -1 }, { 102, -27 }, { 0, 0 },
    /* PASSED_FREE: passed pawn whose stop square is empty, by rank */
    [EVAL_PASSED_FREE] = { 0, 0 }, { -7, 35 }, { 0, 3 }, { 7, 23 },
        { 10, 32 }, { 46, 11 }, { 109, 59 }, { 0, 0 },
    /* PASSED_OWN_KING: per square of own king's distance to the stop square, by rank */
    [EVAL_PASSED_OWN_KING] = { 0, 0 }, { 1, -4 }, { 15, -10 }, { 15, -16 },
        { 0, -16 }, { -15, -8 }, { -3, -26 }, { 0, 0 },
    /* PASSED_THEIR_KING: per square of enemy king's distance to the stop square, by rank */
    [EVAL_PASSED_THEIR_KING] = { 0, 0 }, { -3, 3 }, { -8, 5 }, { -14, 17 },
        { -8, 26 }, { -9, 44 }, { -14, 81 }, { 0, 0 },
    /* CONNECTED: pawn defended by a pawn or beside one, by rank */
    [EVAL_CONNECTED] = { 0, 0 }, { 2, -4 }, { 8, 9 }, { 12, 10 },
        { 22, 12 }, { 34, 57 }, { 40, 114 }, { 0, 0 },
    /* DOUBLED: pawn with an own pawn in front */
    [EVAL_DOUBLED] = { -13, -8 },
    /* ISOLATED: pawn with no own pawn on the adjacent files */
    [EVAL_ISOLATED] = { -7, -13 },
    /* BACKWARD: pawn behind its neighbours whose stop square an enemy pawn guards */
    [EVAL_BACKWARD] = { -5, -21 },
    /* BISHOP_PAIR: two bishops or more */
    [EVAL_BISHOP_PAIR] = { 15, 52 },
    /* ROOK_OPEN: rook on a file without pawns */
    [EVAL_ROOK_OPEN] = { 34, -9 },
    /* ROOK_HALF_OPEN: rook on a file without own pawns */
    [EVAL_ROOK_HALF_OPEN] = { 17, -1 },
    /* KING_SHIELD: own pawn in front of the king, one or two ranks ahead */
    [EVAL_KING_SHIELD] = { 17, -11 }, { 11, -11 },
    /* KING_ZONE_ATTACK: square of the enemy king's ring attacked, by knight, bishop, rook, queen */
    [EVAL_KING_ZONE_ATTACK] = { 9, -6 }, { 11, 1 }, { 4, 0 }, { 8, 10 },
    /* KING_ATTACKERS: by the number of pieces attacking the enemy king's ring */
    [EVAL_KING_ATTACKERS] = { -26, 4 }, { -32, -4 }, { 5, 7 }, { 39, -9 },
        { 31, 15 }, { 0, 0 }, { 0, 0 }, { 0, 0 },
    /* THREAT_BY_PAWN: enemy piece attacked by a pawn: pawn .. queen */
    [EVAL_THREAT_BY_PAWN] = { 7, -19 }, { 43, 31 }, { 37, 52 }, { 47, 18 },
        { 34, 6 },
    /* THREAT_BY_MINOR: enemy piece attacked by a knight or bishop */
    [EVAL_THREAT_BY_MINOR] = { -4, 13 }, { 12, 27 }, { 24, 19 }, { 45, 15 },
        { 32, 25 },
    /* THREAT_BY_ROOK: enemy piece attacked by a rook */
    [EVAL_THREAT_BY_ROOK] = { -11, 18 }, { -4, 28 }, { 16, 8 }, { -7, 0 },
        { 55, 18 },
    /* SAFE_CHECK: square from which a knight, bishop, rook, queen reaches a check, not guarded by the enemy */
    [EVAL_SAFE_CHECK] = { 40, -7 }, { 1, 12 }, { 72, -13 }, { 15, -5 },
    /* KING_DANGER: king danger bucket 1..15: ring hits weighted by attacker plus safe checks, two attackers or more */
    [EVAL_KING_DANGER] = { -25, -19 }, { -21, -18 }, { -17, -8 }, { 1, -12 },
        { 6, 10 }, { 12, -1 }, { 26, 20 }, { 18, 16 },
        { 22, 19 }, { 13, 12 }, { 3, 3 }, { 3, 2 },
        { 0, 0 }, { 0, 0 }, { 0, 0 },
    /* OUTPOST: knight, bishop on ranks 4-6, guarded by a pawn, no enemy pawn can chase it */
    [EVAL_OUTPOST] = { 26, 7 }, { 31, 4 },
    /* BISHOP_PAWNS: per bishop, own pawns on its square colour */
    [EVAL_BISHOP_PAWNS] = { -6, -4 },
    /* ROOK_SEVENTH: rook on the seventh rank with the enemy king on the eighth or pawns on the seventh */
    [EVAL_ROOK_SEVENTH] = { 5, 15 },
    /* KING_FILES: file at or beside the king without own pawns: with enemy pawns, without any */
    [EVAL_KING_FILES] = { -21, 17 }, { -9, -16 },
    /* PAWN_STORM: enemy pawn on the king's files, on its relative rank 3, 4, 5, 6 seen from the king's side */
    [EVAL_PAWN_STORM] = { -26, 23 }, { 6, -2 }, { 9, -7 }, { 11, -12 },
    /* WEAK_RING: square of the enemy king's ring attacked and guarded by no enemy piece but the king */
    [EVAL_WEAK_RING] = { 8, -4 },
    /* HANGING: enemy knight, bishop, rook or queen attacked and not guarded */
    [EVAL_HANGING] = { 6, 14 },
    /* ROOK_BEHIND_PASSER: rook on the file of an own passed pawn, behind it */
    [EVAL_ROOK_BEHIND_PASSER] = { 7, 20 },
    /* MINOR_BEHIND_PAWN: knight or bishop right behind an own pawn */
    [EVAL_MINOR_BEHIND_PAWN] = { 1, 11 },
    /* TEMPO: side to move */
    [EVAL_TEMPO] = { 10, 1 },
};
