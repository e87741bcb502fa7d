#include "cli/args.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/engine_flags.h"
#include "movegen_variants/registry.h"

void cli_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "chesslab %s: ", cmd);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

const char *cli_value(const char *cmd, int argc, char **argv, int *i)
{
    if (*i + 1 >= argc) {
        cli_error(cmd, "option %s needs a value", argv[*i]);
        return NULL;
    }
    return argv[++*i];
}

bool cli_parse_long(const char *cmd, const char *option, const char *text, long min, long max, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (text[0] == '\0' || *end != '\0' || errno == ERANGE || v < min || v > max) {
        cli_error(cmd, "%s '%s' is not an integer in %ld..%ld", option, text, min, max);
        return false;
    }
    *out = v;
    return true;
}

bool cli_parse_double(const char *cmd, const char *option, const char *text, double min, double max, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (text[0] == '\0' || *end != '\0' || errno == ERANGE || !(v >= min && v <= max)) {
        cli_error(cmd, "%s '%s' is not a number in %g..%g", option, text, min, max);
        return false;
    }
    *out = v;
    return true;
}

bool cli_parse_u64(const char *cmd, const char *option, const char *text, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (!isdigit((unsigned char)text[0]) || *end != '\0' || errno == ERANGE) {
        cli_error(cmd, "%s '%s' is not a non-negative integer", option, text);
        return false;
    }
    *out = v;
    return true;
}

const MoveGen *cli_generator(const char *cmd, const char *name)
{
    const MoveGen *g = registry_find(name);
    if (g == NULL) {
        char names[256];
        registry_names(names, sizeof names);
        cli_error(cmd, "unknown generator '%s' (known: %s)", name, names);
        return NULL;
    }
    if (!movegen_available(g)) {
        cli_error(cmd, "generator '%s' cannot run on this CPU: %s", name, g->unavailable_reason());
        return NULL;
    }
    return g;
}

bool cli_parse_mode(const char *cmd, const char *text, PerftMode *mode)
{
    if (strcmp(text, "bulk") == 0)
        *mode = PERFT_BULK;
    else if (strcmp(text, "full") == 0)
        *mode = PERFT_FULL;
    else {
        cli_error(cmd, "--mode '%s' is not bulk or full", text);
        return false;
    }
    return true;
}

bool cli_parse_bind(const char *cmd, const char *text, BindPolicy *policy)
{
    long value;
    if (!cli_engine_value(cmd, ENGINE_OPT_BIND, text, &value))
        return false;
    *policy = (BindPolicy)value;
    return true;
}

bool cli_is_help(const char *arg) { return strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0; }

int cli_parse_gen_list(const char *cmd, const char *text, const MoveGen **gens, int max)
{
    int count = 0;
    if (text == NULL) {
        for (size_t i = 0; i < registry_count() && count < max; i++)
            if (movegen_available(registry_at(i)))
                gens[count++] = registry_at(i);
        return count;
    }
    char list[512];
    snprintf(list, sizeof list, "%s", text);
    for (char *name = strtok(list, ","); name; name = strtok(NULL, ",")) {
        if (count == max) {
            cli_error(cmd, "more than %d generators", max);
            return -1;
        }
        if ((gens[count] = cli_generator(cmd, name)) == NULL)
            return -1;
        count++;
    }
    if (count == 0) {
        cli_error(cmd, "empty generator list");
        return -1;
    }
    return count;
}

const char *cli_data_dir(void)
{
    const char *dir = getenv("CHESSLAB_DATA_DIR");
    return dir && *dir ? dir : CHESSLAB_DEFAULT_DATA_DIR;
}

int cli_parse_standard_list(const char *cmd, const char *text, StandardJob *jobs, int max)
{
    char list[256];
    int count = 0;
    snprintf(list, sizeof list, "%s", text);
    for (char *item = strtok(list, ","); item; item = strtok(NULL, ",")) {
        char *colon = strchr(item, ':');
        if (colon)
            *colon = '\0';
        const StandardPosition *p = standard_position_find(item);
        if (p == NULL) {
            cli_error(cmd, "unknown position '%s' (start, kiwipete, position3..position6)", item);
            return -1;
        }
        long depth = p->default_depth;
        if (colon && !cli_parse_long(cmd, "DEPTH", colon + 1, 1, STANDARD_KNOWN_DEPTH, &depth))
            return -1;
        if (p->nodes[depth] == 0) {
            cli_error(cmd, "no published count for %s at depth %ld", item, depth);
            return -1;
        }
        if (count == max) {
            cli_error(cmd, "too many positions");
            return -1;
        }
        jobs[count++] = (StandardJob){ p, (int)depth };
    }
    return count;
}
