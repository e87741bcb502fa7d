/* Generator "hq": the bitboard board with hyperbola-quintessence attacks. */
#include "attacks_hq.h"

#define STRATEGY hq
#define GEN_SYMBOL hq
#define GEN_NAME "hq"
#define GEN_SUMMARY "bitboards, legal generation with pin/check masks, hyperbola quintessence attacks"
#define GEN_UNAVAILABLE NULL
#define GEN_NOTE NULL
#include "generator_template.h"
