/* The evaluation's weights as one table, so that a tuner can fit them.
 *
 * The evaluation is linear in its weights: every term counts a feature of
 * the position (a knight on c3, a rook reaching three squares more than is
 * typical, a passed pawn on the sixth rank) and adds that count times the term's middlegame and
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

/* Piece-square tables have one weight per square, from the piece's own
 * side and in the order the board is drawn: index 0 is a8 for White (h1
 * mirrored for Black), index 63 is h1. */
enum { EVAL_PST_SQUARES = 64 };

#define EVAL_TERMS(X)                                                                     \
    X(MATERIAL, 6, "pawn, knight, bishop, rook, queen, king")                             \
    X(PST_PAWN, EVAL_PST_SQUARES, "pawn square (rank 8 first, as drawn from own side)")   \
    X(PST_KNIGHT, EVAL_PST_SQUARES, "knight square")                                      \
    X(PST_BISHOP, EVAL_PST_SQUARES, "bishop square")                                      \
    X(PST_ROOK, EVAL_PST_SQUARES, "rook square")                                          \
    X(PST_QUEEN, EVAL_PST_SQUARES, "queen square")                                        \
    X(PST_KING, EVAL_PST_SQUARES, "king square")                                          \
    X(MOBILITY, 4, "per square reached beyond a typical count: knight, bishop, rook, queen") \
    X(PASSED, 8, "passed pawn by relative rank")                                          \
    X(BISHOP_PAIR, 1, "two bishops or more")                                              \
    X(DOUBLED, 1, "pawn with an own pawn in front")                                       \
    X(ISOLATED, 1, "pawn with no own pawn on the adjacent files")                         \
    X(ROOK_OPEN, 1, "rook on a file without pawns")                                       \
    X(ROOK_HALF_OPEN, 1, "rook on a file without own pawns")                              \
    X(KING_SHIELD, 1, "own pawn on the king's three files, one or two ranks ahead")       \
    X(TEMPO, 1, "side to move (added after the damping of drawish endings)")

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
