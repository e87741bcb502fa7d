/* The two file formats of chesslab's NNUE evaluation, shared by the data
 * generator (nnue_data.h), the trainer (nnue_train.h) and the engine's
 * inference (search/nnue.h).
 *
 * The network: for each side ("perspective") 768 binary inputs, one per
 * (piece relative to that side, square seen from that side); a feature
 * transformer of H accumulators (the file's width) shared by both sides;
 * each accumulator through SCReLU (clamp to [0, 1], then squared); the side to
 * move's half then the other side's, concatenated, into one output. The
 * output layer comes in B "buckets" (1..NNUE_BUCKETS_MAX), sets of W2 and
 * b2 of which a position uses the one its piece count picks
 * (nnue_output_bucket), so each stage of the game weighs the hidden
 * features in its own way.
 *
 *   acc_c   = b1 + sum over c's active features f of W1[f]       (H each)
 *   k       = nnue_output_bucket(pieces on the board, B)
 *   out     = b2[k] + W2[k][0..H) . screlu(acc_stm) + W2[k][H..2H) . screlu(acc_other)
 *   cp      = out * NNUE_OUTPUT_SCALE
 *
 * All little-endian. */
#ifndef CHESSLAB_NNUE_NNUE_FORMAT_H
#define CHESSLAB_NNUE_NNUE_FORMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/types.h"

enum {
    NNUE_INPUTS = 768,
    NNUE_OUTPUT_SCALE = 400, /* centipawns per unit of the float output */
    NNUE_QA = 255,           /* feature-transformer weights and biases: round(w * QA) */
    NNUE_QB = 64,            /* output weights: round(w * QB); output bias round(b * QA * QB) */
    NNUE_HIDDEN_MAX = 1024,  /* widths the engine accepts: multiples of 32 up to this */
    NNUE_BUCKETS_MAX = 8,    /* output buckets: 1 to this */
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

/* A mirrored network (file version 3) also flips each perspective's
 * squares across the middle file (sq ^ 7) when that side's own king stands
 * on files e to h, so each side always sees its own king on files a to d.
 * A position and its left-right mirror image then share their inputs (the
 * inputs never held castling rights), which doubles what each weight learns
 * from, and the king's wing still tells the network which half it is in.
 * This is the value XORed into the square of perspective `own`'s inputs
 * (0 for a network that is not mirrored). */
static inline int nnue_king_flip(bool mirrored, Square own_king)
{
    return mirrored && (own_king & 7) >= 4 ? 7 : 0;
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

/* The output bucket of a position with piece_count pieces (kings
 * included, 2..32) in a network of `buckets` (1..NNUE_BUCKETS_MAX): the
 * 31 counts cut into `buckets` spans as equal as whole counts allow, the
 * fewest pieces in bucket 0, a full board in the last. One bucket: always
 * 0. Counts outside 2..32 are clamped to the ends. */
static inline int nnue_output_bucket(int piece_count, int buckets)
{
    const int k = (piece_count - 2) * buckets / 31;
    return k < 0 ? 0 : k >= buckets ? buckets - 1 : k;
}

/* A network file:
 *   char     magic[4]      "CLNN"
 *   uint32_t version       1 (one output bucket), 2 (B of them) or 3 (B of them,
 *                          mirrored inputs: nnue_king_flip)
 *   uint32_t hidden        H (a multiple of 32, at most NNUE_HIDDEN_MAX)
 *   uint32_t buckets       version 1: reserved, 0 (B is 1); versions 2 and 3: B (1..NNUE_BUCKETS_MAX)
 *   int16_t  w1[768][H]    feature-transformer weights, input-major
 *   int16_t  b1[H]
 *   int16_t  w2[B][2 * H]  output weights of each bucket: side to move's half, then the other's
 *   int32_t  b2[B]
 * Version 1 is version 2's layout with B = 1, so a network of one bucket is
 * written as version 1 and reads the same in builds that know no buckets.
 * The engine's score of a position, side to move's view, in centipawns,
 * with k its bucket:
 *   (sum_i clamp(acc_i, 0, QA)^2 * w2[k]_i / QA + b2[k]) * NNUE_OUTPUT_SCALE / (QA * QB)
 * with acc the int16 accumulators (b1 + the active rows of w1). */
#define NNUE_FILE_MAGIC "CLNN"
enum {
    NNUE_FILE_VERSION_ONE_BUCKET = 1,
    NNUE_FILE_VERSION_BUCKETS = 2,
    NNUE_FILE_VERSION_MIRRORED = 3,
    NNUE_FILE_HEADER_BYTES = 16
};

/* The version a network of `buckets`, mirrored or not, is written as. */
static inline uint32_t nnue_file_version(int buckets, bool mirrored)
{
    return mirrored ? NNUE_FILE_VERSION_MIRRORED
                    : buckets == 1 ? NNUE_FILE_VERSION_ONE_BUCKET : NNUE_FILE_VERSION_BUCKETS;
}

/* The size in bytes of a network file of width h and `buckets`. */
static inline size_t nnue_file_size(size_t h, size_t buckets)
{
    return NNUE_FILE_HEADER_BYTES + 2 * (NNUE_INPUTS * h + h + 2 * buckets * h) + 4 * buckets;
}

#endif
