/* splitmix64: a small, well-mixed pseudo-random sequence fully determined
 * by its seed. The caller owns the state, so there is no hidden global. */
#ifndef CHESSLAB_CORE_RANDOM_H
#define CHESSLAB_CORE_RANDOM_H

#include <stdint.h>

static inline uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

#endif
