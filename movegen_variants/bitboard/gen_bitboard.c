/* Generator "bitboard": the bitboard board with classical ray attacks. */
#include "movegen_variants/bitboard/attacks_classical.h"

#define STRATEGY classical
#define GEN_SYMBOL bitboard
#define GEN_NAME "bitboard"
#define GEN_SUMMARY "bitboards, legal generation with pin/check masks, classical ray attacks"
#define GEN_UNAVAILABLE NULL
#define GEN_NOTE NULL
#define GEN_EXPORT_PREFIX bitboard_impl_ /* the MoveGen comes from generator_hashed.h */
#include "movegen_variants/bitboard/generator_template.h"
#include "movegen_variants/bitboard/generator_hashed.h"
