#include "core/json.h"

#include <math.h>
#include <stdbool.h>
#include <string.h>

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

static void json_write_string(FILE *out, const char *text)
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

void json_writer_init(JsonWriter *w, FILE *out)
{
    *w = (JsonWriter){ .out = out };
}

/* Starts a member or element: the comma, the line break and indent of a
 * multi-line container, and "key": inside an object. */
static void begin_value(JsonWriter *w, const char *key)
{
    if (w->depth > 0) {
        int top = w->depth - 1;
        if (w->has_members[top])
            fputc(',', w->out);
        if (w->is_inline[top])
            fputs(w->has_members[top] ? " " : "", w->out);
        else
            fprintf(w->out, "\n%*s", 2 * w->depth, "");
        w->has_members[top] = true;
    }
    if (key) {
        json_write_string(w->out, key);
        fputs(": ", w->out);
    }
}

static void open_container(JsonWriter *w, const char *key, JsonLayout layout, char bracket, char closer)
{
    begin_value(w, key);
    fputc(bracket, w->out);
    if (w->depth == JSON_MAX_DEPTH) {
        w->overflow = true;
        return;
    }
    bool parent_inline = w->depth > 0 && w->is_inline[w->depth - 1];
    w->is_inline[w->depth] = parent_inline || layout == JSON_INLINE;
    w->has_members[w->depth] = false;
    w->closer[w->depth] = closer;
    w->depth++;
}

void json_object_begin(JsonWriter *w, const char *key, JsonLayout layout)
{
    open_container(w, key, layout, '{', '}');
}

void json_array_begin(JsonWriter *w, const char *key, JsonLayout layout)
{
    open_container(w, key, layout, '[', ']');
}

void json_end(JsonWriter *w)
{
    if (w->depth == 0) {
        w->overflow = true; /* more ends than begins */
        return;
    }
    int top = --w->depth;
    if (!w->is_inline[top] && w->has_members[top])
        fprintf(w->out, "\n%*s", 2 * w->depth, "");
    fputc(w->closer[top], w->out);
    if (w->depth == 0)
        fputc('\n', w->out);
}

void json_string(JsonWriter *w, const char *key, const char *value)
{
    begin_value(w, key);
    if (value)
        json_write_string(w->out, value);
    else
        fputs("null", w->out);
}

void json_int(JsonWriter *w, const char *key, int64_t value)
{
    begin_value(w, key);
    fprintf(w->out, "%lld", (long long)value);
}

void json_uint(JsonWriter *w, const char *key, uint64_t value)
{
    begin_value(w, key);
    fprintf(w->out, "%llu", (unsigned long long)value);
}

void json_double(JsonWriter *w, const char *key, double value, int decimals)
{
    begin_value(w, key);
    if (isfinite(value))
        fprintf(w->out, "%.*f", decimals < 0 ? 0 : decimals > 17 ? 17 : decimals, value);
    else
        fputs("null", w->out);
}

void json_number_text(JsonWriter *w, const char *key, const char *digits)
{
    const char *d = digits + (digits[0] == '-');
    size_t n = strspn(d, "0123456789");
    bool valid = n > 0 && d[n] == '\0' && (d[0] != '0' || n == 1);
    begin_value(w, key);
    fputs(valid ? digits : "null", w->out);
}

void json_bool(JsonWriter *w, const char *key, bool value)
{
    begin_value(w, key);
    fputs(value ? "true" : "false", w->out);
}

void json_null(JsonWriter *w, const char *key)
{
    begin_value(w, key);
    fputs("null", w->out);
}

void json_flush(JsonWriter *w) { fflush(w->out); }

bool json_writer_done(const JsonWriter *w) { return w->depth == 0 && !w->overflow; }
