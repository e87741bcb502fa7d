/* The evaluation's weights (search/eval_params.h lists the terms), middlegame
 * and endgame, in centipawns. Written by `chesslab tune` (tune/):
 * fitted to the game results of selfplay-1000+10-a.pgn (1600 games),
 * selfplay-1000+10-b.pgn (1200 games), selfplay-1000+10-c.pgn (1200 games),
 * selfplay-300+3.pgn (3000 games), selfplay-1000+10-seecm.pgn (1347 games),
 * selfplay-300+3-d.pgn (1800 games), selfplay-1000+10-e.pgn (10177 games),
 * selfplay-1000+10-f.pgn (1839 games):
 * 1837058 quiet positions, K 1.0320, 800 Adam steps of 0.5, L2 3e-09, kept
 * step 40;
 * loss 0.093965 -> 0.093519, held-out games (every 10th) 0.092662 -> 0.092465.
 * Rerun the tuner rather than editing by hand. */
#include "search/eval_params.h"

const EvalPair eval_weights[EVAL_PARAM_COUNT] = {
    /* MATERIAL: pawn, knight, bishop, rook, queen */
    [EVAL_MATERIAL] = { 93, 80 }, { 402, 266 }, { 444, 292 }, { 547, 515 },
        { 1140, 956 },
    /* PST_PAWN: pawn square (relative rank * 4 + file from the edge) */
    [EVAL_PST_PAWN] = { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 },
        { -12, 18 }, { 15, 17 }, { 4, 30 }, { -19, 43 },
        { 3, 9 }, { 17, 6 }, { 13, 11 }, { 4, 10 },
        { -10, 13 }, { -1, 19 }, { 18, 13 }, { 26, 4 },
        { -8, 26 }, { 9, 27 }, { 9, 19 }, { 22, 8 },
        { 21, 5 }, { 23, 19 }, { 22, 52 }, { 61, 22 },
        { 128, -85 }, { 58, 27 }, { 69, 73 }, { 52, 96 },
        { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 },
    /* PST_KNIGHT: knight square */
    [EVAL_PST_KNIGHT] = { -33, -54 }, { -14, -32 }, { 1, -37 }, { -17, -20 },
        { -45, -44 }, { 7, -3 }, { 11, -10 }, { 14, -6 },
        { -7, -25 }, { 12, -31 }, { 12, -14 }, { 14, 15 },
        { 3, -17 }, { 7, -7 }, { 30, 9 }, { 28, 2 },
        { 22, -31 }, { 9, 7 }, { 23, 14 }, { 11, 38 },
        { -40, -5 }, { -14, 1 }, { 32, 22 }, { 38, 22 },
        { -52, -9 }, { -16, 3 }, { -15, 6 }, { -16, 5 },
        { -98, -61 }, { -28, -19 }, { -35, -5 }, { -5, 15 },
    /* PST_BISHOP: bishop square */
    [EVAL_PST_BISHOP] = { -34, -35 }, { 10, -40 }, { -8, -4 }, { 15, -22 },
        { 5, -19 }, { 14, -33 }, { 6, -36 }, { 10, -10 },
        { 1, 6 }, { 14, -13 }, { 21, -18 }, { 9, -4 },
        { -11, -5 }, { 7, 3 }, { 4, 17 }, { 18, -12 },
        { -15, 14 }, { 2, 15 }, { 42, -4 }, { 8, 10 },
        { 12, -20 }, { 5, -4 }, { 32, 5 }, { -4, 13 },
        { -47, 1 }, { 18, 1 }, { 18, 0 }, { 11, 16 },
        { -35, 9 }, { -8, 18 }, { -22, 3 }, { -2, -14 },
    /* PST_ROOK: rook square */
    [EVAL_PST_ROOK] = { 0, -30 }, { 1, -27 }, { 18, -28 }, { 27, -32 },
        { -26, -7 }, { 2, -15 }, { -3, -9 }, { -6, -6 },
        { -7, -20 }, { 1, -10 }, { 5, -24 }, { -2, -4 },
        { -3, -8 }, { -3, -8 }, { 3, 8 }, { -15, 6 },
        { 16, 7 }, { -3, 2 }, { 30, 0 }, { 33, 4 },
        { 6, 11 }, { 24, 13 }, { 44, 1 }, { 34, 6 },
        { 18, 12 }, { -12, 24 }, { 14, 15 }, { 36, 8 },
        { 10, 15 }, { 19, 21 }, { 18, 7 }, { 4, 17 },
    /* PST_QUEEN: queen square */
    [EVAL_PST_QUEEN] = { -39, -24 }, { -14, -33 }, { 10, -49 }, { 11, -37 },
        { 14, -4 }, { 22, -44 }, { 12, -55 }, { 16, -40 },
        { -8, -11 }, { 14, -31 }, { 5, -8 }, { 2, 15 },
        { -6, 11 }, { -9, 17 }, { -5, 4 }, { 8, 7 },
        { -4, 4 }, { -2, 30 }, { 0, 17 }, { -4, 33 },
        { -16, 19 }, { 18, 30 }, { -1, 30 }, { 8, 30 },
        { -26, -1 }, { -27, 3 }, { 13, 30 }, { 22, 14 },
        { 8, -11 }, { 19, -3 }, { -7, -5 }, { 19, 6 },
    /* PST_KING: king square */
    [EVAL_PST_KING] = { -52, 7 }, { 12, -23 }, { -11, -27 }, { -13, -27 },
        { -15, -8 }, { -14, 8 }, { -11, -7 }, { -21, -16 },
        { -65, -2 }, { 2, 0 }, { -7, -1 }, { -32, 0 },
        { -31, -14 }, { -11, 7 }, { -10, 11 }, { 1, 17 },
        { -22, 4 }, { -20, 19 }, { -40, 30 }, { -37, 17 },
        { -41, -4 }, { -46, 9 }, { -57, 50 }, { -43, 23 },
        { -57, -10 }, { -69, 40 }, { -88, -36 }, { -71, 9 },
        { -68, -72 }, { -60, -8 }, { -68, -17 }, { -79, -13 },
    /* MOBILITY_KNIGHT: knight by squares reached outside enemy pawn guard */
    [EVAL_MOBILITY_KNIGHT] = { -17, -83 }, { 2, -59 }, { 5, -10 }, { 7, 6 },
        { 12, 16 }, { 15, 31 }, { 21, 19 }, { 26, 11 },
        { 23, 4 },
    /* MOBILITY_BISHOP: bishop by squares reached */
    [EVAL_MOBILITY_BISHOP] = { -12, -74 }, { -12, -47 }, { -3, -39 }, { 4, -10 },
        { 5, 3 }, { 4, 13 }, { 6, 13 }, { 12, 18 },
        { 7, 26 }, { 17, 23 }, { 24, 7 }, { 29, 26 },
        { 62, -32 }, { 23, 35 },
    /* MOBILITY_ROOK: rook by squares reached */
    [EVAL_MOBILITY_ROOK] = { -11, -118 }, { -6, -31 }, { -4, -30 }, { -1, -20 },
        { 2, 7 }, { 7, -1 }, { 11, 8 }, { 10, 10 },
        { 12, 20 }, { 10, 21 }, { 28, 20 }, { 23, 25 },
        { -4, 37 }, { 12, 25 }, { 66, -8 },
    /* MOBILITY_QUEEN: queen by squares reached */
    [EVAL_MOBILITY_QUEEN] = { 0, -24 }, { -4, -24 }, { -4, -34 }, { -4, -32 },
        { -1, -37 }, { 1, -49 }, { -1, -23 }, { 0, -14 },
        { 9, -11 }, { 6, 7 }, { 8, 18 }, { 6, 37 },
        { 9, 38 }, { 11, 27 }, { 9, 47 }, { 15, 28 },
        { 8, 47 }, { 12, 33 }, { 30, 19 }, { 8, 17 },
        { 19, -7 }, { 11, -16 }, { 9, -9 }, { -6, -39 },
        { 9, 5 }, { 9, 5 }, { 10, 19 }, { 13, 14 },
    /* PASSED: passed pawn by relative rank */
    [EVAL_PASSED] = { 0, 0 }, { -2, 2 }, { -43, 40 }, { -23, 23 },
        { 35, 19 }, { 97, -8 }, { 95, -24 }, { 0, 0 },
    /* PASSED_FREE: passed pawn whose stop square is empty, by rank */
    [EVAL_PASSED_FREE] = { 0, 0 }, { -3, 43 }, { -3, 0 }, { 2, 24 },
        { 12, 29 }, { 39, 5 }, { 100, 51 }, { 0, 0 },
    /* PASSED_OWN_KING: per square of own king's distance to the stop square, by rank */
    [EVAL_PASSED_OWN_KING] = { 0, 0 }, { 2, -4 }, { 15, -10 }, { 19, -15 },
        { 2, -13 }, { -9, -6 }, { 2, -23 }, { 0, 0 },
    /* PASSED_THEIR_KING: per square of enemy king's distance to the stop square, by rank */
    [EVAL_PASSED_THEIR_KING] = { 0, 0 }, { -7, 2 }, { -9, 7 }, { -19, 18 },
        { -9, 25 }, { -16, 45 }, { -15, 70 }, { 0, 0 },
    /* CONNECTED: pawn defended by a pawn or beside one, by rank */
    [EVAL_CONNECTED] = { 0, 0 }, { 3, -10 }, { 5, 3 }, { 12, 2 },
        { 25, 10 }, { 44, 63 }, { 32, 102 }, { 0, 0 },
    /* DOUBLED: pawn with an own pawn in front */
    [EVAL_DOUBLED] = { -20, -3 },
    /* ISOLATED: pawn with no own pawn on the adjacent files */
    [EVAL_ISOLATED] = { -4, -18 },
    /* BACKWARD: pawn behind its neighbours whose stop square an enemy pawn guards */
    [EVAL_BACKWARD] = { -5, -22 },
    /* BISHOP_PAIR: two bishops or more */
    [EVAL_BISHOP_PAIR] = { 15, 59 },
    /* ROOK_OPEN: rook on a file without pawns */
    [EVAL_ROOK_OPEN] = { 33, -12 },
    /* ROOK_HALF_OPEN: rook on a file without own pawns */
    [EVAL_ROOK_HALF_OPEN] = { 18, -8 },
    /* KING_SHIELD: own pawn in front of the king, one or two ranks ahead */
    [EVAL_KING_SHIELD] = { 17, -12 }, { 13, -13 },
    /* KING_ZONE_ATTACK: square of the enemy king's ring attacked, by knight, bishop, rook, queen */
    [EVAL_KING_ZONE_ATTACK] = { 9, -4 }, { 7, 4 }, { 8, -3 }, { 9, 6 },
    /* KING_ATTACKERS: by the number of pieces attacking the enemy king's ring */
    [EVAL_KING_ATTACKERS] = { -27, 7 }, { -30, -4 }, { 5, 5 }, { 39, -15 },
        { 26, 13 }, { 0, 0 }, { 0, 0 }, { 0, 0 },
    /* THREAT_BY_PAWN: enemy piece attacked by a pawn: pawn .. queen */
    [EVAL_THREAT_BY_PAWN] = { 12, -20 }, { 48, 29 }, { 40, 49 }, { 45, 19 },
        { 34, 6 },
    /* THREAT_BY_MINOR: enemy piece attacked by a knight or bishop */
    [EVAL_THREAT_BY_MINOR] = { -6, 14 }, { 14, 23 }, { 27, 20 }, { 46, 17 },
        { 35, 23 },
    /* THREAT_BY_ROOK: enemy piece attacked by a rook */
    [EVAL_THREAT_BY_ROOK] = { -12, 20 }, { -11, 36 }, { 14, 12 }, { -6, 0 },
        { 55, 17 },
    /* SAFE_CHECK: square from which a knight, bishop, rook, queen reaches a check, not guarded by the enemy */
    [EVAL_SAFE_CHECK] = { 41, -8 }, { 2, 9 }, { 65, -19 }, { 18, -18 },
    /* KING_DANGER: king danger bucket 1..15: ring hits weighted by attacker plus safe checks, two attackers or more */
    [EVAL_KING_DANGER] = { -19, -26 }, { -18, -18 }, { -14, -6 }, { 5, -7 },
        { 7, 12 }, { 10, 1 }, { 19, 16 }, { 13, 13 },
        { 16, 15 }, { 8, 8 }, { 2, 2 }, { 2, 2 },
        { 0, 0 }, { 0, 0 }, { 0, 0 },
    /* OUTPOST: knight, bishop on ranks 4-6, guarded by a pawn, no enemy pawn can chase it */
    [EVAL_OUTPOST] = { 22, 9 }, { 33, 6 },
    /* BISHOP_PAWNS: per bishop, own pawns on its square colour */
    [EVAL_BISHOP_PAWNS] = { -3, -8 },
    /* ROOK_SEVENTH: rook on the seventh rank with the enemy king on the eighth or pawns on the seventh */
    [EVAL_ROOK_SEVENTH] = { 1, 17 },
    /* KING_FILES: file at or beside the king without own pawns: with enemy pawns, without any */
    [EVAL_KING_FILES] = { -18, 12 }, { -9, -14 },
    /* PAWN_STORM: enemy pawn on the king's files, on its relative rank 3, 4, 5, 6 seen from the king's side */
    [EVAL_PAWN_STORM] = { -16, 17 }, { 10, 5 }, { 8, -1 }, { 11, -10 },
    /* WEAK_RING: square of the enemy king's ring attacked and guarded by no enemy piece but the king */
    [EVAL_WEAK_RING] = { 9, -5 },
    /* HANGING: enemy knight, bishop, rook or queen attacked and not guarded */
    [EVAL_HANGING] = { 9, 13 },
    /* ROOK_BEHIND_PASSER: rook on the file of an own passed pawn, behind it */
    [EVAL_ROOK_BEHIND_PASSER] = { 6, 14 },
    /* MINOR_BEHIND_PAWN: knight or bishop right behind an own pawn */
    [EVAL_MINOR_BEHIND_PAWN] = { 3, 12 },
    /* TEMPO: side to move */
    [EVAL_TEMPO] = { 11, 1 },
};
