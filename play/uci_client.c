#include "play/uci_client.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/timer.h"

static void close_on_exec(int fd) { fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC); }

bool uci_client_start(UciClient *c, const char *label, char *const argv[], bool own_group, char *err,
                      size_t err_len)
{
    memset(c, 0, sizeof *c);
    c->pid = -1;
    c->to_child = c->from_child = c->wake_fd = -1;
    snprintf(c->label, sizeof c->label, "%s", label);
    if (access(argv[0], X_OK) != 0) {
        snprintf(err, err_len, "%s: cannot run '%s'", label, argv[0]);
        return false;
    }
    int in[2], out[2];
    if (pipe(in) != 0) {
        snprintf(err, err_len, "%s: pipe failed", label);
        return false;
    }
    if (pipe(out) != 0) {
        close(in[0]), close(in[1]);
        snprintf(err, err_len, "%s: pipe failed", label);
        return false;
    }
    signal(SIGPIPE, SIG_IGN); /* a dead engine must give an error, not kill us */
    pid_t pid = fork();
    if (pid < 0) {
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        snprintf(err, err_len, "%s: fork failed", label);
        return false;
    }
    if (pid == 0) {
        if (own_group)
            setpgid(0, 0);
        dup2(in[0], STDIN_FILENO);
        dup2(out[1], STDOUT_FILENO);
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        execv(argv[0], argv);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    close_on_exec(in[1]);
    close_on_exec(out[0]);
    c->pid = pid;
    c->to_child = in[1];
    c->from_child = out[0];
    return true;
}

void uci_client_set_wake(UciClient *c, int fd) { c->wake_fd = fd; }

static bool write_all(int fd, const char *p, size_t len)
{
    while (len > 0) {
        ssize_t n = fd >= 0 ? write(fd, p, len) : -1;
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        p += n;
        len -= (size_t)n;
    }
    return true;
}

bool uci_client_send(UciClient *c, const char *line, char *err, size_t err_len)
{
    if (write_all(c->to_child, line, strlen(line)) && write_all(c->to_child, "\n", 1))
        return true;
    snprintf(err, err_len, "%s: the engine is gone (write failed)", c->label);
    return false;
}

UciRead uci_client_read(UciClient *c, char *line, size_t line_len, int64_t timeout_ms)
{
    int64_t deadline = timeout_ms < 0 ? -1 : timer_now_ms() + timeout_ms;
    for (;;) {
        char *newline = memchr(c->buffer, '\n', c->buffered);
        if (newline) {
            size_t len = (size_t)(newline - c->buffer);
            if (len > 0 && c->buffer[len - 1] == '\r')
                len--;
            snprintf(line, line_len, "%.*s", (int)len, c->buffer);
            size_t used = (size_t)(newline - c->buffer) + 1;
            memmove(c->buffer, c->buffer + used, c->buffered - used);
            c->buffered -= used;
            return UCI_LINE;
        }
        if (c->buffered == sizeof c->buffer) /* an overlong line: drop it */
            c->buffered = 0;
        if (c->from_child < 0)
            return UCI_EOF;
        int wait = -1;
        if (deadline >= 0) {
            int64_t left = deadline - timer_now_ms();
            if (left <= 0)
                return UCI_TIMEOUT;
            wait = left > 1000000 ? 1000000 : (int)left;
        }
        /* poll skips a negative descriptor: with no wake, only the engine. */
        struct pollfd pfd[2] = { { c->from_child, POLLIN, 0 }, { c->wake_fd, POLLIN, 0 } };
        int ready = poll(pfd, 2, wait);
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready < 0)
            return UCI_EOF;
        if (pfd[1].revents != 0)
            return UCI_WOKEN;
        if (ready == 0)
            continue; /* the deadline check above decides */
        ssize_t n = read(c->from_child, c->buffer + c->buffered, sizeof c->buffer - c->buffered);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return UCI_EOF;
        c->buffered += (size_t)n;
    }
}

bool uci_client_wait_for(UciClient *c, const char *prefix, char *line, size_t line_len, int64_t timeout_ms, char *err,
                         size_t err_len)
{
    int64_t deadline = timeout_ms < 0 ? -1 : timer_now_ms() + timeout_ms;
    size_t prefix_len = strlen(prefix);
    for (;;) {
        int64_t left = deadline < 0 ? -1 : deadline - timer_now_ms();
        UciRead got = uci_client_read(c, line, line_len, left < 0 && deadline >= 0 ? 0 : left);
        if (got == UCI_LINE && strncmp(line, prefix, prefix_len) == 0)
            return true;
        if (got == UCI_TIMEOUT) {
            snprintf(err, err_len, "%s: no '%s' within %lld ms", c->label, prefix, (long long)timeout_ms);
            return false;
        }
        if (got == UCI_EOF) {
            snprintf(err, err_len, "%s: the engine ended (crashed?) while we waited for '%s'", c->label, prefix);
            return false;
        }
        if (got == UCI_WOKEN) {
            snprintf(err, err_len, "%s: stopped while we waited for '%s'", c->label, prefix);
            return false;
        }
    }
}

/* "option name Move Overhead type spin default 30 min 0 max 5000". */
static void parse_option(UciClient *c, const char *text)
{
    if (c->option_count == UCI_CLIENT_MAX_OPTIONS)
        return;
    const char *name = text + strlen("option name ");
    const char *type = strstr(name, " type ");
    if (type == NULL)
        return;
    UciOptionDecl *o = &c->options[c->option_count];
    memset(o, 0, sizeof *o);
    snprintf(o->name, sizeof o->name, "%.*s", (int)(type - name), name);
    type += strlen(" type ");
    static const struct {
        const char *word;
        UciOptionType type;
    } types[] = { { "check", UCI_OPTION_CHECK }, { "spin", UCI_OPTION_SPIN }, { "combo", UCI_OPTION_COMBO },
                  { "button", UCI_OPTION_BUTTON }, { "string", UCI_OPTION_STRING } };
    bool known = false;
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
        size_t len = strlen(types[i].word);
        if (strncmp(type, types[i].word, len) == 0 && (type[len] == ' ' || type[len] == '\0')) {
            o->type = types[i].type;
            known = true;
        }
    }
    if (!known)
        return;
    o->min = -(1LL << 62);
    o->max = 1LL << 62;
    const char *min = strstr(type, " min "), *max = strstr(type, " max ");
    if (min)
        o->min = strtoll(min + 5, NULL, 10);
    if (max)
        o->max = strtoll(max + 5, NULL, 10);
    size_t used = 0;
    for (const char *v = strstr(type, " var "); v; v = strstr(v + 1, " var ")) {
        const char *value = v + 5, *end = strstr(value, " var ");
        size_t len = end ? (size_t)(end - value) : strlen(value);
        if (used + len + 2 > sizeof o->vars)
            break;
        memcpy(o->vars + used, value, len);
        used += len;
        o->vars[used++] = '\n';
        o->vars[used] = '\0';
    }
    c->option_count++;
}

bool uci_client_handshake(UciClient *c, int64_t timeout_ms, char *err, size_t err_len)
{
    if (!uci_client_send(c, "uci", err, err_len))
        return false;
    int64_t deadline = timer_now_ms() + timeout_ms;
    char line[4096];
    for (;;) {
        int64_t left = deadline - timer_now_ms();
        UciRead got = uci_client_read(c, line, sizeof line, left > 0 ? left : 0);
        if (got == UCI_TIMEOUT) {
            snprintf(err, err_len, "%s: no 'uciok' within %lld ms", c->label, (long long)timeout_ms);
            return false;
        }
        if (got == UCI_EOF) {
            snprintf(err, err_len, "%s: the engine ended before 'uciok'", c->label);
            return false;
        }
        if (got == UCI_WOKEN) {
            snprintf(err, err_len, "%s: stopped before 'uciok'", c->label);
            return false;
        }
        if (strncmp(line, "id name ", 8) == 0)
            snprintf(c->id_name, sizeof c->id_name, "%.*s", (int)sizeof c->id_name - 1, line + 8);
        else if (strncmp(line, "option name ", 12) == 0)
            parse_option(c, line);
        else if (strcmp(line, "uciok") == 0)
            break;
    }
    int64_t left = deadline - timer_now_ms();
    return uci_client_send(c, "isready", err, err_len) &&
           uci_client_wait_for(c, "readyok", line, sizeof line, left > 0 ? left : 0, err, err_len);
}

const UciOptionDecl *uci_client_option(const UciClient *c, const char *name)
{
    for (int i = 0; i < c->option_count; i++)
        if (strcasecmp(c->options[i].name, name) == 0)
            return &c->options[i];
    return NULL;
}

bool uci_option_value_ok(const UciOptionDecl *o, const char *value, char *err, size_t err_len)
{
    switch (o->type) {
    case UCI_OPTION_CHECK:
        if (strcasecmp(value, "true") == 0 || strcasecmp(value, "false") == 0)
            return true;
        snprintf(err, err_len, "option %s is true or false, not '%s'", o->name, value);
        return false;
    case UCI_OPTION_SPIN: {
        char *end;
        errno = 0;
        long long v = strtoll(value, &end, 10);
        if (end != value && *end == '\0' && errno == 0 && v >= o->min && v <= o->max)
            return true;
        snprintf(err, err_len, "option %s '%s' is not an integer in %lld..%lld", o->name, value, o->min, o->max);
        return false;
    }
    case UCI_OPTION_COMBO: {
        char vars[UCI_OPTION_VARS_MAX], list[UCI_OPTION_VARS_MAX];
        snprintf(vars, sizeof vars, "%s", o->vars);
        list[0] = '\0';
        for (char *save = NULL, *v = strtok_r(vars, "\n", &save); v; v = strtok_r(NULL, "\n", &save)) {
            if (strcasecmp(v, value) == 0)
                return true;
            size_t used = strlen(list);
            snprintf(list + used, sizeof list - used, "%s%s", used ? ", " : "", v);
        }
        snprintf(err, err_len, "option %s is one of %s, not '%s'", o->name, list, value);
        return false;
    }
    case UCI_OPTION_BUTTON:
        if (value[0] == '\0')
            return true;
        snprintf(err, err_len, "option %s is a button: it takes no value", o->name);
        return false;
    case UCI_OPTION_STRING:
        return true;
    }
    return true;
}

void uci_client_close(UciClient *c, int64_t grace_ms)
{
    if (c->pid <= 0)
        return;
    char err[128];
    if (c->to_child >= 0) {
        uci_client_send(c, "quit", err, sizeof err);
        close(c->to_child);
        c->to_child = -1;
    }
    if (c->from_child >= 0) {
        close(c->from_child);
        c->from_child = -1;
    }
    int64_t deadline = timer_now_ms() + grace_ms;
    while (waitpid(c->pid, NULL, WNOHANG) == 0) {
        if (timer_now_ms() >= deadline) {
            kill(c->pid, SIGKILL);
            waitpid(c->pid, NULL, 0);
            break;
        }
        struct timespec pause = { 0, 5 * 1000 * 1000 };
        nanosleep(&pause, NULL);
    }
    c->pid = -1;
}
