/* A result file written under a temporary name beside its target and
 * renamed over the target only once complete (rename(2) replaces a name
 * atomically within a file system): a run that is killed or crashes never
 * leaves an empty or half-written file where a result belongs, and an
 * earlier file of that name stays until the new one is whole.
 *
 * The temporary file is "TARGET.PID.tmp", created with the mode a plain
 * fopen would give (0666 less the umask) and close-on-exec. A process
 * killed outright leaves it behind with what it had written by then. A
 * target that exists and is no regular file (/dev/null, a FIFO) is written
 * directly: there is nothing to replace. A symbolic link at the target is
 * replaced by the new file, as mv(1) would replace it. */
#ifndef CHESSLAB_ATOMIC_FILE_H
#define CHESSLAB_ATOMIC_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct AtomicFile {
    FILE *f;      /* write here; NULL when closed */
    char *target; /* the name replaced at commit */
    char *temp;   /* NULL when writing the target directly */
} AtomicFile;

/* Whether target could be written: not a directory, writable when it
 * exists, and a file can be made beside it (one is made and removed), so
 * that a long run can refuse a bad path before it starts. False with a
 * message ("cannot write 'x': No such file or directory"). */
bool atomic_file_check(const char *target, char *err, size_t err_len);

/* Creates the temporary file beside target. False with a message as
 * atomic_file_check's; *a is then closed. */
bool atomic_file_open(AtomicFile *a, const char *target, char *err, size_t err_len);

/* Flushes, syncs and closes the temporary file and renames it over the
 * target. On any failure the temporary file is removed, the target left
 * as it was, and err says why. */
bool atomic_file_commit(AtomicFile *a, char *err, size_t err_len);

/* Closes and removes the temporary file: the target stays as it was.
 * Does nothing on a closed one. */
void atomic_file_discard(AtomicFile *a);

#endif
