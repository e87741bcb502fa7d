/* The engine's options, in one table: every option's UCI name and type,
 * default, range or choices, what it changes in the engine, its
 * command-line flag and its JSON key. `uci` prints its option lines from
 * here, `setoption` parses and applies through engine_option_set, `search`,
 * `bench search`, `bench stop` and `match` take their flags, ranges and the
 * defaults in their usage text from here (cli/engine_flags.h), and
 * engine_new (search/engine.c) starts from these defaults. A new option is
 * one line of ENGINE_OPTION_LIST (plus, for a combo, its choices and, for a
 * new setting, its apply function in engine_options.c). */
#ifndef CHESSLAB_SEARCH_ENGINE_OPTIONS_H
#define CHESSLAB_SEARCH_ENGINE_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "search/engine.h"
#include "search/tt.h"

/* EvalFile's value for the network built into the binary. */
#define ENGINE_NET_BUILTIN "<builtin>"

/* UCI option types. */
typedef enum { ENGINE_SPIN, ENGINE_CHECK, ENGINE_COMBO, ENGINE_STRING, ENGINE_BUTTON } EngineOptionType;

/* X(ID, UCI name, type, default, min, max, choices, flag, flag argument,
 *   JSON key, apply, help)
 * default: spin the number, check 0 or 1, combo the setting's enum value
 * (a string option's default text and setting live in engine_options.c).
 * min, max: spin only. choices: combo only, a NULL-named-terminated list
 * of EngineChoice (UCI spelling, enum value). flag: the command-line flag;
 * for a check option, the word of `search --off LIST` that switches it
 * off; NULL: none. apply: sets the engine (NULL: nothing to set). */
#define ENGINE_OPTION_LIST(X)                                                                                      \
    X(HASH, "Hash", ENGINE_SPIN, 16, 1, TT_MAX_MB, NULL, "--hash", "MB", "hash_mb", apply_hash,                   \
      "transposition table size in MB")                                                                            \
    X(CLEAR_HASH, "Clear Hash", ENGINE_BUTTON, 0, 0, 0, NULL, NULL, NULL, NULL, apply_clear_hash,                 \
      "clears the transposition table")                                                                            \
    X(THREADS, "Threads", ENGINE_SPIN, 1, 1, ENGINE_MAX_THREADS, NULL, "--threads", "N", "threads", apply_threads, \
      "search threads (1: the serial search)")                                                                     \
    X(SMP, "SMP", ENGINE_COMBO, SMP_LAZY, 0, 0, smp_choices, "--smp", "VARIANT", "smp", apply_smp,                \
      "parallel search")                                                                                           \
    X(BIND, "Bind", ENGINE_COMBO, BIND_COMPACT, 0, 0, bind_choices, "--bind", "POLICY", "bind", apply_bind,       \
      "thread placement")                                                                                          \
    X(MIN_SPLIT_DEPTH, "MinSplitDepth", ENGINE_SPIN, 4, 1, 32, NULL, "--min-split-depth", "D", "min_split_depth", \
      apply_min_split_depth, "ybwc: shallowest node that may split")                                              \
    X(SPLIT_THREADS, "SplitThreads", ENGINE_SPIN, 8, 2, ENGINE_MAX_THREADS, NULL, "--split-threads", "N",         \
      "split_threads", apply_split_threads, "ybwc: most threads at one split point")                              \
    X(TT_PLACEMENT, "TTPlacement", ENGINE_COMBO, TT_PLACE_FIRST_TOUCH, 0, 0, tt_placement_choices, NULL, NULL,    \
      "tt_placement", apply_tt_placement, "NUMA placement of the transposition table")                           \
    X(PONDER, "Ponder", ENGINE_CHECK, 0, 0, 1, NULL, NULL, NULL, "ponder", NULL,                                  \
      "the GUI may send go ponder (nothing to set: every search can ponder)")                                     \
    X(MULTIPV, "MultiPV", ENGINE_SPIN, 1, 1, SEARCH_MAX_MULTIPV, NULL, "--multipv", "N", "multipv",               \
      apply_multipv, "lines shown: the best N root moves, each with its score (at most one per legal move)")     \
    X(MOVE_OVERHEAD, "Move Overhead", ENGINE_SPIN, 30, 0, 5000, NULL, "--overhead", "MS", "overhead_ms",          \
      apply_move_overhead, "milliseconds kept back per move for pipes and the GUI")                               \
    X(NULL_MOVE, "NullMove", ENGINE_CHECK, 1, 0, 1, NULL, "null", NULL, "null_move", apply_null_move,             \
      "null-move pruning")                                                                                         \
    X(LMR, "LMR", ENGINE_CHECK, 1, 0, 1, NULL, "lmr", NULL, "lmr", apply_lmr, "late-move reductions")            \
    X(FUTILITY, "Futility", ENGINE_CHECK, 1, 0, 1, NULL, "futility", NULL, "futility", apply_futility,           \
      "futility pruning")                                                                                          \
    X(ASPIRATION, "Aspiration", ENGINE_CHECK, 1, 0, 1, NULL, "aspiration", NULL, "aspiration", apply_aspiration,  \
      "aspiration windows")                                                                                        \
    X(CAPTURE_ORDER, "CaptureOrder", ENGINE_COMBO, CAPTURES_SEE, 0, 0, capture_order_choices, "--captures",       \
      "ORDER", "capture_order", apply_capture_order, "capture ordering (SEE: by static exchange)")                 \
    X(EVAL, "Eval", ENGINE_COMBO, EVAL_NNUE, 0, 0, eval_choices, "--eval", "EVAL", "eval", apply_eval,             \
      "static evaluation: linear (Texel-fitted terms) or nnue (a network, search/nnue.h: the built-in one or "   \
      "EvalFile's)")                                                                                               \
    X(EVAL_FILE, "EvalFile", ENGINE_STRING, 0, 0, 0, NULL, NULL, NULL, NULL, NULL,                                 \
      "the network file that Eval nnue plays, made by chesslab nnue train; " ENGINE_NET_BUILTIN                   \
      ": the one built into this binary")                                                                          \
    X(UCI_CHESS960, "UCI_Chess960", ENGINE_CHECK, 0, 0, 1, NULL, NULL, NULL, "chess960", apply_chess960,          \
      "Chess960: castling written king takes rook (a position that needs Chess960 castling is one anyway)")       \
    X(UCI_SHOW_WDL, "UCI_ShowWDL", ENGINE_CHECK, 0, 0, 1, NULL, NULL, NULL, "show_wdl", apply_show_wdl,          \
      "info lines add wdl W D L (permille), from a model fitted to this engine's games (search/wdl.h)")

#define ENGINE_OPTION_ID(id, ...) ENGINE_OPT_##id,
typedef enum { ENGINE_OPTION_LIST(ENGINE_OPTION_ID) ENGINE_OPTION_COUNT } EngineOptionId;
#undef ENGINE_OPTION_ID

typedef struct EngineChoice {
    const char *name; /* as UCI spells it; parsed case-insensitively */
    int value;        /* the setting's enum value */
} EngineChoice;

typedef struct EngineOption {
    EngineOptionId id;
    const char *name;
    EngineOptionType type;
    long def, min, max;
    const EngineChoice *choices;
    const char *flag, *flag_arg, *json, *help;
    /* false when refused (note says why); a note on success is a remark. */
    bool (*apply)(Engine *e, long value, char *note, size_t note_len);
} EngineOption;

const EngineOption *engine_option(EngineOptionId id);
long engine_option_default(EngineOptionId id);
/* By UCI name (case-insensitive) or by flag (exact); NULL when none. */
const EngineOption *engine_option_by_name(const char *name);
const EngineOption *engine_option_by_flag(const char *flag);

/* "spin", "check", ... */
const char *engine_option_type_name(EngineOptionType type);
/* A combo's choice name of value; NULL when none. */
const char *engine_option_choice_name(const EngineOption *o, long value);
/* The default as text: "16", "true", "lazy"; "" for a button. */
void engine_option_default_text(const EngineOption *o, char *buf, size_t len);
/* The choices as "a, b or c". */
void engine_option_choices_text(const EngineOption *o, char *buf, size_t len);
/* The UCI declaration, "option name Hash type spin default 16 min 1 max ...". */
void engine_option_uci_line(const EngineOption *o, char *buf, size_t len);

/* Parses text strictly as a value of o (spin: an integer in range; check:
 * true or false; combo: a choice; button: anything): false otherwise. */
bool engine_option_parse(const EngineOption *o, const char *text, long *out);

typedef enum {
    ENGINE_OPTION_SET,      /* taken as given */
    ENGINE_OPTION_ADJUSTED, /* taken, changed (clamped into range): msg says how */
    ENGINE_OPTION_REFUSED,  /* nothing changed: msg says why */
} EngineOptionResult;

/* An integer for what in [min, max]: a missing value or one that is not a
 * number is refused, one out of range clamped, each with a message. */
EngineOptionResult engine_parse_number(const char *what, const char *text, long long min, long long max,
                                       long long *out, char *msg, size_t msg_len);

/* UCI setoption: finds the option by name, parses value (NULL: none given)
 * and applies it. msg (empty when there is nothing to say) holds the note
 * or the reason, without "info string". */
EngineOptionResult engine_option_set(Engine *e, const char *name, const char *value, char *msg, size_t msg_len);

#endif
