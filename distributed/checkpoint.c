#include "distributed/checkpoint.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/input_file.h"
#include "core/timer.h"

static const char magic_line[] = "chesslab-perft-checkpoint 1";

/* Bounds on what a checkpoint file can hold: the header (a FEN and up to
 * CHECKPOINT_MAX_PASSES seeds) and one record line per unit and pass. */
enum { CHECKPOINT_HEADER_MAX = 4096, CHECKPOINT_RECORD_MAX = 128 };

/* Check word of a record: ties it to this job (list hash) so a line pasted
 * from another checkpoint, or a flipped digit, is caught. */
static uint64_t record_check(const CheckpointJob *job, int pass, uint64_t index, uint64_t count)
{
    uint64_t v[4] = { job->list_hash, (uint64_t)pass, index, count };
    uint64_t h = 0xcbf29ce484222325ull;
    for (int i = 0; i < 4; i++)
        for (int b = 0; b < 8; b++) {
            h ^= (v[i] >> (8 * b)) & 0xff;
            h *= 0x100000001b3ull;
        }
    return h;
}

static void write_header(FILE *f, const CheckpointJob *job)
{
    fprintf(f, "%s\nfen %s\ndepth %d\nsplit %d\nunits %" PRIu64 "\nlist %016" PRIx64 "\npasses %d\nseeds", magic_line,
            job->fen, job->depth, job->split, job->units, job->list_hash, job->passes);
    for (int p = 0; p < job->passes; p++)
        fprintf(f, " %016" PRIx64, job->seeds[p]);
    fprintf(f, "\nrecords\n");
}

/* Reads the whole file; returns NULL with errno set on failure. */
static char *read_all(FILE *f, size_t *len)
{
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap)
            break;
        char *grown = realloc(buf, 2 * cap + 1);
        if (grown == NULL) {
            free(buf);
            return NULL;
        }
        buf = grown;
        cap *= 2;
    }
    if (buf == NULL || ferror(f)) {
        free(buf);
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

/* The header this run would write, compared line by line with the file's,
 * so the message can name the first field that differs. */
static bool check_header(const char *path, char **lines, int line_count, const CheckpointJob *job, char *err,
                         size_t err_len)
{
    char *text = NULL;
    size_t size = 0;
    FILE *mem = open_memstream(&text, &size);
    if (mem == NULL) {
        snprintf(err, err_len, "out of memory");
        return false;
    }
    write_header(mem, job);
    fclose(mem);
    bool ok = true;
    int i = 0;
    char *save = NULL;
    for (char *want = strtok_r(text, "\n", &save); want && ok; want = strtok_r(NULL, "\n", &save), i++) {
        if (i >= line_count) {
            snprintf(err, err_len, "checkpoint '%s' is corrupt: the header ends at line %d", path, i + 1);
            ok = false;
        } else if (i == 0 && strcmp(lines[0], magic_line) != 0) {
            snprintf(err, err_len, "'%s' is not a chesslab perft checkpoint (its first line is not '%s')", path,
                     magic_line);
            ok = false;
        } else if (strcmp(lines[i], want) != 0) {
            snprintf(err, err_len, "checkpoint '%s' belongs to another job: its line %d is '%.80s', this job's is '%.80s'",
                     path, i + 1, lines[i], want);
            ok = false;
        }
    }
    free(text);
    return ok;
}

static bool parse_record(Checkpoint *cp, const char *path, int line_no, const char *line, char *err, size_t err_len)
{
    int pass, used = -1;
    uint64_t index, count, check;
    if (sscanf(line, "u %d %" SCNu64 " %" SCNu64 " %16" SCNx64 "%n", &pass, &index, &count, &check, &used) != 4 ||
        used < 0 || line[used] != '\0' || pass < 1 || pass > cp->job.passes || index >= cp->job.units ||
        count == CHECKPOINT_NOT_DONE || check != record_check(&cp->job, pass, index, count)) {
        snprintf(err, err_len, "checkpoint '%s' is corrupt: line %d '%.60s' is not a valid unit record", path, line_no,
                 line);
        return false;
    }
    uint64_t *slot = &cp->counts[pass - 1][index];
    if (*slot != CHECKPOINT_NOT_DONE && *slot != count) {
        snprintf(err, err_len, "checkpoint '%s' is corrupt: line %d records unit %" PRIu64 " again with another count",
                 path, line_no, index);
        return false;
    }
    if (*slot == CHECKPOINT_NOT_DONE)
        cp->done[pass - 1]++;
    *slot = count;
    return true;
}

/* Parses an existing file; *keep is the length of its complete lines. */
static bool load(Checkpoint *cp, const char *path, char *text, size_t len, size_t *keep, char *err, size_t err_len)
{
    if (len < sizeof magic_line - 1 || memcmp(text, magic_line, sizeof magic_line - 1) != 0) {
        snprintf(err, err_len, "'%s' is not a chesslab perft checkpoint (its first line is not '%s')", path,
                 magic_line);
        return false;
    }
    *keep = len;
    while (*keep > 0 && text[*keep - 1] != '\n')
        (*keep)--;
    cp->torn_tail = *keep < len;
    text[*keep] = '\0';
    if (memchr(text, '\0', *keep) != NULL) {
        snprintf(err, err_len, "checkpoint '%s' is corrupt: it holds a NUL byte", path);
        return false;
    }
    int line_count = 0;
    for (size_t i = 0; i < *keep; i++)
        line_count += text[i] == '\n';
    char **lines = malloc(((size_t)line_count + 1) * sizeof *lines);
    if (lines == NULL) {
        snprintf(err, err_len, "out of memory");
        return false;
    }
    int n = 0;
    for (char *p = text; n < line_count; n++) {
        char *nl = strchr(p, '\n');
        *nl = '\0';
        lines[n] = p;
        p = nl + 1;
    }
    const int header_lines = 9; /* as write_header writes them */
    bool ok = check_header(path, lines, line_count, &cp->job, err, err_len);
    for (int i = header_lines; i < line_count && ok; i++)
        ok = parse_record(cp, path, i + 1, lines[i], err, err_len);
    free(lines);
    return ok;
}

bool checkpoint_open(Checkpoint *cp, const char *path, const CheckpointJob *job, char *err, size_t err_len)
{
    memset(cp, 0, sizeof *cp);
    cp->job = *job;
    for (int p = 0; p < job->passes; p++) {
        cp->counts[p] = malloc((job->units ? job->units : 1) * sizeof *cp->counts[p]);
        if (cp->counts[p] == NULL) {
            checkpoint_close(cp);
            snprintf(err, err_len, "out of memory");
            return false;
        }
        for (uint64_t i = 0; i < job->units; i++)
            cp->counts[p][i] = CHECKPOINT_NOT_DONE;
    }
    FILE *f = fopen(path, "r+");
    if (f == NULL && errno == ENOENT)
        f = fopen(path, "w+");
    if (f == NULL) {
        snprintf(err, err_len, "cannot open checkpoint '%s': %s", path, strerror(errno));
        checkpoint_close(cp);
        return false;
    }
    cp->file = f;
    /* Only a regular file, and no larger than a header and one record per
     * unit and pass can make it: /dev/null would swallow the records,
     * /dev/zero or a FIFO never end, and a huge file is no checkpoint. */
    struct stat st;
    const uint64_t max_bytes = CHECKPOINT_HEADER_MAX + (job->units * (uint64_t)job->passes + 16) * CHECKPOINT_RECORD_MAX;
    const char *kind = fstat(fileno(f), &st) != 0 ? "unreadable" : input_file_kind(&st);
    if (kind != NULL) {
        snprintf(err, err_len, "checkpoint '%s' is %s, not a regular file", path, kind);
        checkpoint_close(cp);
        return false;
    }
    if ((uint64_t)st.st_size > max_bytes) {
        snprintf(err, err_len, "checkpoint '%s' is %lld bytes, more than this job's %llu can be", path,
                 (long long)st.st_size, (unsigned long long)max_bytes);
        checkpoint_close(cp);
        return false;
    }
    size_t len = 0, keep = 0;
    char *text = read_all(f, &len);
    if (text == NULL) {
        snprintf(err, err_len, "cannot read checkpoint '%s': %s", path, strerror(errno));
        checkpoint_close(cp);
        return false;
    }
    bool ok = len == 0 || load(cp, path, text, len, &keep, err, err_len);
    free(text);
    if (ok && len > 0 && keep < len && (fflush(f) != 0 || ftruncate(fileno(f), (off_t)keep) != 0)) {
        snprintf(err, err_len, "cannot cut the torn last line of checkpoint '%s': %s", path, strerror(errno));
        ok = false;
    }
    if (ok && fseek(f, 0, SEEK_END) != 0) {
        snprintf(err, err_len, "cannot seek in checkpoint '%s': %s", path, strerror(errno));
        ok = false;
    }
    if (ok && len == 0) {
        write_header(f, job);
        if (fflush(f) != 0) {
            snprintf(err, err_len, "cannot write checkpoint '%s': %s", path, strerror(errno));
            ok = false;
        }
    }
    if (!ok) {
        checkpoint_close(cp);
        return false;
    }
    cp->last_sync = timer_seconds();
    return true;
}

bool checkpoint_record(Checkpoint *cp, int pass, uint64_t index, uint64_t count, char *err, size_t err_len)
{
    if (cp->counts[pass - 1][index] == CHECKPOINT_NOT_DONE)
        cp->done[pass - 1]++;
    cp->counts[pass - 1][index] = count;
    /* One fprintf into stdio's buffer and one fflush: a single write(2), so a
     * kill leaves whole lines or a torn last line, nothing worse. */
    fprintf(cp->file, "u %d %" PRIu64 " %" PRIu64 " %016" PRIx64 "\n", pass, index, count,
            record_check(&cp->job, pass, index, count));
    if (fflush(cp->file) != 0) {
        snprintf(err, err_len, "cannot write checkpoint: %s", strerror(errno));
        return false;
    }
    double now = timer_seconds();
    if (now - cp->last_sync >= 1.0) {
        fsync(fileno(cp->file));
        cp->last_sync = now;
    }
    return true;
}

void checkpoint_close(Checkpoint *cp)
{
    if (cp->file) {
        fflush(cp->file);
        fsync(fileno(cp->file));
        fclose(cp->file);
    }
    for (int p = 0; p < CHECKPOINT_MAX_PASSES; p++)
        free(cp->counts[p]);
    memset(cp, 0, sizeof *cp);
}
