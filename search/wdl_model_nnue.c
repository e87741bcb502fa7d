/* The win/draw/loss model (search/wdl.h) of the network evaluation, written
 * by `chesslab tune --wdl --eval nnue`:
 * fitted to the game results of selfplay-1000+10-a.pgn (1600 games),
 * selfplay-1000+10-b.pgn (1200 games), selfplay-1000+10-c.pgn (1200 games),
 * selfplay-300+3.pgn (3000 games), selfplay-1000+10-seecm.pgn (1347 games),
 * selfplay-300+3-d.pgn (1800 games):
 * 790156 quiet positions scored by the built-in network, 2000 Adam steps,
 * held-out games (every 10th): loss 0.73082
 * (predicting the average rates: 1.09968).
 * Rerun the fit rather than editing by hand. */
#include "search/wdl.h"

const WdlModel wdl_model_nnue = { .a0 = 184.55, .a1 = -94.51, .b0 = 69.99, .b1 = 109.95 };
