/* The ways several threads share one search (see search/README.md):
 *   serial  one thread, the baseline (smp.c);
 *   lazy    Lazy SMP: all threads iterate from the root over the shared
 *           table (lazy.h, lazy.c);
 *   ybwc    Young Brothers Wait: idle threads join nodes whose eldest move
 *           is searched (ybwc.h, ybwc.c);
 *   abdada  all threads search the tree, putting off moves another thread
 *           is in (abdada.h, abdada.c).
 *
 * Each variant is one const SmpVariantOps, listed in the registry
 * (smp_variants, smp.c). The engine readies, starts, and reads the results
 * of a variant only through its ops; the search core (search.c) sees only
 * the hooks the variant's start installs in SearchShared.hooks
 * (search.h). Adding a variant: a file defining its ops, its name below,
 * and its line in the registry. */
#ifndef CHESSLAB_SEARCH_SMP_H
#define CHESSLAB_SEARCH_SMP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Indexes into smp_variants. */
typedef enum { SMP_SERIAL, SMP_LAZY, SMP_YBWC, SMP_ABDADA, SMP_VARIANT_COUNT } SmpVariant;

struct SearchShared;
struct SearchThread;
struct SearchResult;

/* What a variant is readied for. */
typedef struct SmpVariantConfig {
    int threads;         /* the pool's threads, the most a search can use */
    int split_threads;   /* YBWC: threads at one split point, master included */
    int min_split_depth; /* YBWC: the shallowest node split */
} SmpVariantConfig;

/* The work counters a variant may report (one thread's or the sum). */
typedef struct SmpWork {
    uint64_t splits, late_joins, deferred;
    int64_t idle_ns;
} SmpWork;

typedef struct SmpVariantOps {
    const char *name;    /* the UCI and command-line name */
    const char *summary; /* one line, for help */
    /* false for the serial search: one thread whatever Threads says. */
    bool parallel;
    /* Off the hot path, all optional (NULL: nothing to do).
     * prepare: before a search with more than one thread, make *state
     *   ready for cfg (allocate it, or again when cfg changed); false when
     *   out of memory, and the search then runs serially.
     * start: after search_shared_init, with s->threads and
     *   s->thread_count set: install the variant's hooks in s->hooks.
     * helper: the job of every thread but the main one; NULL: it iterates
     *   from the root like the main thread (search_iterate into *out).
     * pick_result: the index of the result to play, results[0] being the
     *   main thread's; NULL: the main thread's.
     * release: frees state (the engine is freed).
     * work_text: writes the variant's counters of w into buf (", 3 splits"
     *   for the totals, per_thread for one thread's line). */
    bool (*prepare)(void **state, const SmpVariantConfig *cfg);
    void (*start)(void *state, struct SearchShared *s, const SmpVariantConfig *cfg);
    void (*helper)(void *state, struct SearchThread *t, struct SearchShared *s, struct SearchResult *out);
    int (*pick_result)(const struct SearchResult *const *results, int count);
    void (*release)(void *state);
    void (*work_text)(const SmpWork *w, bool per_thread, char *buf, size_t len);
} SmpVariantOps;

/* The registry, indexed by SmpVariant. */
extern const SmpVariantOps *const smp_variants[SMP_VARIANT_COUNT];

/* The ops of v; the serial search's for an unknown v. */
const SmpVariantOps *smp_variant_ops(SmpVariant v);
const char *smp_variant_name(SmpVariant v);
/* Case-insensitive; false for an unknown name. */
bool smp_variant_parse(const char *text, SmpVariant *out);
/* "serial, lazy, ybwc, abdada", for help and error messages. */
const char *smp_variant_list(void);
/* buf = the variant's work counters (empty when it has none). */
void smp_variant_work_text(SmpVariant v, const SmpWork *w, bool per_thread, char *buf, size_t len);

#endif
