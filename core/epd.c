#include "epd.h"

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

bool epd_read_line(FILE *f, char *buf, size_t len, bool *too_long)
{
    *too_long = false;
    if (fgets(buf, (int)len, f) == NULL)
        return false;
    size_t n = strlen(buf);
    if (n == len - 1 && buf[n - 1] != '\n' && !feof(f)) {
        *too_long = true;
        int c;
        while ((c = fgetc(f)) != EOF && c != '\n')
            ;
    }
    while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == '\r'))
        buf[--n] = '\0';
    return true;
}
