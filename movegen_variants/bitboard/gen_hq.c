/* Generator "hq": the bitboard board with hyperbola-quintessence attacks. */
#include "movegen_variants/bitboard/attacks_hq.h"

#define STRATEGY hq
#define GEN_SYMBOL hq
#define GEN_NAME "hq"
#define GEN_SUMMARY "bitboards, legal generation with pin/check masks, hyperbola quintessence attacks"
#define GEN_UNAVAILABLE NULL
#define GEN_NOTE NULL
#define GEN_EXPORT_PREFIX hq_impl_ /* the MoveGen comes from generator_hashed.h */
#include "movegen_variants/bitboard/generator_template.h"
#include "movegen_variants/bitboard/generator_hashed.h"
