/* The JSON writer: exact text for each layout, the escaping and UTF-8
 * repair of strings, numbers JSON cannot spell, and nesting mistakes
 * reported rather than written silently. */
#include "tests/test_support.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/json.h"

typedef struct Capture {
    char *text;
    size_t size;
    FILE *out;
    JsonWriter w;
} Capture;

static void capture_open(Capture *c)
{
    c->text = NULL;
    c->size = 0;
    c->out = open_memstream(&c->text, &c->size);
    assert_non_null(c->out);
    json_writer_init(&c->w, c->out);
}

/* Closes the stream, checks the text and that the writer saw a well
 * nested document (or not, as expected). */
static void capture_check(Capture *c, const char *expected, bool well_nested)
{
    assert_int_equal(json_writer_done(&c->w), well_nested);
    fclose(c->out);
    assert_string_equal(c->text, expected);
    free(c->text);
}

static void test_layouts(void **state)
{
    (void)state;
    Capture c;
    capture_open(&c);
    json_object_begin(&c.w, NULL, JSON_LINES);
    json_string(&c.w, "schema", "x/1");
    json_object_begin(&c.w, "build", JSON_INLINE);
    json_string(&c.w, "compiler", "gcc");
    json_bool(&c.w, "dirty", false);
    json_object_begin(&c.w, "nested", JSON_LINES); /* inside an inline one: inline */
    json_int(&c.w, "a", -3);
    json_end(&c.w);
    json_end(&c.w);
    json_array_begin(&c.w, "results", JSON_LINES);
    json_object_begin(&c.w, NULL, JSON_INLINE);
    json_uint(&c.w, "nodes", UINT64_MAX);
    json_null(&c.w, "expected");
    json_end(&c.w);
    json_array_begin(&c.w, NULL, JSON_INLINE);
    json_end(&c.w);
    json_end(&c.w);
    json_object_begin(&c.w, "empty", JSON_LINES);
    json_end(&c.w);
    json_end(&c.w);
    capture_check(&c,
                  "{\n"
                  "  \"schema\": \"x/1\",\n"
                  "  \"build\": {\"compiler\": \"gcc\", \"dirty\": false, \"nested\": {\"a\": -3}},\n"
                  "  \"results\": [\n"
                  "    {\"nodes\": 18446744073709551615, \"expected\": null},\n"
                  "    []\n"
                  "  ],\n"
                  "  \"empty\": {}\n"
                  "}\n",
                  true);
}

static void test_numbers(void **state)
{
    (void)state;
    Capture c;
    capture_open(&c);
    json_array_begin(&c.w, NULL, JSON_INLINE);
    json_double(&c.w, NULL, 0.4123456789, 6);
    json_double(&c.w, NULL, 290.45, 1);
    json_double(&c.w, NULL, 2.5, 0);
    json_double(&c.w, NULL, NAN, 3);
    json_double(&c.w, NULL, INFINITY, 3);
    json_double(&c.w, NULL, -INFINITY, 3);
    json_int(&c.w, NULL, INT64_MIN);
    json_number_text(&c.w, NULL, "340282366920938463463374607431768211455"); /* 2^128 - 1 */
    json_number_text(&c.w, NULL, "-0");
    json_number_text(&c.w, NULL, "12, 3"); /* not a number: null */
    json_number_text(&c.w, NULL, "");
    json_number_text(&c.w, NULL, "007");
    json_end(&c.w);
    capture_check(&c,
                  "[0.412346, 290.4, 2, null, null, null, -9223372036854775808, "
                  "340282366920938463463374607431768211455, -0, null, null, null]\n",
                  true);
}

static void test_strings(void **state)
{
    (void)state;
    Capture c;
    capture_open(&c);
    json_object_begin(&c.w, NULL, JSON_INLINE);
    json_string(&c.w, "q\"k", "a\\b\n\t\x01");
    json_string(&c.w, "utf8", "\xc3\xa9\xff"); /* é kept, a stray byte repaired */
    json_string(&c.w, "none", NULL);
    json_end(&c.w);
    capture_check(&c, "{\"q\\\"k\": \"a\\\\b\\n\\t\\u0001\", \"utf8\": \"\xc3\xa9\\ufffd\", \"none\": null}\n",
                  true);
}

static void test_nesting_mistakes(void **state)
{
    (void)state;
    Capture c;
    capture_open(&c); /* a container left open */
    json_object_begin(&c.w, NULL, JSON_INLINE);
    json_int(&c.w, "a", 1);
    capture_check(&c, "{\"a\": 1", false);

    capture_open(&c); /* one end too many */
    json_array_begin(&c.w, NULL, JSON_INLINE);
    json_end(&c.w);
    json_end(&c.w);
    capture_check(&c, "[]\n", false);

    capture_open(&c); /* deeper than JSON_MAX_DEPTH */
    for (int i = 0; i <= JSON_MAX_DEPTH; i++)
        json_array_begin(&c.w, NULL, JSON_INLINE);
    assert_false(json_writer_done(&c.w));
    fclose(c.out);
    free(c.text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_layouts),
        cmocka_unit_test(test_numbers),
        cmocka_unit_test(test_strings),
        cmocka_unit_test(test_nesting_mistakes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
