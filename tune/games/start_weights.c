/* The evaluation's weights (search/eval_params.h lists the terms), middlegame
 * and endgame, in centipawns. Written by `chesslab tune` (tune/):
 * fitted to the game results of selfplay-1000+10-a.pgn (1600 games),
 * selfplay-1000+10-b.pgn (1200 games), selfplay-1000+10-c.pgn (1200 games),
 * selfplay-300+3.pgn (3000 games), selfplay-1000+10-seecm.pgn (1347 games),
 * selfplay-300+3-d.pgn (1800 games), selfplay-1000+10-e.pgn (10177 games):
 * 1677361 quiet positions, K 1.0275, 800 Adam steps of 0.5, L2 3e-09, kept
 * step 130;
 * loss 0.096248 -> 0.094793, held-out games (every 10th) 0.094263 -> 0.093242.
 * Rerun the tuner rather than editing by hand. */
#include "search/eval_params.h"

const EvalPair eval_weights[EVAL_PARAM_COUNT] = {
    /* MATERIAL: pawn, knight, bishop, rook, queen */
    [EVAL_MATERIAL] = { 95, 76 }, { 392, 278 }, { 429, 308 }, { 528, 534 },
        { 1124, 975 },
    /* PST_PAWN: pawn square (relative rank * 4 + file from the edge) */
    [EVAL_PST_PAWN] = { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 },
        { -14, 20 }, { 16, 14 }, { 7, 27 }, { -15, 37 },
        { 3, 11 }, { 16, 7 }, { 12, 11 }, { 2, 13 },
        { -13, 13 }, { -2, 18 }, { 18, 11 }, { 29, 2 },
        { -9, 23 }, { 8, 25 }, { 8, 17 }, { 21, 6 },
        { 35, 1 }, { 25, 15 }, { 23, 44 }, { 62, 15 },
        { 112, -73 }, { 64, 30 }, { 70, 78 }, { 59, 94 },
        { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 },
    /* PST_KNIGHT: knight square */
    [EVAL_PST_KNIGHT] = { -42, -51 }, { -13, -36 }, { 1, -34 }, { -17, -18 },
        { -45, -45 }, { -6, 4 }, { 8, -7 }, { 12, -5 },
        { -7, -27 }, { 10, -27 }, { 11, -12 }, { 15, 18 },
        { 0, -21 }, { 3, -2 }, { 27, 14 }, { 24, 3 },
        { 24, -27 }, { 11, 6 }, { 24, 13 }, { 7, 44 },
        { -39, -4 }, { -7, 6 }, { 34, 24 }, { 38, 24 },
        { -53, -13 }, { -14, 9 }, { -15, 3 }, { -18, 2 },
        { -91, -59 }, { -29, -22 }, { -33, -11 }, { -6, 10 },
    /* PST_BISHOP: bishop square */
    [EVAL_PST_BISHOP] = { -33, -31 }, { 11, -37 }, { -10, -3 }, { 10, -16 },
        { 10, -18 }, { 12, -33 }, { 1, -27 }, { 7, -10 },
        { -2, 9 }, { 13, -9 }, { 18, -16 }, { 8, -5 },
        { -5, -2 }, { 3, 6 }, { 3, 16 }, { 15, -12 },
        { -12, 14 }, { -3, 16 }, { 31, 2 }, { 3, 12 },
        { 7, -15 }, { 7, 4 }, { 28, 10 }, { -3, 12 },
        { -46, 3 }, { 13, 1 }, { 15, -1 }, { 8, 17 },
        { -31, 10 }, { -4, 17 }, { -21, 2 }, { -3, -15 },
    /* PST_ROOK: rook square */
    [EVAL_PST_ROOK] = { -1, -27 }, { 0, -24 }, { 15, -26 }, { 22, -27 },
        { -30, -3 }, { 3, -12 }, { -6, -6 }, { -6, -5 },
        { -10, -13 }, { 1, -6 }, { -1, -20 }, { -4, 0 },
        { -3, -7 }, { 3, -9 }, { -2, 10 }, { -16, 7 },
        { 15, 10 }, { -8, 2 }, { 18, 4 }, { 31, 7 },
        { 14, 8 }, { 14, 16 }, { 30, 2 }, { 26, 10 },
        { 20, 12 }, { -14, 28 }, { 18, 14 }, { 35, 11 },
        { 7, 15 }, { 14, 22 }, { 13, 7 }, { 0, 15 },
    /* PST_QUEEN: queen square */
    [EVAL_PST_QUEEN] = { -50, -25 }, { -13, -31 }, { 8, -38 }, { 11, -22 },
        { 14, 0 }, { 18, -33 }, { 11, -47 }, { 15, -31 },
        { -11, -10 }, { 14, -26 }, { 6, -5 }, { -2, 26 },
        { -10, 10 }, { -7, 23 }, { -4, 2 }, { 4, 9 },
        { -3, 5 }, { 0, 31 }, { 7, 16 }, { -2, 33 },
        { -15, 14 }, { 25, 23 }, { -4, 29 }, { 9, 28 },
        { -16, -3 }, { -29, -2 }, { 14, 27 }, { 16, 9 },
        { 9, -10 }, { 14, -2 }, { -11, -6 }, { 15, 5 },
    /* PST_KING: king square */
    [EVAL_PST_KING] = { -40, 4 }, { 17, -30 }, { -7, -34 }, { -3, -37 },
        { -20, -2 }, { -16, 5 }, { -10, -14 }, { -8, -31 },
        { -62, 0 }, { 7, -8 }, { -11, -10 }, { -39, -11 },
        { -32, -13 }, { -18, 1 }, { -20, 1 }, { -13, 5 },
        { -25, 11 }, { -28, 16 }, { -43, 17 }, { -47, 1 },
        { -40, 5 }, { -53, 17 }, { -57, 35 }, { -51, 7 },
        { -56, -7 }, { -67, 33 }, { -74, -16 }, { -75, -4 },
        { -67, -72 }, { -62, -13 }, { -69, -21 }, { -79, -10 },
    /* MOBILITY_KNIGHT: knight by squares reached outside enemy pawn guard */
    [EVAL_MOBILITY_KNIGHT] = { -20, -70 }, { 0, -51 }, { 3, -6 }, { 6, 6 },
        { 10, 13 }, { 14, 32 }, { 19, 20 }, { 23, 9 },
        { 19, 6 },
    /* MOBILITY_BISHOP: bishop by squares reached */
    [EVAL_MOBILITY_BISHOP] = { -13, -75 }, { -13, -46 }, { -4, -37 }, { 2, -9 },
        { 4, 2 }, { 1, 14 }, { 3, 15 }, { 7, 22 },
        { 1, 33 }, { 11, 32 }, { 20, 14 }, { 27, 36 },
        { 56, -29 }, { 25, 45 },
    /* MOBILITY_ROOK: rook by squares reached */
    [EVAL_MOBILITY_ROOK] = { -13, -108 }, { -8, -28 }, { -6, -27 }, { -4, -20 },
        { 0, 8 }, { 6, -2 }, { 11, 8 }, { 9, 11 },
        { 12, 20 }, { 9, 23 }, { 25, 25 }, { 15, 29 },
        { -11, 41 }, { 7, 28 }, { 47, 7 },
    /* MOBILITY_QUEEN: queen by squares reached */
    [EVAL_MOBILITY_QUEEN] = { -3, -23 }, { -6, -21 }, { -5, -28 }, { -5, -30 },
        { -3, -33 }, { 0, -50 }, { -1, -19 }, { -1, -13 },
        { 8, -9 }, { 6, 4 }, { 7, 18 }, { 5, 33 },
        { 8, 37 }, { 12, 22 }, { 9, 42 }, { 15, 20 },
        { 7, 41 }, { 8, 29 }, { 26, 20 }, { 6, 16 },
        { 14, -3 }, { 10, -3 }, { 8, -2 }, { -2, -23 },
        { 10, 13 }, { 12, 17 }, { 11, 21 }, { 14, 21 },
    /* PASSED: passed pawn by relative rank */
    [EVAL_PASSED] = { 0, 0 }, { -4, -2 }, { -43, 38 }, { -19, 17 },
        { 28, 13 }, { 87, -1 }, { 86, -11 }, { 0, 0 },
    /* PASSED_FREE: passed pawn whose stop square is empty, by rank */
    [EVAL_PASSED_FREE] = { 0, 0 }, { 0, 40 }, { -5, 0 }, { -3, 24 },
        { 16, 26 }, { 34, 7 }, { 85, 58 }, { 0, 0 },
    /* PASSED_OWN_KING: per square of own king's distance to the stop square, by rank */
    [EVAL_PASSED_OWN_KING] = { 0, 0 }, { 4, -4 }, { 16, -10 }, { 20, -16 },
        { 1, -14 }, { -3, -10 }, { 11, -28 }, { 0, 0 },
    /* PASSED_THEIR_KING: per square of enemy king's distance to the stop square, by rank */
    [EVAL_PASSED_THEIR_KING] = { 0, 0 }, { -9, 4 }, { -10, 9 }, { -19, 23 },
        { -9, 31 }, { -22, 50 }, { -23, 73 }, { 0, 0 },
    /* CONNECTED: pawn defended by a pawn or beside one, by rank */
    [EVAL_CONNECTED] = { 0, 0 }, { 3, -10 }, { 5, 4 }, { 12, 3 },
        { 25, 9 }, { 45, 53 }, { 27, 92 }, { 0, 0 },
    /* DOUBLED: pawn with an own pawn in front */
    [EVAL_DOUBLED] = { -27, 1 },
    /* ISOLATED: pawn with no own pawn on the adjacent files */
    [EVAL_ISOLATED] = { -4, -18 },
    /* BACKWARD: pawn behind its neighbours whose stop square an enemy pawn guards */
    [EVAL_BACKWARD] = { -4, -22 },
    /* BISHOP_PAIR: two bishops or more */
    [EVAL_BISHOP_PAIR] = { 20, 55 },
    /* ROOK_OPEN: rook on a file without pawns */
    [EVAL_ROOK_OPEN] = { 33, -17 },
    /* ROOK_HALF_OPEN: rook on a file without own pawns */
    [EVAL_ROOK_HALF_OPEN] = { 20, -12 },
    /* KING_SHIELD: own pawn in front of the king, one or two ranks ahead */
    [EVAL_KING_SHIELD] = { 24, -8 }, { 15, -9 },
    /* KING_ZONE_ATTACK: square of the enemy king's ring attacked, by knight, bishop, rook, queen */
    [EVAL_KING_ZONE_ATTACK] = { 12, -5 }, { 9, 1 }, { 15, -4 }, { 11, 11 },
    /* KING_ATTACKERS: by the number of pieces attacking the enemy king's ring */
    [EVAL_KING_ATTACKERS] = { -23, 11 }, { -26, -3 }, { -1, 0 }, { 35, -17 },
        { 22, 10 }, { 0, 0 }, { 0, 0 }, { 0, 0 },
    /* THREAT_BY_PAWN: enemy piece attacked by a pawn: pawn .. queen */
    [EVAL_THREAT_BY_PAWN] = { 14, -17 }, { 49, 29 }, { 43, 44 }, { 43, 19 },
        { 36, 6 },
    /* THREAT_BY_MINOR: enemy piece attacked by a knight or bishop */
    [EVAL_THREAT_BY_MINOR] = { -5, 14 }, { 13, 22 }, { 25, 25 }, { 48, 23 },
        { 37, 19 },
    /* THREAT_BY_ROOK: enemy piece attacked by a rook */
    [EVAL_THREAT_BY_ROOK] = { -14, 20 }, { -13, 42 }, { 11, 17 }, { -5, 0 },
        { 53, 15 },
    /* SAFE_CHECK: square from which a knight, bishop, rook, queen reaches a check, not guarded by the enemy */
    [EVAL_SAFE_CHECK] = { 32, -6 }, { 0, 11 }, { 46, -8 }, { 18, -12 },
    /* KING_DANGER: king danger bucket 1..15: ring hits weighted by attacker plus safe checks, two attackers or more */
    [EVAL_KING_DANGER] = { -11, -19 }, { -14, -12 }, { -5, -4 }, { 4, -3 },
        { 7, 11 }, { 7, 2 }, { 10, 9 }, { 7, 7 },
        { 8, 7 }, { 4, 4 }, { 1, 1 }, { 1, 1 },
        { 0, 0 }, { 0, 0 }, { 0, 0 },
    /* OUTPOST: knight, bishop on ranks 4-6, guarded by a pawn, no enemy pawn can chase it */
    [EVAL_OUTPOST] = { 20, 7 }, { 29, 7 },
    /* BISHOP_PAWNS: per bishop, own pawns on its square colour */
    [EVAL_BISHOP_PAWNS] = { -2, -9 },
    /* ROOK_SEVENTH: rook on the seventh rank with the enemy king on the eighth or pawns on the seventh */
    [EVAL_ROOK_SEVENTH] = { 1, 11 },
    /* KING_FILES: file at or beside the king without own pawns: with enemy pawns, without any */
    [EVAL_KING_FILES] = { 0, 0 }, { 0, 0 },
    /* PAWN_STORM: enemy pawn on the king's files, on its relative rank 3, 4, 5, 6 seen from the king's side */
    [EVAL_PAWN_STORM] = { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 },
    /* WEAK_RING: square of the enemy king's ring attacked and guarded by no enemy piece but the king */
    [EVAL_WEAK_RING] = { 0, 0 },
    /* HANGING: enemy knight, bishop, rook or queen attacked and not guarded */
    [EVAL_HANGING] = { 0, 0 },
    /* ROOK_BEHIND_PASSER: rook on the file of an own passed pawn, behind it */
    [EVAL_ROOK_BEHIND_PASSER] = { 0, 0 },
    /* MINOR_BEHIND_PAWN: knight or bishop right behind an own pawn */
    [EVAL_MINOR_BEHIND_PAWN] = { 0, 0 },
    /* TEMPO: side to move */
    [EVAL_TEMPO] = { 10, -1 },
};
