#include "peer_stockfish.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/timer.h"

enum { PEER_TIMEOUT_MS = 30 * 60 * 1000 }; /* a deep perft may take minutes */

static bool send_line(PeerStockfish *p, const char *line, char *err, size_t err_len)
{
    size_t len = strlen(line);
    while (len > 0) {
        ssize_t n = write(p->to_child, line, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            snprintf(err, err_len, "stockfish: write failed");
            return false;
        }
        line += n;
        len -= (size_t)n;
    }
    return true;
}

/* Reads one line (without the newline) into out; false on EOF or timeout. */
static bool read_line(PeerStockfish *p, char *out, size_t out_len, char *err, size_t err_len)
{
    for (;;) {
        char *newline = memchr(p->buffer, '\n', p->buffered);
        if (newline) {
            size_t len = (size_t)(newline - p->buffer);
            snprintf(out, out_len, "%.*s", (int)len, p->buffer);
            memmove(p->buffer, newline + 1, p->buffered - len - 1);
            p->buffered -= len + 1;
            return true;
        }
        if (p->buffered == sizeof p->buffer) /* overlong line: drop it */
            p->buffered = 0;
        struct pollfd pfd = { p->from_child, POLLIN, 0 };
        int ready = poll(&pfd, 1, PEER_TIMEOUT_MS);
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready <= 0) {
            snprintf(err, err_len, "stockfish: no answer within %d s", PEER_TIMEOUT_MS / 1000);
            return false;
        }
        ssize_t n = read(p->from_child, p->buffer + p->buffered, sizeof p->buffer - p->buffered);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            snprintf(err, err_len, "stockfish: the process ended");
            return false;
        }
        p->buffered += (size_t)n;
    }
}

static bool wait_for(PeerStockfish *p, const char *prefix, char *line, size_t line_len, char *err, size_t err_len)
{
    while (read_line(p, line, line_len, err, err_len))
        if (strncmp(line, prefix, strlen(prefix)) == 0)
            return true;
    return false;
}

bool peer_stockfish_open(PeerStockfish *p, const char *path, char *err, size_t err_len)
{
    memset(p, 0, sizeof *p);
    p->pid = -1;
    if (access(path, X_OK) != 0) {
        snprintf(err, err_len, "stockfish not found at %s (Debian: apt-get install stockfish)", path);
        return false;
    }
    int in[2], out[2];
    if (pipe(in) != 0 || pipe(out) != 0) {
        snprintf(err, err_len, "stockfish: pipe failed");
        return false;
    }
    p->pid = fork();
    if (p->pid < 0) {
        snprintf(err, err_len, "stockfish: fork failed");
        return false;
    }
    if (p->pid == 0) {
        dup2(in[0], STDIN_FILENO);
        dup2(out[1], STDOUT_FILENO);
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        execl(path, path, (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    p->to_child = in[1];
    p->from_child = out[0];
    signal(SIGPIPE, SIG_IGN); /* a dead peer must give an error, not kill us */
    char line[1024];
    if (!send_line(p, "uci\n", err, err_len))
        return false;
    while (read_line(p, line, sizeof line, err, err_len)) {
        if (strncmp(line, "id name ", 8) == 0)
            snprintf(p->version, sizeof p->version, "%.*s", (int)sizeof p->version - 1, line + 8);
        if (strcmp(line, "uciok") == 0)
            return send_line(p, "isready\n", err, err_len) &&
                   wait_for(p, "readyok", line, sizeof line, err, err_len);
    }
    return false;
}

bool peer_stockfish_perft(PeerStockfish *p, const char *fen, int depth, uint64_t *nodes, double *seconds, char *err,
                          size_t err_len)
{
    char command[256], line[1024];
    snprintf(command, sizeof command, "position fen %s\nisready\n", fen);
    if (!send_line(p, command, err, err_len) || !wait_for(p, "readyok", line, sizeof line, err, err_len))
        return false;
    snprintf(command, sizeof command, "go perft %d\n", depth);
    double start = timer_seconds();
    if (!send_line(p, command, err, err_len) || !wait_for(p, "Nodes searched:", line, sizeof line, err, err_len))
        return false;
    *seconds = timer_seconds() - start;
    *nodes = strtoull(line + strlen("Nodes searched:"), NULL, 10);
    return true;
}

void peer_stockfish_close(PeerStockfish *p)
{
    if (p->pid <= 0)
        return;
    char err[64];
    send_line(p, "quit\n", err, sizeof err);
    close(p->to_child);
    close(p->from_child);
    waitpid(p->pid, NULL, 0);
    p->pid = -1;
}
