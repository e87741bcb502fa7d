#include "core/verify.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "core/move_text.h"
#include "core/timer.h"

bool verify_init(VerifyContext *v, const MoveGen *const *gens, int gen_count, int depth, FILE *report)
{
    memset(v, 0, sizeof *v);
    if (gen_count > VERIFY_MAX_GENS)
        gen_count = VERIFY_MAX_GENS;
    v->gen_count = gen_count;
    v->depth = depth;
    v->report = report;
    for (int i = 0; i < gen_count; i++) {
        v->gens[i] = gens[i];
        if ((v->boards[i] = movegen_board_new(gens[i])) == NULL)
            return false;
    }
    return true;
}

void verify_free(VerifyContext *v)
{
    for (int i = 0; i < v->gen_count; i++)
        movegen_board_free(v->boards[i]);
    v->gen_count = 0;
}

static int compare_moves(const void *a, const void *b)
{
    return (int)*(const Move *)a - (int)*(const Move *)b;
}

static int sorted_moves(const MoveGen *g, const void *board, Move out[MAX_MOVES])
{
    int n = g->legal_moves(board, out);
    qsort(out, (size_t)n, sizeof out[0], compare_moves);
    return n;
}

/* The moves of `a` that `b` lacks, as UCI text, into buf. */
static void list_missing(const Move *a, int na, const Move *b, int nb, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < na; i++) {
        if (bsearch(&a[i], b, (size_t)nb, sizeof b[0], compare_moves))
            continue;
        char text[MOVE_TEXT_MAX];
        move_to_uci(a[i], text);
        int n = snprintf(buf + used, len - used, "%s%s", used ? " " : "", text);
        if (n < 0 || (size_t)n >= len - used)
            break;
        used += (size_t)n;
    }
    if (used == 0)
        snprintf(buf, len, "(none)");
}

typedef struct Path {
    Move moves[PERFT_PATH_MAX];
    int length;
} Path;

static void print_path(FILE *f, const Path *path)
{
    if (path->length == 0)
        fprintf(f, "(the position itself)");
    for (int i = 0; i < path->length; i++) {
        char text[MOVE_TEXT_MAX];
        move_to_uci(path->moves[i], text);
        fprintf(f, "%s%s", i ? " " : "", text);
    }
}

/* Compares move sets, check flag and key of generators a and b at their
 * current boards; reports and returns false on a difference. */
static bool same_node(VerifyContext *v, int a, int b, const Path *path, const char *label)
{
    const MoveGen *ga = v->gens[a], *gb = v->gens[b];
    Move ma[MAX_MOVES], mb[MAX_MOVES];
    int na = sorted_moves(ga, v->boards[a], ma), nb = sorted_moves(gb, v->boards[b], mb);
    bool moves_equal = na == nb && memcmp(ma, mb, (size_t)na * sizeof ma[0]) == 0;
    bool check_equal = ga->in_check(v->boards[a]) == gb->in_check(v->boards[b]);
    bool key_equal = ga->key(v->boards[a]) == gb->key(v->boards[b]);
    if (moves_equal && check_equal && key_equal)
        return true;

    Setup s;
    char fen[FEN_MAX];
    ga->save(v->boards[a], &s);
    setup_to_fen(&s, fen);
    FILE *f = v->report;
    fprintf(f, "DISAGREEMENT between %s and %s in %s\n", ga->name, gb->name, label);
    fprintf(f, "  position: %s\n  path:     ", fen);
    print_path(f, path);
    fprintf(f, "\n");
    if (!moves_equal) {
        char list[2048];
        list_missing(ma, na, mb, nb, list, sizeof list);
        fprintf(f, "  %s has %d moves, %s has %d\n", ga->name, na, gb->name, nb);
        fprintf(f, "  only %s: %s\n", ga->name, list);
        list_missing(mb, nb, ma, na, list, sizeof list);
        fprintf(f, "  only %s: %s\n", gb->name, list);
    }
    if (!check_equal)
        fprintf(f, "  in check: %s says %s, %s says %s\n", ga->name, ga->in_check(v->boards[a]) ? "yes" : "no",
                gb->name, gb->in_check(v->boards[b]) ? "yes" : "no");
    if (!key_equal)
        fprintf(f, "  key: %s %016llx, %s %016llx\n", ga->name, (unsigned long long)ga->key(v->boards[a]), gb->name,
                (unsigned long long)gb->key(v->boards[b]));
    return false;
}

/* Counts differ below this node at `depth`: descend along the first root
 * move whose counts differ until the node itself differs. Both boards are
 * left at the node where the search started. */
static void locate(VerifyContext *v, int a, int b, int depth, Path *path, const char *label)
{
    if (!same_node(v, a, b, path, label))
        return;
    const MoveGen *ga = v->gens[a], *gb = v->gens[b];
    Move moves[MAX_MOVES];
    int n = sorted_moves(ga, v->boards[a], moves);
    for (int i = 0; i < n && depth > 1 && path->length < PERFT_PATH_MAX; i++) {
        ga->make(v->boards[a], moves[i]);
        gb->make(v->boards[b], moves[i]);
        uint64_t ca = ga->perft(v->boards[a], depth - 1, PERFT_BULK);
        uint64_t cb = gb->perft(v->boards[b], depth - 1, PERFT_BULK);
        bool differ = ca != cb;
        if (differ) {
            path->moves[path->length++] = moves[i];
            locate(v, a, b, depth - 1, path, label);
            path->length--;
        }
        ga->unmake(v->boards[a]);
        gb->unmake(v->boards[b]);
        if (differ)
            return;
    }
    /* Same moves here and same counts below, yet the totals differed: a
     * perft implementation that disagrees with its own move generator. */
    Setup s;
    char fen[FEN_MAX];
    ga->save(v->boards[a], &s);
    setup_to_fen(&s, fen);
    fprintf(v->report, "DISAGREEMENT between %s and %s in %s: perft(%d) differs although every subtree agrees\n"
                       "  position: %s\n  path:     ",
            ga->name, gb->name, label, depth, fen);
    print_path(v->report, path);
    fprintf(v->report, "\n");
}

bool verify_position(VerifyContext *v, const Setup *s, const char *label)
{
    v->positions++;
    for (int g = 0; g < v->gen_count; g++)
        v->gens[g]->load(v->boards[g], s);
    Path path = { .length = 0 };
    for (int g = 1; g < v->gen_count; g++)
        if (!same_node(v, 0, g, &path, label))
            return false;

    /* Keys after each root move, then divide counts depth by depth. */
    Move moves[MAX_MOVES];
    int n = sorted_moves(v->gens[0], v->boards[0], moves);
    for (int d = 1; d <= v->depth; d++) {
        for (int i = 0; i < n; i++) {
            uint64_t reference = 0;
            for (int g = 0; g < v->gen_count; g++) {
                const MoveGen *gen = v->gens[g];
                gen->make(v->boards[g], moves[i]);
                double start = timer_seconds();
                uint64_t count = gen->perft(v->boards[g], d - 1, PERFT_BULK);
                v->seconds[g] += timer_seconds() - start;
                v->nodes += count;
                bool key_differs = d == 1 && gen->key(v->boards[g]) != v->gens[0]->key(v->boards[0]);
                if (g == 0)
                    reference = count;
                if (key_differs || count != reference) {
                    for (int k = 1; k < g; k++)
                        v->gens[k]->unmake(v->boards[k]);
                    if (key_differs) { /* the child itself differs */
                        path.moves[path.length++] = moves[i];
                        same_node(v, 0, g, &path, label);
                    }
                    gen->unmake(v->boards[g]);
                    v->gens[0]->unmake(v->boards[0]);
                    if (!key_differs) /* search down from the root */
                        locate(v, 0, g, d, &path, label);
                    return false;
                }
            }
            for (int g = 0; g < v->gen_count; g++)
                v->gens[g]->unmake(v->boards[g]);
        }
    }
    return true;
}

void verify_random_position(VerifyContext *v, const Setup *s, int plies, uint64_t *rng_state, Setup *out)
{
    const MoveGen *g = v->gens[0];
    void *board = v->boards[0];
    g->load(board, s);
    for (int p = 0; p < plies; p++) {
        Move moves[MAX_MOVES];
        int n = g->legal_moves(board, moves);
        if (n == 0)
            break;
        /* xorshift64: a tiny generator whose sequence is fixed by the seed. */
        uint64_t x = *rng_state;
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        *rng_state = x;
        g->make(board, moves[x % (uint64_t)n]);
    }
    g->save(board, out);
}

bool setup_from_epd_line(Setup *s, const char *line, char *err, size_t err_len)
{
    char fen[FEN_MAX + 16], copy[1024];
    snprintf(copy, sizeof copy, "%s", line);
    char *semi = strchr(copy, ';');
    if (semi)
        *semi = '\0';
    char *fields[6];
    int n = 0;
    char *save = NULL;
    for (char *tok = strtok_r(copy, " \t\r\n", &save); tok && n < 6; tok = strtok_r(NULL, " \t\r\n", &save))
        fields[n++] = tok;
    if (n < 4) {
        snprintf(err, err_len, "expected at least the four FEN fields, found %d", n);
        return false;
    }
    bool clocks = n == 6 && isdigit((unsigned char)fields[4][0]) && isdigit((unsigned char)fields[5][0]);
    snprintf(fen, sizeof fen, "%s %s %s %s%s%s%s%s", fields[0], fields[1], fields[2], fields[3], clocks ? " " : "",
             clocks ? fields[4] : "", clocks ? " " : "", clocks ? fields[5] : "");
    return setup_from_fen(s, fen, err, err_len);
}
