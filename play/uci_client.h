/* A UCI engine as a child process, driven over two pipes: start it, send
 * lines, read lines with a timeout, and end it (quit, then a kill if it
 * does not go). Used by the perft peer (peer_stockfish.c) and by
 * `chesslab match`.
 *
 * A crashed engine reads as end of input, a hung one as a timeout: the
 * caller never blocks longer than the timeout it gives. Writing to a dead
 * engine is an error, not a SIGPIPE (SIGPIPE is ignored once one starts).
 * The parent's pipe ends are close-on-exec, so an engine started later
 * does not hold them open; start engines from one thread at a time.
 *
 * A read can also wait on a wake descriptor (uci_client_set_wake): once
 * that is readable, reads return UCI_WOKEN at once, so a stop request
 * (cli/stop_signals.h) ends any wait on the engine. */
#ifndef CHESSLAB_UCI_CLIENT_H
#define CHESSLAB_UCI_CLIENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

enum { UCI_CLIENT_MAX_OPTIONS = 64, UCI_OPTION_NAME_MAX = 64, UCI_OPTION_VARS_MAX = 256 };

/* An option as the engine declared it after `uci`. */
typedef enum { UCI_OPTION_CHECK, UCI_OPTION_SPIN, UCI_OPTION_COMBO, UCI_OPTION_BUTTON, UCI_OPTION_STRING } UciOptionType;

typedef struct UciOptionDecl {
    char name[UCI_OPTION_NAME_MAX];
    UciOptionType type;
    long long min, max;              /* spin */
    char vars[UCI_OPTION_VARS_MAX];  /* combo: the values, each followed by '\n' */
} UciOptionDecl;

typedef struct UciClient {
    pid_t pid;                       /* -1 when not running */
    int to_child, from_child;
    int wake_fd;                     /* -1: none */
    char label[64];                  /* names the engine in messages */
    char id_name[128];               /* from `id name`, after uci_client_handshake */
    UciOptionDecl options[UCI_CLIENT_MAX_OPTIONS];
    int option_count;
    char buffer[16384];
    size_t buffered;
} UciClient;

typedef enum { UCI_LINE, UCI_TIMEOUT, UCI_EOF, UCI_WOKEN } UciRead;

/* Runs argv[0] with argv (NULL-terminated). label names the engine in
 * messages ("engine A", "stockfish"). own_group: the engine gets a process
 * group of its own, so that signals sent to ours (Ctrl-C at a terminal,
 * timeout(1), kill -- -PGID) reach only us and we stop it in order; it
 * still ends when we do, at the end of its input. False with a message
 * when the program cannot be run. */
bool uci_client_start(UciClient *c, const char *label, char *const argv[], bool own_group, char *err,
                      size_t err_len);

/* Reads also wait on fd (-1: no longer) and return UCI_WOKEN once it is
 * readable; it is never read. */
void uci_client_set_wake(UciClient *c, int fd);

/* Sends one line (the newline is added). False when the engine is gone. */
bool uci_client_send(UciClient *c, const char *line, char *err, size_t err_len);

/* The next line without its newline; waits at most timeout_ms (negative:
 * no limit), and not at all once the wake descriptor is readable (a line
 * already read comes first). Lines longer than the buffer are dropped. */
UciRead uci_client_read(UciClient *c, char *line, size_t line_len, int64_t timeout_ms);

/* Reads lines until one starts with prefix (the rest are skipped), within
 * timeout_ms for the whole wait. False with a message on timeout, end or
 * wake. */
bool uci_client_wait_for(UciClient *c, const char *prefix, char *line, size_t line_len, int64_t timeout_ms, char *err,
                         size_t err_len);

/* uci ... uciok (recording id name and the options), then isready. */
bool uci_client_handshake(UciClient *c, int64_t timeout_ms, char *err, size_t err_len);

/* The declared option of that name (case-insensitive), NULL when none. */
const UciOptionDecl *uci_client_option(const UciClient *c, const char *name);

/* Checks value against the declaration (spin range, combo value, check
 * true/false); false with a message otherwise. */
bool uci_option_value_ok(const UciOptionDecl *o, const char *value, char *err, size_t err_len);

/* Sends quit, closes the pipes and reaps the process, killing it when it
 * has not ended within grace_ms. Safe to call twice. */
void uci_client_close(UciClient *c, int64_t grace_ms);

#endif
