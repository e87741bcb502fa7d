#include "core/atomic_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { TEMP_TRIES = 100 };

static void reset(AtomicFile *a)
{
    free(a->target);
    free(a->temp);
    *a = (AtomicFile){ 0 };
}

static bool fail(const char *target, int error, char *err, size_t err_len)
{
    snprintf(err, err_len, "cannot write '%s': %s", target, strerror(error));
    return false;
}

/* Creates TARGET.PID.tmp, or TARGET.PID-N.tmp while that name is taken
 * (left by an earlier run that had the same process id): a descriptor, or
 * -1 with errno. */
static int open_temp(const char *target, char **temp)
{
    size_t len = strlen(target) + 48;
    char *name = malloc(len);
    if (name == NULL) {
        errno = ENOMEM;
        return -1;
    }
    for (int i = 0; i < TEMP_TRIES; i++) {
        if (i == 0)
            snprintf(name, len, "%s.%ld.tmp", target, (long)getpid());
        else
            snprintf(name, len, "%s.%ld-%d.tmp", target, (long)getpid(), i);
        int fd = open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd >= 0) {
            *temp = name;
            return fd;
        }
        if (errno != EEXIST)
            break;
    }
    int error = errno;
    free(name);
    errno = error;
    return -1;
}

/* Why an existing target cannot be written (NULL: it can). */
static const char *existing_problem(const char *target, const struct stat *st)
{
    if (S_ISDIR(st->st_mode))
        return "it is a directory";
    if (access(target, W_OK) != 0)
        return strerror(errno);
    return NULL;
}

bool atomic_file_open(AtomicFile *a, const char *target, char *err, size_t err_len)
{
    *a = (AtomicFile){ 0 };
    struct stat st;
    bool exists = stat(target, &st) == 0;
    const char *problem = exists ? existing_problem(target, &st) : NULL;
    if (problem) {
        snprintf(err, err_len, "cannot write '%s': %s", target, problem);
        return false;
    }
    bool direct = exists && !S_ISREG(st.st_mode);
    a->target = strdup(target);
    if (a->target == NULL)
        return fail(target, errno, err, err_len);
    int fd = direct ? open(target, O_WRONLY | O_TRUNC | O_CLOEXEC) : open_temp(a->target, &a->temp);
    if (fd >= 0 && (a->f = fdopen(fd, "w")) == NULL)
        close(fd);
    if (a->f == NULL) {
        int error = errno;
        if (a->temp)
            unlink(a->temp);
        reset(a);
        return fail(target, error, err, err_len);
    }
    return true;
}

bool atomic_file_check(const char *target, char *err, size_t err_len)
{
    struct stat st;
    if (stat(target, &st) == 0 && !S_ISREG(st.st_mode)) {
        /* Written directly (opening a FIFO would wait for a reader). */
        const char *problem = existing_problem(target, &st);
        if (problem)
            snprintf(err, err_len, "cannot write '%s': %s", target, problem);
        return problem == NULL;
    }
    AtomicFile a;
    if (!atomic_file_open(&a, target, err, err_len))
        return false;
    atomic_file_discard(&a);
    return true;
}

bool atomic_file_commit(AtomicFile *a, char *err, size_t err_len)
{
    if (a->f == NULL) {
        snprintf(err, err_len, "no file is open");
        return false;
    }
    errno = 0;
    bool ok = fflush(a->f) == 0 && !ferror(a->f);
    /* On disk before the rename, so that a crash never shows the new name
     * with missing contents. */
    if (ok && a->temp)
        ok = fsync(fileno(a->f)) == 0;
    int error = errno;
    if (fclose(a->f) != 0 && ok) {
        ok = false;
        error = errno;
    }
    a->f = NULL;
    if (ok && a->temp && rename(a->temp, a->target) != 0) {
        ok = false;
        error = errno;
    }
    if (!ok) {
        fail(a->target, error ? error : EIO, err, err_len);
        if (a->temp)
            unlink(a->temp);
    }
    reset(a);
    return ok;
}

void atomic_file_discard(AtomicFile *a)
{
    if (a->f)
        fclose(a->f);
    if (a->temp)
        unlink(a->temp);
    reset(a);
}
