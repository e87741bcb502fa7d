#include "cli/engine_flags.h"

#include <string.h>

#include "cli/args.h"

void cli_engine_defaults(long values[ENGINE_OPTION_COUNT])
{
    for (int i = 0; i < ENGINE_OPTION_COUNT; i++)
        values[i] = engine_option_default((EngineOptionId)i);
}

bool cli_engine_value(const char *cmd, EngineOptionId id, const char *text, long *out)
{
    const EngineOption *o = engine_option(id);
    if (o->type == ENGINE_SPIN)
        return cli_parse_long(cmd, o->flag, text, o->min, o->max, out);
    if (engine_option_parse(o, text, out))
        return true;
    char choices[256];
    engine_option_choices_text(o, choices, sizeof choices);
    cli_error(cmd, "%s '%s' is not %s", o->flag, text, choices);
    return false;
}

int cli_engine_flag(const char *cmd, int argc, char **argv, int *i, const EngineOptionId *ids, int count,
                    long values[ENGINE_OPTION_COUNT])
{
    for (int k = 0; k < count; k++) {
        const EngineOption *o = engine_option(ids[k]);
        if (o->flag == NULL || strcmp(argv[*i], o->flag) != 0)
            continue;
        const char *v = cli_value(cmd, argc, argv, i);
        return v != NULL && cli_engine_value(cmd, ids[k], v, &values[ids[k]]) ? 1 : -1;
    }
    return 0;
}

const char *cli_engine_default_choice(EngineOptionId id)
{
    return engine_option_choice_name(engine_option(id), engine_option_default(id));
}

/* The check options that --off switches off: on by default, with a word. */
static bool switchable(const EngineOption *o) { return o->type == ENGINE_CHECK && o->flag != NULL && o->def; }

static void off_words(char *buf, size_t len)
{
    int total = 0, seen = 0;
    for (int i = 0; i < ENGINE_OPTION_COUNT; i++)
        total += switchable(engine_option((EngineOptionId)i));
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < ENGINE_OPTION_COUNT && used < len; i++) {
        const EngineOption *o = engine_option((EngineOptionId)i);
        if (!switchable(o))
            continue;
        seen++;
        int n = snprintf(buf + used, len - used, "%s%s", seen == 1 ? "" : seen == total ? " or " : ", ", o->flag);
        if (n < 0)
            break;
        used += (size_t)n;
    }
}

bool cli_engine_off(const char *cmd, const char *text, long values[ENGINE_OPTION_COUNT])
{
    char list[128];
    snprintf(list, sizeof list, "%s", text);
    char *save = NULL;
    for (char *w = strtok_r(list, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
        const EngineOption *o = engine_option_by_flag(w);
        if (o == NULL || !switchable(o)) {
            char words[256];
            off_words(words, sizeof words);
            cli_error(cmd, "--off: '%s' is not %s", w, words);
            return false;
        }
        values[o->id] = 0;
    }
    return true;
}

/* "  FLAG ARG" padded to the text column, then text wrapped under it. */
static void usage_line(FILE *f, const char *flag, const char *text)
{
    enum { COLUMN = 19, WIDTH = 96 };
    int used = fprintf(f, "  %s", flag);
    used += fprintf(f, "%*s", used < COLUMN ? COLUMN - used : 2, "");
    char words[512];
    snprintf(words, sizeof words, "%s", text);
    char *save = NULL;
    bool first = true;
    for (char *w = strtok_r(words, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        int n = (int)strlen(w);
        if (!first && used + 1 + n > WIDTH)
            used = fprintf(f, "\n%*s", COLUMN, "") - 1;
        else if (!first)
            used += fprintf(f, " ");
        used += fprintf(f, "%s", w);
        first = false;
    }
    fputc('\n', f);
}

void cli_engine_usage(FILE *f, EngineOptionId id)
{
    const EngineOption *o = engine_option(id);
    char flag[64], text[512], def[64], choices[256];
    snprintf(flag, sizeof flag, "%s %s", o->flag, o->flag_arg ? o->flag_arg : "");
    engine_option_default_text(o, def, sizeof def);
    if (o->type == ENGINE_SPIN)
        snprintf(text, sizeof text, "%s, %ld..%ld (default %s)", o->help, o->min, o->max, def);
    else if (o->type == ENGINE_COMBO) {
        engine_option_choices_text(o, choices, sizeof choices);
        snprintf(text, sizeof text, "%s: %s (default %s)", o->help, choices, def);
    } else
        snprintf(text, sizeof text, "%s (default %s)", o->help, def);
    usage_line(f, flag, text);
}

void cli_engine_off_usage(FILE *f)
{
    char text[512];
    size_t used = (size_t)snprintf(text, sizeof text, "switch off search features (all on by default):");
    const size_t first = used;
    for (int i = 0; i < ENGINE_OPTION_COUNT && used < sizeof text; i++) {
        const EngineOption *o = engine_option((EngineOptionId)i);
        if (switchable(o))
            used += (size_t)snprintf(text + used, sizeof text - used, "%s %s (%s)", used == first ? "" : ",", o->flag,
                                     o->help);
    }
    usage_line(f, "--off LIST", text);
}
