/* verify must catch a planted bug and point at it: a generator that forgets
 * that an en passant capture can expose its own king along the rank
 * (movegen_broken_ep, built only for this test) against the mailbox
 * reference, on the "illegal ep move" positions of tricky-perft.epd. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/verify.h"
#include "movegen_variants/registry.h"
#include "tests/test_support.h"

extern const MoveGen movegen_broken_ep;

static char *run_verify(const char *fen, int depth, bool *clean)
{
    char *text = NULL;
    size_t len = 0;
    FILE *report = open_memstream(&text, &len);
    assert_non_null(report);
    const MoveGen *gens[2] = { registry_find("mailbox"), &movegen_broken_ep };
    assert_non_null(gens[0]);
    VerifyContext v;
    assert_true(verify_init(&v, gens, 2, depth, report));
    Setup s;
    char err[256];
    if (!setup_from_fen(&s, fen, err, sizeof err))
        fail_msg("%s", err);
    *clean = verify_position(&v, &s, "planted-bug test");
    verify_free(&v);
    fclose(report);
    return text;
}

/* Rank pin: after d7-d5, c5xd6 e.p. would leave Ka5 attacked by Rh5. */
static void test_finds_rank_pin_ep(void **state)
{
    (void)state;
    bool clean;
    char *text = run_verify("3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", 3, &clean);
    printf("%s", text);
    assert_false(clean);
    assert_non_null(strstr(text, "position: 3k4/8/8/K1Pp3r/8/8/8/8 w - d6 0 2"));
    assert_non_null(strstr(text, "path:     d7d5"));
    assert_non_null(strstr(text, "only broken-ep: c5d6"));
    assert_non_null(strstr(text, "only mailbox: (none)"));
    free(text);
}

/* The same bug for Black, found two plies down from the root. */
static void test_finds_mirrored_bug_deeper(void **state)
{
    (void)state;
    bool clean;
    char *text = run_verify("8/8/8/8/k1p4R/8/3P4/3K4 w - - 0 1", 4, &clean);
    printf("%s", text);
    assert_false(clean);
    assert_non_null(strstr(text, "only broken-ep: c4d3"));
    free(text);
}

/* Where no en passant capture is in play the planted bug is invisible. */
static void test_clean_without_ep(void **state)
{
    (void)state;
    bool clean;
    char *text = run_verify("r3k2r/8/5Q2/8/8/3q4/8/R3K2R w KQkq - 0 1", 3, &clean);
    assert_true(clean);
    assert_string_equal(text, "");
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_finds_rank_pin_ep),
        cmocka_unit_test(test_finds_mirrored_bug_deeper),
        cmocka_unit_test(test_clean_without_ep),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
