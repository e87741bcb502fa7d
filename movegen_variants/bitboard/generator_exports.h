/* Declarations of the functions generator_template.h and
 * generator_hashed.h (perft_hashed) emit when GEN_EXPORT_PREFIX is set,
 * for the file that builds the MoveGen from them (a file compiled without
 * the instruction-set flags of the generator, or one that adds
 * perft_hashed, which the template's own MoveGen lacks). */
#ifndef CHESSLAB_BITBOARD_GENERATOR_EXPORTS_H
#define CHESSLAB_BITBOARD_GENERATOR_EXPORTS_H

#include "core/movegen.h"

#define BITBOARD_DECLARE_EXPORTS(prefix)                                   \
    void prefix##load(void *board, const Setup *s);                        \
    void prefix##save(const void *board, Setup *s);                        \
    int prefix##legal_moves(const void *board, Move *out);                 \
    int prefix##tactical_moves(const void *board, Move *out);              \
    int prefix##legal_count(const void *board);                            \
    bool prefix##is_legal(const void *board, Move m);                      \
    void prefix##make_null(void *board);                                   \
    void prefix##unmake_null(void *board);                                 \
    bool prefix##in_check(const void *board);                              \
    void prefix##make(void *board, Move m);                                \
    void prefix##unmake(void *board);                                      \
    uint64_t prefix##key(const void *board);                               \
    uint64_t prefix##perft(void *board, int depth, PerftMode mode);       \
    uint64_t prefix##rook_attacks(Square sq, uint64_t occupied);           \
    uint64_t prefix##bishop_attacks(Square sq, uint64_t occupied);         \
    uint64_t prefix##queen_attacks(Square sq, uint64_t occupied);

/* Designated initialisers for the function members of a MoveGen. */
#define BITBOARD_EXPORTED_FUNCTIONS(prefix)                                 \
    .load = prefix##load, .save = prefix##save, .legal_moves = prefix##legal_moves, \
    .in_check = prefix##in_check, .make = prefix##make, .unmake = prefix##unmake,   \
    .key = prefix##key, .perft = prefix##perft

/* The same for generator_hashed.h's perft_hashed, where it is included. */
#define BITBOARD_DECLARE_HASHED(prefix) \
    uint64_t prefix##perft_hashed(void *board, int depth, PerftMode mode, struct PerftTT *tt);
#define BITBOARD_HASHED_FUNCTION(prefix) .perft_hashed = prefix##perft_hashed

#endif
