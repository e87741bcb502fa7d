#include "tune/weights_file.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "search/eval_params.h"

bool tune_write_weights(FILE *out, const double *w_mg, const double *w_eg, const char *provenance)
{
    fprintf(out, "/* The evaluation's weights (search/eval_params.h lists the terms), middlegame\n"
                 " * and endgame, in centipawns. Written by `chesslab tune` (tune/):\n");
    /* Wrapped at spaces to keep the comment under 80 columns. */
    enum { WIDTH = 76 };
    for (const char *line = provenance; *line;) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line), cut = len;
        if (len > WIDTH) {
            cut = WIDTH;
            while (cut > 0 && line[cut] != ' ')
                cut--;
            if (cut == 0)
                cut = len;
        }
        fprintf(out, " * %.*s\n", (int)cut, line);
        line += cut;
        if (cut == len)
            line += end != NULL;
        else
            while (*line == ' ')
                line++;
    }
    fprintf(out, " * Rerun the tuner rather than editing by hand. */\n"
                 "#include \"search/eval_params.h\"\n\n"
                 "const EvalPair eval_weights[EVAL_PARAM_COUNT] = {\n");
    for (int t = 0; t < eval_term_count; t++) {
        const EvalTermInfo *term = &eval_terms[t];
        fprintf(out, "    /* %s: %s */\n    [EVAL_%s] =", term->name, term->what, term->name);
        for (int i = 0; i < term->count; i++) {
            int j = term->first + i;
            if (i > 0 && i % 4 == 0)
                fprintf(out, "\n       ");
            fprintf(out, " { %d, %d },", (int)lround(w_mg[j]), (int)lround(w_eg[j]));
        }
        fprintf(out, "\n");
    }
    fprintf(out, "};\n");
    return !ferror(out);
}

/* The file without its comments, NULL when out of memory or unreadable. */
static char *read_without_comments(FILE *in)
{
    size_t len = 0, cap = 1 << 16;
    char *text = malloc(cap);
    bool in_comment = false;
    for (int c, prev = 0; text && (c = fgetc(in)) != EOF; prev = c) {
        if (in_comment) {
            if (prev == '*' && c == '/') {
                in_comment = false;
                c = 0; /* a closing slash opens nothing */
            }
            continue;
        }
        if (prev == '/' && c == '*') {
            in_comment = true;
            len--; /* the slash was no text */
            c = 0;
            continue;
        }
        if (len + 2 > cap) {
            char *bigger = realloc(text, cap *= 2);
            if (bigger == NULL) {
                free(text);
                return NULL;
            }
            text = bigger;
        }
        text[len++] = (char)c;
    }
    if (text)
        text[len] = '\0';
    return text;
}

static const char *skip_space(const char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    return s;
}

bool tune_read_weights(FILE *in, double *w_mg, double *w_eg, char *err, size_t err_len)
{
    char *text = read_without_comments(in);
    if (text == NULL) {
        snprintf(err, err_len, "out of memory");
        return false;
    }
    bool ok = false;
    const char *s = strstr(text, "eval_weights[EVAL_PARAM_COUNT] = {");
    if (s == NULL) {
        snprintf(err, err_len, "no 'eval_weights[EVAL_PARAM_COUNT] = {' table");
        goto done;
    }
    s += strlen("eval_weights[EVAL_PARAM_COUNT] = {");
    for (int t = 0; t < eval_term_count; t++) {
        const EvalTermInfo *term = &eval_terms[t];
        char designator[64];
        snprintf(designator, sizeof designator, "[EVAL_%s] =", term->name);
        s = skip_space(s);
        if (strncmp(s, designator, strlen(designator)) != 0) {
            snprintf(err, err_len, "expected %s: the file is not of this build's evaluation terms", designator);
            goto done;
        }
        s += strlen(designator);
        for (int i = 0; i < term->count; i++) {
            long mg, eg;
            int used = 0;
            if (sscanf(s, " { %ld , %ld } ,%n", &mg, &eg, &used) != 2 || used == 0) {
                snprintf(err, err_len, "%s: weight %d of %d is not '{ MG, EG },'", term->name, i + 1, term->count);
                goto done;
            }
            s += used;
            w_mg[term->first + i] = (double)mg;
            w_eg[term->first + i] = (double)eg;
        }
    }
    if (*skip_space(s) != '}') {
        snprintf(err, err_len, "more weights than this build's %d", EVAL_PARAM_COUNT);
        goto done;
    }
    ok = true;
done:
    free(text);
    return ok;
}
