/* The search's instantiation of the bitboard generator with BMI2 PEXT
 * attacks. Compiled with -mbmi2 (CMakeLists.txt); search_board.c, compiled
 * without, runs it only on CPUs with BMI2. */
#include "movegen_variants/bitboard/attacks_pext.h"

#define STRATEGY pext
#define GEN_EXPORT_PREFIX search_pext_
#include "movegen_variants/bitboard/generator_template.h"
