/* A planted bug for the test suite (NOT in the registry): the classical
 * bitboard generator that forgets that an en passant capture removes two
 * pawns from one rank, so it allows the capture that uncovers a rook or
 * queen on that rank against its own king. A test that cannot tell this
 * generator from the real ones does not test en passant. */
#include "movegen_variants/bitboard/attacks_classical.h"

#define BITBOARD_PLANT_EP_RANK_BUG 1
#define STRATEGY classical
#define GEN_SYMBOL broken_ep
#define GEN_NAME "broken-ep"
#define GEN_SUMMARY "planted bug: bitboard generator that misses en passant rank pins (tests only)"
#define GEN_UNAVAILABLE NULL
#define GEN_NOTE NULL
#include "movegen_variants/bitboard/generator_template.h"
