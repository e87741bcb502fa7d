#include "core/epd.h"

#include "core/input_file.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

bool perft_epd_parse(const char *text, PerftEpdLine *out, char *err, size_t err_len)
{
    memset(out, 0, sizeof *out);
    const char *semi = strchr(text, ';');
    size_t fen_len = semi ? (size_t)(semi - text) : strlen(text);
    while (fen_len > 0 && isspace((unsigned char)text[fen_len - 1]))
        fen_len--;
    while (fen_len > 0 && isspace((unsigned char)*text))
        text++, fen_len--;
    if (fen_len == 0) {
        snprintf(err, err_len, "empty line, expected `FEN ;D1 n ...`");
        return false;
    }
    if (fen_len >= sizeof out->fen) {
        snprintf(err, err_len, "FEN longer than %zu characters", sizeof out->fen - 1);
        return false;
    }
    memcpy(out->fen, text, fen_len);
    out->fen[fen_len] = '\0';
    if (!setup_from_fen(&out->setup, out->fen, err, err_len))
        return false;

    for (const char *op = semi; op != NULL; op = strchr(op + 1, ';')) {
        const char *p = op + 1;
        while (isspace((unsigned char)*p))
            p++;
        if (*p == '\0' || *p == '\n')
            continue; /* trailing ';' */
        if (*p != 'D') {
            snprintf(err, err_len, "operation '%.12s' is not of the form `D<depth> <count>`", p);
            return false;
        }
        char *end;
        errno = 0;
        long depth = strtol(p + 1, &end, 10);
        if (end == p + 1 || !isspace((unsigned char)*end) || depth < 1 || depth > PERFT_MAX_DEPTH) {
            snprintf(err, err_len, "bad depth in '%.12s' (expected D1..D%d)", p, PERFT_MAX_DEPTH);
            return false;
        }
        const char *num = end;
        while (isspace((unsigned char)*num))
            num++;
        unsigned long long count = strtoull(num, &end, 10);
        while (*end != '\0' && *end != ';' && isspace((unsigned char)*end))
            end++;
        if (!isdigit((unsigned char)*num) || errno == ERANGE || (*end != '\0' && *end != ';')) {
            snprintf(err, err_len, "bad node count for D%ld", depth);
            return false;
        }
        if (out->has_depth[depth]) {
            snprintf(err, err_len, "D%ld given twice", depth);
            return false;
        }
        out->has_depth[depth] = true;
        out->expected[depth] = count;
        if (depth > out->max_depth)
            out->max_depth = (int)depth;
    }
    if (out->max_depth == 0) {
        snprintf(err, err_len, "no `;D<depth> <count>` entries after the FEN");
        return false;
    }
    return true;
}

const char *epd_line_problem_text(EpdLineProblem p)
{
    return p == EPD_LINE_TOO_LONG ? "line too long" : p == EPD_LINE_NUL ? "NUL byte in the line" : "ok";
}

bool epd_read_line(FILE *f, char *buf, size_t len, EpdLineProblem *problem)
{
    *problem = EPD_LINE_OK;
    size_t n = 0;
    int c;
    bool any = false;
    while ((c = getc(f)) != EOF) {
        any = true;
        if (c == '\n')
            break;
        if (c == '\0')
            *problem = EPD_LINE_NUL;
        else if (n + 1 < len)
            buf[n++] = (char)c;
        else if (*problem == EPD_LINE_OK)
            *problem = EPD_LINE_TOO_LONG;
    }
    if (!any)
        return false;
    while (n > 0 && buf[n - 1] == '\r')
        n--;
    buf[*problem == EPD_LINE_OK ? n : 0] = '\0';
    return true;
}

bool epd_file_open(EpdFile *e, const char *path, char *err, size_t err_len)
{
    *e = (EpdFile){ .path = path };
    return input_file_open(path, &e->f, err, err_len) == INPUT_FILE_OK;
}

void epd_file_error(EpdFile *e, const char *problem)
{
    fprintf(stderr, "%s:%d: %s\n", e->path, e->line_no, problem);
    if (++e->errors == EPD_MAX_ERRORS) {
        fprintf(stderr, "%s: %d bad lines, giving up\n", e->path, e->errors);
        e->gave_up = true;
    }
}

bool epd_file_next(EpdFile *e, char buf[EPD_LINE_MAX])
{
    EpdLineProblem problem;
    while (!e->gave_up && epd_read_line(e->f, buf, EPD_LINE_MAX, &problem)) {
        e->line_no++;
        if (problem == EPD_LINE_OK)
            return true;
        epd_file_error(e, epd_line_problem_text(problem));
    }
    if (!e->gave_up && ferror(e->f)) {
        fprintf(stderr, "%s: read error\n", e->path);
        e->errors++;
        e->gave_up = true;
    }
    return false;
}

void epd_file_close(EpdFile *e)
{
    if (e->f != NULL)
        fclose(e->f);
    e->f = NULL;
}
