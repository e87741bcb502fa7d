/* A win/draw/loss model: from a score in centipawns and the game phase,
 * how often the side with that score wins, draws and loses. It backs the
 * UCI option UCI_ShowWDL (`info ... wdl W D L`, in permille).
 *
 *   P(win)  = sigmoid((score - a) / b)
 *   P(loss) = sigmoid((-score - a) / b)
 *   P(draw) = 1 - P(win) - P(loss)
 *   a = a0 + a1 * phase / 24,  b = b0 + b1 * phase / 24
 *
 * with sigmoid(x) = 1 / (1 + e^-x). a is the score at which a win becomes
 * as likely as not, b how sharply; both may change with the material left
 * (phase 24: every piece, 0: pawns and kings). P(draw) is positive whenever
 * a > 0. The parameters are fitted by `chesslab tune --wdl` (tune/wdl_fit.h)
 * to this engine's own games, once per evaluation, since the same chances
 * come at different scores in each: the linear evaluation's model in
 * search/wdl_model.c, the network's (fitted to the built-in one's scores)
 * in search/wdl_model_nnue.c. */
#ifndef CHESSLAB_SEARCH_WDL_H
#define CHESSLAB_SEARCH_WDL_H

typedef struct WdlModel {
    double a0, a1; /* centipawns */
    double b0, b1; /* centipawns */
} WdlModel;

/* The fitted models: the linear evaluation's (search/wdl_model.c) and the
 * network's (search/wdl_model_nnue.c). */
extern const WdlModel wdl_model;
extern const WdlModel wdl_model_nnue;

/* Probabilities of a win, a draw and a loss for the side whose score it is. */
void wdl_probabilities(const WdlModel *m, double score, int phase, double p[3]);

/* The same in permille, rounded so the three sum to 1000; a mate score
 * (search/score.h) is a certain win or loss. */
void wdl_permille(const WdlModel *m, int score, int phase, int out[3]);

#endif
