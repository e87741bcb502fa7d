/* The evaluation's weights (search/eval_params.h lists the terms), middlegame
 * and endgame, in centipawns. Written by `chesslab tune` (tune/):
 * fitted to the game results of selfplay-1000+10-a.pgn (1600 games),
 * selfplay-1000+10-b.pgn (1200 games), selfplay-1000+10-c.pgn (1200 games),
 * selfplay-300+3.pgn (3000 games):
 * 554874 quiet positions, K 1.0681, 600 Adam steps of 0.5, L2 3e-09, kept step
 * 600;
 * loss 0.099509 -> 0.094643, held-out games (every 10th) 0.099374 -> 0.096126.
 * Rerun the tuner rather than editing by hand. */
#include "search/eval_params.h"

const EvalPair eval_weights[EVAL_PARAM_COUNT] = {
    /* MATERIAL: pawn, knight, bishop, rook, queen */
    [EVAL_MATERIAL] = { 76, 88 }, { 364, 317 }, { 373, 349 }, { 472, 591 },
        { 1063, 1011 },
    /* PST_PAWN: pawn square (relative rank * 4 + file from the edge) */
    [EVAL_PST_PAWN] = { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 },
        { -16, 13 }, { 9, 7 }, { 16, 12 }, { 2, 14 },
        { -5, 6 }, { 8, 7 }, { 16, 4 }, { -4, 4 },
        { -15, 10 }, { 1, 20 }, { 23, 7 }, { 24, -10 },
        { 4, 17 }, { -3, 44 }, { 21, 3 }, { 9, 10 },
        { 46, 4 }, { 15, 11 }, { 11, 46 }, { 36, 12 },
        { 62, -1 }, { 76, 65 }, { 75, 85 }, { 75, 85 },
        { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 },
    /* PST_KNIGHT: knight square */
    [EVAL_PST_KNIGHT] = { -54, -44 }, { -6, -46 }, { 0, -23 }, { -17, -11 },
        { -46, -41 }, { -9, 5 }, { 3, 7 }, { 5, 10 },
        { -15, -31 }, { 5, -11 }, { 3, -6 }, { 23, 14 },
        { -10, -28 }, { -13, 5 }, { 27, 16 }, { 2, 14 },
        { 18, -18 }, { 0, 5 }, { 10, 13 }, { 10, 48 },
        { -29, -7 }, { 7, 4 }, { 27, 29 }, { 40, 26 },
        { -43, -22 }, { -8, 9 }, { -5, 2 }, { -10, -3 },
        { -71, -48 }, { -32, -25 }, { -28, -20 }, { -14, -6 },
    /* PST_BISHOP: bishop square */
    [EVAL_PST_BISHOP] = { -31, -23 }, { 7, -28 }, { -12, 12 }, { 0, -23 },
        { 22, -14 }, { 8, -29 }, { -1, -23 }, { 2, -4 },
        { -5, 12 }, { 4, -15 }, { 14, -10 }, { -1, -5 },
        { -12, 6 }, { -15, 4 }, { -2, 19 }, { 11, -13 },
        { -4, 11 }, { -10, 6 }, { 25, 30 }, { 6, 6 },
        { 8, -8 }, { 9, 24 }, { 14, 16 }, { 1, 10 },
        { -25, -2 }, { 4, -7 }, { 10, 0 }, { 1, 3 },
        { -20, 6 }, { -3, 7 }, { -14, 1 }, { -8, -23 },
    /* PST_ROOK: rook square */
    [EVAL_PST_ROOK] = { -4, -26 }, { 0, -14 }, { 11, -11 }, { 16, -9 },
        { -40, -3 }, { 17, -9 }, { -1, -1 }, { -21, 5 },
        { -36, 4 }, { 10, -3 }, { -1, -13 }, { -7, 16 },
        { -9, 4 }, { 16, -4 }, { -1, 13 }, { -2, 13 },
        { 1, 21 }, { -12, 8 }, { 12, 1 }, { 19, 22 },
        { 31, 0 }, { -4, 16 }, { 12, 6 }, { 9, 13 },
        { 21, 3 }, { -9, 19 }, { 22, 8 }, { 29, 16 },
        { 5, 5 }, { 11, 21 }, { 13, 9 }, { 0, 7 },
    /* PST_QUEEN: queen square */
    [EVAL_PST_QUEEN] = { -50, -31 }, { -4, -22 }, { -6, -17 }, { 4, 4 },
        { 13, -1 }, { 2, -15 }, { 4, -26 }, { 4, -11 },
        { -16, -15 }, { 9, -16 }, { 3, 3 }, { -3, 28 },
        { -22, 3 }, { 0, 23 }, { 2, 10 }, { 5, 12 },
        { -7, 4 }, { 4, 20 }, { 11, 17 }, { 0, 26 },
        { -10, -2 }, { 31, 19 }, { -4, 18 }, { 11, 19 },
        { 1, -2 }, { -24, -7 }, { 14, 16 }, { 2, 3 },
        { 2, -14 }, { 3, -1 }, { -15, -9 }, { 6, 2 },
    /* PST_KING: king square */
    [EVAL_PST_KING] = { -17, -22 }, { 17, -37 }, { -6, -31 }, { 20, -46 },
        { -20, -15 }, { 2, -8 }, { -1, -19 }, { -6, -36 },
        { -39, -10 }, { -12, -14 }, { -25, -12 }, { -55, -15 },
        { -29, -12 }, { -30, -5 }, { -35, 6 }, { -44, 8 },
        { -33, 5 }, { -41, 8 }, { -47, 16 }, { -62, 0 },
        { -43, 3 }, { -56, 13 }, { -58, 19 }, { -66, 9 },
        { -58, -19 }, { -66, 10 }, { -62, 30 }, { -80, -4 },
        { -64, -61 }, { -66, -23 }, { -69, -21 }, { -79, -8 },
    /* MOBILITY_KNIGHT: knight by squares reached outside enemy pawn guard */
    [EVAL_MOBILITY_KNIGHT] = { -25, -35 }, { -2, -36 }, { 2, 1 }, { 5, 2 },
        { 8, 7 }, { 11, 34 }, { 15, 22 }, { 15, 13 },
        { 5, 9 },
    /* MOBILITY_BISHOP: bishop by squares reached */
    [EVAL_MOBILITY_BISHOP] = { -19, -73 }, { -13, -40 }, { -10, -43 }, { 1, -3 },
        { -5, 3 }, { -1, 7 }, { -1, 8 }, { 2, 18 },
        { -6, 26 }, { 6, 38 }, { 13, 17 }, { 26, 44 },
        { 36, 10 }, { 33, 52 },
    /* MOBILITY_ROOK: rook by squares reached */
    [EVAL_MOBILITY_ROOK] = { -20, -68 }, { -6, -25 }, { -7, -18 }, { -3, -26 },
        { -1, 6 }, { 4, -7 }, { 3, 17 }, { 1, 14 },
        { 20, 14 }, { 7, 30 }, { 17, 35 }, { 6, 35 },
        { -12, 35 }, { 7, 33 }, { 17, 45 },
    /* MOBILITY_QUEEN: queen by squares reached */
    [EVAL_MOBILITY_QUEEN] = { -16, -24 }, { -13, -21 }, { -6, -23 }, { -10, -22 },
        { -8, -25 }, { -1, -35 }, { -3, -11 }, { -3, -24 },
        { 4, -8 }, { 5, 3 }, { 3, 11 }, { 4, 20 },
        { 3, 26 }, { 11, 15 }, { 11, 22 }, { 7, 10 },
        { 7, 22 }, { 3, 17 }, { 16, 20 }, { 6, 15 },
        { 8, 7 }, { 8, 12 }, { 9, 13 }, { 6, 9 },
        { 12, 22 }, { 15, 29 }, { 13, 26 }, { 15, 28 },
    /* PASSED: passed pawn by relative rank */
    [EVAL_PASSED] = { 0, 0 }, { 0, -6 }, { -19, 30 }, { 2, 28 },
        { 23, 25 }, { 57, 37 }, { 69, 88 }, { 0, 0 },
    /* PASSED_FREE: passed pawn whose stop square is empty, by rank */
    [EVAL_PASSED_FREE] = { 0, 0 }, { 2, 21 }, { 7, 4 }, { 0, 29 },
        { 25, 23 }, { 16, 10 }, { 39, 54 }, { 0, 0 },
    /* PASSED_OWN_KING: per square of own king's distance to the stop square, by rank */
    [EVAL_PASSED_OWN_KING] = { 0, 0 }, { 5, 3 }, { 6, -6 }, { 8, -15 },
        { 0, -15 }, { 14, -16 }, { 15, -36 }, { 0, 0 },
    /* PASSED_THEIR_KING: per square of enemy king's distance to the stop square, by rank */
    [EVAL_PASSED_THEIR_KING] = { 0, 0 }, { -7, 3 }, { -7, 6 }, { -11, 17 },
        { -9, 31 }, { -24, 45 }, { -18, 52 }, { 0, 0 },
    /* CONNECTED: pawn defended by a pawn or beside one, by rank */
    [EVAL_CONNECTED] = { 0, 0 }, { 2, -7 }, { 10, 1 }, { 8, -5 },
        { 20, -1 }, { 26, 40 }, { 11, 41 }, { 0, 0 },
    /* DOUBLED: pawn with an own pawn in front */
    [EVAL_DOUBLED] = { -21, -1 },
    /* ISOLATED: pawn with no own pawn on the adjacent files */
    [EVAL_ISOLATED] = { -8, -17 },
    /* BACKWARD: pawn behind its neighbours whose stop square an enemy pawn guards */
    [EVAL_BACKWARD] = { 1, -19 },
    /* BISHOP_PAIR: two bishops or more */
    [EVAL_BISHOP_PAIR] = { 23, 52 },
    /* ROOK_OPEN: rook on a file without pawns */
    [EVAL_ROOK_OPEN] = { 16, -2 },
    /* ROOK_HALF_OPEN: rook on a file without own pawns */
    [EVAL_ROOK_HALF_OPEN] = { 12, 2 },
    /* KING_SHIELD: own pawn in front of the king, one or two ranks ahead */
    [EVAL_KING_SHIELD] = { 22, -10 }, { 13, -9 },
    /* KING_ZONE_ATTACK: square of the enemy king's ring attacked, by knight, bishop, rook, queen */
    [EVAL_KING_ZONE_ATTACK] = { 13, -9 }, { 10, 1 }, { 13, 0 }, { 13, 28 },
    /* KING_ATTACKERS: by the number of pieces attacking the enemy king's ring */
    [EVAL_KING_ATTACKERS] = { -10, 6 }, { -18, -6 }, { -12, 0 }, { 29, -4 },
        { 11, 4 }, { 0, 0 }, { 0, 0 }, { 0, 0 },
    /* THREAT_BY_PAWN: enemy piece attacked by a pawn: pawn .. queen */
    [EVAL_THREAT_BY_PAWN] = { 4, -6 }, { 43, 19 }, { 30, 21 }, { 24, 8 },
        { 20, 3 },
    /* THREAT_BY_MINOR: enemy piece attacked by a knight or bishop */
    [EVAL_THREAT_BY_MINOR] = { -7, 19 }, { 7, 21 }, { 15, 21 }, { 41, 21 },
        { 28, 9 },
    /* THREAT_BY_ROOK: enemy piece attacked by a rook */
    [EVAL_THREAT_BY_ROOK] = { -13, 18 }, { -6, 25 }, { -3, 20 }, { -2, 0 },
        { 23, 5 },
    /* TEMPO: side to move */
    [EVAL_TEMPO] = { 7, -2 },
};
