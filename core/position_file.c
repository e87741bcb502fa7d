#include "core/position_file.h"

#include <ctype.h>
#include <string.h>

#include "core/epd.h"

static bool all_digits(const char *s)
{
    if (*s == '\0')
        return false;
    for (; *s; s++)
        if (!isdigit((unsigned char)*s))
            return false;
    return true;
}

/* One line: FEN fields, then anything (EPD operations, perft counts). */
static bool parse_position(const char *text, NamedPosition *p, char *err, size_t err_len)
{
    char copy[1024], fen[FEN_MAX] = "";
    snprintf(copy, sizeof copy, "%s", text);
    char *save = NULL, *fields[6];
    int count = 0;
    for (char *t = strtok_r(copy, " \t\r\n", &save); t && count < 6; t = strtok_r(NULL, " \t\r\n", &save))
        fields[count++] = t;
    if (count < 4) {
        snprintf(err, err_len, "fewer than 4 FEN fields");
        return false;
    }
    bool counters = count == 6 && all_digits(fields[4]) && all_digits(fields[5]);
    int len = snprintf(fen, sizeof fen, "%s %s %s %s %s %s", fields[0], fields[1], fields[2], fields[3],
                       counters ? fields[4] : "0", counters ? fields[5] : "1");
    if (len < 0 || len >= (int)sizeof fen) {
        snprintf(err, err_len, "FEN too long");
        return false;
    }
    if (!setup_from_fen(&p->setup, fen, err, err_len))
        return false;
    setup_to_fen(&p->setup, p->fen);
    /* id "NAME" among the EPD operations */
    const char *id = strstr(text, "id \"");
    p->name[0] = '\0';
    if (id && (id == text || id[-1] == ' ' || id[-1] == ';' || id[-1] == '\t'))
        snprintf(p->name, sizeof p->name, "%.*s", (int)strcspn(id + 4, "\""), id + 4);
    return true;
}

int position_file_read(const char *path, NamedPosition *out, int max, char *err, size_t err_len)
{
    EpdFile file;
    if (!epd_file_open(&file, path, err, err_len))
        return -1;
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    char text[EPD_LINE_MAX], problem[256];
    int count = 0;
    while (epd_file_next(&file, text)) {
        const int line_no = file.line_no;
        size_t skip = strspn(text, " \t\r\n");
        if (text[skip] == '\0' || text[skip] == '#')
            continue;
        if (count == max) {
            snprintf(err, err_len, "%s: more than %d positions", path, max);
            epd_file_close(&file);
            return -1;
        }
        NamedPosition *p = &out[count];
        if (!parse_position(text + skip, p, problem, sizeof problem)) {
            snprintf(err, err_len, "%s:%d: %s", path, line_no, problem);
            epd_file_close(&file);
            return -1;
        }
        if (p->name[0] == '\0')
            snprintf(p->name, sizeof p->name, "%.50s:%d", base, line_no);
        count++;
    }
    const int bad = file.errors;
    epd_file_close(&file);
    if (bad) {
        snprintf(err, err_len, "%s: %d unreadable line%s (a NUL byte, or longer than %d bytes)", path, bad,
                 bad == 1 ? "" : "s", EPD_LINE_MAX - 1);
        return -1;
    }
    if (count == 0)
        snprintf(err, err_len, "%s: no positions", path);
    return count;
}
