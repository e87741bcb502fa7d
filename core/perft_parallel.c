#include "core/perft_parallel.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/progress.h"
#include "core/perft_tt.h"
#include "core/timer.h"

typedef struct WorkItem {
    Setup setup;
    int root_index;
} WorkItem;

typedef struct ItemList {
    WorkItem *items;
    int count, capacity;
} ItemList;

static bool item_push(ItemList *list, const Setup *s, int root_index)
{
    if (list->count == list->capacity) {
        int capacity = list->capacity ? list->capacity * 2 : 256;
        WorkItem *grown = realloc(list->items, (size_t)capacity * sizeof *grown);
        if (grown == NULL)
            return false;
        list->items = grown;
        list->capacity = capacity;
    }
    list->items[list->count++] = (WorkItem){ *s, root_index };
    return true;
}

/* Every position `plies` moves below the board, tagged with its root move. */
static bool expand(const MoveGen *g, void *board, int plies, int root_index, ItemList *list)
{
    if (plies == 0) {
        Setup s;
        g->save(board, &s);
        return item_push(list, &s, root_index);
    }
    Move moves[MAX_MOVES];
    int n = g->legal_moves(board, moves);
    for (int i = 0; i < n; i++) {
        g->make(board, moves[i]);
        bool ok = expand(g, board, plies - 1, root_index, list);
        g->unmake(board);
        if (!ok)
            return false;
    }
    return true;
}

/* Perft through the shared table from PERFT_TT_MIN_DEPTH up: the
 * generator's own hashed walk where it has one, else this walk through
 * the interface, with the generator's hot loop below the table. */
static uint64_t perft_hashed(const MoveGen *g, void *board, int depth, PerftMode mode, PerftTT *tt)
{
    if (depth < PERFT_TT_MIN_DEPTH || tt == NULL)
        return g->perft(board, depth, mode);
    if (g->perft_hashed)
        return g->perft_hashed(board, depth, mode, tt);
    uint64_t key = g->key(board), count;
    if (perft_tt_probe(tt, key, depth, &count))
        return count;
    Move moves[MAX_MOVES];
    int n = g->legal_moves(board, moves);
    count = 0;
    for (int i = 0; i < n; i++) {
        g->make(board, moves[i]);
        count += perft_hashed(g, board, depth - 1, mode, tt);
        g->unmake(board);
    }
    perft_tt_store(tt, key, depth, count);
    return count;
}

/* Smallest split depth (1..depth) giving enough items for every thread. */
static int choose_split_depth(const MoveGen *g, void *board, int depth, int threads)
{
    uint64_t wanted = (uint64_t)threads * PERFT_ITEMS_PER_THREAD;
    int split = 1;
    while (split < depth && threads > 1 && g->perft(board, split, PERFT_BULK) < wanted)
        split++;
    return split;
}

typedef struct Progress {
    bool enabled;
    double start, last;
    uint64_t nodes;
    int done;
} Progress;

static void progress_step(Progress *p, const PerftOutcome *out, uint64_t nodes)
{
    #pragma omp critical(perft_progress)
    {
        p->nodes += nodes;
        p->done++;
        double now = timer_seconds();
        if (p->enabled && (now - p->last > 0.5 || p->done == out->items)) {
            progress_line("perft", p->done, out->items, "items", p->nodes, now - p->start);
            p->last = now;
        }
    }
}

bool perft_parallel(const PerftJob *job, PerftOutcome *out, char *err, size_t err_len)
{
    return perft_parallel_with_table(job, NULL, out, err, err_len);
}

bool perft_parallel_with_table(const PerftJob *job, PerftTT *shared, PerftOutcome *out, char *err, size_t err_len)
{
    const MoveGen *g = job->gen;
    memset(out, 0, sizeof *out);
    out->threads = job->threads;
    out->thread_reports = calloc((size_t)job->threads, sizeof *out->thread_reports);
    void *root = movegen_board_new(g);
    if (root == NULL || out->thread_reports == NULL) {
        movegen_board_free(root);
        snprintf(err, err_len, "out of memory");
        return false;
    }
    memcpy(root, job->board, g->board_size);
    out->root_moves = g->legal_moves(root, out->moves);

    PerftTT tt = { 0 };
    if (job->hash_mb && shared == NULL && !perft_tt_init(&tt, job->hash_mb)) {
        movegen_board_free(root);
        snprintf(err, err_len, "cannot allocate a %zu MB hash table", job->hash_mb);
        return false;
    }
    PerftTT *table = shared ? shared : job->hash_mb ? &tt : NULL;
    out->hash_bytes = table ? perft_tt_bytes(table) : 0;

    double start = timer_seconds();
    out->split_depth = choose_split_depth(g, root, job->depth, job->threads);
    ItemList list = { 0 };
    bool expanded = true;
    for (int i = 0; i < out->root_moves && expanded; i++) {
        g->make(root, out->moves[i]);
        expanded = expand(g, root, out->split_depth - 1, i, &list);
        g->unmake(root);
    }
    if (!expanded) {
        free(list.items);
        perft_tt_free(&tt);
        movegen_board_free(root);
        snprintf(err, err_len, "out of memory expanding the tree");
        return false;
    }
    out->items = list.count;

    int below = job->depth - out->split_depth;
    Progress progress = { job->progress, start, start, 0, 0 };
    bool bind_failed = false;
    #pragma omp parallel num_threads(job->threads)
    {
        int tid = omp_get_thread_num();
        ThreadReport *report = &out->thread_reports[tid];
        report->bound_pu = topology_pu_for_thread(job->topology, job->bind, tid);
        if (report->bound_pu >= 0 && !topology_bind_current_thread(job->topology, report->bound_pu)) {
            #pragma omp atomic write
            bind_failed = true;
        }
        /* Each thread's board is allocated and first touched by that thread. */
        void *board = movegen_board_new(g);
        #pragma omp for schedule(dynamic, 1)
        for (int i = 0; i < list.count; i++) {
            g->load(board, &list.items[i].setup);
            uint64_t nodes = perft_hashed(g, board, below, job->mode, table);
            #pragma omp atomic
            out->move_nodes[list.items[i].root_index] += nodes;
            report->items++;
            report->nodes += nodes;
            progress_step(&progress, out, nodes);
        }
        report->last_pu = job->topology ? topology_current_pu(job->topology) : -1;
        movegen_board_free(board);
    }
    out->seconds = timer_seconds() - start;
    if (progress.enabled && list.count > 0)
        progress_end();
    for (int i = 0; i < out->root_moves; i++)
        out->nodes += out->move_nodes[i];

    free(list.items);
    perft_tt_free(&tt);
    movegen_board_free(root);
    if (bind_failed) {
        snprintf(err, err_len, "the OS refused to bind a thread (--bind %s)", bind_policy_name(job->bind));
        return false;
    }
    return true;
}

void perft_outcome_free(PerftOutcome *out)
{
    free(out->thread_reports);
    out->thread_reports = NULL;
}
