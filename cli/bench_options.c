#include "cli/bench_options.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/args.h"
#include "cli/engine_flags.h"
#include "search/engine.h"

static int parse_smp_list(const char *cmd, const char *text, SmpVariant *out)
{
    char list[256];
    snprintf(list, sizeof list, "%s", text);
    int count = 0;
    for (char *save = NULL, *v = strtok_r(list, ",", &save); v; v = strtok_r(NULL, ",", &save)) {
        SmpVariant variant;
        if (!smp_variant_parse(v, &variant)) {
            cli_error(cmd, "--smp: '%s' is not one of %s", v, smp_variant_list());
            return -1;
        }
        for (int i = 0; i < count; i++)
            if (out[i] == variant) {
                cli_error(cmd, "--smp: '%s' is listed twice", v);
                return -1;
            }
        out[count++] = variant;
    }
    if (count == 0) {
        cli_error(cmd, "--smp: empty list");
        return -1;
    }
    return count;
}

static int parse_thread_list(const char *cmd, const char *text, int *out, int max)
{
    char list[256];
    snprintf(list, sizeof list, "%s", text);
    int count = 0;
    for (char *save = NULL, *t = strtok_r(list, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        long n;
        if (count == max) {
            cli_error(cmd, "--threads: at most %d counts", max);
            return -1;
        }
        if (!cli_engine_value(cmd, ENGINE_OPT_THREADS, t, &n))
            return -1;
        for (int i = 0; i < count; i++)
            if (out[i] == n) {
                cli_error(cmd, "--threads: %ld is listed twice", n);
                return -1;
            }
        out[count++] = (int)n;
    }
    if (count == 0) {
        cli_error(cmd, "--threads: empty list");
        return -1;
    }
    return count;
}

int bench_shared_option(const char *cmd, int argc, char **argv, int *i, const BenchSharedOptions *s)
{
    const char *a = argv[*i], *v;
    long n;
    if (strcmp(a, "--smp") == 0) {
        if (!(v = cli_value(cmd, argc, argv, i)) || (*s->variant_count = parse_smp_list(cmd, v, s->variants)) < 0)
            return -1;
    } else if (strcmp(a, "--threads") == 0) {
        if (!(v = cli_value(cmd, argc, argv, i)) ||
            (*s->thread_count = parse_thread_list(cmd, v, s->threads, s->max_thread_counts)) < 0)
            return -1;
    } else if (strcmp(a, "--runs") == 0) {
        if (!(v = cli_value(cmd, argc, argv, i)) || !cli_parse_long(cmd, "--runs", v, 1, s->max_runs, &n))
            return -1;
        *s->runs = (int)n;
    } else if (strcmp(a, "--hash") == 0) {
        if (!(v = cli_value(cmd, argc, argv, i)) || !cli_engine_value(cmd, ENGINE_OPT_HASH, v, &n))
            return -1;
        *s->hash_mb = (size_t)n;
    } else if (strcmp(a, "--bind") == 0) {
        if (!(v = cli_value(cmd, argc, argv, i)) || !cli_parse_bind(cmd, v, s->bind))
            return -1;
    } else if (strcmp(a, "--out") == 0) {
        if (!(*s->out_file = cli_value(cmd, argc, argv, i)))
            return -1;
    } else {
        return 0;
    }
    return 1;
}

bool bench_out_open(const char *cmd, const char *path, AtomicFile *json)
{
    char err[400];
    *json = (AtomicFile){ 0 };
    if (path && !atomic_file_open(json, path, err, sizeof err)) {
        cli_error(cmd, "--out: %s", err);
        return false;
    }
    return true;
}

int bench_out_close(const char *cmd, const char *path, AtomicFile *json, bool ok, const char *err)
{
    if (!ok) {
        atomic_file_discard(json);
        cli_error(cmd, "%s", err);
        return 1;
    }
    char why[400];
    /* A full disk shows only when the buffered rest is written. */
    if (json->f && !atomic_file_commit(json, why, sizeof why)) {
        cli_error(cmd, "--out: %s", why);
        return 1;
    }
    if (path)
        printf("results written to %s\n", path);
    return 0;
}

int bench_default_threads(int *out, int max)
{
    long pus = sysconf(_SC_NPROCESSORS_ONLN);
    if (pus < 1)
        pus = 1;
    if (pus > engine_option(ENGINE_OPT_THREADS)->max)
        pus = engine_option(ENGINE_OPT_THREADS)->max;
    int count = 0;
    for (long n = 1; n < pus && count < max - 1; n *= 2)
        out[count++] = (int)n;
    out[count++] = (int)pus;
    return count;
}

int bench_default_variants(SmpVariant *out)
{
    for (int i = 0; i < SMP_VARIANT_COUNT; i++)
        out[i] = (SmpVariant)i;
    return SMP_VARIANT_COUNT;
}
