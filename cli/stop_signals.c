#include "cli/stop_signals.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "core/timer.h"

/* A repeat within this many ms of the first signal is part of the same
 * burst, not a second request. */
enum { STOP_REPEAT_MS = 1000 };

static const int stop_signals[] = { SIGTERM, SIGINT, SIGHUP };
enum { STOP_SIGNAL_COUNT = sizeof stop_signals / sizeof stop_signals[0] };

/* Global because a signal handler reaches nothing else: the first signal,
 * when it came, and the pipe it makes readable (set before any handler is
 * installed, read-only after). Lock-free atomics are safe in a handler. */
_Static_assert(ATOMIC_INT_LOCK_FREE == 2 && ATOMIC_LLONG_LOCK_FREE == 2, "lock-free atomics");
static atomic_int first_signal;
static atomic_llong first_ms;
static int wake_pipe[2] = { -1, -1 };

const char *stop_signal_name(int sig)
{
    return sig == SIGTERM ? "SIGTERM" : sig == SIGINT ? "SIGINT" : sig == SIGHUP ? "SIGHUP" : "a signal";
}

/* Async-signal-safe: one write of a constant line. */
#define STOPPING(name) \
    "chesslab: " name ": stopping, writing the results so far (another signal, a second later, ends it at once)\n"
static void say_stopping(int sig)
{
    static const char term[] = STOPPING("SIGTERM"), intr[] = STOPPING("SIGINT"), hup[] = STOPPING("SIGHUP");
    const char *text = sig == SIGTERM ? term : sig == SIGINT ? intr : hup;
    ssize_t ignored = write(STDERR_FILENO, text, strlen(text));
    (void)ignored;
}

/* The default action of sig, now: it is blocked while its handler runs,
 * so it lands when the handler returns. */
static void end_by(int sig)
{
    struct sigaction dfl = { .sa_handler = SIG_DFL };
    sigemptyset(&dfl.sa_mask);
    sigaction(sig, &dfl, NULL);
    raise(sig);
}

static void on_stop_signal(int sig)
{
    int saved_errno = errno;
    long long now = timer_now_ms();
    int none = 0;
    if (atomic_compare_exchange_strong(&first_signal, &none, sig)) {
        atomic_store(&first_ms, now);
        ssize_t ignored = write(wake_pipe[1], "!", 1);
        (void)ignored;
        say_stopping(sig);
    } else {
        long long first = atomic_load(&first_ms);
        if (first != 0 && now - first >= STOP_REPEAT_MS)
            end_by(sig);
    }
    errno = saved_errno;
}

static bool ignored_at_start(int sig)
{
    struct sigaction old;
    return sigaction(sig, NULL, &old) == 0 && old.sa_handler == SIG_IGN;
}

int stop_signals_install(void)
{
    if (pipe(wake_pipe) != 0)
        return -1;
    /* Close-on-exec: engines started later must not hold it; non-blocking:
     * the handler never waits. */
    for (int i = 0; i < 2; i++)
        fcntl(wake_pipe[i], F_SETFD, FD_CLOEXEC);
    fcntl(wake_pipe[1], F_SETFL, fcntl(wake_pipe[1], F_GETFL) | O_NONBLOCK);
    struct sigaction sa = { .sa_handler = on_stop_signal, .sa_flags = SA_RESTART };
    sigemptyset(&sa.sa_mask);
    for (int i = 0; i < STOP_SIGNAL_COUNT; i++)
        sigaddset(&sa.sa_mask, stop_signals[i]);
    for (int i = 0; i < STOP_SIGNAL_COUNT; i++)
        if (stop_signals[i] == SIGTERM || !ignored_at_start(stop_signals[i]))
            sigaction(stop_signals[i], &sa, NULL);
    return wake_pipe[0];
}

int stop_signals_received(void) { return atomic_load(&first_signal); }

void stop_signals_exit(void)
{
    int sig = stop_signals_received();
    if (sig == 0)
        return;
    fflush(NULL);
    struct sigaction dfl = { .sa_handler = SIG_DFL };
    sigemptyset(&dfl.sa_mask);
    sigaction(sig, &dfl, NULL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    raise(sig);
    _exit(128 + sig); /* not reached */
}
