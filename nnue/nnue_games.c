#include "nnue/nnue_games.h"

#include <string.h>

#include "nnue/nnue_data.h"
#include "search/score.h"

static const char magic[4] = { 'C', 'L', 'S', 'G' };

int16_t nnue_game_score(int white_score)
{
    return (int16_t)(white_score > INT16_MAX ? INT16_MAX : white_score < -INT16_MAX ? -INT16_MAX : white_score);
}

static void put16(uint8_t *p, uint16_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}

static uint16_t get16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }

bool nnue_games_write_header(FILE *out)
{
    uint8_t h[8];
    memcpy(h, magic, 4);
    put16(h + 4, NNUE_GAMES_VERSION);
    put16(h + 6, 0);
    return fwrite(h, 1, sizeof h, out) == sizeof h;
}

uint8_t nnue_game_choice(const Move *legal, int count, Move m)
{
    int rank = 0;
    for (int i = 0; i < count; i++)
        rank += legal[i] < m;
    return (uint8_t)rank;
}

/* The legal move of that rank, MOVE_NONE when there is none: the list
 * sorted by code (insertion sort: a few dozen moves), then indexed. */
static Move move_of_choice(const Move *legal, int count, int choice)
{
    if (choice >= count)
        return MOVE_NONE;
    Move sorted[256];
    for (int i = 0; i < count && i < 256; i++) {
        int k = i;
        for (; k > 0 && sorted[k - 1] > legal[i]; k--)
            sorted[k] = sorted[k - 1];
        sorted[k] = legal[i];
    }
    return sorted[choice];
}

enum { VARINT_MAX = 3 }; /* 7-bit groups: enough for a zigzagged 17-bit difference */

static int put_varint(uint8_t *p, uint32_t v)
{
    int n = 0;
    for (; v >= 0x80; v >>= 7)
        p[n++] = (uint8_t)(v | 0x80);
    p[n++] = (uint8_t)v;
    return n;
}

bool nnue_games_write(FILE *out, const NnueGame *g)
{
    char fen[FEN_MAX];
    setup_to_fen(&g->start, fen);
    size_t fen_length = strlen(fen);
    uint8_t buffer[5 + FEN_MAX + (1 + VARINT_MAX) * NNUE_GAME_MAX_PLIES];
    if (g->plies < 1 || g->plies > NNUE_GAME_MAX_PLIES || fen_length > UINT8_MAX)
        return false;
    buffer[0] = g->result;
    buffer[1] = g->flags;
    put16(buffer + 2, (uint16_t)g->plies);
    buffer[4] = (uint8_t)fen_length;
    memcpy(buffer + 5, fen, fen_length);
    uint8_t *p = buffer + 5 + fen_length;
    memcpy(p, g->choices, (size_t)g->plies);
    p += g->plies;
    int previous = 0;
    for (int i = 0; i < g->plies; i++) {
        int delta = g->scores[i] - previous;
        previous = g->scores[i];
        p += put_varint(p, delta >= 0 ? (uint32_t)delta << 1 : ((uint32_t)-delta << 1) - 1);
    }
    size_t size = (size_t)(p - buffer);
    return fwrite(buffer, 1, size, out) == size;
}

bool nnue_games_read_header(FILE *in, char *err, size_t err_len)
{
    uint8_t h[8];
    if (fread(h, 1, sizeof h, in) != sizeof h || memcmp(h, magic, 4) != 0) {
        snprintf(err, err_len, "not a self-play games file (no CLSG header)");
        return false;
    }
    if (get16(h + 4) != NNUE_GAMES_VERSION || get16(h + 6) != 0) {
        snprintf(err, err_len, "games file version %u, this build reads %d", get16(h + 4), NNUE_GAMES_VERSION);
        return false;
    }
    return true;
}

int nnue_games_read(FILE *in, NnueGame *g, char *err, size_t err_len)
{
    uint8_t head[5];
    size_t got = fread(head, 1, sizeof head, in);
    if (got == 0 && feof(in))
        return 0;
    if (got != sizeof head) {
        snprintf(err, err_len, "truncated game header");
        return -1;
    }
    g->result = head[0];
    g->flags = head[1];
    g->plies = get16(head + 2);
    if (g->result > 2 || (g->flags & ~NNUE_GAME_ADJUDICATED) != 0) {
        snprintf(err, err_len, "bad game header (result %u, flags %u)", g->result, g->flags);
        return -1;
    }
    if (g->plies < 1 || g->plies > NNUE_GAME_MAX_PLIES) {
        snprintf(err, err_len, "game of %d plies (1..%d)", g->plies, NNUE_GAME_MAX_PLIES);
        return -1;
    }
    char fen[256 + 1];
    if (fread(fen, 1, head[4], in) != head[4]) {
        snprintf(err, err_len, "truncated FEN");
        return -1;
    }
    fen[head[4]] = '\0';
    char why[160];
    if (!setup_from_fen(&g->start, fen, why, sizeof why)) {
        snprintf(err, err_len, "bad start position: %s", why);
        return -1;
    }
    if (fread(g->choices, 1, (size_t)g->plies, in) != (size_t)g->plies) {
        snprintf(err, err_len, "truncated moves");
        return -1;
    }
    int previous = 0;
    for (int i = 0; i < g->plies; i++) {
        uint32_t v = 0;
        int shift = 0, c;
        do {
            if ((c = getc(in)) == EOF || shift >= 7 * VARINT_MAX) {
                snprintf(err, err_len, c == EOF ? "truncated scores" : "a score's varint runs on");
                return -1;
            }
            v |= (uint32_t)(c & 0x7f) << shift;
            shift += 7;
        } while (c & 0x80);
        int delta = (v & 1) ? -(int)((v + 1) >> 1) : (int)(v >> 1);
        int score = previous + delta;
        if (score < -INT16_MAX || score > INT16_MAX) {
            snprintf(err, err_len, "score %d at ply %d out of range", score, i + 1);
            return -1;
        }
        g->scores[i] = (int16_t)score;
        previous = score;
    }
    return 1;
}

int nnue_game_records(const NnueGame *g, Game *game, NnueRecord *out, char *err, size_t err_len)
{
    char why[160];
    if (!game_start(game, &g->start, why, sizeof why)) {
        snprintf(err, err_len, "bad start position: %s", why);
        return -1;
    }
    int count = 0;
    for (int i = 0; i < g->plies; i++) {
        GameStatus status;
        game_status(game, i, &status);
        int legal_count;
        const Move *legal = game_legal_moves(game, &legal_count);
        Move m = move_of_choice(legal, legal_count, g->choices[i]);
        if (m == MOVE_NONE) {
            snprintf(err, err_len, "ply %d: move %d of %d legal moves", i + 1, g->choices[i] + 1, legal_count);
            return -1;
        }
        int score = g->scores[i];
        if (!status.check && !move_is_capture(m) && !move_is_promotion(m) && !score_is_mate(score))
            nnue_record_from_setup(game_setup(game, i), score, g->result, &out[count++]);
        if (!game_play(game, m, why, sizeof why)) {
            snprintf(err, err_len, "ply %d: %s", i + 1, why);
            return -1;
        }
    }
    return count;
}
