#include "distributed/perft_mpi.h"

#include <inttypes.h>
#include <mpi.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "distributed/checkpoint.h"
#include "core/perft_parallel.h"
#include "core/perft_tt.h"
#include "core/progress.h"
#include "core/timer.h"
#include "core/zobrist.h"

enum { TAG_RESULT = 1, TAG_WORK = 2, TAG_STOP = 3 };
#define NO_UNIT UINT64_MAX
/* The --verify-keys pass: any seed other than the default will do. */
#define SECOND_SEED (ZOBRIST_DEFAULT_SEED ^ 0x9e3779b97f4a7c15ull)
/* Pass commands broadcast by rank 0: 1..2 run that pass, 0 all done,
 * CMD_FAILED + status stop with that exit status. */
enum { CMD_DONE = 0, CMD_FAILED = 100 };
/* Requests each worker keeps in flight. Every request gets one reply; after
 * a unit the worker sends its count with a new request, after a stop it
 * sends nothing, so each worker receives exactly this many stops. */
enum { REQUESTS_IN_FLIGHT = 2 };

/* A worker's request, carrying the unit it just finished (NO_UNIT on its
 * first request of a pass) and its busy time so far. */
typedef struct ResultMsg {
    uint64_t index, count, busy_us;
} ResultMsg;

typedef struct WorkMsg {
    uint64_t index;
    Setup setup;
} WorkMsg;

/* ---- counting one unit (every rank) ---- */

typedef struct Counter {
    const MpiPerftJob *job;
    void *board;
    PerftTT tt;
    bool has_tt;
    RankStats stats;
} Counter;

/* A fresh table for each pass: the keys change with the seed. */
static bool counter_new_pass(Counter *c)
{
    perft_tt_free(&c->tt);
    c->has_tt = c->job->hash_mb > 0 && c->job->depth - c->job->split >= PERFT_TT_MIN_DEPTH;
    return !c->has_tt || perft_tt_init(&c->tt, c->job->hash_mb);
}

static bool count_unit(Counter *c, const Setup *s, uint64_t *count, char *err, size_t err_len)
{
    const MpiPerftJob *job = c->job;
    int below = job->depth - job->split;
    double start = timer_seconds();
    if (below == 0) {
        *count = 1;
    } else {
        job->gen->load(c->board, s);
        if (job->threads == 1 && !c->has_tt) {
            *count = job->gen->perft(c->board, below, job->mode);
        } else {
            /* hash_mb 0 without the rank's table: never a table per unit. */
            PerftJob pj = { job->gen, c->board, below, job->mode, job->threads, c->has_tt ? job->hash_mb : 0,
                            job->bind, job->topology, false };
            PerftOutcome out;
            if (!perft_parallel_with_table(&pj, c->has_tt ? &c->tt : NULL, &out, err, err_len))
                return false;
            *count = out.nodes;
            perft_outcome_free(&out);
        }
    }
    c->stats.busy += timer_seconds() - start;
    c->stats.units++;
    c->stats.nodes += *count;
    return true;
}

/* ---- MPI helpers ---- */

/* Waits for a request by polling with short sleeps: OpenMPI's blocking
 * calls spin a core at 100%, which would take it from the counting threads
 * (on rank 0's node above all). */
static int wait_for(MPI_Request *request, MPI_Status *status)
{
    const struct timespec pause = { 0, 100000 };
    for (;;) {
        int done = 0, rc = MPI_Test(request, &done, status);
        if (rc != MPI_SUCCESS || done)
            return rc;
        nanosleep(&pause, NULL);
    }
}

static void mpi_failure(const char *what, int rc, char *err, size_t err_len)
{
    char text[MPI_MAX_ERROR_STRING];
    int len = 0;
    MPI_Error_string(rc, text, &len);
    snprintf(err, err_len, "MPI error while %s: %.150s", what, text);
}

static int broadcast_command(uint64_t cmd[2], char *err, size_t err_len)
{
    MPI_Request request;
    int rc = MPI_Ibcast(cmd, 2, MPI_UINT64_T, 0, MPI_COMM_WORLD, &request);
    if (rc == MPI_SUCCESS)
        rc = wait_for(&request, MPI_STATUS_IGNORE);
    if (rc != MPI_SUCCESS)
        mpi_failure("broadcasting the next pass", rc, err, err_len);
    return rc;
}

/* ---- rank 0 ---- */

typedef struct Master {
    const MpiPerftJob *job;
    int size, pass;
    const WorkUnitList *list;
    uint64_t *counts;        /* this pass, per unit; the checkpoint's array when there is one */
    Checkpoint *checkpoint;  /* NULL without --checkpoint */
    uint8_t *taken;          /* per unit: handed out in this run */
    uint64_t next, recorded;
    uint64_t *held;          /* per rank: units handed out and not yet returned */
    double *held_since;      /* per rank: when rank 0 last heard from it */
    RankStats *stats;
    Counter *counter;        /* rank 0's own */
    uint64_t resumed;        /* this pass: units the checkpoint had at its start */
    uint64_t done, done_nodes; /* this pass: units counted in this run, their leaves */
    double pass_start, shown; /* progress: when the pass began, when last shown */
    pthread_mutex_t lock;    /* guards everything above that changes */
    bool failed;
    char err[256];
} Master;

static bool take_unit(Master *m, uint64_t *index)
{
    while (m->next < m->list->count && (m->counts[m->next] != CHECKPOINT_NOT_DONE || m->taken[m->next]))
        m->next++;
    if (m->failed || m->next == m->list->count)
        return false;
    m->taken[m->next] = 1;
    *index = m->next++;
    return true;
}

static void record(Master *m, int rank, uint64_t index, uint64_t count)
{
    if (m->checkpoint) {
        if (!checkpoint_record(m->checkpoint, m->pass, index, count, m->err, sizeof m->err))
            m->failed = true;
    } else {
        m->counts[index] = count;
    }
    m->stats[rank].units++;
    m->stats[rank].nodes += count;
    m->done++;
    m->done_nodes += count;
    if (m->job->test_stop_after && ++m->recorded == m->job->test_stop_after) {
        fprintf(stderr, "chesslab perft: test hook: rank 0 stops after %" PRIu64 " units\n", m->recorded);
        _exit(3); /* as abrupt as a kill: no clean-up, the checkpoint as it stands */
    }
}

static void *local_counting(void *arg)
{
    Master *m = arg;
    for (;;) {
        uint64_t index, count;
        pthread_mutex_lock(&m->lock);
        bool got = take_unit(m, &index);
        pthread_mutex_unlock(&m->lock);
        if (!got)
            return NULL;
        char err[256];
        bool ok = count_unit(m->counter, &m->list->units[index].setup, &count, err, sizeof err);
        pthread_mutex_lock(&m->lock);
        if (ok) {
            record(m, 0, index, count);
        } else {
            m->failed = true;
            snprintf(m->err, sizeof m->err, "rank 0: %.200s", err);
        }
        pthread_mutex_unlock(&m->lock);
    }
}

/* Units already in the checkpoint are not in the figures: the rate and the
 * time left are those of this run's counting. Called with the lock held. */
static void show_progress(Master *m, bool last)
{
    double now = timer_seconds();
    if (!m->job->progress || (!last && now - m->shown < 0.5))
        return;
    m->shown = now;
    char what[32];
    snprintf(what, sizeof what, m->job->verify_keys ? "perft --mpi pass %d/2" : "perft --mpi", m->pass);
    progress_line(what, (int)m->done, (int)(m->list->count - m->resumed), "units", m->done_nodes,
                  now - m->pass_start);
    if (last)
        progress_end();
}

static bool check_timeouts(Master *m)
{
    double now = timer_seconds();
    for (int r = 1; r < m->size; r++)
        if (m->job->rank_timeout > 0 && m->held[r] > 0 && now - m->held_since[r] > m->job->rank_timeout) {
            snprintf(m->err, sizeof m->err, "rank %d has not returned a unit within %.0f s (--rank-timeout)", r,
                     m->job->rank_timeout);
            return false;
        }
    return true;
}

/* Serves the queue of one pass until every worker has been told to stop;
 * rank 0's counting thread runs meanwhile. On a failure the job is aborted
 * here: the other ranks may be anywhere, and the checkpoint already holds
 * every finished unit. */
static void serve(Master *m)
{
    pthread_t thread;
    if (pthread_create(&thread, NULL, local_counting, m) != 0) {
        fprintf(stderr, "chesslab perft: cannot start rank 0's counting thread\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    const struct timespec pause = { 0, 100000 };
    int active = (m->size - 1) * REQUESTS_IN_FLIGHT; /* stops still to send */
    while (active > 0) {
        int flag = 0, rc;
        MPI_Status status;
        rc = MPI_Iprobe(MPI_ANY_SOURCE, TAG_RESULT, MPI_COMM_WORLD, &flag, &status);
        pthread_mutex_lock(&m->lock);
        if (rc != MPI_SUCCESS)
            mpi_failure("waiting for requests", rc, m->err, sizeof m->err), m->failed = true;
        else if (!flag && !check_timeouts(m))
            m->failed = true;
        if (m->failed) {
            fprintf(stderr, "chesslab perft: %s; stopping the run (the checkpoint keeps the finished units)\n",
                    m->err);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        show_progress(m, false);
        pthread_mutex_unlock(&m->lock);
        if (!flag) {
            nanosleep(&pause, NULL);
            continue;
        }
        int src = status.MPI_SOURCE;
        ResultMsg r;
        rc = MPI_Recv(&r, 3, MPI_UINT64_T, src, TAG_RESULT, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        WorkMsg work;
        pthread_mutex_lock(&m->lock);
        if (rc != MPI_SUCCESS) {
            mpi_failure("receiving a result", rc, m->err, sizeof m->err), m->failed = true;
        } else if (r.index != NO_UNIT && (r.index >= m->list->count || !m->taken[r.index] || m->held[src] == 0 ||
                                          m->counts[r.index] != CHECKPOINT_NOT_DONE)) {
            snprintf(m->err, sizeof m->err, "rank %d sent a count for unit %" PRIu64 ", which it was not given", src,
                     r.index);
            m->failed = true;
        } else {
            if (r.index != NO_UNIT) {
                record(m, src, r.index, r.count);
                m->held[src]--;
            }
            m->stats[src].busy = (double)r.busy_us / 1e6;
        }
        bool got = take_unit(m, &work.index);
        m->held[src] += got;
        m->held_since[src] = timer_seconds();
        pthread_mutex_unlock(&m->lock);
        if (got) {
            work.setup = m->list->units[work.index].setup;
            rc = MPI_Send(&work, (int)sizeof work, MPI_BYTE, src, TAG_WORK, MPI_COMM_WORLD);
        } else {
            rc = MPI_Send(NULL, 0, MPI_BYTE, src, TAG_STOP, MPI_COMM_WORLD);
            active--;
        }
        if (rc != MPI_SUCCESS) {
            pthread_mutex_lock(&m->lock);
            mpi_failure("sending work", rc, m->err, sizeof m->err), m->failed = true;
            pthread_mutex_unlock(&m->lock);
        }
    }
    pthread_join(thread, NULL);
    if (!m->failed)
        show_progress(m, true);
    if (m->failed) {
        fprintf(stderr, "chesslab perft: %s; stopping the run (the checkpoint keeps the finished units)\n", m->err);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
}

/* mpirun answers a rank's death by terminating the others: rank 0 says what
 * that means for the user. Only async-signal-safe calls here. */
static void on_terminate(int sig)
{
    static const char text[] = "chesslab perft: run stopped by a signal: a rank died or the job was killed "
                               "(mpirun says which); the checkpoint, if any, keeps the finished units\n";
    (void)sig;
    ssize_t ignored = write(STDERR_FILENO, text, sizeof text - 1);
    (void)ignored;
    _exit(1);
}

static PerftTotal pass_total(const WorkUnitList *list, const uint64_t *counts)
{
    PerftTotal total = 0;
    for (size_t i = 0; i < list->count; i++)
        total += (PerftTotal)list->units[i].multiplicity * counts[i];
    return total;
}

static bool expand_root(const MpiPerftJob *job, WorkUnitList *list, char *err, size_t err_len)
{
    void *board = movegen_board_new(job->gen);
    if (board == NULL) {
        snprintf(err, err_len, "out of memory");
        return false;
    }
    job->gen->load(board, &job->root);
    bool ok = work_units_expand(job->gen, board, job->split, list, err, err_len);
    movegen_board_free(board);
    return ok;
}

static int master_run(const MpiPerftJob *job, int size, Counter *counter, MpiPerftResult *out, char *err,
                      size_t err_len)
{
    memset(out, 0, sizeof *out);
    out->ranks = size;
    out->passes = job->verify_keys ? 2 : 1;
    out->seeds[0] = ZOBRIST_DEFAULT_SEED;
    out->seeds[1] = SECOND_SEED;
    out->first_difference = NO_UNIT;
    signal(SIGTERM, on_terminate);

    Master m = { .job = job, .size = size, .counter = counter };
    pthread_mutex_init(&m.lock, NULL);
    WorkUnitList list = { 0 }, second = { 0 };
    Checkpoint cp = { 0 };
    uint64_t *own_counts[2] = { NULL, NULL };
    int status = 0;
    if (job->refusal) {
        snprintf(err, err_len, "%s", job->refusal);
        status = 2;
    }

    zobrist_reseed(out->seeds[0]);
    double start = timer_seconds();
    if (status == 0 && !expand_root(job, &list, err, err_len))
        status = 1;
    out->expand_seconds = timer_seconds() - start;
    out->units = list.count;
    out->paths = list.paths;
    out->key_collisions = list.key_collisions;
    m.list = &list;
    m.taken = calloc(list.count + 1, 1);
    m.held = calloc((size_t)size, sizeof *m.held);
    m.held_since = calloc((size_t)size, sizeof *m.held_since);
    m.stats = out->stats = calloc((size_t)size, sizeof *out->stats);
    if (status == 0 && (!m.taken || !m.held || !m.held_since || !m.stats)) {
        snprintf(err, err_len, "out of memory");
        status = 1;
    }
    if (status == 0 && job->checkpoint) {
        CheckpointJob cj = { .depth = job->depth, .split = job->split, .units = list.count,
                             .list_hash = work_units_hash(&list), .passes = out->passes,
                             .seeds = { out->seeds[0], out->seeds[1] } };
        setup_to_fen(&job->root, cj.fen);
        if (checkpoint_open(&cp, job->checkpoint, &cj, err, err_len)) {
            m.checkpoint = &cp;
            out->torn_tail = cp.torn_tail;
        } else {
            status = 2;
        }
    }
    for (int p = 0; status == 0 && !m.checkpoint && p < out->passes; p++) {
        own_counts[p] = malloc((list.count + 1) * sizeof *own_counts[p]);
        if (own_counts[p] == NULL) {
            snprintf(err, err_len, "out of memory");
            status = 1;
        }
        for (size_t i = 0; status == 0 && i < list.count; i++)
            own_counts[p][i] = CHECKPOINT_NOT_DONE;
    }

    start = timer_seconds();
    for (int pass = 1; status == 0 && pass <= out->passes; pass++) {
        if (pass == 2) {
            /* The units again under the second seed: merging by the new keys
             * must give the very same list. */
            zobrist_reseed(out->seeds[1]);
            if (!expand_root(job, &second, err, err_len)) {
                status = 1;
            } else if (work_units_hash(&second) != work_units_hash(&list)) {
                snprintf(err, err_len, "--verify-keys: the second Zobrist seed gives another unit list");
                status = 1;
            }
            work_units_free(&second);
            if (status != 0)
                break;
        }
        if (!counter_new_pass(counter)) {
            snprintf(err, err_len, "cannot allocate a %zu MB hash table", job->hash_mb);
            status = 1;
            break;
        }
        uint64_t cmd[2] = { (uint64_t)pass, out->seeds[pass - 1] };
        if (broadcast_command(cmd, err, err_len) != MPI_SUCCESS)
            return 1;
        m.pass = pass;
        m.counts = m.checkpoint ? cp.counts[pass - 1] : own_counts[pass - 1];
        m.next = 0;
        m.done = m.done_nodes = 0;
        m.pass_start = timer_seconds();
        m.shown = m.pass_start - 1.0; /* the first line at once */
        memset(m.taken, 0, list.count + 1);
        m.resumed = 0;
        for (size_t i = 0; i < list.count; i++)
            m.resumed += m.counts[i] != CHECKPOINT_NOT_DONE;
        out->resumed += m.resumed;
        serve(&m);
        out->total[pass - 1] = pass_total(&list, m.counts);
    }
    out->seconds = timer_seconds() - start;
    uint64_t cmd[2] = { status == 0 ? CMD_DONE : CMD_FAILED + (uint64_t)status, 0 };
    char bcast_err[256];
    if (broadcast_command(cmd, bcast_err, sizeof bcast_err) != MPI_SUCCESS && status == 0) {
        snprintf(err, err_len, "%s", bcast_err);
        status = 1;
    }
    if (status == 0 && out->passes == 2) {
        uint64_t *a = m.checkpoint ? cp.counts[0] : own_counts[0], *b = m.checkpoint ? cp.counts[1] : own_counts[1];
        for (size_t i = 0; i < list.count && out->first_difference == NO_UNIT; i++)
            if (a[i] != b[i])
                out->first_difference = i;
    }
    if (status == 0) {
        m.stats[0].busy = counter->stats.busy;
        for (int r = 0; r < size; r++)
            m.stats[r].idle = out->seconds > m.stats[r].busy ? out->seconds - m.stats[r].busy : 0;
    }
    zobrist_reseed(ZOBRIST_DEFAULT_SEED);
    checkpoint_close(&cp);
    free(own_counts[0]);
    free(own_counts[1]);
    free(m.taken);
    free(m.held);
    free(m.held_since);
    work_units_free(&list);
    pthread_mutex_destroy(&m.lock);
    signal(SIGTERM, SIG_DFL);
    return status;
}

/* ---- ranks 1.. ---- */

static int worker_run(const MpiPerftJob *job, int rank, Counter *counter)
{
    char err[256];
    uint64_t finished = 0;
    for (;;) {
        uint64_t cmd[2];
        if (broadcast_command(cmd, err, sizeof err) != MPI_SUCCESS) {
            fprintf(stderr, "chesslab perft: rank %d: %s\n", rank, err);
            return 1;
        }
        if (cmd[0] == CMD_DONE)
            return 0;
        if (cmd[0] >= CMD_FAILED)
            return (int)(cmd[0] - CMD_FAILED);
        zobrist_reseed(cmd[1]);
        if (!counter_new_pass(counter)) {
            fprintf(stderr, "chesslab perft: rank %d: cannot allocate a %zu MB hash table\n", rank, job->hash_mb);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        /* Two requests in flight: the reply to the second arrives while the
         * first unit is counted, so a rank never waits for rank 0 between
         * units (its main thread may be slow to wake on a busy node). */
        ResultMsg r = { NO_UNIT, 0, 0 };
        int in_flight = 0;
        bool stopped = false;
        for (;;) {
            int rc = MPI_SUCCESS;
            while (rc == MPI_SUCCESS && !stopped && in_flight < REQUESTS_IN_FLIGHT) {
                r.busy_us = (uint64_t)(counter->stats.busy * 1e6);
                rc = MPI_Send(&r, 3, MPI_UINT64_T, 0, TAG_RESULT, MPI_COMM_WORLD);
                r.index = NO_UNIT;
                in_flight++;
            }
            if (in_flight == 0)
                break;
            WorkMsg work;
            MPI_Status status;
            MPI_Request request;
            if (rc == MPI_SUCCESS)
                rc = MPI_Irecv(&work, (int)sizeof work, MPI_BYTE, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &request);
            if (rc == MPI_SUCCESS)
                rc = wait_for(&request, &status);
            if (rc != MPI_SUCCESS) {
                mpi_failure("talking to rank 0", rc, err, sizeof err);
                fprintf(stderr, "chesslab perft: rank %d: %s\n", rank, err);
                MPI_Abort(MPI_COMM_WORLD, 1);
            }
            in_flight--;
            if (status.MPI_TAG == TAG_STOP) {
                stopped = true; /* replies come in order: any other one left is a stop too */
                continue;
            }
            if (job->test_die_rank == rank && finished == job->test_die_after) {
                fprintf(stderr, "chesslab perft: test hook: rank %d dies after %" PRIu64 " units\n", rank, finished);
                raise(SIGKILL);
            }
            if (!count_unit(counter, &work.setup, &r.count, err, sizeof err)) {
                fprintf(stderr, "chesslab perft: rank %d: %s\n", rank, err);
                MPI_Abort(MPI_COMM_WORLD, 1);
            }
            r.index = work.index;
            finished++;
        }
    }
}

bool perft_mpi_init(int *argc, char ***argv, int *rank, int *size, char *err, size_t err_len)
{
    int provided = 0;
    if (MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) {
        snprintf(err, err_len, "MPI_Init_thread failed");
        return false;
    }
    /* Errors come back as return codes (checked everywhere) instead of
     * aborting inside the library without a word from us. */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, rank);
    MPI_Comm_size(MPI_COMM_WORLD, size);
    if (provided < MPI_THREAD_FUNNELED) {
        snprintf(err, err_len, "the MPI library does not support threads (MPI_THREAD_FUNNELED)");
        return false;
    }
    return true;
}

void perft_mpi_finalize(void) { MPI_Finalize(); }

int perft_mpi_run(const MpiPerftJob *job, MpiPerftResult *out, char *err, size_t err_len)
{
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    Counter counter = { .job = job, .board = movegen_board_new(job->gen) };
    if (counter.board == NULL) {
        fprintf(stderr, "chesslab perft: rank %d: out of memory\n", rank);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    int status = rank == 0 ? master_run(job, size, &counter, out, err, err_len) : worker_run(job, rank, &counter);
    perft_tt_free(&counter.tt);
    movegen_board_free(counter.board);
    return status;
}

void perft_mpi_result_free(MpiPerftResult *out)
{
    free(out->stats);
    out->stats = NULL;
}
