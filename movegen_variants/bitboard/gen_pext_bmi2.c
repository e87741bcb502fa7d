/* The pext generator's code (compiled with -mbmi2); its MoveGen, with the
 * availability check, is in gen_pext.c, compiled without. */
#include "movegen_variants/bitboard/attacks_pext.h"

#define STRATEGY pext
#define GEN_EXPORT_PREFIX pext_impl_
#include "movegen_variants/bitboard/generator_template.h"
#include "movegen_variants/bitboard/generator_hashed.h"
