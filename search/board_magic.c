/* The search's instantiation of the bitboard generator with fancy magic
 * attacks: runs on every x86-64. */
#include "movegen_variants/bitboard/attacks_magic.h"

#define STRATEGY magic
#define GEN_EXPORT_PREFIX search_magic_
#include "movegen_variants/bitboard/generator_template.h"
