/* The evaluation's weights as one table, so that a tuner can fit them.
 *
 * The evaluation is linear in its weights: every term counts a feature of
 * the position (a knight on c3, a rook with 9 squares to go, a passed pawn
 * on the sixth rank) and adds that count times the term's middlegame and
 * endgame weight; the two sums are then blended by the game phase. So a
 * position's score is fixed by its feature counts (an EvalTrace, eval.h) and
 * the weights, and Texel's method can fit the weights to game results
 * without running the evaluation again (tune/).
 *
 * EVAL_TERMS lists the terms: name, number of weights, and what the index
 * means. The values live in search/eval_weights.c, which the tuner writes. */
#ifndef CHESSLAB_SEARCH_EVAL_PARAMS_H
#define CHESSLAB_SEARCH_EVAL_PARAMS_H

typedef struct EvalPair {
    int mg, eg;
} EvalPair;

/* Piece-square tables are by square from the piece's own side (rank * 8 +
 * file), mirrored across the middle file when the side's king stands on
 * files a to d: a piece's file counts from its own king's wing, so a pawn
 * in front of a king castled long shares the weight of one in front of a
 * king castled short, and the king's own table uses files e to h only. */
enum { EVAL_PST_SQUARES = 64 };

#define EVAL_TERMS(X)                                                                      \
    X(MATERIAL, 5, "pawn, knight, bishop, rook, queen")                                    \
    X(PST_PAWN, EVAL_PST_SQUARES, "pawn square (relative rank * 8 + file, mirrored when the own king is on files a-d)")  \
    X(PST_KNIGHT, EVAL_PST_SQUARES, "knight square")                                       \
    X(PST_BISHOP, EVAL_PST_SQUARES, "bishop square")                                       \
    X(PST_ROOK, EVAL_PST_SQUARES, "rook square")                                           \
    X(PST_QUEEN, EVAL_PST_SQUARES, "queen square")                                         \
    X(PST_KING, EVAL_PST_SQUARES, "king square")                                           \
    X(MOBILITY_KNIGHT, 9, "knight by squares reached outside enemy pawn guard")           \
    X(MOBILITY_BISHOP, 14, "bishop by squares reached")                                    \
    X(MOBILITY_ROOK, 15, "rook by squares reached")                                        \
    X(MOBILITY_QUEEN, 28, "queen by squares reached")                                      \
    X(PASSED, 8, "passed pawn by relative rank")                                           \
    X(PASSED_FREE, 8, "passed pawn whose stop square is empty, by rank")                   \
    X(PASSED_OWN_KING, 8, "per square of own king's distance to the stop square, by rank") \
    X(PASSED_THEIR_KING, 8, "per square of enemy king's distance to the stop square, by rank") \
    X(CONNECTED, 8, "pawn defended by a pawn or beside one, by rank")                      \
    X(DOUBLED, 1, "pawn with an own pawn in front")                                        \
    X(ISOLATED, 1, "pawn with no own pawn on the adjacent files")                          \
    X(BACKWARD, 1, "pawn behind its neighbours whose stop square an enemy pawn guards")    \
    X(BISHOP_PAIR, 1, "two bishops or more")                                               \
    X(ROOK_OPEN, 1, "rook on a file without pawns")                                        \
    X(ROOK_HALF_OPEN, 1, "rook on a file without own pawns")                               \
    X(KING_SHIELD, 2, "own pawn in front of the king, one or two ranks ahead")             \
    X(KING_ZONE_ATTACK, 4, "square of the enemy king's ring attacked, by knight, bishop, rook, queen") \
    X(KING_ATTACKERS, 8, "by the number of pieces attacking the enemy king's ring")        \
    X(THREAT_BY_PAWN, 5, "enemy piece attacked by a pawn: pawn .. queen")                  \
    X(THREAT_BY_MINOR, 5, "enemy piece attacked by a knight or bishop")                    \
    X(THREAT_BY_ROOK, 5, "enemy piece attacked by a rook")                                 \
    X(SAFE_CHECK, 4, "square from which a knight, bishop, rook, queen reaches a check, not guarded by the enemy") \
    X(KING_DANGER, 15, "king danger bucket 1..15: ring hits weighted by attacker plus safe checks, two attackers or more") \
    X(OUTPOST, 2, "knight, bishop on ranks 4-6, guarded by a pawn, no enemy pawn can chase it") \
    X(BISHOP_PAWNS, 1, "per bishop, own pawns on its square colour")                      \
    X(ROOK_SEVENTH, 1, "rook on the seventh rank with the enemy king on the eighth or pawns on the seventh") \
    X(KING_FILES, 2, "file at or beside the king without own pawns: with enemy pawns, without any") \
    X(PAWN_STORM, 4, "enemy pawn on the king's files, on its relative rank 3, 4, 5, 6 seen from the king's side") \
    X(WEAK_RING, 1, "square of the enemy king's ring attacked and guarded by no enemy piece but the king") \
    X(HANGING, 1, "enemy knight, bishop, rook or queen attacked and not guarded")          \
    X(ROOK_BEHIND_PASSER, 1, "rook on the file of an own passed pawn, behind it")         \
    X(MINOR_BEHIND_PAWN, 1, "knight or bishop right behind an own pawn")                  \
    X(TEMPO, 1, "side to move")

enum {
#define EVAL_TERM_INDEX(name, count, what) EVAL_##name, EVAL_##name##_LAST = EVAL_##name + (count)-1,
    EVAL_TERMS(EVAL_TERM_INDEX)
#undef EVAL_TERM_INDEX
    EVAL_PARAM_COUNT
};

/* One term's place in the table, for tuners and printers. */
typedef struct EvalTermInfo {
    const char *name, *what;
    int first, count;
} EvalTermInfo;

extern const EvalTermInfo eval_terms[];
extern const int eval_term_count;

/* The weights the engine plays with (search/eval_weights.c). */
extern const EvalPair eval_weights[EVAL_PARAM_COUNT];

#endif
