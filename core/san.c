#include "core/san.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/move_text.h"

/* Indexed by PieceType; a string so that strchr can search it. */
static const char piece_letter[] = "?PNBRQK";
static const char *const piece_name[KING + 1] = { "", "pawn", "knight", "bishop", "rook", "queen", "king" };

static bool is_castle(Move m)
{
    MoveKind k = move_kind(m);
    return k == MK_KING_CASTLE || k == MK_QUEEN_CASTLE;
}

/* strchr alone would also find the terminating NUL. */
static bool one_of(char c, const char *set) { return c != '\0' && strchr(set, c) != NULL; }

int san_write_body(const Setup *s, const Move *moves, int count, Move m, char out[SAN_MAX])
{
    Square from = move_from(m), to = move_to(m);
    MoveKind kind = move_kind(m);
    if (kind == MK_KING_CASTLE || kind == MK_QUEEN_CASTLE) {
        strcpy(out, kind == MK_KING_CASTLE ? "O-O" : "O-O-O");
        return kind == MK_KING_CASTLE ? 3 : 5;
    }
    char *p = out;
    Piece piece = s->board[from];
    if (piece_type(piece) == PAWN) {
        /* A pawn capture always names the file it left; pushes never need
         * more than the destination. */
        if (move_is_capture(m)) {
            *p++ = (char)('a' + square_file(from));
            *p++ = 'x';
        }
    } else {
        *p++ = piece_letter[piece_type(piece)];
        /* Another legal move of an identical piece to the same square makes
         * the move ambiguous: the file tells them apart if it can, else the
         * rank, else both (three queens). */
        bool rival = false, same_file = false, same_rank = false;
        for (int i = 0; i < count; i++) {
            Move n = moves[i];
            if (n == m || move_to(n) != to || s->board[move_from(n)] != piece || is_castle(n))
                continue;
            rival = true;
            same_file |= square_file(move_from(n)) == square_file(from);
            same_rank |= square_rank(move_from(n)) == square_rank(from);
        }
        if (rival && (!same_file || same_rank))
            *p++ = (char)('a' + square_file(from));
        if (rival && same_file)
            *p++ = (char)('1' + square_rank(from));
        if (move_is_capture(m))
            *p++ = 'x';
    }
    square_to_text(to, p);
    p += 2;
    if (move_is_promotion(m)) {
        *p++ = '=';
        *p++ = piece_letter[move_promotion_type(m)];
    }
    *p = '\0';
    return (int)(p - out);
}

void san_append_check(char out[SAN_MAX], bool check, bool mate)
{
    if (!check && !mate)
        return;
    size_t len = strlen(out);
    out[len] = mate ? '#' : '+';
    out[len + 1] = '\0';
}

void san_from_move(const MoveGen *g, void *board, Move m, char out[SAN_MAX])
{
    Setup s;
    Move moves[MAX_MOVES];
    g->save(board, &s);
    int count = g->legal_moves(board, moves);
    san_write_body(&s, moves, count, m, out);
    g->make(board, m);
    bool check = g->in_check(board);
    bool mate = check && g->legal_moves(board, moves) == 0;
    g->unmake(board);
    san_append_check(out, check, mate);
}

/* ---- reading ---- */

/* What a SAN text asks for. */
typedef struct SanSpec {
    int castle;               /* 0: not castling, 1: O-O, 2: O-O-O */
    PieceType piece;          /* PAWN when no letter is given */
    int from_file, from_rank; /* -1 when not given */
    Square to;
    PieceType promotion;      /* PT_NONE when not given */
} SanSpec;

static PieceType promotion_from_letter(char c)
{
    switch (c) {
    case 'N': case 'n': return KNIGHT;
    case 'B': case 'b': return BISHOP;
    case 'R': case 'r': return ROOK;
    case 'Q': case 'q': return QUEEN;
    default: return PT_NONE;
    }
}

/* O-O or O-O-O, written with letter O, digit 0 or lowercase o. */
static bool is_castling_text(const char *text, size_t len)
{
    if (len != 3 && len != 5)
        return false;
    for (size_t i = 0; i < len; i++)
        if (i % 2 == 0 ? !one_of(text[i], "O0o") : text[i] != '-')
            return false;
    return true;
}

/* Splits text into a SanSpec; returns NULL, or why the text is not SAN. */
static const char *san_lex(const char *text, SanSpec *spec)
{
    *spec = (SanSpec){ .piece = PAWN, .from_file = -1, .from_rank = -1, .promotion = PT_NONE };
    char buf[16];
    size_t len = strlen(text);
    if (len == 0)
        return "empty";
    if (len >= sizeof buf)
        return "too long";
    memcpy(buf, text, len + 1);
    /* Check marks are recomputed, not trusted; !/? are commentary. */
    while (len > 0 && one_of(buf[len - 1], "+#!?"))
        buf[--len] = '\0';
    if (len >= 4 && strcmp(buf + len - 4, "e.p.") == 0)
        buf[len -= 4] = '\0';
    if (len == 0)
        return "no move before the check or annotation marks";

    if (is_castling_text(buf, len)) {
        spec->castle = len == 3 ? 1 : 2;
        return NULL;
    }

    const char *p = buf, *end = buf + len;
    if (one_of(*p, "NBRQK"))
        spec->piece = (PieceType)(strchr(piece_letter + 1, *p++) - piece_letter);
    else if (*p == 'P')
        p++;

    /* Promotion: e8=Q, e8Q, e8q, e8/Q, e8(Q). A letter can end SAN only as a
     * promotion piece, so there is no clash with files. */
    if (end - p >= 3 && end[-1] == ')' && end[-3] == '(') {
        spec->promotion = promotion_from_letter(end[-2]);
        if (spec->promotion == PT_NONE)
            return "promotion to something other than Q, R, B or N";
        end -= 3;
    } else if (end > p && one_of(end[-1], "NBRQnbrq")) {
        spec->promotion = promotion_from_letter(end[-1]);
        end--;
        if (end > p && (end[-1] == '=' || end[-1] == '/'))
            end--;
    }
    if (spec->promotion != PT_NONE && spec->piece != PAWN)
        return "only a pawn promotes";

    if (end - p < 2 || end[-2] < 'a' || end[-2] > 'h' || end[-1] < '1' || end[-1] > '8')
        return "no destination square where one should end it";
    spec->to = make_square(end[-2] - 'a', end[-1] - '1');
    end -= 2;

    if (end > p && one_of(end[-1], "x:-"))
        end--;
    if (end > p && *p >= 'a' && *p <= 'h')
        spec->from_file = *p++ - 'a';
    if (end > p && *p >= '1' && *p <= '8')
        spec->from_rank = *p++ - '1';
    if (p != end)
        return "unexpected characters before the destination square";
    /* A pawn that names no file moves straight ahead: captures must name
     * the file they leave, so "d5" never means cxd5. */
    if (spec->piece == PAWN && spec->from_file < 0)
        spec->from_file = square_file(spec->to);
    return NULL;
}

static SanResult san_fail(char *err, size_t err_len, SanResult result, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static SanResult san_fail(char *err, size_t err_len, SanResult result, const char *fmt, ...)
{
    if (err && err_len) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, err_len, fmt, ap);
        va_end(ap);
    }
    return result;
}

/* Whether the piece on from could move to to by its own rules (art. 5),
 * ignoring whether its own king would then be attacked. Used only to
 * explain why a move is illegal. */
static bool reaches(const Setup *s, Square from, Square to)
{
    Piece p = s->board[from], target = s->board[to];
    Color us = piece_color(p);
    if (from == to || (target != NO_PIECE && piece_color(target) == us))
        return false;
    int df = square_file(to) - square_file(from), dr = square_rank(to) - square_rank(from);
    int adf = abs(df), adr = abs(dr);
    PieceType t = piece_type(p);
    if (t == PAWN) {
        int forward = us == WHITE ? 1 : -1;
        if (df == 0 && dr == forward)
            return target == NO_PIECE;
        if (df == 0 && dr == 2 * forward)
            return square_rank(from) == (us == WHITE ? 1 : 6) && target == NO_PIECE &&
                   s->board[from + 8 * forward] == NO_PIECE;
        return adf == 1 && dr == forward && (target != NO_PIECE || to == s->ep);
    }
    if (t == KNIGHT)
        return adf * adr == 2;
    if (t == KING)
        return adf <= 1 && adr <= 1;
    bool diagonal = adf == adr, straight = df == 0 || dr == 0;
    if (!((diagonal && t != ROOK) || (straight && t != BISHOP)))
        return false;
    int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
    for (int f = square_file(from) + sf, r = square_rank(from) + sr; f != square_file(to) || r != square_rank(to);
         f += sf, r += sr)
        if (s->board[make_square(f, r)] != NO_PIECE)
            return false;
    return true;
}

static bool fits_origin(const SanSpec *spec, Square from)
{
    return (spec->from_file < 0 || square_file(from) == spec->from_file) &&
           (spec->from_rank < 0 || square_rank(from) == spec->from_rank);
}

/* "on the b-file", "on rank 3", "on b3": the origin the text asked for. */
static void describe_origin(const SanSpec *spec, char *buf, size_t len)
{
    if (spec->from_file >= 0 && spec->from_rank >= 0)
        snprintf(buf, len, " on %c%c", 'a' + spec->from_file, '1' + spec->from_rank);
    else if (spec->from_file >= 0)
        snprintf(buf, len, " on the %c-file", 'a' + spec->from_file);
    else if (spec->from_rank >= 0)
        snprintf(buf, len, " on rank %c", '1' + spec->from_rank);
    else
        buf[0] = '\0';
}

static SanResult explain_castling(const Setup *s, const SanSpec *spec, const char *text, char *err, size_t err_len)
{
    Color us = s->side;
    const char *side = us == WHITE ? "White" : "Black";
    bool king_side = spec->castle == 1;
    int right = castle_right_index(us, !king_side);
    if (!(s->castling & castle_right_bit(right)))
        return san_fail(err, err_len, SAN_ILLEGAL, "%s is illegal: %s has no %s castling right", text, side,
                        king_side ? "kingside" : "queenside");
    /* A right implies the king on its back rank (setup_validate). */
    Square king = SQ_NONE;
    for (int sq = 0; sq < 64; sq++)
        if (s->board[sq] == make_piece(us, KING))
            king = (Square)sq;
    /* Art. 5 (and Chess960): what king and rook cross must be empty. */
    for (uint64_t b = castle_empty_squares(king, setup_castle_rook(s, right), right); b; b &= b - 1)
        if (s->board[__builtin_ctzll(b)] != NO_PIECE)
            return san_fail(err, err_len, SAN_ILLEGAL, "%s is illegal: a piece stands between king and rook", text);
    if (setup_square_attacked(s, king, color_flip(us)))
        return san_fail(err, err_len, SAN_ILLEGAL, "%s is illegal: %s is in check", text, side);
    return san_fail(err, err_len, SAN_ILLEGAL, "%s is illegal: the king would cross or reach an attacked square",
                    text);
}

/* No legal move fits: say why, as precisely as the position allows. */
static SanResult explain_illegal(const Setup *s, const SanSpec *spec, const Move *near, int near_count,
                                 const char *text, char *err, size_t err_len)
{
    if (spec->castle)
        return explain_castling(s, spec, text, err, err_len);
    Color us = s->side;
    const char *colour = us == WHITE ? "white" : "black";
    const char *name = piece_name[spec->piece];
    char to[3], origin[24];
    square_to_text(spec->to, to);
    describe_origin(spec, origin, sizeof origin);

    /* A legal move of that piece to that square exists, but the text's
     * promotion rules it out. */
    if (near_count > 0 && spec->promotion == PT_NONE && move_is_promotion(near[0]))
        return san_fail(err, err_len, SAN_ILLEGAL,
                        "%s is illegal: a pawn reaching the last rank must promote (=Q, =R, =B or =N)", text);
    if (near_count > 0 && spec->promotion != PT_NONE && !move_is_promotion(near[0]))
        return san_fail(err, err_len, SAN_ILLEGAL, "%s is illegal: only a pawn reaching the last rank promotes",
                        text);
    Piece own = make_piece(us, spec->piece);
    Piece target = s->board[spec->to];
    if (target != NO_PIECE && piece_color(target) == us)
        return san_fail(err, err_len, SAN_ILLEGAL, "%s is illegal: %s holds a %s %s", text, to, colour,
                        piece_name[piece_type(target)]);
    Square home = us == WHITE ? SQ_E1 : SQ_E8;
    if (spec->piece == KING && s->board[home] == own && (spec->to == home + 2 || spec->to == home - 2))
        return san_fail(err, err_len, SAN_ILLEGAL, "%s is illegal: castling is written %s", text,
                        spec->to == home + 2 ? "O-O" : "O-O-O");
    bool any = false;
    for (int sq = 0; sq < 64; sq++) {
        if (s->board[sq] != own)
            continue;
        any = true;
        if (!fits_origin(spec, (Square)sq) || !reaches(s, (Square)sq, spec->to))
            continue;
        /* It could go there by its own moves (art. 5), so only its own king
         * stops it (art. 9). */
        if (spec->piece == KING)
            return san_fail(err, err_len, SAN_ILLEGAL, "%s is illegal: the %s king would be in check on %s", text,
                            colour, to);
        char from[3];
        square_to_text((Square)sq, from);
        return san_fail(err, err_len, SAN_ILLEGAL, "%s is illegal: %s%s would leave the %s king in check", text,
                        from, to, colour);
    }
    if (near_count > 0) {
        /* Another piece of that kind can go there: the origin in the text
         * is wrong. Name such a move, one with the promotion asked for if
         * any, else the first by UCI text (so that the message does not
         * depend on a generator's move order). */
        char uci[MOVE_TEXT_MAX] = "", other[MOVE_TEXT_MAX];
        bool best_fits = false;
        for (int i = 0; i < near_count; i++) {
            bool fits = !move_is_promotion(near[i]) || move_promotion_type(near[i]) == spec->promotion;
            move_to_uci(near[i], other);
            if (uci[0] == '\0' || (fits && !best_fits) || (fits == best_fits && strcmp(other, uci) < 0)) {
                memcpy(uci, other, sizeof uci);
                best_fits = fits;
            }
        }
        return san_fail(err, err_len, SAN_ILLEGAL, "%s is illegal: no %s%s can move to %s (%s can)", text, name,
                        origin, to, uci);
    }
    if (!any)
        return san_fail(err, err_len, SAN_ILLEGAL, "%s is illegal: %s has no %s", text,
                        us == WHITE ? "White" : "Black", name);
    return san_fail(err, err_len, SAN_ILLEGAL, "%s is illegal: no %s %s%s can reach %s", text, colour, name, origin,
                    to);
}

SanResult san_parse(const Setup *s, const Move *moves, int count, const char *text, Move *out, char *err,
                    size_t err_len)
{
    SanSpec spec;
    const char *why = san_lex(text, &spec);
    if (why)
        return san_fail(err, err_len, SAN_MALFORMED, "'%s' is not SAN: %s", text, why);

    Move found[MAX_MOVES], near[MAX_MOVES];
    int found_count = 0, near_count = 0;
    for (int i = 0; i < count; i++) {
        Move m = moves[i];
        if (spec.castle || is_castle(m)) {
            /* Castling is only ever O-O or O-O-O, never "Kg1". */
            MoveKind want = spec.castle == 1 ? MK_KING_CASTLE : MK_QUEEN_CASTLE;
            if (spec.castle && move_kind(m) == want)
                found[found_count++] = m;
            continue;
        }
        if (move_to(m) != spec.to || piece_type(s->board[move_from(m)]) != spec.piece)
            continue;
        near[near_count++] = m;
        if (!fits_origin(&spec, move_from(m)))
            continue;
        if (move_is_promotion(m) ? move_promotion_type(m) != spec.promotion : spec.promotion != PT_NONE)
            continue;
        found[found_count++] = m;
    }
    if (found_count == 1) {
        *out = found[0];
        return SAN_OK;
    }
    if (found_count == 0)
        return explain_illegal(s, &spec, near, near_count, text, err, err_len);

    /* Sorted, so that the message does not depend on a generator's order. */
    char uci[MAX_MOVES][MOVE_TEXT_MAX];
    for (int i = 0; i < found_count; i++) {
        move_to_uci(found[i], uci[i]);
        for (int j = i; j > 0 && strcmp(uci[j - 1], uci[j]) > 0; j--) {
            char t[MOVE_TEXT_MAX];
            memcpy(t, uci[j], sizeof t);
            memcpy(uci[j], uci[j - 1], sizeof t);
            memcpy(uci[j - 1], t, sizeof t);
        }
    }
    char list[MAX_MOVES * 7] = "";
    size_t used = 0;
    for (int i = 0; i < found_count && used + 8 < sizeof list; i++)
        used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "", uci[i]);
    return san_fail(err, err_len, SAN_AMBIGUOUS, "%s is ambiguous: %s", text, list);
}

SanResult san_to_move(const MoveGen *g, const void *board, const char *text, Move *out, char *err, size_t err_len)
{
    Setup s;
    Move moves[MAX_MOVES];
    g->save(board, &s);
    int count = g->legal_moves(board, moves);
    return san_parse(&s, moves, count, text, out, err, err_len);
}
