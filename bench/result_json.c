#include "bench/result_json.h"

#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "bench/build_info.h"
#include "core/cpu.h"

static void write_machine(FILE *out, Topology *topology)
{
    const CpuInfo *cpu = cpu_info();
    char features[128], host[256] = "unknown";
    cpu_feature_list(cpu, features, sizeof features);
    gethostname(host, sizeof host - 1);
    struct utsname un;
    char os[512] = "unknown";
    if (uname(&un) == 0)
        snprintf(os, sizeof os, "%s %s %s", un.sysname, un.release, un.machine);

    fprintf(out, "  \"machine\": {\n    \"cpu_model\": ");
    json_write_string(out, cpu->brand[0] ? cpu->brand : "unknown");
    fprintf(out, ",\n    \"cpu_vendor\": ");
    json_write_string(out, cpu->vendor);
    fprintf(out, ",\n    \"cpu_family\": %d, \"cpu_model_number\": %d,\n    \"cpu_features\": [", cpu->family,
            cpu->model);
    char *save = NULL;
    bool first = true;
    for (char *f = strtok_r(features, " ", &save); f; f = strtok_r(NULL, " ", &save)) {
        fprintf(out, "%s", first ? "" : ", ");
        json_write_string(out, f);
        first = false;
    }
    fprintf(out, "],\n    \"online_cpus\": %ld,\n    \"hostname\": ", sysconf(_SC_NPROCESSORS_ONLN));
    json_write_string(out, host);
    fprintf(out, ",\n    \"os\": ");
    json_write_string(out, os);
    fprintf(out, ",\n    \"topology\": ");
    if (topology)
        topology_write_json(topology, out);
    else
        fprintf(out, "null");
    fprintf(out, "\n  },\n");
}

void result_json_header(FILE *out, const char *schema, Topology *topology)
{
    char date[32];
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &tm);
    fprintf(out, "{\n  \"schema\": ");
    json_write_string(out, schema);
    fprintf(out, ",\n  \"date\": \"%s\",\n", date);
    write_machine(out, topology);
    BuildInfo b = build_info();
    fprintf(out, "  \"build\": {\"compiler\": ");
    json_write_string(out, b.compiler);
    fprintf(out, ", \"flags\": ");
    json_write_string(out, b.flags);
    fprintf(out, ", \"build_type\": ");
    json_write_string(out, b.build_type);
    fprintf(out, ", \"commit\": ");
    json_write_string(out, b.commit);
    fprintf(out, ", \"dirty\": %s},\n", b.dirty ? "true" : "false");
}

void result_json_begin(FILE *out, const char *schema, const ResultMethod *method, Topology *topology)
{
    result_json_header(out, schema, topology);
    fprintf(out,
            "  \"method\": {\"warmup_runs\": %d, \"runs\": %d, \"statistic\": \"median\", "
            "\"timer\": \"CLOCK_MONOTONIC\", \"bind\": ",
            method->warmup_runs, method->runs);
    json_write_string(out, method->bind);
    fprintf(out, "},\n  \"results\": [\n");
    fflush(out);
}

void result_json_entry(FILE *out, const ResultEntry *e, int index)
{
    const BenchTiming *t = e->timing;
    fprintf(out, "%s    {\"kind\": ", index ? ",\n" : "");
    json_write_string(out, e->kind);
    fprintf(out, ", \"generator\": ");
    json_write_string(out, e->generator);
    fprintf(out, ", \"position\": ");
    json_write_string(out, e->position);
    fprintf(out, ", \"fen\": ");
    json_write_string(out, e->fen);
    fprintf(out, ",\n     \"depth\": %d, \"mode\": \"%s\", \"threads\": %d, \"hash_mb\": %zu, \"nodes\": %llu, ",
            e->depth, e->mode, e->threads, e->hash_mb, (unsigned long long)t->nodes);
    if (e->expected)
        fprintf(out, "\"expected\": %llu, ", (unsigned long long)e->expected);
    else
        fprintf(out, "\"expected\": null, ");
    fprintf(out, "\"correct\": %s,\n     \"seconds\": {\"median\": %.6f, \"min\": %.6f, \"max\": %.6f, \"runs\": [",
            t->correct ? "true" : "false", t->median, t->min, t->max);
    for (int r = 0; r < t->run_count; r++)
        fprintf(out, "%s%.6f", r ? ", " : "", t->runs[r]);
    double nodes = (double)t->nodes;
    fprintf(out, "]},\n     \"mnps\": {\"median\": %.3f, \"min\": %.3f, \"max\": %.3f}}",
            t->median > 0 ? nodes / t->median / 1e6 : 0.0, t->max > 0 ? nodes / t->max / 1e6 : 0.0,
            t->min > 0 ? nodes / t->min / 1e6 : 0.0);
    fflush(out);
}

void result_json_end(FILE *out) { fprintf(out, "\n  ]\n}\n"); }
