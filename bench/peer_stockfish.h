/* Stockfish as a peer for perft speed: started once as a child process and
 * driven over UCI (`position fen ...`, `go perft N`), timed from sending
 * `go` to reading `Nodes searched: N`, in the same run as our generators.
 * The process handling is play/uci_client.c. */
#ifndef CHESSLAB_PEER_STOCKFISH_H
#define CHESSLAB_PEER_STOCKFISH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "play/uci_client.h"

#define STOCKFISH_DEFAULT_PATH "/usr/games/stockfish"

typedef struct PeerStockfish {
    UciClient client;
    char version[128]; /* from `id name` */
} PeerStockfish;

bool peer_stockfish_open(PeerStockfish *p, const char *path, char *err, size_t err_len);
bool peer_stockfish_perft(PeerStockfish *p, const char *fen, int depth, uint64_t *nodes, double *seconds, char *err,
                          size_t err_len);
void peer_stockfish_close(PeerStockfish *p);

#endif
