/* Progress of long runs on a terminal: one line on stderr, rewritten in
 * place. Only when a person watches, i.e. stdout and stderr are both
 * terminals, so that output sent to a file or a pipe is exactly what it
 * is without progress. */
#ifndef CHESSLAB_PROGRESS_H
#define CHESSLAB_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>

bool progress_wanted(void);

/* progress_wanted for a process whose output a launcher relays (rank 0
 * under mpirun: its stdout is a pty and its stderr a pipe to mpirun,
 * whatever mpirun's own output is): true when its own stdout and stderr
 * are terminals, or (Linux) its parent's are, so `mpirun ... > file` and
 * batch jobs print nothing extra. */
bool progress_wanted_relayed(void);

/* "\r<what>: done/total <unit>, nodes, Mnps, elapsed, time left" (time left
 * by the share of units done; nodes 0: left out). */
void progress_line(const char *what, int done, int total, const char *unit, uint64_t nodes, double elapsed);

/* Ends the line (call once after the last progress_line). */
void progress_end(void);

/* Erases the line, for output that goes to the terminal between updates. */
void progress_clear(void);

#endif
