#include "bench/result_json.h"

#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "bench/build_info.h"
#include "core/cpu.h"

static void write_machine(JsonWriter *w, Topology *topology)
{
    const CpuInfo *cpu = cpu_info();
    char features[128], host[256] = "unknown";
    cpu_feature_list(cpu, features, sizeof features);
    gethostname(host, sizeof host - 1);
    struct utsname un;
    char os[512] = "unknown";
    if (uname(&un) == 0)
        snprintf(os, sizeof os, "%s %s %s", un.sysname, un.release, un.machine);

    json_object_begin(w, "machine", JSON_LINES);
    json_string(w, "cpu_model", cpu->brand[0] ? cpu->brand : "unknown");
    json_string(w, "cpu_vendor", cpu->vendor);
    json_int(w, "cpu_family", cpu->family);
    json_int(w, "cpu_model_number", cpu->model);
    json_array_begin(w, "cpu_features", JSON_INLINE);
    char *save = NULL;
    for (char *f = strtok_r(features, " ", &save); f; f = strtok_r(NULL, " ", &save))
        json_string(w, NULL, f);
    json_end(w);
    json_int(w, "online_cpus", sysconf(_SC_NPROCESSORS_ONLN));
    json_string(w, "hostname", host);
    json_string(w, "os", os);
    if (topology)
        topology_write_json(topology, w, "topology");
    else
        json_null(w, "topology");
    json_end(w);
}

void result_json_open(JsonWriter *w, const char *schema, Topology *topology)
{
    char date[32];
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &tm);
    json_object_begin(w, NULL, JSON_LINES);
    json_string(w, "schema", schema);
    json_string(w, "date", date);
    write_machine(w, topology);
    BuildInfo b = build_info();
    json_object_begin(w, "build", JSON_INLINE);
    json_string(w, "compiler", b.compiler);
    json_string(w, "flags", b.flags);
    json_string(w, "build_type", b.build_type);
    json_string(w, "commit", b.commit);
    json_bool(w, "dirty", b.dirty);
    json_end(w);
}

void result_json_method_begin(JsonWriter *w, JsonLayout layout, int warmup_runs, int runs)
{
    json_object_begin(w, "method", layout);
    json_int(w, "warmup_runs", warmup_runs);
    json_int(w, "runs", runs);
    json_string(w, "statistic", "median");
    json_string(w, "timer", "CLOCK_MONOTONIC");
}

void result_json_begin(JsonWriter *w, const char *schema, const ResultMethod *method, Topology *topology)
{
    result_json_open(w, schema, topology);
    result_json_method_begin(w, JSON_INLINE, method->warmup_runs, method->runs);
    json_string(w, "bind", method->bind);
    json_end(w);
    json_array_begin(w, "results", JSON_LINES);
    json_flush(w);
}

void result_json_timing(JsonWriter *w, const char *key, const BenchTiming *t, int decimals)
{
    json_object_begin(w, key, JSON_INLINE);
    json_double(w, "median", t->median, decimals);
    json_double(w, "min", t->min, decimals);
    json_double(w, "max", t->max, decimals);
    json_array_begin(w, "runs", JSON_INLINE);
    for (int r = 0; r < t->run_count; r++)
        json_double(w, NULL, t->runs[r], decimals);
    json_end(w);
    json_end(w);
}

void result_json_mnps(JsonWriter *w, double nodes, const BenchTiming *t)
{
    json_object_begin(w, "mnps", JSON_INLINE);
    json_double(w, "median", t->median > 0 ? nodes / t->median / 1e6 : 0.0, 3);
    json_double(w, "min", t->max > 0 ? nodes / t->max / 1e6 : 0.0, 3);
    json_double(w, "max", t->min > 0 ? nodes / t->min / 1e6 : 0.0, 3);
    json_end(w);
}

void result_json_entry(JsonWriter *w, const ResultEntry *e)
{
    const BenchTiming *t = e->timing;
    json_object_begin(w, NULL, JSON_LINES);
    json_string(w, "kind", e->kind);
    json_string(w, "generator", e->generator);
    json_string(w, "position", e->position);
    json_string(w, "fen", e->fen);
    json_int(w, "depth", e->depth);
    json_string(w, "mode", e->mode);
    json_int(w, "threads", e->threads);
    json_uint(w, "hash_mb", e->hash_mb);
    json_uint(w, "nodes", t->nodes);
    if (e->expected)
        json_uint(w, "expected", e->expected);
    else
        json_null(w, "expected");
    json_bool(w, "correct", t->correct);
    result_json_timing(w, "seconds", t, 6);
    result_json_mnps(w, (double)t->nodes, t);
    json_end(w);
    json_flush(w);
}

void result_json_end(JsonWriter *w)
{
    json_end(w); /* results */
    json_end(w); /* the file */
    json_flush(w);
}
