#include "core/json.h"

#include <stdbool.h>

/* The length of the well-formed UTF-8 sequence at s (1..4), or 0 when it is
 * ill-formed; *used is then the length of its maximal subpart (at least 1),
 * the bytes one U+FFFD replaces. Ranges from Unicode's table 3-7. */
static int utf8_sequence(const unsigned char *s, int *used)
{
    unsigned char c = s[0];
    int need;
    unsigned char lo = 0x80, hi = 0xBF; /* allowed range of the second byte */
    if (c < 0x80)
        return *used = 1;
    if (c >= 0xC2 && c <= 0xDF)
        need = 1;
    else if (c >= 0xE0 && c <= 0xEF) {
        need = 2;
        if (c == 0xE0)
            lo = 0xA0; /* overlong below */
        else if (c == 0xED)
            hi = 0x9F; /* surrogates above */
    } else if (c >= 0xF0 && c <= 0xF4) {
        need = 3;
        if (c == 0xF0)
            lo = 0x90;
        else if (c == 0xF4)
            hi = 0x8F; /* above U+10FFFF */
    } else {
        *used = 1; /* continuation byte, C0, C1, F5..FF */
        return 0;
    }
    for (int i = 1; i <= need; i++) {
        bool ok = i == 1 ? s[i] >= lo && s[i] <= hi : s[i] >= 0x80 && s[i] <= 0xBF;
        if (!ok) { /* the NUL terminator fails here too */
            *used = i;
            return 0;
        }
    }
    return *used = need + 1;
}

void json_write_string(FILE *out, const char *text)
{
    const unsigned char *s = (const unsigned char *)text;
    fputc('"', out);
    while (*s) {
        unsigned char c = *s;
        int used;
        int n = utf8_sequence(s, &used);
        if (n == 0)
            fputs("\\ufffd", out);
        else if (c == '"' || c == '\\')
            fprintf(out, "\\%c", c);
        else if (c == '\n')
            fputs("\\n", out);
        else if (c == '\r')
            fputs("\\r", out);
        else if (c == '\t')
            fputs("\\t", out);
        else if (c < 0x20 || c == 0x7F)
            fprintf(out, "\\u%04x", c);
        else
            fwrite(s, 1, (size_t)n, out);
        s += used;
    }
    fputc('"', out);
}
