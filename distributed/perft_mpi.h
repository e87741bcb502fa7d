/* Distributed perft over MPI. Rank 0 expands the root into work units
 * (work_units.h) and serves them from a queue: every other rank asks for a
 * unit, counts it with the OpenMP driver (perft_parallel) and its own hash
 * table, sends the count back with its next request, and so on until the
 * queue is empty, so ranks of any speed stay busy. Rank 0 also counts units
 * on a thread of its own while its main thread serves the queue; with one
 * rank it simply counts everything. Counts are multiplied by the units'
 * multiplicities and summed in 128 bits on rank 0. Finished units go to the
 * checkpoint (checkpoint.h) as they arrive.
 *
 * Messages carry Setups as bytes: every rank must run the same chesslab
 * build (the usual case on a cluster; MPI does no conversion here).
 *
 * Failure: MPI_ERRORS_RETURN is set on the communicator and every call is
 * checked. With Debian's OpenMPI 4.1, though, a rank that dies makes mpirun
 * end the whole job (its default) before the others see any error: rank 0
 * then receives SIGTERM, says so on stderr and exits; the checkpoint,
 * flushed after every unit, keeps what finished. A rank that hangs is caught
 * by --rank-timeout on rank 0, which then aborts the job. */
#ifndef CHESSLAB_DIST_PERFT_MPI_H
#define CHESSLAB_DIST_PERFT_MPI_H

#include <stdbool.h>
#include <stdint.h>

#include "core/movegen.h"
#include "core/topology.h"
#include "distributed/work_units.h"

typedef struct MpiPerftJob {
    const MoveGen *gen;
    Setup root;
    int depth, split;          /* 0 <= split <= depth */
    PerftMode mode;
    int threads;               /* OpenMP threads per rank */
    size_t hash_mb;            /* table per rank, 0: none */
    BindPolicy bind;
    Topology *topology;        /* needed when bind != BIND_NONE */
    const char *checkpoint;    /* NULL: none */
    bool verify_keys;          /* second pass with another Zobrist seed */
    double rank_timeout;       /* seconds a rank may hold a unit; 0: no limit */
    bool progress;             /* rank 0: units done, nodes, rate, time left on stderr */
    /* Rank 0: a reason to refuse the job before any unit is counted, e.g.
     * a result file that cannot be written; the run ends as for a refused
     * checkpoint (status 2, this message). NULL: none. */
    const char *refusal;
    /* Test hooks (0: off): rank 0 exits abruptly right after recording its
     * stop_after-th unit, as if killed; rank die_rank (>= 1) kills itself
     * with SIGKILL after die_after finished units. */
    uint64_t test_stop_after;
    int test_die_rank;
    uint64_t test_die_after;
} MpiPerftJob;

typedef struct RankStats {
    uint64_t units, nodes;     /* units counted and their leaf counts */
    double busy, idle;         /* seconds counting, seconds not */
} RankStats;

typedef struct MpiPerftResult {
    int ranks, passes;
    PerftTotal total[2];       /* per pass */
    uint64_t units, paths, key_collisions, resumed;
    double seconds, expand_seconds;
    RankStats *stats;          /* `ranks` entries (rank 0: its counting thread) */
    bool torn_tail;            /* the checkpoint's torn last line was dropped */
    uint64_t first_difference; /* unit whose counts differ between passes, UINT64_MAX: none */
    uint64_t seeds[2];
} MpiPerftResult;

/* MPI_Init_thread (funneled: only the main thread of a rank calls MPI).
 * Returns false with a message when MPI cannot start. */
bool perft_mpi_init(int *argc, char ***argv, int *rank, int *size, char *err, size_t err_len);
void perft_mpi_finalize(void);

/* Collective over MPI_COMM_WORLD. Returns the exit status: 0 done (rank 0
 * fills out; free with perft_mpi_result_free), 1 failure, 2 refused input
 * (a checkpoint of another job, a corrupt one, job->refusal); on rank 0 err
 * says why. */
int perft_mpi_run(const MpiPerftJob *job, MpiPerftResult *out, char *err, size_t err_len);
void perft_mpi_result_free(MpiPerftResult *out);

#endif
