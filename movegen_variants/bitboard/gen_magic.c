/* Generator "magic": the bitboard board with fancy magic attacks. */
#include "movegen_variants/bitboard/attacks_magic.h"

#define STRATEGY magic
#define GEN_SYMBOL magic
#define GEN_NAME "magic"
#define GEN_SUMMARY "bitboards, legal generation with pin/check masks, fancy magic attacks (own magic search)"
#define GEN_UNAVAILABLE NULL
#define GEN_NOTE NULL
#define GEN_EXPORT_PREFIX magic_impl_ /* the MoveGen comes from generator_hashed.h */
#include "movegen_variants/bitboard/generator_template.h"
#include "movegen_variants/bitboard/generator_hashed.h"
