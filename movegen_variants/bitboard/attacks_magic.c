/* Tables of the magic strategy: the committed magic numbers and the attack
 * tables built from them at first use. */
#include "movegen_variants/bitboard/attacks_magic.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "movegen_variants/bitboard/attacks_classical.h"
#include "movegen_variants/bitboard/magic_search.h"

MagicEntry magic_rook[64], magic_bishop[64];

enum { ROOK_TABLE_SIZE = 102400, BISHOP_TABLE_SIZE = 5248 };
static Bitboard magic_attack_table[ROOK_TABLE_SIZE + BISHOP_TABLE_SIZE];

/* Output of magic_search_all(MAGIC_SEARCH_SEED, ...); magic_table_reproduces()
 * checks that. Regenerate by printing what that function returns. */
const uint64_t magic_rook_numbers[64] = {
    0x8080051221804000ull, 0x0a8011a001804000ull, 0x010008b241006002ull, 0x0200081040200600ull,
    0x1900020500100800ull, 0x0b00040008210082ull, 0x0480010000800200ull, 0x0180084025000880ull,
    0x0080802040008004ull, 0x0440400020005003ull, 0x0381002001004018ull, 0x2009003000892100ull,
    0x0010800400080080ull, 0x8004800400800200ull, 0x0001010200010004ull, 0x0103002044850002ull,
    0x8020208000400080ull, 0x1020808020004005ull, 0x2020220040801200ull, 0x8201010020081000ull,
    0x0c01010010040800ull, 0x2800880104402010ull, 0x8003040002481041ull, 0x0801020008904401ull,
    0x0840004080002080ull, 0x2040400580200480ull, 0x0202004200208010ull, 0x0200100100082102ull,
    0xa004080080040080ull, 0x0112000200100804ull, 0x4100022400104128ull, 0x00c0010200009464ull,
    0x20a0400020800083ull, 0x4000802000804000ull, 0x0002001082002046ull, 0x0010000800801080ull,
    0x2022110005000800ull, 0x0010040080800200ull, 0x0c02000802000401ull, 0x1008800040800100ull,
    0x2040042040828008ull, 0x6010002000404000ull, 0xa022031340820020ull, 0x0092200842020010ull,
    0x1000040008008080ull, 0x4214000201004040ull, 0x0011c80110040082ull, 0x0000090060820004ull,
    0x0e80002000400040ull, 0x0060100040002040ull, 0x0000102008410100ull, 0x0000420008102200ull,
    0x0024820800040080ull, 0x1004000200800480ull, 0x1001000200040100ull, 0x0100112400805200ull,
    0x000a004022910482ull, 0x4420400014802501ull, 0x0c23401020000901ull, 0x8003011000200489ull,
    0x0002012038043072ull, 0x040300028400080dull, 0x0400408102100804ull, 0x80000c0084482302ull,
};
const uint64_t magic_bishop_numbers[64] = {
    0x080204241a821200ull, 0x0a0244c10401008aull, 0x0808024846000482ull, 0x008e0a0201001440ull,
    0x0024242044500020ull, 0x0000901008040014ull, 0x0500881188201020ull, 0x0101008090280201ull,
    0x00405232aa040400ull, 0x0005048c24124a00ull, 0x0040108104410008ull, 0x0802024087000005ull,
    0x04a0011140145000ull, 0x0006448821080050ull, 0x20ea890110308500ull, 0x3008004120901014ull,
    0x8010184222420415ull, 0x0044016004808200ull, 0x4050002204104009ull, 0x1042000420220050ull,
    0x0004000081e00040ull, 0x0828a00110101000ull, 0x0000400119103092ull, 0x800200414904a814ull,
    0x0002400020048414ull, 0x8010292010010108ull, 0x0080501008008010ull, 0x5081080311004100ull,
    0x9000820014010400ull, 0x0010820005004a02ull, 0x0402008800480800ull, 0x0000404048840400ull,
    0x8801044009208904ull, 0x80009010d0041428ull, 0x5020104808040800ull, 0x2001c00820720200ull,
    0x41c0010100001040ull, 0x88b000912042020eull, 0x0028480520004101ull, 0x0404008200002920ull,
    0x1040841040100a11ull, 0xc0011818020094c8ull, 0x00a1220030002200ull, 0x002000c202002020ull,
    0x0040700200980200ull, 0x1040008800803040ull, 0x0004042802000040ull, 0x2042080101009022ull,
    0x00348088209000a9ull, 0x0001084104202200ull, 0x0102002402080205ull, 0x0040008442020040ull,
    0x0100091020220080ull, 0x0000200821084880ull, 0x1008022828450004ull, 0x0004042082020100ull,
    0x2011010821040202ull, 0x258001b202122000ull, 0x488208102a011000ull, 0x3404010000208808ull,
    0x0ac0000004050c02ull, 0x50c800a120110242ull, 0x2008500408580240ull, 0x800404045c420202ull,
};

/* Fills one square's slice; returns the number of entries it uses. */
static size_t fill_square(MagicEntry *e, bool rook, Square sq, uint64_t magic, Bitboard *slice)
{
    e->mask = magic_relevant_mask(rook, sq);
    e->magic = magic;
    e->shift = 64u - (unsigned)bb_count(e->mask);
    e->attacks = slice;
    size_t size = (size_t)1 << bb_count(e->mask);
    for (size_t i = 0; i < size; i++)
        slice[i] = 0;
    Bitboard sub = 0;
    do {
        Bitboard attacks = rook ? classical_rook_attacks(sq, sub) : classical_bishop_attacks(sq, sub);
        Bitboard *entry = &slice[((sub & e->mask) * magic) >> e->shift];
        /* Attacks are never empty, so 0 marks a free slot. */
        if (*entry != 0 && *entry != attacks) {
            fprintf(stderr, "magic table: bad magic for square %d (%s)\n", sq, rook ? "rook" : "bishop");
            abort();
        }
        *entry = attacks;
        sub = (sub - e->mask) & e->mask;
    } while (sub);
    return size;
}

static void build_tables(void)
{
    size_t used = 0;
    for (int sq = 0; sq < 64; sq++)
        used += fill_square(&magic_rook[sq], true, (Square)sq, magic_rook_numbers[sq], magic_attack_table + used);
    for (int sq = 0; sq < 64; sq++)
        used += fill_square(&magic_bishop[sq], false, (Square)sq, magic_bishop_numbers[sq], magic_attack_table + used);
}

void magic_attacks_init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, build_tables);
}

bool magic_table_reproduces(void)
{
    uint64_t rook[64], bishop[64];
    magic_search_all(MAGIC_SEARCH_SEED, rook, bishop);
    for (int sq = 0; sq < 64; sq++)
        if (rook[sq] != magic_rook_numbers[sq] || bishop[sq] != magic_bishop_numbers[sq])
            return false;
    return true;
}
