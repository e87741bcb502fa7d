/* chesslab verify: every chosen generator against the first one on the
 * suite positions and on positions reached by seeded random play. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "core/chess960.h"
#include "core/epd.h"
#include "core/progress.h"
#include "core/timer.h"
#include "core/verify.h"

static const char *const usage_text =
    "usage: chesslab verify [--gens a,b,...] [--epd FILE ...] [--random N] [--seed S] [--depth D]\n"
    "                       [--chess960]\n"
    "\n"
    "Compares the generators (default: every one this CPU runs; the first is the\n"
    "reference) position by position: legal move sets, in-check flag, keys at the\n"
    "root and after each root move, and divide counts at depths 1..D (default 4).\n"
    "Positions: the lines of each --epd FILE (perft EPD, EPD or FEN lines; default\n"
    "perftsuite.epd, cpw-perft.epd and tricky-perft.epd from $CHESSLAB_DATA_DIR or\n"
    "../shared/data), then N positions (default 200) reached by 1..40 random moves\n"
    "from the start position and the file positions, from seed S (default 1).\n"
    "With --chess960 the random positions start from random Chess960 start\n"
    "positions (of the 960, drawn from the seed), and the default files are\n"
    "chess960-perft.epd.\n"
    "On the first disagreement: the smallest depth that still disagrees, its FEN,\n"
    "the move path, and the moves each generator lacks; exit status 1.\n";

enum { MAX_FILES = 32, MAX_POSITIONS = 100000, MAX_RANDOM_PLIES = 40 };

typedef struct Position {
    Setup setup;
    char label[96];
} Position;

/* Appends the positions of one file; bad lines are reported and counted.
 * -1: no file or nothing in it; -2: nothing readable in it. */
static int load_file(const char *path, Position *positions, int *count, int *bad)
{
    EpdFile file;
    char text[EPD_LINE_MAX], err[256];
    if (!epd_file_open(&file, path, err, sizeof err)) {
        cli_error("verify", "--epd: %s", err);
        return -1;
    }
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    const int before = *count;
    while (*count < MAX_POSITIONS && epd_file_next(&file, text)) {
        Position *p = &positions[*count];
        if (!setup_from_epd_line(&p->setup, text, err, sizeof err)) {
            epd_file_error(&file, err);
            continue;
        }
        snprintf(p->label, sizeof p->label, "%.60s line %d", base, file.line_no);
        (*count)++;
    }
    *bad += file.errors;
    epd_file_close(&file);
    if (*count == before && before < MAX_POSITIONS) {
        /* A file that adds nothing would let verify say "clean" of nothing. */
        cli_error("verify", "--epd: %s: no position read", path);
        return file.errors ? -2 : -1; /* bad lines exit 1, like a wrong count; nothing at all is a usage error */
    }
    return 0;
}

static void progress(bool tty, int done, int total, uint64_t nodes, double start)
{
    if (tty && (done % 16 == 0 || done == total))
        progress_line("verify", done, total, "positions", nodes, timer_seconds() - start);
}

int cmd_verify(int argc, char **argv)
{
    const char *cmd = "verify";
    const MoveGen *gens[VERIFY_MAX_GENS];
    int gen_count = 0;
    const char *files[MAX_FILES];
    int file_count = 0;
    long random_count = 200, depth = 4;
    bool chess960 = false;
    uint64_t seed = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (cli_is_help(a)) {
            fputs(usage_text, stdout);
            return 0;
        } else if (strcmp(a, "--gens") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) ||
                (gen_count = cli_parse_gen_list(cmd, v, gens, VERIFY_MAX_GENS)) < 0)
                return EXIT_USAGE;
        } else if (strcmp(a, "--epd") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)))
                return EXIT_USAGE;
            if (file_count == MAX_FILES) {
                cli_error(cmd, "more than %d --epd files", MAX_FILES);
                return EXIT_USAGE;
            }
            files[file_count++] = v;
        } else if (strcmp(a, "--random") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_long(cmd, "--random", v, 0, MAX_POSITIONS, &random_count))
                return EXIT_USAGE;
        } else if (strcmp(a, "--seed") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_u64(cmd, "--seed", v, &seed))
                return EXIT_USAGE;
        } else if (strcmp(a, "--chess960") == 0) {
            chess960 = true;
        } else if (strcmp(a, "--depth") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_long(cmd, "--depth", v, 1, 8, &depth))
                return EXIT_USAGE;
        } else {
            cli_error(cmd, "unknown option '%s' (see chesslab verify --help)", a);
            return EXIT_USAGE;
        }
    }
    if (gen_count == 0)
        gen_count = cli_parse_gen_list(cmd, NULL, gens, VERIFY_MAX_GENS);
    if (gen_count < 2) {
        cli_error(cmd, "need at least two generators to compare");
        return EXIT_USAGE;
    }

    static char default_paths[3][1024];
    if (file_count == 0) {
        const char *standard[] = { "perftsuite.epd", "cpw-perft.epd", "tricky-perft.epd" };
        const char *chess960_files[] = { "chess960-perft.epd" };
        const char *const *names = chess960 ? chess960_files : standard;
        for (int k = 0; k < (chess960 ? 1 : 3); k++) {
            snprintf(default_paths[k], sizeof default_paths[k], "%s/%s", cli_data_dir(), names[k]);
            files[file_count++] = default_paths[k];
        }
    }
    Position *positions = malloc((size_t)(MAX_POSITIONS + 1) * sizeof *positions);
    int count = 0, bad = 0, status;
    setup_from_fen(&positions[count].setup, FEN_STARTPOS, NULL, 0);
    snprintf(positions[count++].label, sizeof positions[0].label, "start position");
    for (int k = 0; k < file_count; k++)
        if ((status = load_file(files[k], positions, &count, &bad)) < 0) {
            free(positions);
            return status == -2 ? 1 : EXIT_USAGE;
        }

    VerifyContext v;
    if (!verify_init(&v, gens, gen_count, (int)depth, stdout)) {
        cli_error(cmd, "out of memory");
        free(positions);
        return 1;
    }
    printf("verify: %d generators (reference %s), depth %ld, %d file positions, %ld random (seed %llu)\n",
           gen_count, gens[0]->name, depth, count, random_count, (unsigned long long)seed);
    fflush(stdout);
    bool tty = progress_wanted();
    int total = count + (int)random_count;
    double start = timer_seconds();
    bool clean = true;
    for (int i = 0; i < count && clean; i++) {
        clean = verify_position(&v, &positions[i].setup, positions[i].label);
        progress(tty, i + 1, total, v.nodes, start);
    }
    uint64_t rng = seed * 0x9e3779b97f4a7c15ull + 1; /* xorshift state must not be 0 */
    for (long r = 0; r < random_count && clean; r++) {
        Position base = positions[r % count];
        rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
        if (chess960) {
            int number = (int)((rng >> 8) % CHESS960_POSITIONS);
            chess960_start_position(number, &base.setup);
            snprintf(base.label, sizeof base.label, "Chess960 start position %d", number);
        }
        int plies = 1 + (int)(rng % MAX_RANDOM_PLIES);
        Setup s;
        verify_random_position(&v, &base.setup, plies, &rng, &s);
        char label[256];
        snprintf(label, sizeof label, "random position %ld (seed %llu): %d random plies from %s", r + 1,
                 (unsigned long long)seed, plies, base.label);
        clean = verify_position(&v, &s, label);
        progress(tty, count + (int)r + 1, total, v.nodes, start);
    }
    if (tty)
        progress_end();

    printf("\n%s: %llu positions, %llu nodes compared in %.2f s\n", clean ? "clean" : "FAILED",
           (unsigned long long)v.positions, (unsigned long long)v.nodes, timer_seconds() - start);
    for (int g = 0; g < gen_count; g++)
        printf("  %-10s %8.3f s in perft\n", gens[g]->name, v.seconds[g]);
    if (bad)
        printf("%d unreadable lines skipped\n", bad);
    verify_free(&v);
    free(positions);
    return clean && bad == 0 ? 0 : 1;
}
