/* Standard algebraic notation (RULES.md art. 11): writing the SAN of a legal
 * move and reading the SAN that people and other programs write.
 *
 * Both directions work on a Setup (to see which piece stands where) and the
 * position's legal-move list (disambiguation counts only legal moves: a
 * pinned knight does not make its twin's move ambiguous). Callers that
 * already hold the list, as a Game does on every ply, pass it in, so no
 * moves are generated twice; san_from_move and san_to_move are the
 * conveniences that generate it through the MoveGen interface. */
#ifndef CHESSLAB_SAN_H
#define CHESSLAB_SAN_H

#include <stddef.h>

#include "core/movegen.h"

/* The longest SAN is 7 characters ("Qa1xb2#", "exd8=Q+"), plus the NUL. */
enum { SAN_MAX = 8 };

/* Writes the SAN of the legal move m of position s, whose legal moves are
 * moves[0..count), without the check suffix. Returns the length. */
int san_write_body(const Setup *s, const Move *moves, int count, Move m, char out[SAN_MAX]);

/* Appends '#' (mate), '+' (check) or nothing to a SAN body. */
void san_append_check(char out[SAN_MAX], bool check, bool mate);

/* The complete SAN of the legal move m on board, check suffix included: the
 * move is made and unmade on the board to see whether it checks or mates. */
void san_from_move(const MoveGen *g, void *board, Move m, char out[SAN_MAX]);

typedef enum {
    SAN_OK = 0,
    SAN_MALFORMED, /* the text is not SAN at all */
    SAN_ILLEGAL,   /* well formed, but no legal move fits */
    SAN_AMBIGUOUS  /* several legal moves fit */
} SanResult;

/* Finds the legal move that text names in position s (legal moves
 * moves[0..count)). Accepted besides strict SAN: 0-0 and 0-0-0, e8Q and e8=Q,
 * a missing or superfluous capture mark (x, also : or -), missing or wrong
 * +/#, trailing !/? annotations, over-disambiguated moves (Ngf3, Ng1f3), a
 * leading P on pawn moves. Anything else returns the reason in err, one line
 * that starts with the text: "Nd2 is ambiguous: b1d2, f3d2". */
SanResult san_parse(const Setup *s, const Move *moves, int count, const char *text, Move *out, char *err,
                    size_t err_len);

/* san_parse on a generator's board (saves it and generates its moves). */
SanResult san_to_move(const MoveGen *g, const void *board, const char *text, Move *out, char *err,
                      size_t err_len);

#endif
