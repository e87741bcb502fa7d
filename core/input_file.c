#include "core/input_file.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char *input_file_kind(const struct stat *st)
{
    const mode_t mode = st->st_mode;
    if (S_ISREG(mode))
        return NULL;
    if (S_ISDIR(mode))
        return "a directory";
    if (S_ISCHR(mode))
        return "a character device";
    if (S_ISBLK(mode))
        return "a block device";
    if (S_ISFIFO(mode))
        return "a FIFO";
    if (S_ISSOCK(mode))
        return "a socket";
    return "something other than a regular file";
}

InputFileStatus input_file_open(const char *path, FILE **f, char *err, size_t err_len)
{
    *f = NULL;
    /* O_NONBLOCK: opening a FIFO with no writer returns at once. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        snprintf(err, err_len, "cannot open '%s': %s", path, strerror(errno));
        return INPUT_FILE_CANNOT_OPEN;
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        snprintf(err, err_len, "cannot read '%s': %s", path, strerror(errno));
        close(fd);
        return INPUT_FILE_NOT_A_FILE;
    }
    const char *kind = input_file_kind(&st);
    if (kind != NULL) {
        snprintf(err, err_len, "cannot read '%s': it is %s, not a file", path, kind);
        close(fd);
        return INPUT_FILE_NOT_A_FILE;
    }
    /* Regular files never block; the flag is dropped all the same. */
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    *f = fdopen(fd, "r");
    if (*f == NULL) {
        snprintf(err, err_len, "cannot open '%s': %s", path, strerror(errno));
        close(fd);
        return INPUT_FILE_CANNOT_OPEN;
    }
    return INPUT_FILE_OK;
}
