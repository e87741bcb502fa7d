/* Result files written whole or not at all (core/atomic_file.h): the
 * target keeps its old contents until the commit, a discard leaves it as
 * it was, no temporary file stays behind, bad paths are refused up front,
 * devices are written through, not replaced, and a link is replaced as
 * mv(1) replaces it. */
#include "tests/test_support.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/atomic_file.h"

typedef struct Dir {
    char path[64];
    char file[128];
} Dir;

static void dir_make(Dir *d)
{
    snprintf(d->path, sizeof d->path, "/tmp/chesslab-atomic-XXXXXX");
    assert_non_null(mkdtemp(d->path));
    snprintf(d->file, sizeof d->file, "%s/result.json", d->path);
}

static int dir_entries(const Dir *d)
{
    DIR *dir = opendir(d->path);
    assert_non_null(dir);
    int count = 0;
    for (struct dirent *e; (e = readdir(dir)) != NULL;)
        count += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(dir);
    return count;
}

static void dir_remove(Dir *d)
{
    DIR *dir = opendir(d->path);
    assert_non_null(dir);
    for (struct dirent *e; (e = readdir(dir)) != NULL;) {
        char path[400];
        snprintf(path, sizeof path, "%s/%s", d->path, e->d_name);
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            unlink(path);
    }
    closedir(dir);
    rmdir(d->path);
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void assert_text(const char *path, const char *expected)
{
    char text[64] = "";
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = '\0';
    fclose(f);
    assert_string_equal(text, expected);
}

static void test_replaced_at_commit(void **state)
{
    (void)state;
    Dir d;
    dir_make(&d);
    write_text(d.file, "old");
    AtomicFile a;
    char err[256];
    assert_true(atomic_file_open(&a, d.file, err, sizeof err));
    fputs("new", a.f);
    fflush(a.f);
    assert_text(d.file, "old");
    assert_int_equal(dir_entries(&d), 2); /* the target and the temporary file beside it */
    assert_true(atomic_file_commit(&a, err, sizeof err));
    assert_null(a.f);
    assert_text(d.file, "new");
    assert_int_equal(dir_entries(&d), 1);
    struct stat st;
    assert_int_equal(stat(d.file, &st), 0);
    mode_t mask = umask(0);
    umask(mask);
    assert_int_equal(st.st_mode & 0777, 0666 & ~mask);
    dir_remove(&d);
}

static void test_discard_and_new(void **state)
{
    (void)state;
    Dir d;
    dir_make(&d);
    AtomicFile a;
    char err[256];
    assert_true(atomic_file_open(&a, d.file, err, sizeof err));
    fputs("half", a.f);
    assert_int_equal(access(d.file, F_OK), -1); /* no target before the commit */
    atomic_file_discard(&a);
    atomic_file_discard(&a); /* twice: nothing */
    assert_int_equal(dir_entries(&d), 0);
    write_text(d.file, "old");
    assert_true(atomic_file_open(&a, d.file, err, sizeof err));
    atomic_file_discard(&a);
    assert_text(d.file, "old");
    assert_int_equal(dir_entries(&d), 1);
    dir_remove(&d);
}

static void test_refused(void **state)
{
    (void)state;
    Dir d;
    dir_make(&d);
    AtomicFile a;
    char err[256], missing[200];
    assert_false(atomic_file_open(&a, d.path, err, sizeof err));
    assert_non_null(strstr(err, "it is a directory"));
    assert_false(atomic_file_check(d.path, err, sizeof err));
    snprintf(missing, sizeof missing, "%s/none/x.json", d.path);
    assert_false(atomic_file_check(missing, err, sizeof err));
    assert_non_null(strstr(err, "cannot write '"));
    assert_non_null(strstr(err, "No such file or directory"));
    assert_true(atomic_file_check(d.file, err, sizeof err));
    assert_int_equal(dir_entries(&d), 0); /* the check leaves nothing */
    char nothing[8];
    assert_false(atomic_file_commit(&a, nothing, sizeof nothing));
    dir_remove(&d);
}

static void test_written_through(void **state)
{
    (void)state;
    AtomicFile a;
    char err[256];
    assert_true(atomic_file_check("/dev/null", err, sizeof err));
    assert_true(atomic_file_open(&a, "/dev/null", err, sizeof err));
    assert_null(a.temp);
    fputs("gone", a.f);
    assert_true(atomic_file_commit(&a, err, sizeof err));
    struct stat st;
    assert_int_equal(stat("/dev/null", &st), 0);
    assert_true(S_ISCHR(st.st_mode));

    Dir d;
    dir_make(&d);
    char link[200];
    snprintf(link, sizeof link, "%s/link.json", d.path);
    write_text(d.file, "old");
    assert_int_equal(symlink(d.file, link), 0);
    assert_true(atomic_file_open(&a, link, err, sizeof err));
    fputs("new", a.f);
    assert_true(atomic_file_commit(&a, err, sizeof err));
    assert_int_equal(lstat(link, &st), 0);
    assert_true(S_ISREG(st.st_mode)); /* the link replaced, as by mv */
    assert_text(link, "new");
    assert_text(d.file, "old");
    dir_remove(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_replaced_at_commit),
        cmocka_unit_test(test_discard_and_new),
        cmocka_unit_test(test_refused),
        cmocka_unit_test(test_written_through),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
