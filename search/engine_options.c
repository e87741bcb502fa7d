#include "search/engine_options.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "search/nnue.h"
#include "search/smp.h"

/* ---- choices: the one spelling of each ---- */

/* The SMP choices are the variants' registry (search/smp.c), copied from it
 * before main: a fifth variant appears here by its registry line alone. */
static EngineChoice smp_choices[SMP_VARIANT_COUNT + 1];

__attribute__((constructor)) static void smp_choices_fill(void)
{
    for (int i = 0; i < SMP_VARIANT_COUNT; i++)
        smp_choices[i] = (EngineChoice){ smp_variants[i]->name, i };
}
static const EngineChoice bind_choices[] = {
    { "compact", BIND_COMPACT }, { "scatter", BIND_SCATTER }, { "none", BIND_NONE }, { NULL, 0 }
};
static const EngineChoice tt_placement_choices[] = {
    { "firsttouch", TT_PLACE_FIRST_TOUCH }, { "interleave", TT_PLACE_INTERLEAVE }, { NULL, 0 }
};
static const EngineChoice capture_order_choices[] = {
    { "SEE", CAPTURES_SEE }, { "MVV-LVA", CAPTURES_MVV_LVA }, { NULL, 0 }
};

static const EngineChoice eval_choices[] = { { "linear", EVAL_LINEAR }, { "nnue", EVAL_NNUE }, { NULL, 0 } };

/* ---- what each option changes ---- */

static bool apply_eval(Engine *e, long value, char *note, size_t len)
{
    if (engine_searching(e)) {
        snprintf(note, len, "Eval cannot change while searching: ignored");
        return false;
    }
    const NnueNet *net = NULL;
    if (value == EVAL_NNUE && (net = engine_net(e)) == NULL) {
        snprintf(note, len, "Eval nnue: %s; keeping the current evaluation", nnue_builtin_error());
        return false;
    }
    engine_options(e)->net = net;
    /* The table's stored evaluations came from the other function. */
    engine_clear_hash(e);
    return true;
}

/* EvalFile: a path, or ENGINE_NET_BUILTIN. */
static bool apply_eval_file(Engine *e, const char *text, char *note, size_t len)
{
    if (engine_searching(e)) {
        snprintf(note, len, "EvalFile cannot change while searching: ignored");
        return false;
    }
    if (text == NULL || text[0] == '\0') {
        snprintf(note, len, "EvalFile needs a file name (or %s): ignored", ENGINE_NET_BUILTIN);
        return false;
    }
    char err[512];
    if (!engine_load_net(e, strcmp(text, ENGINE_NET_BUILTIN) == 0 ? NULL : text, err, sizeof err)) {
        snprintf(note, len, "error: EvalFile %s: %s; keeping the current network", text, err);
        return false;
    }
    return true;
}

static bool apply_hash(Engine *e, long mb, char *note, size_t len)
{
    if (engine_searching(e)) {
        snprintf(note, len, "Hash cannot change while searching: ignored");
        return false;
    }
    /* The table is cleared (touched) at once: more than half the machine's
     * memory would only swap or get the engine killed. */
    long half = sysconf(_SC_PHYS_PAGES) / 2 * (sysconf(_SC_PAGESIZE) / 1024) / 1024;
    if (half > 0 && mb > half) {
        snprintf(note, len, "Hash %ld MB is more than half of this machine's memory: using %ld", mb, half);
        mb = half;
    }
    if (!engine_set_hash(e, (size_t)mb)) {
        snprintf(note, len, "Hash %ld MB: out of memory, keeping %zu MB", mb, engine_hash_mb(e));
        return false;
    }
    return true;
}

static bool apply_clear_hash(Engine *e, long value, char *note, size_t len)
{
    (void)value;
    if (engine_searching(e)) {
        snprintf(note, len, "Clear Hash ignored while searching");
        return false;
    }
    engine_clear_hash(e);
    return true;
}

static bool apply_tt_placement(Engine *e, long value, char *note, size_t len)
{
    TtPlacement placement = (TtPlacement)value;
    if (engine_searching(e)) {
        snprintf(note, len, "error: TTPlacement cannot change while searching: ignored");
        return false;
    }
    if (!engine_set_tt_placement(e, placement)) {
        snprintf(note, len, "error: TTPlacement: out of memory");
        return false;
    }
    if (engine_tt_placement(e) != placement)
        snprintf(note, len, "TTPlacement interleave refused by this machine: the table is placed by first touch");
    return true;
}

/* Settings that cannot fail. */
#define SETTER(name, statement)                                                                                    \
    static bool name(Engine *e, long value, char *note, size_t len)                                                \
    {                                                                                                              \
        (void)note, (void)len;                                                                                     \
        statement;                                                                                                 \
        return true;                                                                                               \
    }
SETTER(apply_threads, engine_set_threads(e, (int)value))
SETTER(apply_smp, engine_set_smp(e, (SmpVariant)value))
SETTER(apply_bind, engine_set_bind(e, (BindPolicy)value))
SETTER(apply_min_split_depth, engine_set_min_split_depth(e, (int)value))
SETTER(apply_split_threads, engine_set_split_threads(e, (int)value))
SETTER(apply_move_overhead, engine_set_move_overhead(e, value))
SETTER(apply_null_move, engine_options(e)->null_move = value != 0)
SETTER(apply_lmr, engine_options(e)->lmr = value != 0)
SETTER(apply_futility, engine_options(e)->futility = value != 0)
SETTER(apply_aspiration, engine_options(e)->aspiration = value != 0)
SETTER(apply_capture_order, engine_options(e)->capture_order = (CaptureOrder)value)
SETTER(apply_multipv, engine_options(e)->multipv = (int)value)
SETTER(apply_chess960, engine_set_chess960(e, value != 0))
SETTER(apply_show_wdl, engine_set_show_wdl(e, value != 0))
#undef SETTER

/* ---- the table ---- */

#define ENGINE_OPTION_ENTRY(id, name, type, def, min, max, choices, flag, arg, json, apply, help)                 \
    { ENGINE_OPT_##id, name, type, def, min, max, choices, flag, arg, json, help, apply },
static const EngineOption OPTIONS[ENGINE_OPTION_COUNT] = { ENGINE_OPTION_LIST(ENGINE_OPTION_ENTRY) };
#undef ENGINE_OPTION_ENTRY

const EngineOption *engine_option(EngineOptionId id) { return &OPTIONS[id]; }

long engine_option_default(EngineOptionId id) { return OPTIONS[id].def; }

const EngineOption *engine_option_by_name(const char *name)
{
    for (int i = 0; i < ENGINE_OPTION_COUNT; i++)
        if (strcasecmp(OPTIONS[i].name, name) == 0)
            return &OPTIONS[i];
    return NULL;
}

const EngineOption *engine_option_by_flag(const char *flag)
{
    for (int i = 0; i < ENGINE_OPTION_COUNT; i++)
        if (OPTIONS[i].flag != NULL && strcmp(OPTIONS[i].flag, flag) == 0)
            return &OPTIONS[i];
    return NULL;
}

const char *engine_option_type_name(EngineOptionType type)
{
    static const char *const names[] = { "spin", "check", "combo", "string", "button" };
    return (unsigned)type < sizeof names / sizeof names[0] ? names[type] : "?";
}

const char *engine_option_choice_name(const EngineOption *o, long value)
{
    for (const EngineChoice *c = o->choices; c != NULL && c->name != NULL; c++)
        if (c->value == value)
            return c->name;
    return NULL;
}

void engine_option_default_text(const EngineOption *o, char *buf, size_t len)
{
    switch (o->type) {
    case ENGINE_SPIN:
        snprintf(buf, len, "%ld", o->def);
        break;
    case ENGINE_CHECK:
        snprintf(buf, len, "%s", o->def ? "true" : "false");
        break;
    case ENGINE_COMBO:
        snprintf(buf, len, "%s", engine_option_choice_name(o, o->def));
        break;
    case ENGINE_STRING:
        snprintf(buf, len, "%s", o->id == ENGINE_OPT_EVAL_FILE ? ENGINE_NET_BUILTIN : "");
        break;
    default:
        snprintf(buf, len, "%s", "");
    }
}

void engine_option_choices_text(const EngineOption *o, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; o->choices != NULL && o->choices[i].name != NULL && used < len; i++) {
        const char *sep = i == 0 ? "" : o->choices[i + 1].name == NULL ? " or " : ", ";
        int n = snprintf(buf + used, len - used, "%s%s", sep, o->choices[i].name);
        if (n < 0)
            break;
        used += (size_t)n;
    }
}

void engine_option_uci_line(const EngineOption *o, char *buf, size_t len)
{
    char def[64];
    engine_option_default_text(o, def, sizeof def);
    int used = snprintf(buf, len, "option name %s type %s", o->name, engine_option_type_name(o->type));
    if (o->type != ENGINE_BUTTON && used >= 0 && (size_t)used < len)
        used += snprintf(buf + used, len - (size_t)used, " default %s", def);
    if (o->type == ENGINE_SPIN && used >= 0 && (size_t)used < len)
        used += snprintf(buf + used, len - (size_t)used, " min %ld max %ld", o->min, o->max);
    for (const EngineChoice *c = o->choices; c != NULL && c->name != NULL && used >= 0 && (size_t)used < len; c++)
        used += snprintf(buf + used, len - (size_t)used, " var %s", c->name);
}

static bool parse_check(const char *text, long *out)
{
    if (text != NULL && strcasecmp(text, "true") == 0)
        *out = 1;
    else if (text != NULL && strcasecmp(text, "false") == 0)
        *out = 0;
    else
        return false;
    return true;
}

static bool parse_choice(const EngineOption *o, const char *text, long *out)
{
    for (const EngineChoice *c = o->choices; text != NULL && c != NULL && c->name != NULL; c++)
        if (strcasecmp(c->name, text) == 0) {
            *out = c->value;
            return true;
        }
    return false;
}

bool engine_option_parse(const EngineOption *o, const char *text, long *out)
{
    switch (o->type) {
    case ENGINE_SPIN: {
        if (text == NULL || text[0] == '\0')
            return false;
        char *end;
        errno = 0;
        long v = strtol(text, &end, 10);
        if (*end != '\0' || errno == ERANGE || v < o->min || v > o->max)
            return false;
        *out = v;
        return true;
    }
    case ENGINE_CHECK:
        return parse_check(text, out);
    case ENGINE_COMBO:
        return parse_choice(o, text, out);
    default:
        *out = 0;
        return true;
    }
}

EngineOptionResult engine_parse_number(const char *what, const char *text, long long min, long long max,
                                       long long *out, char *msg, size_t msg_len)
{
    msg[0] = '\0';
    if (text == NULL) {
        snprintf(msg, msg_len, "%s needs a value", what);
        return ENGINE_OPTION_REFUSED;
    }
    errno = 0;
    char *end;
    long long v = strtoll(text, &end, 10);
    if (end == text || *end != '\0') {
        snprintf(msg, msg_len, "%s '%s' is not a number: ignored", what, text);
        return ENGINE_OPTION_REFUSED;
    }
    if (errno == ERANGE || v < min || v > max) {
        long long clamped = errno == ERANGE ? (text[0] == '-' ? min : max) : v < min ? min : max;
        snprintf(msg, msg_len, "%s %s is out of range %lld..%lld: using %lld", what, text, min, max, clamped);
        *out = clamped;
        return ENGINE_OPTION_ADJUSTED;
    }
    *out = v;
    return ENGINE_OPTION_SET;
}

EngineOptionResult engine_option_set(Engine *e, const char *name, const char *value, char *msg, size_t msg_len)
{
    msg[0] = '\0';
    const EngineOption *o = engine_option_by_name(name);
    if (o == NULL) {
        snprintf(msg, msg_len, "unknown option '%s'", name);
        return ENGINE_OPTION_REFUSED;
    }
    if (o->type == ENGINE_STRING) /* the one string option so far */
        return apply_eval_file(e, value, msg, msg_len) ? ENGINE_OPTION_SET : ENGINE_OPTION_REFUSED;
    EngineOptionResult result = ENGINE_OPTION_SET;
    long v = 0;
    if (o->type == ENGINE_SPIN) {
        long long n;
        result = engine_parse_number(o->name, value, o->min, o->max, &n, msg, msg_len);
        v = (long)n;
    } else if (!engine_option_parse(o, value, &v)) {
        char choices[256];
        engine_option_choices_text(o, choices, sizeof choices);
        if (o->type == ENGINE_CHECK)
            snprintf(msg, msg_len, "option %s needs true or false, not '%s'", o->name, value ? value : "");
        else
            snprintf(msg, msg_len, "error: %s '%s' is not %s", o->name, value ? value : "", choices);
        result = ENGINE_OPTION_REFUSED;
    }
    if (result == ENGINE_OPTION_REFUSED || o->apply == NULL)
        return result;
    /* A note from applying follows the clamp's, if any. */
    size_t used = strlen(msg);
    char *note = msg + used + (used > 0 && used + 2 < msg_len ? 2 : 0);
    size_t note_len = msg_len - (size_t)(note - msg);
    note[0] = '\0';
    bool ok = o->apply(e, v, note, note_len);
    if (note != msg + used && note[0] != '\0')
        memcpy(msg + used, "; ", 2);
    if (!ok)
        return ENGINE_OPTION_REFUSED;
    return note[0] != '\0' ? ENGINE_OPTION_ADJUSTED : result;
}

void search_options_default(SearchOptions *o)
{
    *o = (SearchOptions){ .null_move = engine_option_default(ENGINE_OPT_NULL_MOVE) != 0,
                          .lmr = engine_option_default(ENGINE_OPT_LMR) != 0,
                          .futility = engine_option_default(ENGINE_OPT_FUTILITY) != 0,
                          .aspiration = engine_option_default(ENGINE_OPT_ASPIRATION) != 0,
                          .capture_order = (CaptureOrder)engine_option_default(ENGINE_OPT_CAPTURE_ORDER),
                          .multipv = (int)engine_option_default(ENGINE_OPT_MULTIPV),
                          .net = engine_option_default(ENGINE_OPT_EVAL) == EVAL_NNUE ? nnue_builtin() : NULL };
}
