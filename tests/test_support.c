#include "tests/test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "movegen_variants/registry.h"

uint64_t env_u64(const char *name, uint64_t fallback)
{
    const char *v = getenv(name);
    return v && *v ? strtoull(v, NULL, 10) : fallback;
}

FILE *data_file_open(const char *file_name)
{
    const char *dir = getenv("CHESSLAB_DATA_DIR");
    char path[1024];
    if (file_name[0] == '/') /* the project's own tests/data */
        snprintf(path, sizeof path, "%s", file_name);
    else
        snprintf(path, sizeof path, "%s/%s", dir && *dir ? dir : CHESSLAB_DEFAULT_DATA_DIR, file_name);
    FILE *f = fopen(path, "r");
    if (f == NULL)
        fail_msg("cannot open %s (set CHESSLAB_DATA_DIR to the shared/data folder)", path);
    return f;
}

DataLines data_lines_read(const char *file_name)
{
    FILE *f = data_file_open(file_name);
    DataLines d = { NULL, 0 };
    char buf[1024];
    while (fgets(buf, sizeof buf, f)) {
        d.lines = realloc(d.lines, (size_t)(d.count + 1) * sizeof *d.lines);
        assert_non_null(d.lines);
        d.lines[d.count] = strdup(buf);
        assert_non_null(d.lines[d.count]);
        d.count++;
    }
    fclose(f);
    return d;
}

void data_lines_free(DataLines *d)
{
    for (int i = 0; i < d->count; i++)
        free(d->lines[i]);
    free(d->lines);
    d->lines = NULL;
    d->count = 0;
}

SuiteLines suite_load(const char *file_name)
{
    FILE *f = data_file_open(file_name);
    SuiteLines suite = { NULL, 0 };
    int capacity = 0;
    char text[1024], err[256];
    EpdLineProblem problem;
    for (int line_no = 1; epd_read_line(f, text, sizeof text, &problem); line_no++) {
        if (suite.count == capacity) {
            capacity = capacity ? capacity * 2 : 64;
            suite.lines = realloc(suite.lines, (size_t)capacity * sizeof *suite.lines);
            assert_non_null(suite.lines);
        }
        if (problem != EPD_LINE_OK || !perft_epd_parse(text, &suite.lines[suite.count], err, sizeof err))
            fail_msg("%s:%d: %s", file_name, line_no, problem != EPD_LINE_OK ? epd_line_problem_text(problem) : err);
        suite.count++;
    }
    fclose(f);
    assert_true(suite.count > 0);
    return suite;
}

void suite_free(SuiteLines *suite)
{
    free(suite->lines);
    suite->lines = NULL;
    suite->count = 0;
}

int suite_depth(const PerftEpdLine *line, uint64_t budget, int min_depth)
{
    int depth = 0;
    for (int d = 1; d <= line->max_depth; d++)
        if (line->has_depth[d] && (d <= min_depth || line->expected[d] <= budget))
            depth = d;
    return depth;
}

int run_per_generator(const char *group, void (*fn)(void **state), const char *fn_name,
                      const void *const *params, const char *const *param_names, int param_count)
{
    size_t n = registry_count() * (size_t)param_count;
    struct CMUnitTest *tests = calloc(n, sizeof *tests);
    GenTestCase *cases = calloc(n, sizeof *cases);
    size_t used = 0;
    for (size_t g = 0; g < registry_count(); g++) {
        const MoveGen *gen = registry_at(g);
        if (!movegen_available(gen)) {
            printf("[ SKIPPED  ] %s: generator %s cannot run on this CPU: %s\n", fn_name, gen->name,
                   gen->unavailable_reason());
            continue;
        }
        for (int p = 0; p < param_count; p++) {
            GenTestCase *c = &cases[used];
            snprintf(c->name, sizeof c->name, "%s/%s%s%s", fn_name, gen->name, param_names ? "/" : "",
                     param_names ? param_names[p] : "");
            c->gen = gen;
            c->param = params ? params[p] : NULL;
            tests[used] = (struct CMUnitTest){ c->name, fn, NULL, NULL, c };
            used++;
        }
    }
    int failures = _cmocka_run_group_tests(group, tests, used, NULL, NULL);
    free(tests);
    free(cases);
    return failures;
}

void test_sleep_ms(long ms)
{
    struct timespec ts = { ms / 1000, (ms % 1000) * 1000000 };
    nanosleep(&ts, NULL);
}

void setup_mirror_colours(const Setup *s, Setup *m)
{
    *m = *s;
    for (int sq = 0; sq < 64; sq++) {
        Piece p = s->board[sq ^ 56];
        m->board[sq] = p ? make_piece(color_flip(piece_color(p)), piece_type(p)) : NO_PIECE;
    }
    m->side = color_flip(s->side);
    m->castling = (uint8_t)(((s->castling & 3) << 2) | ((s->castling >> 2) & 3));
    m->ep = s->ep == SQ_NONE ? SQ_NONE : (Square)(s->ep ^ 56);
}
