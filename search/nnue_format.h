/* The two file formats of chesslab's NNUE evaluation, shared by the data
 * generator (nnue_data.h), the trainer (nnue_train.h) and the engine's
 * inference (search/nnue.h).
 *
 * The network: for each side ("perspective") 768 binary inputs, one per
 * (piece relative to that side, square seen from that side); a feature
 * transformer of NNUE_HIDDEN-wide accumulators shared by both sides; each
 * accumulator through SCReLU (clamp to [0, 1], then squared); the side to
 * move's half then the other side's, concatenated, into one output.
 *
 *   acc_c   = b1 + sum over c's active features f of W1[f]       (H each)
 *   out     = b2 + W2[0..H) . screlu(acc_stm) + W2[H..2H) . screlu(acc_other)
 *   cp      = out * NNUE_OUTPUT_SCALE
 *
 * All little-endian. */
#ifndef CHESSLAB_NNUE_NNUE_FORMAT_H
#define CHESSLAB_NNUE_NNUE_FORMAT_H

#include <stdint.h>

#include "core/types.h"

enum {
    NNUE_INPUTS = 768,
    NNUE_OUTPUT_SCALE = 400, /* centipawns per unit of the float output */
    NNUE_QA = 255,           /* feature-transformer weights and biases: round(w * QA) */
    NNUE_QB = 64,            /* output weights: round(w * QB); output bias round(b * QA * QB) */
    NNUE_HIDDEN_MAX = 1024,  /* widths the engine accepts: multiples of 32 up to this */
    NNUE_SCORE_LIMIT = 20000 /* training scores are clamped to +-this; mates are dropped */
};

/* Float weights are clipped to +-NNUE_WEIGHT_CLIP so that a quantised
 * output weight times a clamped activation (<= QA) fits in 16 bits. */
#define NNUE_WEIGHT_CLIP 1.98f

/* The input index of a piece for one perspective: pieces of that side come
 * first (type PAWN..KING -> 0..5, times 64), the other side's at +384; the
 * square is flipped vertically (sq ^ 56) for Black's perspective, so each
 * side sees itself moving up the board. */
static inline int nnue_feature(Color perspective, Piece piece, Square sq)
{
    int relative = piece_color(piece) != perspective;
    int square = perspective == WHITE ? sq : sq ^ 56;
    return relative * 384 + (piece_type(piece) - 1) * 64 + square;
}

/* One training position, 32 bytes. */
typedef struct NnueRecord {
    uint64_t occupied;  /* squares holding a piece, a1 = bit 0 */
    uint8_t pieces[16]; /* the Piece codes (core/types.h) of the occupied squares in
                         * ascending square order, two per byte, low nibble first */
    int16_t score;      /* a search score of the position, centipawns, White's view */
    uint8_t result;     /* the game's result: 0 Black won, 1 draw, 2 White won */
    uint8_t side;       /* side to move (Color) */
    uint8_t reserved[4];/* zero */
} NnueRecord;
_Static_assert(sizeof(NnueRecord) == 32, "NnueRecord is 32 bytes on disk");

/* The pieces of a record: fills squares[] and pieces[] (32 each at most)
 * and returns how many. */
static inline int nnue_record_pieces(const NnueRecord *r, Square squares[32], Piece pieces[32])
{
    int n = 0;
    for (uint64_t left = r->occupied; left && n < 32; left &= left - 1, n++) {
        squares[n] = (Square)__builtin_ctzll(left);
        pieces[n] = (Piece)((r->pieces[n / 2] >> (4 * (n % 2))) & 15);
    }
    return n;
}

/* A network file:
 *   char     magic[4]   "CLNN"
 *   uint32_t version    NNUE_FILE_VERSION
 *   uint32_t hidden     H (a multiple of 32, at most NNUE_HIDDEN_MAX)
 *   uint32_t reserved   0
 *   int16_t  w1[768][H] feature-transformer weights, input-major
 *   int16_t  b1[H]
 *   int16_t  w2[2 * H]  output weights: side to move's half, then the other's
 *   int32_t  b2
 * The engine's score of a position, side to move's view, in centipawns:
 *   (sum_i clamp(acc_i, 0, QA)^2 * w2_i / QA + b2) * NNUE_OUTPUT_SCALE / (QA * QB)
 * with acc the int16 accumulators (b1 + the active rows of w1). */
#define NNUE_FILE_MAGIC "CLNN"
enum { NNUE_FILE_VERSION = 1, NNUE_FILE_HEADER_BYTES = 16 };

#endif
