#include "core/topology.h"

#include <hwloc.h>
#include <stdlib.h>
#include <string.h>

struct Topology {
    hwloc_topology_t topo;
    int pu_count;
    int *compact; /* PU OS indices in compact order */
    int *scatter; /* PU OS indices in scatter order */
};

/* Cores in logical order, each with its PUs; SMT level k of every core
 * comes before level k+1 of any core. `group_of` picks the NUMA node or
 * package a core belongs to, for scatter. */
static void build_orders(Topology *t)
{
    hwloc_topology_t topo = t->topo;
    int cores = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_CORE);
    int pus = t->pu_count;
    t->compact = malloc((size_t)pus * sizeof(int));
    t->scatter = malloc((size_t)pus * sizeof(int));
    if (cores <= 0) { /* no core objects: treat every PU as a core */
        for (int i = 0; i < pus; i++)
            t->compact[i] = t->scatter[i] = (int)hwloc_get_obj_by_type(topo, HWLOC_OBJ_PU, (unsigned)i)->os_index;
        return;
    }
    hwloc_obj_type_t group_type = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_NUMANODE) > 1 ? HWLOC_OBJ_NUMANODE
                                                                                         : HWLOC_OBJ_PACKAGE;
    int groups = hwloc_get_nbobjs_by_type(topo, group_type);
    if (groups < 1)
        groups = 1;
    int max_smt = 1;
    for (int c = 0; c < cores; c++) {
        hwloc_obj_t core = hwloc_get_obj_by_type(topo, HWLOC_OBJ_CORE, (unsigned)c);
        int n = hwloc_get_nbobjs_inside_cpuset_by_type(topo, core->cpuset, HWLOC_OBJ_PU);
        if (n > max_smt)
            max_smt = n;
    }
    /* Group index of each core. */
    int *group_of = malloc((size_t)cores * sizeof(int));
    for (int c = 0; c < cores; c++) {
        hwloc_obj_t core = hwloc_get_obj_by_type(topo, HWLOC_OBJ_CORE, (unsigned)c);
        group_of[c] = 0;
        for (int g = 0; g < groups; g++) {
            hwloc_obj_t grp = hwloc_get_obj_by_type(topo, group_type, (unsigned)g);
            if (grp && hwloc_bitmap_isincluded(core->cpuset, grp->cpuset))
                group_of[c] = g;
        }
    }
    int nc = 0, ns = 0;
    bool *taken = calloc((size_t)cores, sizeof(bool));
    for (int smt = 0; smt < max_smt; smt++) {
        for (int c = 0; c < cores; c++) {
            hwloc_obj_t core = hwloc_get_obj_by_type(topo, HWLOC_OBJ_CORE, (unsigned)c);
            hwloc_obj_t pu = hwloc_get_obj_inside_cpuset_by_type(topo, core->cpuset, HWLOC_OBJ_PU, (unsigned)smt);
            if (pu && nc < pus)
                t->compact[nc++] = (int)pu->os_index;
        }
        /* Scatter: take the next unused core of each group in turn. */
        memset(taken, 0, (size_t)cores * sizeof(bool));
        for (int placed = 0; placed < cores;) {
            for (int g = 0; g < groups; g++) {
                for (int c = 0; c < cores; c++) {
                    if (taken[c] || group_of[c] != g)
                        continue;
                    taken[c] = true;
                    placed++;
                    hwloc_obj_t core = hwloc_get_obj_by_type(topo, HWLOC_OBJ_CORE, (unsigned)c);
                    hwloc_obj_t pu =
                        hwloc_get_obj_inside_cpuset_by_type(topo, core->cpuset, HWLOC_OBJ_PU, (unsigned)smt);
                    if (pu && ns < pus)
                        t->scatter[ns++] = (int)pu->os_index;
                    break;
                }
            }
        }
    }
    /* PUs outside any core (unusual) go last, in logical order. */
    for (int i = 0; i < pus; i++) {
        int os = (int)hwloc_get_obj_by_type(topo, HWLOC_OBJ_PU, (unsigned)i)->os_index;
        bool in_c = false, in_s = false;
        for (int k = 0; k < nc; k++)
            in_c |= t->compact[k] == os;
        for (int k = 0; k < ns; k++)
            in_s |= t->scatter[k] == os;
        if (!in_c && nc < pus)
            t->compact[nc++] = os;
        if (!in_s && ns < pus)
            t->scatter[ns++] = os;
    }
    free(taken);
    free(group_of);
}

Topology *topology_open(void)
{
    Topology *t = calloc(1, sizeof *t);
    if (t == NULL)
        return NULL;
    if (hwloc_topology_init(&t->topo) != 0) {
        free(t);
        return NULL;
    }
    if (hwloc_topology_load(t->topo) != 0) {
        hwloc_topology_destroy(t->topo);
        free(t);
        return NULL;
    }
    t->pu_count = hwloc_get_nbobjs_by_type(t->topo, HWLOC_OBJ_PU);
    if (t->pu_count < 1)
        t->pu_count = 1;
    build_orders(t);
    return t;
}

void topology_close(Topology *t)
{
    if (t == NULL)
        return;
    hwloc_topology_destroy(t->topo);
    free(t->compact);
    free(t->scatter);
    free(t);
}

static int count_of(const Topology *t, hwloc_obj_type_t type)
{
    int n = hwloc_get_nbobjs_by_type(t->topo, type);
    return n < 0 ? 0 : n;
}

TopologySummary topology_summary(const Topology *t)
{
    return (TopologySummary){ count_of(t, HWLOC_OBJ_PACKAGE), count_of(t, HWLOC_OBJ_NUMANODE),
                              count_of(t, HWLOC_OBJ_CORE), count_of(t, HWLOC_OBJ_PU) };
}

int topology_pu_for_thread(const Topology *t, BindPolicy policy, int index)
{
    if (policy == BIND_NONE || t == NULL)
        return -1;
    const int *order = policy == BIND_COMPACT ? t->compact : t->scatter;
    return order[index % t->pu_count];
}

bool topology_bind_current_thread(Topology *t, int pu_os_index)
{
    hwloc_obj_t pu = hwloc_get_pu_obj_by_os_index(t->topo, (unsigned)pu_os_index);
    return pu && hwloc_set_cpubind(t->topo, pu->cpuset, HWLOC_CPUBIND_THREAD) == 0;
}

int topology_current_pu(Topology *t)
{
    hwloc_bitmap_t set = hwloc_bitmap_alloc();
    int pu = -1;
    if (set && hwloc_get_last_cpu_location(t->topo, set, HWLOC_CPUBIND_THREAD) == 0)
        pu = hwloc_bitmap_first(set);
    hwloc_bitmap_free(set);
    return pu;
}

void *topology_alloc_interleaved(Topology *t, size_t bytes)
{
    /* STRICT: fail rather than hand back memory placed some other way, so
     * the caller knows which placement it got. */
    hwloc_const_nodeset_t all = hwloc_topology_get_topology_nodeset(t->topo);
    return hwloc_alloc_membind(t->topo, bytes, all, HWLOC_MEMBIND_INTERLEAVE,
                               HWLOC_MEMBIND_STRICT | HWLOC_MEMBIND_BYNODESET);
}

void topology_free_memory(Topology *t, void *memory, size_t bytes)
{
    if (memory != NULL)
        hwloc_free(t->topo, memory, bytes);
}

static int ancestor_index(hwloc_obj_t obj, hwloc_obj_type_t type)
{
    hwloc_obj_t a = obj ? hwloc_get_ancestor_obj_by_type(NULL, type, obj) : NULL;
    return a ? (int)a->logical_index : -1;
}

void topology_describe_pu(const Topology *t, int pu_os_index, char *buf, size_t len)
{
    hwloc_obj_t pu = pu_os_index >= 0 ? hwloc_get_pu_obj_by_os_index(t->topo, (unsigned)pu_os_index) : NULL;
    if (pu == NULL) {
        snprintf(buf, len, "PU ?");
        return;
    }
    /* NUMA nodes hang beside the tree in hwloc 2: look them up by cpuset. */
    int numa = -1;
    for (int i = 0; i < count_of(t, HWLOC_OBJ_NUMANODE); i++) {
        hwloc_obj_t node = hwloc_get_obj_by_type(t->topo, HWLOC_OBJ_NUMANODE, (unsigned)i);
        if (hwloc_bitmap_isset(node->cpuset, pu->os_index))
            numa = i;
    }
    snprintf(buf, len, "PU %d (core %d, package %d, NUMA %d)", pu_os_index, ancestor_index(pu, HWLOC_OBJ_CORE),
             ancestor_index(pu, HWLOC_OBJ_PACKAGE), numa);
}

static void print_tree(hwloc_topology_t topo, hwloc_obj_t obj, int depth, FILE *out)
{
    char type[64], attr[256];
    hwloc_obj_type_snprintf(type, sizeof type, obj, 0);
    hwloc_obj_attr_snprintf(attr, sizeof attr, obj, " ", 0);
    if (obj->type != HWLOC_OBJ_MACHINE && !hwloc_obj_type_is_cache(obj->type) && obj->type != HWLOC_OBJ_PACKAGE &&
        obj->type != HWLOC_OBJ_CORE && obj->type != HWLOC_OBJ_PU && obj->type != HWLOC_OBJ_NUMANODE &&
        obj->type != HWLOC_OBJ_GROUP && obj->type != HWLOC_OBJ_DIE)
        return; /* I/O and misc objects are not about CPU placement */
    fprintf(out, "%*s%s L#%u", depth * 2, "", type, obj->logical_index);
    if (obj->type == HWLOC_OBJ_PU || obj->type == HWLOC_OBJ_NUMANODE)
        fprintf(out, " (OS %u)", obj->os_index);
    if (attr[0])
        fprintf(out, " (%s)", attr);
    fputc('\n', out);
    for (hwloc_obj_t child = obj->memory_first_child; child; child = child->next_sibling)
        print_tree(topo, child, depth + 1, out);
    for (hwloc_obj_t child = obj->first_child; child; child = child->next_sibling)
        print_tree(topo, child, depth + 1, out);
}

void topology_print(const Topology *t, FILE *out)
{
    TopologySummary s = topology_summary(t);
    fprintf(out, "%d packages, %d NUMA nodes, %d cores, %d processing units\n\n", s.packages, s.numa_nodes, s.cores,
            s.pus);
    print_tree(t->topo, hwloc_get_root_obj(t->topo), 0, out);
    fprintf(out, "\nthread order compact:");
    for (int i = 0; i < t->pu_count; i++)
        fprintf(out, " %d", t->compact[i]);
    fprintf(out, "\nthread order scatter:");
    for (int i = 0; i < t->pu_count; i++)
        fprintf(out, " %d", t->scatter[i]);
    fputc('\n', out);
}

void topology_write_json(const Topology *t, JsonWriter *w, const char *key)
{
    TopologySummary s = topology_summary(t);
    json_object_begin(w, key, JSON_LINES);
    json_int(w, "packages", s.packages);
    json_int(w, "numa_nodes", s.numa_nodes);
    json_int(w, "cores", s.cores);
    json_int(w, "pus", s.pus);
    json_array_begin(w, "caches", JSON_LINES);
    static const hwloc_obj_type_t caches[] = { HWLOC_OBJ_L1CACHE, HWLOC_OBJ_L2CACHE, HWLOC_OBJ_L3CACHE };
    for (int i = 0; i < 3; i++) {
        int n = count_of(t, caches[i]);
        if (n == 0)
            continue;
        hwloc_obj_t c = hwloc_get_obj_by_type(t->topo, caches[i], 0);
        hwloc_obj_cache_type_t type = c->attr->cache.type;
        json_object_begin(w, NULL, JSON_INLINE);
        json_int(w, "level", i + 1);
        json_string(w, "kind", type == HWLOC_OBJ_CACHE_INSTRUCTION ? "instruction"
                               : type == HWLOC_OBJ_CACHE_DATA      ? "data"
                                                                   : "unified");
        json_uint(w, "size_bytes", c->attr->cache.size);
        json_int(w, "count", n);
        json_end(w);
    }
    json_end(w);
    json_end(w);
}

const char *bind_policy_name(BindPolicy policy)
{
    return policy == BIND_COMPACT ? "compact" : policy == BIND_SCATTER ? "scatter" : "none";
}
