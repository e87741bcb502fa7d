#include "line_read.h"

#include <stdbool.h>

LineRead line_read(FILE *f, char *buf, size_t max, size_t *len)
{
    size_t n = 0;
    bool too_long = false;
    int c;
    /* Unlocked: the caller is the only reader of f. */
    while ((c = getc_unlocked(f)) != EOF && c != '\n') {
        if (n < max)
            buf[n++] = (char)c;
        else
            too_long = true;
    }
    buf[n] = '\0';
    *len = n;
    if (c == EOF && n == 0 && !too_long)
        return LINE_READ_END;
    return too_long ? LINE_READ_TOO_LONG : LINE_READ_OK;
}
