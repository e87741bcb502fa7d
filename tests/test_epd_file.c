/* The reader of line files (core/epd.h: epd_read_line and EpdFile), which
 * perft, verify, bench and match use for their EPD, FEN and opening files:
 * the line bound at exactly EPD_LINE_MAX - 1 bytes, NUL bytes, CRLF and a
 * last line without newline, reading going on after a bad line, giving up
 * after EPD_MAX_ERRORS, bounded memory on a file of NUL bytes, and paths
 * that are no regular files refused at once. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/epd.h"
#include "tests/test_support.h"

/* A temporary file holding len bytes of text (NUL bytes allowed). */
static char *temp_file(const char *text, size_t len)
{
    static const char pattern[] = "/tmp/chesslab-epd-file-XXXXXX";
    char *path = malloc(sizeof pattern);
    assert_non_null(path);
    memcpy(path, pattern, sizeof pattern);
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, len), (ssize_t)len);
    close(fd);
    return path;
}

static void remove_file(char *path)
{
    unlink(path);
    free(path);
}

/* EpdFile reports on stderr: these send it to a file and read it back. */
typedef struct Capture {
    int saved;
    FILE *file;
} Capture;

static Capture capture_begin(void)
{
    Capture c = { dup(STDERR_FILENO), tmpfile() };
    assert_true(c.saved >= 0);
    assert_non_null(c.file);
    fflush(stderr);
    assert_true(dup2(fileno(c.file), STDERR_FILENO) >= 0);
    return c;
}

/* What was written to stderr since capture_begin (free it). */
static char *capture_end(Capture *c)
{
    fflush(stderr);
    dup2(c->saved, STDERR_FILENO);
    close(c->saved);
    long size = ftell(c->file);
    assert_true(size >= 0);
    char *text = calloc((size_t)size + 1, 1);
    assert_non_null(text);
    rewind(c->file);
    assert_int_equal(fread(text, 1, (size_t)size, c->file), (size_t)size);
    fclose(c->file);
    return text;
}

static int count_of(const char *text, const char *what)
{
    int n = 0;
    for (const char *p = strstr(text, what); p; p = strstr(p + 1, what))
        n++;
    return n;
}

/* The next line of f is want, with that problem (text "" when not OK). */
static void expect_line(FILE *f, EpdLineProblem want_problem, const char *want)
{
    char buf[EPD_LINE_MAX];
    EpdLineProblem problem;
    assert_true(epd_read_line(f, buf, sizeof buf, &problem));
    assert_int_equal(problem, want_problem);
    assert_string_equal(buf, want);
}

static bool at_end(FILE *f)
{
    char buf[EPD_LINE_MAX];
    EpdLineProblem problem;
    return !epd_read_line(f, buf, sizeof buf, &problem);
}

static void test_line_bound_and_ends(void **state)
{
    (void)state;
    enum { LONGEST = EPD_LINE_MAX - 1 };
    size_t len = 0;
    char *text = malloc(3 * EPD_LINE_MAX + 64);
    assert_non_null(text);
    memset(text, 'x', LONGEST); /* the longest line read */
    len += LONGEST;
    text[len++] = '\n';
    memset(text + len, 'y', LONGEST + 1); /* one byte more: too long */
    len += LONGEST + 1;
    len += (size_t)sprintf(text + len, "\nabc\r\n\nlast, no newline");
    char *path = temp_file(text, len);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    text[LONGEST] = '\0';
    expect_line(f, EPD_LINE_OK, text);
    expect_line(f, EPD_LINE_TOO_LONG, ""); /* nothing to parse by mistake */
    expect_line(f, EPD_LINE_OK, "abc");
    expect_line(f, EPD_LINE_OK, "");
    expect_line(f, EPD_LINE_OK, "last, no newline");
    assert_true(at_end(f));
    fclose(f);
    free(text);
    remove_file(path);
}

/* Cut at the NUL the line would read as another, shorter one. */
static void test_nul_byte(void **state)
{
    (void)state;
    static const char text[] = "a ;D1 20\0;D2 999\nnext\n\0\n";
    char *path = temp_file(text, sizeof text - 1);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    expect_line(f, EPD_LINE_NUL, "");
    expect_line(f, EPD_LINE_OK, "next");
    expect_line(f, EPD_LINE_NUL, "");
    assert_true(at_end(f));
    assert_string_equal(epd_line_problem_text(EPD_LINE_NUL), "NUL byte in the line");
    fclose(f);
    remove_file(path);
}

/* A bad line is reported with file and line, and the next one is read. */
static void test_reading_goes_on(void **state)
{
    (void)state;
    static const char text[] = "one\ntwo\0\nthree\n";
    char *path = temp_file(text, sizeof text - 1);
    EpdFile file;
    char err[256], buf[EPD_LINE_MAX], want[128];
    assert_true(epd_file_open(&file, path, err, sizeof err));
    /* Results are checked once stderr is back, where cmocka reports. */
    char first[EPD_LINE_MAX] = "", second[EPD_LINE_MAX] = "";
    int first_no = 0, second_no = 0;
    Capture c = capture_begin();
    if (epd_file_next(&file, buf))
        snprintf(first, sizeof first, "%s", buf), first_no = file.line_no;
    if (epd_file_next(&file, buf))
        snprintf(second, sizeof second, "%s", buf), second_no = file.line_no;
    const bool more = epd_file_next(&file, buf);
    char *said = capture_end(&c);
    assert_string_equal(first, "one");
    assert_int_equal(first_no, 1);
    assert_string_equal(second, "three");
    assert_int_equal(second_no, 3);
    assert_false(more);
    snprintf(want, sizeof want, "%s:2: NUL byte in the line\n", path);
    assert_string_equal(said, want);
    assert_int_equal(file.errors, 1);
    assert_false(file.gave_up);
    epd_file_close(&file);
    free(said);
    remove_file(path);
}

/* An endless supply of bad lines, the reader's own or the caller's: 20
 * reported, one line saying it gave up, and nothing more is read. */
static void test_gives_up(void **state)
{
    (void)state;
    const size_t line = EPD_LINE_MAX + 100, lines = 100;
    char *text = malloc(line * lines);
    assert_non_null(text);
    memset(text, 'z', line * lines);
    for (size_t i = 1; i <= lines; i++)
        text[i * line - 1] = '\n';
    char *path = temp_file(text, line * lines);
    free(text);
    EpdFile file;
    char err[256], buf[EPD_LINE_MAX], want[128];
    assert_true(epd_file_open(&file, path, err, sizeof err));
    Capture c = capture_begin();
    const bool got = epd_file_next(&file, buf), got_again = epd_file_next(&file, buf);
    char *said = capture_end(&c);
    assert_false(got);
    assert_false(got_again);
    assert_true(file.gave_up);
    assert_int_equal(file.errors, EPD_MAX_ERRORS);
    assert_int_equal(file.line_no, EPD_MAX_ERRORS);
    assert_int_equal(count_of(said, ": line too long\n"), EPD_MAX_ERRORS);
    snprintf(want, sizeof want, "%s: %d bad lines, giving up\n", path, EPD_MAX_ERRORS);
    assert_non_null(strstr(said, want));
    assert_int_equal(count_of(said, "\n"), EPD_MAX_ERRORS + 1);
    epd_file_close(&file);
    free(said);
    remove_file(path);

    /* Lines the caller cannot parse count alike. */
    path = temp_file("no fen\n", 7);
    FILE *f = fopen(path, "a");
    assert_non_null(f);
    for (int i = 1; i < 50; i++)
        fputs("no fen\n", f);
    fclose(f);
    assert_true(epd_file_open(&file, path, err, sizeof err));
    c = capture_begin();
    int returned = 0;
    while (epd_file_next(&file, buf)) {
        returned++;
        epd_file_error(&file, "not a FEN");
    }
    free(capture_end(&c));
    assert_int_equal(returned, EPD_MAX_ERRORS);
    assert_true(file.gave_up);
    epd_file_close(&file);
    remove_file(path);
}

/* A regular file of NUL bytes (what /dev/zero gives, but with an end): one
 * bad line, read through in the reader's fixed buffer. */
static void test_file_of_nul_bytes(void **state)
{
    (void)state;
    char *path = temp_file("", 0);
    int fd = open(path, O_WRONLY);
    assert_int_equal(ftruncate(fd, 8 << 20), 0); /* sparse: 8 MB of zeros */
    close(fd);
    EpdFile file;
    char err[256], buf[EPD_LINE_MAX];
    assert_true(epd_file_open(&file, path, err, sizeof err));
    Capture c = capture_begin();
    const bool got = epd_file_next(&file, buf);
    char *said = capture_end(&c);
    assert_false(got);
    assert_int_equal(file.errors, 1);
    assert_int_equal(file.line_no, 1);
    assert_non_null(strstr(said, ":1: NUL byte in the line"));
    epd_file_close(&file);
    free(said);
    remove_file(path);
}

/* What is no regular file is refused when opened, without blocking: a
 * FIFO with no writer, /dev/zero (endless), /dev/null, a directory. */
static void test_not_files(void **state)
{
    (void)state;
    char dir[] = "/tmp/chesslab-epd-file-XXXXXX", fifo[64];
    assert_non_null(mkdtemp(dir));
    snprintf(fifo, sizeof fifo, "%s/fifo", dir);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    const char *const paths[] = { fifo, "/dev/zero", "/dev/null", dir };
    const char *const kinds[] = { "a FIFO", "a character device", "a character device", "a directory" };
    for (int i = 0; i < 4; i++) {
        EpdFile file;
        char err[256], want[256];
        assert_false(epd_file_open(&file, paths[i], err, sizeof err));
        assert_null(file.f);
        snprintf(want, sizeof want, "cannot read '%s': it is %s, not a file", paths[i], kinds[i]);
        assert_string_equal(err, want);
        epd_file_close(&file); /* safe on a file that did not open */
    }
    EpdFile file;
    char err[256];
    assert_false(epd_file_open(&file, "/no/such/file.epd", err, sizeof err));
    assert_string_equal(err, "cannot open '/no/such/file.epd': No such file or directory");
    unlink(fifo);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_line_bound_and_ends),
        cmocka_unit_test(test_nul_byte),
        cmocka_unit_test(test_reading_goes_on),
        cmocka_unit_test(test_gives_up),
        cmocka_unit_test(test_file_of_nul_bytes),
        cmocka_unit_test(test_not_files),
    };
    return cmocka_run_group_tests_name("epd_file", tests, NULL, NULL);
}
