/* The machine as hwloc sees it, and thread placement on it.
 * Placement orders processing units (PUs) so that the first threads get
 * one PU on distinct cores and SMT siblings come last:
 *   compact: fill cores in hwloc's logical order (neighbours share caches);
 *   scatter: round-robin over NUMA nodes (else packages), so threads spread
 *            their memory bandwidth and caches;
 *   none:    no binding; the OS places threads. */
#ifndef CHESSLAB_TOPOLOGY_H
#define CHESSLAB_TOPOLOGY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "core/json.h"

typedef enum { BIND_NONE, BIND_COMPACT, BIND_SCATTER } BindPolicy;

typedef struct Topology Topology;

/* NULL when hwloc cannot read the machine. */
Topology *topology_open(void);
void topology_close(Topology *t);

typedef struct TopologySummary {
    int packages, numa_nodes, cores, pus;
} TopologySummary;
TopologySummary topology_summary(const Topology *t);

/* Operating-system index of the PU for thread `index` under the policy
 * (wrapping around when there are more threads than PUs); -1 for none. */
int topology_pu_for_thread(const Topology *t, BindPolicy policy, int index);

/* Binds the calling thread to one PU; false when the OS refuses. */
bool topology_bind_current_thread(Topology *t, int pu_os_index);

/* PU the calling thread last ran on, or -1. */
int topology_current_pu(Topology *t);

/* `bytes` of memory (page aligned) whose pages are interleaved over all
 * NUMA nodes, or NULL when hwloc or the OS cannot do that (no NUMA
 * support, a refused mbind) or memory is short. Free it with
 * topology_free_memory on the same topology. */
void *topology_alloc_interleaved(Topology *t, size_t bytes);
void topology_free_memory(Topology *t, void *memory, size_t bytes);

/* "PU 3 (core 1, package 0, NUMA 0)" for a PU's OS index. */
void topology_describe_pu(const Topology *t, int pu_os_index, char *buf, size_t len);

/* Packages, NUMA nodes, cores, PUs and caches, as a tree. */
void topology_print(const Topology *t, FILE *out);

/* The same facts as a JSON object: a member `key` of the writer's open
 * object, or (key NULL) an array element or the whole document. */
void topology_write_json(const Topology *t, JsonWriter *w, const char *key);

/* For reports; flags and setoption parse the policy by the Bind option's
 * choices (search/engine_options.h). */
const char *bind_policy_name(BindPolicy policy);

#endif
