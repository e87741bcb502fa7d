/* The option table (search/engine_options.h): every default lies in its
 * range, names, flags and JSON keys are unique, setoption by name parses
 * each type and keeps values in range, and the UCI declarations printed
 * from the table read back as the table. */
#include "tests/test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "search/engine_options.h"

static int choice_count(const EngineOption *o)
{
    int n = 0;
    while (o->choices != NULL && o->choices[n].name != NULL)
        n++;
    return n;
}

static void test_defaults_in_range(void **state)
{
    (void)state;
    for (int i = 0; i < ENGINE_OPTION_COUNT; i++) {
        const EngineOption *o = engine_option((EngineOptionId)i);
        assert_int_equal(o->id, i);
        assert_non_null(o->name);
        assert_non_null(o->help);
        switch (o->type) {
        case ENGINE_SPIN:
            assert_true(o->min <= o->def && o->def <= o->max);
            break;
        case ENGINE_CHECK:
            assert_true(o->def == 0 || o->def == 1);
            break;
        case ENGINE_COMBO:
            assert_true(choice_count(o) >= 2);
            assert_non_null(engine_option_choice_name(o, o->def));
            break;
        default:
            assert_null(o->choices);
        }
        long parsed;
        char def[64];
        engine_option_default_text(o, def, sizeof def);
        if (o->type != ENGINE_BUTTON) {
            assert_true(engine_option_parse(o, def, &parsed));
            assert_int_equal(parsed, o->def);
        }
    }
    /* The engine and the search start from the table. */
    SearchOptions so;
    search_options_default(&so);
    assert_int_equal(so.null_move, engine_option_default(ENGINE_OPT_NULL_MOVE));
    assert_int_equal(so.capture_order, engine_option_default(ENGINE_OPT_CAPTURE_ORDER));
    /* The SMP names are the SMP option's choices. */
    for (int v = 0; v < SMP_VARIANT_COUNT; v++)
        assert_string_equal(smp_variant_name((SmpVariant)v),
                            engine_option_choice_name(engine_option(ENGINE_OPT_SMP), v));
    assert_string_equal(smp_variant_list(), "serial, lazy, ybwc, abdada");
}

static void test_names_unique(void **state)
{
    (void)state;
    for (int i = 0; i < ENGINE_OPTION_COUNT; i++) {
        const EngineOption *a = engine_option((EngineOptionId)i);
        assert_ptr_equal(engine_option_by_name(a->name), a);
        if (a->flag)
            assert_ptr_equal(engine_option_by_flag(a->flag), a);
        for (int j = i + 1; j < ENGINE_OPTION_COUNT; j++) {
            const EngineOption *b = engine_option((EngineOptionId)j);
            assert_true(strcasecmp(a->name, b->name) != 0);
            assert_false(a->flag && b->flag && strcmp(a->flag, b->flag) == 0);
            assert_false(a->json && b->json && strcmp(a->json, b->json) == 0);
        }
        for (int c = 0; c < choice_count(a); c++)
            for (int d = c + 1; d < choice_count(a); d++) {
                assert_true(strcasecmp(a->choices[c].name, a->choices[d].name) != 0);
                assert_true(a->choices[c].value != a->choices[d].value);
            }
    }
}

static void test_setoption(void **state)
{
    (void)state;
    Engine *e = engine_new((size_t)engine_option_default(ENGINE_OPT_HASH));
    assert_non_null(e);
    char msg[512], text[64];
    for (int i = 0; i < ENGINE_OPTION_COUNT; i++) {
        const EngineOption *o = engine_option((EngineOptionId)i);
        long parsed;
        /* The default, given back, is taken as it is. */
        engine_option_default_text(o, text, sizeof text);
        assert_int_equal(engine_option_set(e, o->name, o->type == ENGINE_BUTTON ? NULL : text, msg, sizeof msg),
                         ENGINE_OPTION_SET);
        assert_string_equal(msg, "");
        switch (o->type) {
        case ENGINE_SPIN:
            /* Strictly, out of range is no value; setoption clamps it. */
            snprintf(text, sizeof text, "%ld", o->max + 1);
            assert_false(engine_option_parse(o, text, &parsed));
            snprintf(text, sizeof text, "%ld", o->min - 1);
            assert_false(engine_option_parse(o, text, &parsed));
            assert_int_equal(engine_option_set(e, o->name, text, msg, sizeof msg), ENGINE_OPTION_ADJUSTED);
            assert_non_null(strstr(msg, "out of range"));
            assert_int_equal(engine_option_set(e, o->name, "lots", msg, sizeof msg), ENGINE_OPTION_REFUSED);
            assert_non_null(strstr(msg, "not a number"));
            assert_int_equal(engine_option_set(e, o->name, NULL, msg, sizeof msg), ENGINE_OPTION_REFUSED);
            break;
        case ENGINE_CHECK:
            assert_int_equal(engine_option_set(e, o->name, "FALSE", msg, sizeof msg), ENGINE_OPTION_SET);
            assert_int_equal(engine_option_set(e, o->name, "true", msg, sizeof msg), ENGINE_OPTION_SET);
            assert_int_equal(engine_option_set(e, o->name, "maybe", msg, sizeof msg), ENGINE_OPTION_REFUSED);
            assert_non_null(strstr(msg, "true or false"));
            break;
        case ENGINE_COMBO:
            for (int c = 0; c < choice_count(o); c++) {
                assert_true(engine_option_parse(o, o->choices[c].name, &parsed));
                assert_int_equal(parsed, o->choices[c].value);
            }
            assert_int_equal(engine_option_set(e, o->name, "nonsense", msg, sizeof msg), ENGINE_OPTION_REFUSED);
            assert_non_null(strstr(msg, "'nonsense' is not"));
            break;
        default:
            break;
        }
    }
    /* Clamped values reach the engine in range. */
    assert_int_equal(engine_option_set(e, "threads", "0", msg, sizeof msg), ENGINE_OPTION_ADJUSTED);
    assert_int_equal(engine_threads(e), 1);
    assert_int_equal(engine_option_set(e, "Hash", "0", msg, sizeof msg), ENGINE_OPTION_ADJUSTED);
    assert_int_equal(engine_hash_mb(e), 1);
    assert_int_equal(engine_option_set(e, "Hash", "2", msg, sizeof msg), ENGINE_OPTION_SET);
    assert_int_equal(engine_hash_mb(e), 2);
    assert_int_equal(engine_option_set(e, "CaptureOrder", "mvv-lva", msg, sizeof msg), ENGINE_OPTION_SET);
    assert_int_equal(engine_options(e)->capture_order, CAPTURES_MVV_LVA);
    assert_int_equal(engine_option_set(e, "NoSuchOption", "1", msg, sizeof msg), ENGINE_OPTION_REFUSED);
    assert_non_null(strstr(msg, "unknown option"));
    engine_free(e);
}

/* Reads "option name N type T [default D] [min A max B] [var V]..." back,
 * the way a GUI does: the name runs up to " type ". */
static void test_uci_lines_round_trip(void **state)
{
    (void)state;
    for (int i = 0; i < ENGINE_OPTION_COUNT; i++) {
        const EngineOption *o = engine_option((EngineOptionId)i);
        char line[1024];
        engine_option_uci_line(o, line, sizeof line);
        assert_true(strncmp(line, "option name ", 12) == 0);
        const char *type_at = strstr(line, " type ");
        assert_non_null(type_at);
        assert_int_equal((size_t)(type_at - line - 12), strlen(o->name));
        assert_true(strncmp(line + 12, o->name, strlen(o->name)) == 0);
        char rest[1024];
        snprintf(rest, sizeof rest, "%s", type_at + 6);
        char *save = NULL;
        char *type = strtok_r(rest, " ", &save);
        assert_string_equal(type, engine_option_type_name(o->type));
        char def[64] = "", want_def[64];
        long min = 0, max = 0;
        bool has_min = false, has_max = false, has_def = false;
        int vars = 0;
        for (char *w = strtok_r(NULL, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
            char *v = strtok_r(NULL, " ", &save);
            assert_non_null(v);
            if (strcmp(w, "default") == 0) {
                snprintf(def, sizeof def, "%s", v);
                has_def = true;
            } else if (strcmp(w, "min") == 0) {
                min = strtol(v, NULL, 10), has_min = true;
            } else if (strcmp(w, "max") == 0) {
                max = strtol(v, NULL, 10), has_max = true;
            } else {
                assert_string_equal(w, "var");
                assert_true(vars < choice_count(o));
                assert_string_equal(v, o->choices[vars].name);
                vars++;
            }
        }
        engine_option_default_text(o, want_def, sizeof want_def);
        assert_int_equal(has_def, o->type != ENGINE_BUTTON);
        assert_string_equal(def, want_def);
        assert_int_equal(has_min && has_max, o->type == ENGINE_SPIN);
        if (o->type == ENGINE_SPIN) {
            assert_int_equal(min, o->min);
            assert_int_equal(max, o->max);
        }
        assert_int_equal(vars, choice_count(o));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_defaults_in_range),
        cmocka_unit_test(test_names_unique),
        cmocka_unit_test(test_setoption),
        cmocka_unit_test(test_uci_lines_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
