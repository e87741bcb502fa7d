#include "core/setup.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool fail(char *err, size_t err_len, const char *fmt, ...)
{
    if (err && err_len) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, err_len, fmt, ap);
        va_end(ap);
    }
    return false;
}

void square_to_text(Square sq, char buf[3])
{
    buf[0] = (char)('a' + square_file(sq));
    buf[1] = (char)('1' + square_rank(sq));
    buf[2] = '\0';
}

Square square_from_text(const char *text)
{
    if (text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8')
        return SQ_NONE;
    return make_square(text[0] - 'a', text[1] - '1');
}

static const char piece_letters[PIECE_LIMIT + 1] = " PNBRQK  pnbrqk ";

static Piece piece_from_letter(char c)
{
    const char *p = strchr("PNBRQKpnbrqk", c);
    if (c == '\0' || p == NULL)
        return NO_PIECE;
    int i = (int)(p - "PNBRQKpnbrqk");
    return make_piece(i < 6 ? WHITE : BLACK, (PieceType)(i % 6 + 1));
}

/* Splits fen into at most 7 whitespace-separated fields (7 = too many). */
static int split_fields(char *copy, char *fields[7])
{
    int n = 0;
    char *save = NULL; /* strtok_r: FENs are parsed on several threads at once */
    for (char *tok = strtok_r(copy, " \t\r\n", &save); tok && n < 7; tok = strtok_r(NULL, " \t\r\n", &save))
        fields[n++] = tok;
    return n;
}

static bool parse_placement(Setup *s, const char *text, char *err, size_t err_len)
{
    int rank = 7, file = 0;
    for (const char *c = text;; c++) {
        if (*c == '/' || *c == '\0') {
            if (file != 8)
                return fail(err, err_len, "FEN field 1 (placement): rank %d has %d squares, expected 8",
                            rank + 1, file);
            if (*c == '\0')
                break;
            if (--rank < 0)
                return fail(err, err_len, "FEN field 1 (placement): more than 8 ranks");
            file = 0;
        } else if (*c >= '0' && *c <= '9') {
            if (*c == '0')
                return fail(err, err_len, "FEN field 1 (placement): empty-square count 0 in rank %d", rank + 1);
            file += *c - '0';
            if (file > 8)
                return fail(err, err_len, "FEN field 1 (placement): rank %d has more than 8 squares",
                            rank + 1);
        } else {
            Piece p = piece_from_letter(*c);
            if (p == NO_PIECE)
                return fail(err, err_len, "FEN field 1 (placement): unknown piece letter '%c'", *c);
            if (file >= 8)
                return fail(err, err_len, "FEN field 1 (placement): rank %d has more than 8 squares",
                            rank + 1);
            s->board[make_square(file, rank)] = p;
            file++;
        }
    }
    if (rank != 0)
        return fail(err, err_len, "FEN field 1 (placement): %d ranks, expected 8", 8 - rank);
    return true;
}

static const char *color_name(Color c) { return c == WHITE ? "white" : "black"; }

/* File of colour c's king on its back rank, -1 when it is not there. */
static int back_rank_king_file(const Setup *s, Color c)
{
    for (int file = 0; file < 8; file++)
        if (s->board[make_square(file, castle_back_rank(c))] == make_piece(c, KING))
            return file;
    return -1;
}

static bool own_rook_on(const Setup *s, Color c, int file)
{
    return s->board[make_square(file, castle_back_rank(c))] == make_piece(c, ROOK);
}

/* X-FEN's K/Q: the rook farthest from the king on that wing; -1 if none. */
static int outermost_rook_file(const Setup *s, Color c, bool queen_side, int king_file)
{
    if (king_file < 0)
        return -1;
    const int step = queen_side ? 1 : -1;
    for (int file = queen_side ? 0 : 7; file != king_file; file += step)
        if (own_rook_on(s, c, file))
            return file;
    return -1;
}

/* The text of right i for error messages: "right 'K'". */
static char right_letter(int right)
{
    char letter = castle_right_queen_side(right) ? 'Q' : 'K';
    return castle_right_color(right) == WHITE ? letter : (char)tolower(letter);
}

static bool castling_rook_missing(char *err, size_t err_len, char letter, int right)
{
    const Color c = castle_right_color(right);
    const int rank = castle_back_rank(c) + 1;
    return fail(err, err_len,
                "FEN field 3 (castling): right '%c' needs the king on e%d and a rook on %c%d (Chess960: the %s "
                "king on rank %d and a rook of its own on its %s side)",
                letter, rank, castle_right_queen_side(right) ? 'a' : 'h', rank, color_name(c), rank,
                castle_right_queen_side(right) ? "a-file" : "h-file");
}

/* One letter of the castling field: K Q k q (the outermost rook) or a
 * rook's file (A-H White, a-h Black). Sets the right and its rook file. */
static bool parse_castling_letter(Setup *s, char letter, bool *file_letter, char *err, size_t err_len)
{
    const Color c = isupper((unsigned char)letter) ? WHITE : BLACK;
    const char lower = (char)tolower((unsigned char)letter);
    const int king_file = back_rank_king_file(s, c);
    int right, file;
    if (lower == 'k' || lower == 'q') {
        right = castle_right_index(c, lower == 'q');
        file = outermost_rook_file(s, c, lower == 'q', king_file);
        if (file < 0)
            return castling_rook_missing(err, err_len, letter, right);
        *file_letter = false;
    } else if (lower >= 'a' && lower <= 'h') {
        file = lower - 'a';
        if (king_file < 0)
            return fail(err, err_len, "FEN field 3 (castling): '%c' needs the %s king on rank %d", letter,
                        color_name(c), castle_back_rank(c) + 1);
        if (file == king_file)
            return fail(err, err_len, "FEN field 3 (castling): '%c' names the file of the %s king, not of a rook",
                        letter, color_name(c));
        if (!own_rook_on(s, c, file))
            return fail(err, err_len, "FEN field 3 (castling): '%c' needs a %s rook on %c%d", letter, color_name(c),
                        lower, castle_back_rank(c) + 1);
        right = castle_right_index(c, file < king_file);
        *file_letter = true;
    } else {
        return fail(err, err_len, "FEN field 3 (castling): unexpected '%c', expected KQkq, rook files A-Ha-h or -",
                    letter);
    }
    if (s->castling & castle_right_bit(right))
        return fail(err, err_len, "FEN field 3 (castling): the %s %s-side right given twice ('%c')",
                    color_name(c), castle_right_queen_side(right) ? "queen" : "king", letter);
    s->castling |= castle_right_bit(right);
    s->castle_file[right] = (uint8_t)file;
    return true;
}

static void reset_castle_files(Setup *s)
{
    for (int i = 0; i < CASTLE_RIGHTS; i++)
        s->castle_file[i] = castle_standard_file(i);
}

void setup_castling_lost(const Setup *s, uint8_t lost[64])
{
    memset(lost, 0, 64);
    for (int i = 0; i < CASTLE_RIGHTS; i++) {
        if (!(s->castling & castle_right_bit(i)))
            continue;
        const Color c = castle_right_color(i);
        lost[make_square(back_rank_king_file(s, c), castle_back_rank(c))] |= castle_right_bit(i);
        lost[setup_castle_rook(s, i)] |= castle_right_bit(i);
    }
}

void setup_clear_castling(Setup *s)
{
    s->castling = 0;
    reset_castle_files(s);
}

static bool parse_castling(Setup *s, const char *text, char *err, size_t err_len)
{
    setup_clear_castling(s);
    if (strcmp(text, "-") == 0)
        return true;
    bool any_file_letter = false, any_wing_letter = false;
    for (const char *c = text; *c; c++) {
        bool file_letter = false;
        if (!parse_castling_letter(s, *c, &file_letter, err, err_len))
            return false;
        any_file_letter |= file_letter;
        any_wing_letter |= !file_letter;
    }
    s->shredder_fen = any_file_letter && !any_wing_letter;
    s->chess960 = any_file_letter || !setup_castling_is_standard(s);
    return true;
}

static bool parse_counter(const char *text, long min, long max, long *out)
{
    if (!isdigit((unsigned char)text[0]))
        return false;
    char *end;
    long v = strtol(text, &end, 10);
    if (*end != '\0' || v < min || v > max)
        return false;
    *out = v;
    return true;
}

static bool validate_placement(const Setup *s, Square king_sq[2], char *err, size_t err_len);

bool setup_from_fen(Setup *s, const char *fen, char *err, size_t err_len)
{
    char copy[256];
    if (fen == NULL || strlen(fen) >= sizeof copy)
        return fail(err, err_len, "FEN: missing or longer than %zu characters", sizeof copy - 1);
    strcpy(copy, fen);
    char *fields[7];
    int n = split_fields(copy, fields);
    if (n != 4 && n != 6)
        return fail(err, err_len, "FEN: %d fields, expected 6 (or 4 without clocks)", n);

    memset(s, 0, sizeof *s);
    if (!parse_placement(s, fields[0], err, err_len))
        return false;

    if (strcmp(fields[1], "w") == 0)
        s->side = WHITE;
    else if (strcmp(fields[1], "b") == 0)
        s->side = BLACK;
    else
        return fail(err, err_len, "FEN field 2 (side to move): '%s', expected w or b", fields[1]);

    /* Castling letters are read against the kings and rooks (X-FEN), so
     * placement errors come first. */
    Square king_sq[2];
    if (!validate_placement(s, king_sq, err, err_len) || !parse_castling(s, fields[2], err, err_len))
        return false;

    if (strcmp(fields[3], "-") == 0) {
        s->ep = SQ_NONE;
    } else {
        s->ep = strlen(fields[3]) == 2 ? square_from_text(fields[3]) : SQ_NONE;
        if (s->ep == SQ_NONE)
            return fail(err, err_len, "FEN field 4 (en passant): '%s' is not a square or -", fields[3]);
    }

    long halfmove = 0, fullmove = 1;
    if (n == 6) {
        if (!parse_counter(fields[4], 0, 9999, &halfmove))
            return fail(err, err_len, "FEN field 5 (halfmove clock): '%s', expected an integer 0..9999",
                        fields[4]);
        if (!parse_counter(fields[5], 1, 9999, &fullmove))
            return fail(err, err_len, "FEN field 6 (fullmove number): '%s', expected an integer 1..9999",
                        fields[5]);
    }
    s->halfmove = (uint16_t)halfmove;
    s->fullmove = (uint16_t)fullmove;
    return setup_validate(s, err, err_len);
}

bool setup_square_attacked(const Setup *s, Square sq, Color by)
{
    static const int knight[8][2] = { {1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2} };
    static const int king[8][2] = { {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1} };
    int f = square_file(sq), r = square_rank(sq);

    int pawn_rank = r + (by == WHITE ? -1 : 1);
    for (int df = -1; df <= 1; df += 2) {
        int pf = f + df;
        if (pf >= 0 && pf < 8 && pawn_rank >= 0 && pawn_rank < 8 &&
            s->board[make_square(pf, pawn_rank)] == make_piece(by, PAWN))
            return true;
    }
    for (int i = 0; i < 8; i++) {
        int nf = f + knight[i][0], nr = r + knight[i][1];
        if (nf >= 0 && nf < 8 && nr >= 0 && nr < 8 && s->board[make_square(nf, nr)] == make_piece(by, KNIGHT))
            return true;
        nf = f + king[i][0], nr = r + king[i][1];
        if (nf >= 0 && nf < 8 && nr >= 0 && nr < 8 && s->board[make_square(nf, nr)] == make_piece(by, KING))
            return true;
    }
    /* king[] directions: even index = orthogonal, odd = diagonal. */
    for (int i = 0; i < 8; i++) {
        PieceType slider = (i % 2 == 0) ? ROOK : BISHOP;
        for (int nf = f + king[i][0], nr = r + king[i][1]; nf >= 0 && nf < 8 && nr >= 0 && nr < 8;
             nf += king[i][0], nr += king[i][1]) {
            Piece p = s->board[make_square(nf, nr)];
            if (p == NO_PIECE)
                continue;
            if (p == make_piece(by, slider) || p == make_piece(by, QUEEN))
                return true;
            break;
        }
    }
    return false;
}

bool setup_ep_capturable(const Setup *s)
{
    if (s->ep == SQ_NONE)
        return false;
    /* The pawn that double-pushed stands one rank beyond the ep square
     * (seen from the side to move); capturers stand beside it. */
    Square pushed = (Square)(s->side == WHITE ? s->ep - 8 : s->ep + 8);
    Piece own_pawn = make_piece(s->side, PAWN);
    int f = square_file(pushed);
    return (f > 0 && s->board[pushed - 1] == own_pawn) || (f < 7 && s->board[pushed + 1] == own_pawn);
}

/* Chess960 rules (standard chess is one case): the king on its back rank,
 * each right's rook of its own on the back rank on that right's side. */
static bool validate_castling(const Setup *s, char *err, size_t err_len)
{
    for (int i = 0; i < CASTLE_RIGHTS; i++) {
        if (!(s->castling & castle_right_bit(i)))
            continue;
        const Color c = castle_right_color(i);
        const int king_file = back_rank_king_file(s, c), file = s->castle_file[i];
        const bool on_its_side = castle_right_queen_side(i) ? file < king_file : file > king_file;
        if (file > 7 || king_file < 0 || !on_its_side || !own_rook_on(s, c, file))
            return castling_rook_missing(err, err_len, right_letter(i), i);
    }
    return true;
}

bool setup_castling_is_standard(const Setup *s)
{
    for (int i = 0; i < CASTLE_RIGHTS; i++) {
        if (!(s->castling & castle_right_bit(i)))
            continue;
        Square king = make_square(FILE_E, castle_back_rank(castle_right_color(i)));
        if (s->castle_file[i] != castle_standard_file(i) || s->board[king] != make_piece(castle_right_color(i), KING))
            return false;
    }
    return true;
}

static bool validate_ep(const Setup *s, char *err, size_t err_len)
{
    if (s->ep == SQ_NONE)
        return true;
    char es[3];
    square_to_text(s->ep, es);
    int expected_rank = s->side == WHITE ? 5 : 2;
    if (square_rank(s->ep) != expected_rank)
        return fail(err, err_len, "FEN field 4 (en passant): %s is not on rank %d, where a double push by %s ends",
                    es, expected_rank + 1, s->side == WHITE ? "Black" : "White");
    Color mover = color_flip(s->side);
    Square pushed = (Square)(s->side == WHITE ? s->ep - 8 : s->ep + 8);
    Square origin = (Square)(s->side == WHITE ? s->ep + 8 : s->ep - 8);
    if (s->board[pushed] != make_piece(mover, PAWN))
        return fail(err, err_len, "FEN field 4 (en passant): %s needs a %s pawn in front of it that just double-pushed",
                    es, mover == WHITE ? "white" : "black");
    if (s->board[s->ep] != NO_PIECE || s->board[origin] != NO_PIECE)
        return fail(err, err_len, "FEN field 4 (en passant): %s and the square the pawn came from must be empty", es);
    return true;
}

/* The material rule of types.h: what promotions can have made. */
static bool validate_material(const Setup *s, Color c, char *err, size_t err_len)
{
    static const int base[KING + 1] = { [KNIGHT] = 2, [ROOK] = 2, [QUEEN] = 1 };
    static const char *const plural[KING + 1] = { [KNIGHT] = "knights", [ROOK] = "rooks", [QUEEN] = "queens" };
    const char *side = c == WHITE ? "white" : "black";
    int count[KING + 1] = { 0 }, bishops_on[2] = { 0, 0 }, men = 0;
    for (int sq = 0; sq < 64; sq++) {
        Piece p = s->board[sq];
        if (p == NO_PIECE || piece_color(p) != c)
            continue;
        men++;
        count[piece_type(p)]++;
        if (piece_type(p) == BISHOP)
            bishops_on[(square_file((Square)sq) + square_rank((Square)sq)) & 1]++;
    }
    if (men > SETUP_MAX_MEN)
        return fail(err, err_len, "FEN field 1 (placement): %d %s men, at most %d", men, side, SETUP_MAX_MEN);
    if (count[PAWN] > SETUP_MAX_PAWNS)
        return fail(err, err_len, "FEN field 1 (placement): %d %s pawns, at most %d", count[PAWN], side,
                    SETUP_MAX_PAWNS);
    int promoted = 0;
    for (int t = KNIGHT; t <= QUEEN; t++)
        if (t != BISHOP && count[t] > base[t])
            promoted += count[t] - base[t];
    for (int colour = 0; colour < 2; colour++)
        if (bishops_on[colour] > 1)
            promoted += bishops_on[colour] - 1;
    const int missing_pawns = SETUP_MAX_PAWNS - count[PAWN];
    if (promoted > missing_pawns) {
        char detail[160] = "";
        size_t used = 0;
        for (int t = KNIGHT; t <= QUEEN; t++)
            if (t != BISHOP && count[t] > base[t])
                used += (size_t)snprintf(detail + used, sizeof detail - used, ", %d %s", count[t], plural[t]);
        for (int colour = 0; colour < 2 && used < sizeof detail; colour++)
            if (bishops_on[colour] > 1)
                used += (size_t)snprintf(detail + used, sizeof detail - used, ", %d bishops on %s squares",
                                         bishops_on[colour], colour ? "light" : "dark");
        return fail(err, err_len,
                    "FEN field 1 (placement): %s has %d promoted piece%s but only %d missing pawn%s "
                    "(%d pawns%s)",
                    side, promoted, promoted == 1 ? "" : "s", missing_pawns, missing_pawns == 1 ? "" : "s", count[PAWN], detail);
    }
    return true;
}

/* The placement rules: piece codes, pawns off the end ranks, one king and
 * the material rule per side; king_sq gets the kings' squares. */
static bool validate_placement(const Setup *s, Square king_sq[2], char *err, size_t err_len)
{
    int kings[2] = { 0, 0 };
    for (int sq = 0; sq < 64; sq++) {
        Piece p = s->board[sq];
        if (p == NO_PIECE)
            continue;
        if (piece_type(p) == PT_NONE || piece_type(p) > KING)
            return fail(err, err_len, "FEN field 1 (placement): invalid piece code %d", p);
        if (piece_type(p) == KING) {
            kings[piece_color(p)]++;
            king_sq[piece_color(p)] = (Square)sq;
        }
        if (piece_type(p) == PAWN) {
            if (square_rank((Square)sq) == 0 || square_rank((Square)sq) == 7) {
                char t[3];
                square_to_text((Square)sq, t);
                return fail(err, err_len, "FEN field 1 (placement): pawn on %s (first or last rank)", t);
            }
        }
    }
    for (int c = 0; c < 2; c++) {
        if (kings[c] != 1)
            return fail(err, err_len, "FEN field 1 (placement): %d %s kings, expected exactly 1",
                        kings[c], c == WHITE ? "white" : "black");
        if (!validate_material(s, (Color)c, err, err_len))
            return false;
    }
    return true;
}

bool setup_validate(const Setup *s, char *err, size_t err_len)
{
    Square king_sq[2] = { SQ_NONE, SQ_NONE };
    if (!validate_placement(s, king_sq, err, err_len))
        return false;
    if (s->side != WHITE && s->side != BLACK)
        return fail(err, err_len, "FEN field 2 (side to move): invalid");
    if (!validate_castling(s, err, err_len) || !validate_ep(s, err, err_len))
        return false;
    Color waiting = color_flip(s->side);
    if (setup_square_attacked(s, king_sq[waiting], s->side))
        return fail(err, err_len, "FEN: the side not to move (%s) is in check",
                    waiting == WHITE ? "White" : "Black");
    if (s->fullmove == 0)
        return fail(err, err_len, "FEN field 6 (fullmove number): must be at least 1");
    return true;
}

/* X-FEN writes K/Q for the outermost rook and the file for an inner one;
 * Shredder-FEN always the file (upper case for White). */
static char *write_castling(const Setup *s, FenCastlingStyle style, char *out)
{
    if (s->castling == 0)
        *out++ = '-';
    const bool files = style == FEN_CASTLING_SHREDDER || (style == FEN_CASTLING_AS_READ && s->shredder_fen);
    for (int i = 0; i < CASTLE_RIGHTS; i++) {
        if (!(s->castling & castle_right_bit(i)))
            continue;
        const Color c = castle_right_color(i);
        const int outermost = outermost_rook_file(s, c, castle_right_queen_side(i), back_rank_king_file(s, c));
        char letter = files || outermost != s->castle_file[i] ? (char)('A' + s->castle_file[i])
                                                               : (castle_right_queen_side(i) ? 'Q' : 'K');
        *out++ = c == WHITE ? letter : (char)tolower((unsigned char)letter);
    }
    return out;
}

bool fen_castling_style_from_text(const char *text, FenCastlingStyle *style)
{
    static const char *const names[] = { "as-read", "xfen", "shredder" };
    for (int i = 0; i < 3; i++)
        if (strcmp(text, names[i]) == 0) {
            *style = (FenCastlingStyle)i;
            return true;
        }
    return false;
}

void setup_to_fen(const Setup *s, char *buf) { setup_to_fen_styled(s, FEN_CASTLING_AS_READ, buf); }

void setup_to_fen_styled(const Setup *s, FenCastlingStyle style, char *buf)
{
    char *out = buf;
    for (int rank = 7; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < 8; file++) {
            Piece p = s->board[make_square(file, rank)];
            if (p == NO_PIECE) {
                empty++;
                continue;
            }
            if (empty)
                *out++ = (char)('0' + empty);
            empty = 0;
            *out++ = piece_letters[p];
        }
        if (empty)
            *out++ = (char)('0' + empty);
        if (rank)
            *out++ = '/';
    }
    *out++ = ' ';
    *out++ = s->side == WHITE ? 'w' : 'b';
    *out++ = ' ';
    out = write_castling(s, style, out);
    *out++ = ' ';
    if (s->ep == SQ_NONE) {
        *out++ = '-';
    } else {
        square_to_text(s->ep, out);
        out += 2;
    }
    snprintf(out, (size_t)(FEN_MAX - (out - buf)), " %u %u", s->halfmove, s->fullmove);
}

bool setup_equal(const Setup *a, const Setup *b)
{
    for (int i = 0; i < CASTLE_RIGHTS; i++)
        if ((a->castling & castle_right_bit(i)) && a->castle_file[i] != b->castle_file[i])
            return false;
    return memcmp(a->board, b->board, sizeof a->board) == 0 && a->side == b->side &&
           a->castling == b->castling && a->ep == b->ep && a->halfmove == b->halfmove &&
           a->fullmove == b->fullmove && a->chess960 == b->chess960 && a->shredder_fen == b->shredder_fen;
}
