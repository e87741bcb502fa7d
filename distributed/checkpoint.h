/* Checkpoint file of a distributed perft: a text header naming the job,
 * then one line per finished unit, appended and flushed as units finish.
 *
 *     chesslab-perft-checkpoint 1
 *     fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
 *     depth 7
 *     split 3
 *     units 5362
 *     list 1f0c2a9d3b4e5f60        (work_units_hash: generator-independent)
 *     passes 2                     (2 with --verify-keys)
 *     seeds 0000636865737362 9e37...  (Zobrist seed of each pass)
 *     records
 *     u PASS INDEX COUNT CHECK     (CHECK: 16 hex digits over the job and
 *                                   the three numbers)
 *
 * Resuming reads the file and refuses, with a message saying why, a file
 * that is not a checkpoint, whose header names another job (position,
 * depth, split, unit list, passes or seeds), or that holds a damaged line:
 * a record that does not parse, fails its check, names a unit outside the
 * list, or repeats a unit with another count. Records are written with one
 * write each, so a kill can tear only the last line: an unterminated last
 * line is dropped (and cut from the file before appending) and its unit is
 * simply computed again; `torn_tail` says it happened. */
#ifndef CHESSLAB_DIST_CHECKPOINT_H
#define CHESSLAB_DIST_CHECKPOINT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "core/setup.h"

enum { CHECKPOINT_MAX_PASSES = 2 };
#define CHECKPOINT_NOT_DONE UINT64_MAX

typedef struct CheckpointJob {
    char fen[FEN_MAX];
    int depth, split;
    uint64_t units, list_hash;
    int passes;                            /* 1 or 2 */
    uint64_t seeds[CHECKPOINT_MAX_PASSES];
} CheckpointJob;

typedef struct Checkpoint {
    FILE *file;
    CheckpointJob job;
    /* Per pass, per unit: the recorded count or CHECKPOINT_NOT_DONE. */
    uint64_t *counts[CHECKPOINT_MAX_PASSES];
    uint64_t done[CHECKPOINT_MAX_PASSES];  /* units recorded per pass */
    bool torn_tail;                        /* an unterminated last line was dropped */
    double last_sync;
} Checkpoint;

/* Opens path for the job: an existing non-empty file is read and checked
 * (see above), a missing or empty one gets the header. Returns false with
 * the reason in err. */
bool checkpoint_open(Checkpoint *cp, const char *path, const CheckpointJob *job, char *err, size_t err_len);

/* Appends a finished unit and flushes it to the OS (fsync at most once a
 * second: a kill loses nothing, a power cut at most a second). */
bool checkpoint_record(Checkpoint *cp, int pass, uint64_t index, uint64_t count, char *err, size_t err_len);

/* Syncs and closes; safe on a zeroed or closed checkpoint. */
void checkpoint_close(Checkpoint *cp);

#endif
