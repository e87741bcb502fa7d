/* Stopping a long command in order on a signal (chesslab match): the first
 * SIGTERM, SIGINT or SIGHUP makes a pipe readable, and the command, which
 * polls that pipe along with whatever it waits on, stops what is under way
 * and finishes as a finished run does (its summary, its files). One line
 * on stderr says so at once.
 *
 * SIGTERM is always handled. SIGINT and SIGHUP are handled only when they
 * were not ignored at start: a shell ignores SIGINT in the background jobs
 * of a script, and nohup ignores SIGHUP, on purpose, and a program should
 * leave an ignored signal ignored (POSIX, and the shells' own rule).
 *
 * A second signal, a second or more after the first, ends the process at
 * once by that signal. The same signal sent twice in a burst counts once:
 * timeout(1) sends its signal to the command and then to its whole process
 * group, the command included. */
#ifndef CHESSLAB_CLI_STOP_SIGNALS_H
#define CHESSLAB_CLI_STOP_SIGNALS_H

/* Installs the handlers. The read end of the pipe (never read: it stays
 * readable once a signal came), or -1 with errno when no pipe could be
 * made. Once per process. */
int stop_signals_install(void);

/* The first signal received, 0 while none. */
int stop_signals_received(void);

/* "SIGTERM", "SIGINT", "SIGHUP". */
const char *stop_signal_name(int sig);

/* When a signal was received: flushes stdio and ends the process by that
 * signal with its default action, as if the signal had ended it, so that a
 * shell reports 128 + N (130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP)
 * and a script stops at Ctrl-C. Returns when none was received. */
void stop_signals_exit(void);

#endif
