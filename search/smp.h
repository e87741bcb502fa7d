/* The ways several threads share one search (see search/README.md):
 *   serial  one thread, the baseline;
 *   lazy    Lazy SMP: all threads iterate from the root over the shared
 *           table (lazy.h, lazy.c);
 *   ybwc    Young Brothers Wait: idle threads join nodes whose eldest move
 *           is searched (ybwc.h, ybwc.c);
 *   abdada  all threads search the tree, putting off moves another thread
 *           is in (abdada.h, abdada.c). */
#ifndef CHESSLAB_SEARCH_SMP_H
#define CHESSLAB_SEARCH_SMP_H

#include <stdbool.h>

typedef enum { SMP_SERIAL, SMP_LAZY, SMP_YBWC, SMP_ABDADA } SmpVariant;
enum { SMP_VARIANT_COUNT = 4 };

const char *smp_variant_name(SmpVariant v);
/* Case-insensitive; false for an unknown name. */
bool smp_variant_parse(const char *text, SmpVariant *out);
/* "serial, lazy, ybwc, abdada", for help and error messages. */
const char *smp_variant_list(void);

#endif
