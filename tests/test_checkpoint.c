/* The checkpoint file: written, read back, resumed; a torn last line is
 * dropped (and cut from the file); damaged, foreign and non-checkpoint
 * files are refused with a message naming the problem. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "distributed/checkpoint.h"
#include "tests/test_support.h"

static CheckpointJob job_of(int depth)
{
    CheckpointJob job = { .depth = depth, .split = 2, .units = 10, .list_hash = 0x1234abcd, .passes = 2,
                          .seeds = { 1, 2 } };
    strcpy(job.fen, FEN_STARTPOS);
    return job;
}

static char *temp_path(void)
{
    static const char pattern[] = "/tmp/chesslab-checkpoint-XXXXXX";
    char *path = malloc(sizeof pattern);
    memcpy(path, pattern, sizeof pattern);
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    return path;
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char *text = calloc(1 << 16, 1);
    size_t n = fread(text, 1, (1 << 16) - 1, f);
    text[n] = '\0';
    fclose(f);
    return text;
}

static void spit(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* A file with units 3 and 7 of pass 1 and unit 3 of pass 2. */
static char *written_file(void)
{
    char *path = temp_path();
    CheckpointJob job = job_of(5);
    Checkpoint cp;
    char err[256];
    assert_true(checkpoint_open(&cp, path, &job, err, sizeof err));
    assert_int_equal(cp.done[0], 0);
    assert_true(checkpoint_record(&cp, 1, 3, 333, err, sizeof err));
    assert_true(checkpoint_record(&cp, 1, 7, 777, err, sizeof err));
    assert_true(checkpoint_record(&cp, 2, 3, 333, err, sizeof err));
    checkpoint_close(&cp);
    return path;
}

static void test_round_trip(void **state)
{
    (void)state;
    char *path = written_file(), err[256];
    CheckpointJob job = job_of(5);
    Checkpoint cp;
    assert_true(checkpoint_open(&cp, path, &job, err, sizeof err));
    assert_false(cp.torn_tail);
    assert_int_equal(cp.done[0], 2);
    assert_int_equal(cp.done[1], 1);
    assert_int_equal(cp.counts[0][3], 333);
    assert_int_equal(cp.counts[0][7], 777);
    assert_true(cp.counts[0][0] == CHECKPOINT_NOT_DONE);
    assert_int_equal(cp.counts[1][3], 333);
    /* Resuming appends after what is there. */
    assert_true(checkpoint_record(&cp, 1, 0, 5, err, sizeof err));
    checkpoint_close(&cp);
    assert_true(checkpoint_open(&cp, path, &job, err, sizeof err));
    assert_int_equal(cp.done[0], 3);
    assert_int_equal(cp.counts[0][0], 5);
    checkpoint_close(&cp);
    unlink(path);
    free(path);
}

static void test_torn_tail(void **state)
{
    (void)state;
    char *path = written_file(), err[256];
    char *text = slurp(path);
    size_t whole = strlen(text);
    strcat(text, "u 1 9 12");
    spit(path, text);
    CheckpointJob job = job_of(5);
    Checkpoint cp;
    assert_true(checkpoint_open(&cp, path, &job, err, sizeof err));
    assert_true(cp.torn_tail);
    assert_int_equal(cp.done[0], 2);
    assert_true(checkpoint_record(&cp, 1, 9, 99, err, sizeof err));
    checkpoint_close(&cp);
    char *after = slurp(path);
    assert_int_equal(strncmp(after, text, whole), 0);
    assert_non_null(strstr(after + whole, "u 1 9 99 "));
    assert_true(checkpoint_open(&cp, path, &job, err, sizeof err));
    assert_false(cp.torn_tail);
    assert_int_equal(cp.counts[0][9], 99);
    checkpoint_close(&cp);
    free(text);
    free(after);
    unlink(path);
    free(path);
}

/* Opens path for job_of(depth) and expects a refusal matching want. */
static void expect_refusal(const char *path, int depth, const char *want)
{
    CheckpointJob job = job_of(depth);
    Checkpoint cp;
    char err[256] = "";
    if (checkpoint_open(&cp, path, &job, err, sizeof err))
        fail_msg("accepted; expected '%s'", want);
    if (strstr(err, want) == NULL)
        fail_msg("message '%s' lacks '%s'", err, want);
}

/* Replaces the first occurrence of from by to in the file. */
static void edit(const char *path, const char *from, const char *to)
{
    char *text = slurp(path), out[1 << 16];
    char *at = strstr(text, from);
    assert_non_null(at);
    snprintf(out, sizeof out, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
    spit(path, out);
    free(text);
}

static void test_refusals(void **state)
{
    (void)state;
    char *path = written_file();
    expect_refusal(path, 6, "belongs to another job: its line 3 is 'depth 5', this job's is 'depth 6'");

    edit(path, "u 1 7 777 ", "u 1 7 778 "); /* a digit changed: the check fails */
    expect_refusal(path, 5, "is corrupt: line 11 'u 1 7 778 ");
    unlink(path);
    free(path);

    path = written_file();
    edit(path, "u 1 7 777 ", "u 1 7 7x7 ");
    expect_refusal(path, 5, "is corrupt: line 11");
    unlink(path);
    free(path);

    path = written_file();
    char *text = slurp(path), *line = strstr(text, "u 1 3 ");
    char twice[1 << 16];
    *strchr(line, '\n') = '\0';
    free(slurp(path));
    snprintf(twice, sizeof twice, "%s\n", line);
    free(text);
    text = slurp(path);
    strcat(text, twice); /* the same record again is harmless */
    spit(path, text);
    CheckpointJob job = job_of(5);
    Checkpoint cp;
    char err[256];
    assert_true(checkpoint_open(&cp, path, &job, err, sizeof err));
    assert_int_equal(cp.done[0], 2);
    checkpoint_close(&cp);
    free(text);

    spit(path, "hello\nworld\n");
    expect_refusal(path, 5, "is not a chesslab perft checkpoint");
    spit(path, "chesslab-perft-checkpoint 1\nfen ");
    expect_refusal(path, 5, "is corrupt: the header ends at line 2");
    spit(path, "chesslab-perft-checkpoint 1\nfen x\n");
    expect_refusal(path, 5, "belongs to another job: its line 2 is 'fen x'");
    FILE *f = fopen(path, "w");
    fwrite("chesslab-perft-checkpoint 1\n\0\n", 1, 30, f);
    fclose(f);
    expect_refusal(path, 5, "holds a NUL byte");
    spit(path, "no newline at all");
    expect_refusal(path, 5, "not a chesslab perft checkpoint");
    unlink(path);
    free(path);
}

static void test_unit_out_of_range(void **state)
{
    (void)state;
    char *path = written_file();
    CheckpointJob job = job_of(5);
    job.units = 5; /* unit 7 does not exist: another list, refused by the header first */
    Checkpoint cp;
    char err[256];
    assert_false(checkpoint_open(&cp, path, &job, err, sizeof err));
    assert_non_null(strstr(err, "belongs to another job"));
    unlink(path);
    free(path);
}

/* Not a regular file (it would swallow records or never end), or larger
 * than any checkpoint of the job: refused before anything is read. */
static void test_not_a_checkpoint_file(void **state)
{
    (void)state;
    CheckpointJob job = job_of(5);
    Checkpoint cp;
    char err[256];
    const char *const devices[] = { "/dev/null", "/dev/zero", "/tmp" };
    for (int i = 0; i < 3; i++) {
        if (checkpoint_open(&cp, devices[i], &job, err, sizeof err))
            fail_msg("accepted %s as a checkpoint", devices[i]);
        /* A directory already fails to open for writing. */
        assert_true(strstr(err, "not a regular file") != NULL || strstr(err, "Is a directory") != NULL);
    }
    assert_false(checkpoint_open(&cp, "/dev/null", &job, err, sizeof err));
    assert_string_equal(err, "checkpoint '/dev/null' is a character device, not a regular file");
    /* A FIFO nobody writes to: refused at once, not read (or waited on) forever. */
    char dir[] = "/tmp/chesslab-checkpoint-XXXXXX", fifo[64], want[128];
    assert_non_null(mkdtemp(dir));
    snprintf(fifo, sizeof fifo, "%s/fifo", dir);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    assert_false(checkpoint_open(&cp, fifo, &job, err, sizeof err));
    snprintf(want, sizeof want, "checkpoint '%s' is a FIFO, not a regular file", fifo);
    assert_string_equal(err, want);
    unlink(fifo);
    rmdir(dir);
    char *path = temp_path();
    char *big = malloc(1 << 20);
    assert_non_null(big);
    memset(big, 'x', (1 << 20) - 1);
    big[(1 << 20) - 1] = '\0';
    spit(path, big);
    free(big);
    assert_false(checkpoint_open(&cp, path, &job, err, sizeof err));
    assert_non_null(strstr(err, "more than this job's"));
    unlink(path);
    free(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_torn_tail),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_not_a_checkpoint_file),
        cmocka_unit_test(test_unit_out_of_range),
    };
    return cmocka_run_group_tests_name("checkpoint", tests, NULL, NULL);
}
