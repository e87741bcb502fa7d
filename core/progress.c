#include "core/progress.h"

#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include "core/timer.h"

bool progress_wanted(void)
{
    return isatty(STDOUT_FILENO) && isatty(STDERR_FILENO);
}

/* Whether the parent's file descriptor fd is a terminal, through /proc. */
static bool parent_fd_is_tty(int fd)
{
#ifdef __linux__
    char path[64];
    snprintf(path, sizeof path, "/proc/%ld/fd/%d", (long)getppid(), fd);
    int own = open(path, O_WRONLY | O_NOCTTY);
    if (own < 0)
        return false;
    bool tty = isatty(own);
    close(own);
    return tty;
#else
    (void)fd;
    return false;
#endif
}

bool progress_wanted_relayed(void)
{
    return progress_wanted() || (parent_fd_is_tty(STDOUT_FILENO) && parent_fd_is_tty(STDERR_FILENO));
}

void progress_line(const char *what, int done, int total, const char *unit, uint64_t nodes, double elapsed)
{
    fprintf(stderr, "\r%s: %d/%d %s", what, done, total, unit);
    if (nodes)
        fprintf(stderr, ", %llu nodes, %.1f Mnps", (unsigned long long)nodes, timer_mnps(nodes, elapsed));
    fprintf(stderr, ", %.1f s", elapsed);
    if (done > 0 && done < total)
        fprintf(stderr, ", ~%.0f s left", elapsed * (double)(total - done) / (double)done);
    fputs("   ", stderr);
    fflush(stderr);
}

void progress_end(void)
{
    fputc('\n', stderr);
}

void progress_clear(void)
{
    fputs("\r\033[K", stderr);
    fflush(stderr);
}
