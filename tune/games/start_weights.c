/* The evaluation's weights (search/eval_params.h lists the terms), middlegame
 * and endgame, in centipawns. Written by `chesslab tune` (tune/):
 * fitted to the game results of selfplay-1000+10-a.pgn (1600 games),
 * selfplay-1000+10-b.pgn (1200 games), selfplay-1000+10-c.pgn (1200 games),
 * selfplay-300+3.pgn (3000 games), selfplay-1000+10-seecm.pgn (1347 games),
 * selfplay-300+3-d.pgn (1800 games):
 * 790156 quiet positions, K 1.1007, 800 Adam steps of 0.5, L2 3e-09, kept step
 * 800;
 * loss 0.097031 -> 0.096528, held-out games (every 10th) 0.098277 -> 0.098009.
 * Rerun the tuner rather than editing by hand. */
#include "search/eval_params.h"

const EvalPair eval_weights[EVAL_PARAM_COUNT] = {
    /* MATERIAL: pawn, knight, bishop, rook, queen */
    [EVAL_MATERIAL] = { 82, 83 }, { 369, 313 }, { 392, 334 }, { 484, 586 },
        { 1094, 1011 },
    /* PST_PAWN: pawn square (relative rank * 4 + file from the edge) */
    [EVAL_PST_PAWN] = { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 },
        { -19, 17 }, { 14, 13 }, { 11, 23 }, { -1, 25 },
        { -7, 10 }, { 11, 10 }, { 15, 6 }, { -1, 10 },
        { -17, 12 }, { 0, 22 }, { 16, 11 }, { 23, -5 },
        { -2, 22 }, { 1, 38 }, { 10, 9 }, { 11, 5 },
        { 52, 3 }, { 12, 16 }, { 18, 45 }, { 45, 6 },
        { 90, -58 }, { 72, 47 }, { 73, 94 }, { 64, 87 },
        { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 },
    /* PST_KNIGHT: knight square */
    [EVAL_PST_KNIGHT] = { -52, -47 }, { -5, -45 }, { 5, -23 }, { -18, -13 },
        { -56, -47 }, { -12, 12 }, { 6, 2 }, { 7, 8 },
        { -7, -36 }, { 13, -15 }, { 7, -10 }, { 18, 19 },
        { -8, -26 }, { -19, 2 }, { 28, 15 }, { 10, 6 },
        { 32, -19 }, { 2, 2 }, { 16, 17 }, { 10, 50 },
        { -35, -2 }, { 9, 14 }, { 33, 28 }, { 38, 28 },
        { -53, -19 }, { -9, 15 }, { -11, 2 }, { -19, -5 },
        { -84, -58 }, { -30, -26 }, { -31, -18 }, { -9, 0 },
    /* PST_BISHOP: bishop square */
    [EVAL_PST_BISHOP] = { -30, -27 }, { 8, -31 }, { -9, 3 }, { -4, -18 },
        { 23, -20 }, { 11, -34 }, { -2, -28 }, { 2, -11 },
        { 2, 11 }, { 8, -12 }, { 13, -15 }, { 5, -12 },
        { -11, 3 }, { -4, 9 }, { -1, 18 }, { 12, -12 },
        { -9, 18 }, { -6, 14 }, { 32, 17 }, { -4, 10 },
        { 1, -8 }, { 12, 20 }, { 26, 21 }, { 1, 8 },
        { -41, 4 }, { 9, -4 }, { 8, -3 }, { 3, 10 },
        { -26, 8 }, { 0, 16 }, { -19, -1 }, { -4, -23 },
    /* PST_ROOK: rook square */
    [EVAL_PST_ROOK] = { -11, -26 }, { -5, -17 }, { 11, -17 }, { 14, -16 },
        { -37, 1 }, { 25, -15 }, { -3, -4 }, { -12, 3 },
        { -27, 1 }, { 12, -2 }, { -8, -15 }, { -4, 10 },
        { -4, -4 }, { 15, -10 }, { -10, 20 }, { -8, 14 },
        { 6, 23 }, { -14, 8 }, { 6, 12 }, { 32, 20 },
        { 27, 2 }, { 0, 18 }, { 16, 8 }, { 14, 12 },
        { 21, 7 }, { -17, 26 }, { 24, 12 }, { 32, 13 },
        { 3, 10 }, { 11, 20 }, { 12, 7 }, { -1, 11 },
    /* PST_QUEEN: queen square */
    [EVAL_PST_QUEEN] = { -59, -30 }, { 2, -29 }, { 2, -27 }, { 2, 1 },
        { 19, 1 }, { -2, -26 }, { 10, -36 }, { 5, -23 },
        { -16, -12 }, { 10, -24 }, { 3, -5 }, { -6, 29 },
        { -18, 8 }, { -2, 26 }, { 3, 1 }, { 2, 12 },
        { -4, 6 }, { 9, 30 }, { 14, 21 }, { -1, 32 },
        { -15, 7 }, { 36, 19 }, { -10, 25 }, { 10, 25 },
        { 2, -2 }, { -36, -7 }, { 15, 22 }, { 9, 4 },
        { 11, -8 }, { 9, -1 }, { -14, -7 }, { 12, 3 },
    /* PST_KING: king square */
    [EVAL_PST_KING] = { -36, -8 }, { 4, -36 }, { -9, -37 }, { 16, -53 },
        { -34, -13 }, { -16, -4 }, { -6, -24 }, { -5, -44 },
        { -59, -9 }, { 3, -23 }, { -18, -23 }, { -47, -23 },
        { -31, -10 }, { -26, -7 }, { -31, -6 }, { -31, -4 },
        { -27, 24 }, { -35, 10 }, { -45, 10 }, { -57, -13 },
        { -39, 14 }, { -56, 18 }, { -57, 18 }, { -58, 0 },
        { -56, -9 }, { -64, 25 }, { -57, 46 }, { -78, -8 },
        { -66, -70 }, { -63, -13 }, { -69, -19 }, { -78, -2 },
    /* MOBILITY_KNIGHT: knight by squares reached outside enemy pawn guard */
    [EVAL_MOBILITY_KNIGHT] = { -23, -57 }, { -2, -36 }, { 2, 9 }, { 5, 7 },
        { 9, 10 }, { 11, 36 }, { 13, 24 }, { 16, 12 },
        { 8, 7 },
    /* MOBILITY_BISHOP: bishop by squares reached */
    [EVAL_MOBILITY_BISHOP] = { -13, -76 }, { -10, -51 }, { -7, -47 }, { 3, -11 },
        { -2, 5 }, { -2, 13 }, { -1, 15 }, { 0, 24 },
        { -5, 33 }, { 3, 44 }, { 14, 21 }, { 27, 49 },
        { 48, -23 }, { 28, 53 },
    /* MOBILITY_ROOK: rook by squares reached */
    [EVAL_MOBILITY_ROOK] = { -13, -94 }, { -1, -19 }, { -2, -16 }, { 2, -22 },
        { 4, 10 }, { 8, -4 }, { 8, 12 }, { 4, 14 },
        { 18, 18 }, { 6, 28 }, { 15, 30 }, { 2, 33 },
        { -21, 46 }, { 1, 33 }, { 14, 45 },
    /* MOBILITY_QUEEN: queen by squares reached */
    [EVAL_MOBILITY_QUEEN] = { -15, -23 }, { -7, -20 }, { -4, -23 }, { -3, -28 },
        { -4, -30 }, { 3, -48 }, { 0, -14 }, { 0, -17 },
        { 7, -6 }, { 5, 3 }, { 5, 17 }, { 2, 27 },
        { 1, 37 }, { 12, 17 }, { 8, 34 }, { 12, 9 },
        { 6, 31 }, { 2, 21 }, { 21, 19 }, { 3, 14 },
        { 10, 1 }, { 10, 10 }, { 8, 5 }, { 2, -3 },
        { 12, 21 }, { 15, 28 }, { 12, 24 }, { 15, 27 },
    /* PASSED: passed pawn by relative rank */
    [EVAL_PASSED] = { 0, 0 }, { -5, -8 }, { -36, 37 }, { -10, 21 },
        { 18, 17 }, { 73, 25 }, { 80, 24 }, { 0, 0 },
    /* PASSED_FREE: passed pawn whose stop square is empty, by rank */
    [EVAL_PASSED_FREE] = { 0, 0 }, { 7, 33 }, { 6, 5 }, { -6, 29 },
        { 20, 25 }, { 25, 10 }, { 67, 65 }, { 0, 0 },
    /* PASSED_OWN_KING: per square of own king's distance to the stop square, by rank */
    [EVAL_PASSED_OWN_KING] = { 0, 0 }, { 12, -2 }, { 3, -9 }, { 16, -17 },
        { 1, -15 }, { 10, -15 }, { 32, -43 }, { 0, 0 },
    /* PASSED_THEIR_KING: per square of enemy king's distance to the stop square, by rank */
    [EVAL_PASSED_THEIR_KING] = { 0, 0 }, { -12, 2 }, { -2, 6 }, { -14, 19 },
        { -6, 30 }, { -31, 47 }, { -34, 71 }, { 0, 0 },
    /* CONNECTED: pawn defended by a pawn or beside one, by rank */
    [EVAL_CONNECTED] = { 0, 0 }, { 1, -8 }, { 7, 2 }, { 8, -1 },
        { 24, 6 }, { 37, 46 }, { 20, 84 }, { 0, 0 },
    /* DOUBLED: pawn with an own pawn in front */
    [EVAL_DOUBLED] = { -27, -2 },
    /* ISOLATED: pawn with no own pawn on the adjacent files */
    [EVAL_ISOLATED] = { -5, -16 },
    /* BACKWARD: pawn behind its neighbours whose stop square an enemy pawn guards */
    [EVAL_BACKWARD] = { -1, -20 },
    /* BISHOP_PAIR: two bishops or more */
    [EVAL_BISHOP_PAIR] = { 22, 56 },
    /* ROOK_OPEN: rook on a file without pawns */
    [EVAL_ROOK_OPEN] = { 23, -8 },
    /* ROOK_HALF_OPEN: rook on a file without own pawns */
    [EVAL_ROOK_HALF_OPEN] = { 13, -2 },
    /* KING_SHIELD: own pawn in front of the king, one or two ranks ahead */
    [EVAL_KING_SHIELD] = { 22, -8 }, { 10, -6 },
    /* KING_ZONE_ATTACK: square of the enemy king's ring attacked, by knight, bishop, rook, queen */
    [EVAL_KING_ZONE_ATTACK] = { 14, -7 }, { 10, -2 }, { 17, -2 }, { 12, 24 },
    /* KING_ATTACKERS: by the number of pieces attacking the enemy king's ring */
    [EVAL_KING_ATTACKERS] = { -13, 12 }, { -22, -1 }, { -18, -2 }, { 34, -16 },
        { 19, 7 }, { 0, 0 }, { 0, 0 }, { 0, 0 },
    /* THREAT_BY_PAWN: enemy piece attacked by a pawn: pawn .. queen */
    [EVAL_THREAT_BY_PAWN] = { 14, -13 }, { 46, 27 }, { 41, 36 }, { 39, 16 },
        { 31, 5 },
    /* THREAT_BY_MINOR: enemy piece attacked by a knight or bishop */
    [EVAL_THREAT_BY_MINOR] = { -6, 18 }, { 7, 23 }, { 19, 24 }, { 48, 23 },
        { 37, 15 },
    /* THREAT_BY_ROOK: enemy piece attacked by a rook */
    [EVAL_THREAT_BY_ROOK] = { -13, 16 }, { -11, 37 }, { 3, 22 }, { -4, 0 },
        { 41, 8 },
    /* SAFE_CHECK: square from which a knight, bishop, rook, queen reaches a check, not guarded by the enemy */
    [EVAL_SAFE_CHECK] = { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 },
    /* KING_DANGER: king danger bucket 1..15: ring hits weighted by attacker plus safe checks, two attackers or more */
    [EVAL_KING_DANGER] = { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 },
        { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 },
        { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 },
        { 0, 0 }, { 0, 0 }, { 0, 0 },
    /* OUTPOST: knight, bishop on ranks 4-6, guarded by a pawn, no enemy pawn can chase it */
    [EVAL_OUTPOST] = { 0, 0 }, { 0, 0 },
    /* BISHOP_PAWNS: per bishop, own pawns on its square colour */
    [EVAL_BISHOP_PAWNS] = { 0, 0 },
    /* ROOK_SEVENTH: rook on the seventh rank with the enemy king on the eighth or pawns on the seventh */
    [EVAL_ROOK_SEVENTH] = { 0, 0 },
    /* TEMPO: side to move */
    [EVAL_TEMPO] = { 8, -1 },
};
