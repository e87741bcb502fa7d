#include "bench/peer_stockfish.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/timer.h"

enum { PEER_TIMEOUT_MS = 30 * 60 * 1000 }; /* a deep perft may take minutes */

bool peer_stockfish_open(PeerStockfish *p, const char *path, char *err, size_t err_len)
{
    memset(p, 0, sizeof *p);
    p->client.pid = -1;
    if (access(path, X_OK) != 0) {
        snprintf(err, err_len, "stockfish not found at %s (Debian: apt-get install stockfish)", path);
        return false;
    }
    char *argv[] = { (char *)path, NULL };
    if (!uci_client_start(&p->client, "stockfish", argv, false, err, err_len))
        return false;
    if (!uci_client_handshake(&p->client, PEER_TIMEOUT_MS, err, err_len)) {
        uci_client_close(&p->client, 1000);
        return false;
    }
    snprintf(p->version, sizeof p->version, "%s", p->client.id_name);
    return true;
}

bool peer_stockfish_perft(PeerStockfish *p, const char *fen, int depth, uint64_t *nodes, double *seconds, char *err,
                          size_t err_len)
{
    char command[256], line[1024];
    snprintf(command, sizeof command, "position fen %s", fen);
    if (!uci_client_send(&p->client, command, err, err_len) || !uci_client_send(&p->client, "isready", err, err_len) ||
        !uci_client_wait_for(&p->client, "readyok", line, sizeof line, PEER_TIMEOUT_MS, err, err_len))
        return false;
    snprintf(command, sizeof command, "go perft %d", depth);
    double start = timer_seconds();
    if (!uci_client_send(&p->client, command, err, err_len) ||
        !uci_client_wait_for(&p->client, "Nodes searched:", line, sizeof line, PEER_TIMEOUT_MS, err, err_len))
        return false;
    *seconds = timer_seconds() - start;
    *nodes = strtoull(line + strlen("Nodes searched:"), NULL, 10);
    return true;
}

void peer_stockfish_close(PeerStockfish *p) { uci_client_close(&p->client, 5000); }
