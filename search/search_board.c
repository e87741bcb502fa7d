#include "search/search_board.h"

#include <string.h>

#include "core/cpu.h"
#include "movegen_variants/bitboard/generator_exports.h"

/* Compiled without BMI2 flags: this file decides whether the BMI2 code of
 * board_pext.c may run. */
BITBOARD_DECLARE_EXPORTS(search_magic_)
BITBOARD_DECLARE_EXPORTS(search_pext_)

static const MoveGen magic_gen = {
    .name = "search-magic",
    .summary = "the search's board: bitboards with fancy magic attacks",
    .board_size = sizeof(SearchBoard),
    BITBOARD_EXPORTED_FUNCTIONS(search_magic_),
};

static const MoveGen pext_gen = {
    .name = "search-pext",
    .summary = "the search's board: bitboards with BMI2 PEXT attacks",
    .board_size = sizeof(SearchBoard),
    BITBOARD_EXPORTED_FUNCTIONS(search_pext_),
};

#define SEARCH_OPS(name, prefix, generator)                                                          \
    { name, &generator, prefix##load, prefix##save, prefix##legal_moves, prefix##tactical_moves,          \
      prefix##legal_count, prefix##is_legal,                                                            \
      prefix##in_check, prefix##make, prefix##unmake, prefix##make_null, prefix##unmake_null,             \
      prefix##rook_attacks, prefix##bishop_attacks }

static const SearchBoardOps magic_ops = SEARCH_OPS("magic", search_magic_, magic_gen);
static const SearchBoardOps pext_ops = SEARCH_OPS("pext", search_pext_, pext_gen);

const SearchBoardOps *search_board_ops(void)
{
    return cpu_pext_fast(cpu_info()) ? &pext_ops : &magic_ops;
}

const SearchBoardOps *search_board_ops_named(const char *strategy)
{
    if (strcmp(strategy, "magic") == 0)
        return &magic_ops;
    if (strcmp(strategy, "pext") == 0 && cpu_runs_bmi2(cpu_info()))
        return &pext_ops;
    return NULL;
}

SearchBoard *search_board_new(void)
{
    return movegen_board_new(&magic_gen);
}
