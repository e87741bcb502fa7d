#include "play/match.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "core/move_text.h"
#include "core/timer.h"

/* ---- engine options ---- */

static void trim(char *s)
{
    size_t start = strspn(s, " \t"), len = strlen(s);
    while (len > start && (s[len - 1] == ' ' || s[len - 1] == '\t'))
        len--;
    memmove(s, s + start, len - start);
    s[len - start] = '\0';
}

bool match_spec_parse(const char *text, MatchEngineSpec *spec, char *err, size_t err_len)
{
    memset(spec, 0, sizeof *spec);
    if (strlen(text) >= sizeof spec->text) {
        snprintf(err, err_len, "option list longer than %zu characters", sizeof spec->text - 1);
        return false;
    }
    snprintf(spec->text, sizeof spec->text, "%s", text);
    char list[sizeof spec->text];
    snprintf(list, sizeof list, "%s", text);
    for (char *save = NULL, *item = strtok_r(list, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        if (spec->option_count == MATCH_MAX_OPTIONS) {
            snprintf(err, err_len, "more than %d options", MATCH_MAX_OPTIONS);
            return false;
        }
        char *equals = strchr(item, '=');
        if (equals)
            *equals = '\0';
        char *name = spec->names[spec->option_count], *value = spec->values[spec->option_count];
        snprintf(name, UCI_OPTION_NAME_MAX, "%s", item);
        snprintf(value, MATCH_VALUE_MAX, "%s", equals ? equals + 1 : "");
        trim(name);
        trim(value);
        if (name[0] == '\0') {
            snprintf(err, err_len, "'%s%s%s': an option needs a name (Name=value)", item, equals ? "=" : "",
                     equals ? equals + 1 : "");
            return false;
        }
        if (equals && value[0] == '\0') {
            snprintf(err, err_len, "option '%s' has an empty value", name);
            return false;
        }
        spec->option_count++;
    }
    return true;
}

static bool spec_sets(const MatchEngineSpec *spec, const char *name)
{
    for (int i = 0; i < spec->option_count; i++)
        if (strcasecmp(spec->names[i], name) == 0)
            return true;
    return false;
}

static MatchStart set_option(MatchPlayer *p, const char *name, const char *value, char *err, size_t err_len)
{
    const UciOptionDecl *decl = uci_client_option(&p->client, name);
    if (decl == NULL) {
        snprintf(err, err_len, "%s (%s) has no option '%s'", p->client.label, p->client.id_name, name);
        return MATCH_BAD_OPTION;
    }
    char problem[384];
    if (!uci_option_value_ok(decl, value, problem, sizeof problem)) {
        snprintf(err, err_len, "%s: %s", p->client.label, problem);
        return MATCH_BAD_OPTION;
    }
    char line[512];
    if (value[0])
        snprintf(line, sizeof line, "setoption name %s value %s", decl->name, value);
    else
        snprintf(line, sizeof line, "setoption name %s", decl->name);
    return uci_client_send(&p->client, line, err, err_len) ? MATCH_STARTED : MATCH_ENGINE_FAILED;
}

MatchStart match_player_start(MatchPlayer *p, const char *label, const MatchEngineSpec *spec,
                              const MatchSettings *s, FILE *warnings, char *err, size_t err_len)
{
    memset(p, 0, sizeof *p);
    p->client.pid = -1;
    /* This very binary, by its real path (for messages and ps). */
    char self[1024], link[1024];
    ssize_t len = readlink("/proc/self/exe", link, sizeof link - 1);
    if (len > 0)
        link[len] = '\0';
    snprintf(self, sizeof self, "%s", len > 0 ? link : "/proc/self/exe");
    char *argv_self[] = { self, "uci", NULL };
    char *argv_other[] = { (char *)spec->path, NULL };
    if (!uci_client_start(&p->client, label, spec->path ? argv_other : argv_self, true, err, err_len))
        return MATCH_ENGINE_FAILED;
    if (!uci_client_handshake(&p->client, MATCH_READY_TIMEOUT_MS, err, err_len))
        return MATCH_ENGINE_FAILED;
    if (p->client.id_name[0] == '\0')
        snprintf(p->client.id_name, sizeof p->client.id_name, "%s", spec->path ? spec->path : "chesslab");
    snprintf(p->name, sizeof p->name, "%.127s (%.255s)", p->client.id_name, spec->option_count ? spec->text : "defaults");
    for (int i = 0; i < spec->option_count; i++) {
        MatchStart got = set_option(p, spec->names[i], spec->values[i], err, err_len);
        if (got != MATCH_STARTED)
            return got;
    }
    /* A Chess960 match needs engines that play it. */
    if (s->chess960) {
        MatchStart got = set_option(p, "UCI_Chess960", "true", err, err_len);
        if (got != MATCH_STARTED)
            return got;
    }
    /* --hash goes to engines that have a Hash option. */
    if (s->hash_mb > 0 && !spec_sets(spec, "Hash") && uci_client_option(&p->client, "Hash")) {
        char value[32];
        snprintf(value, sizeof value, "%ld", s->hash_mb);
        MatchStart got = set_option(p, "Hash", value, err, err_len);
        if (got != MATCH_STARTED)
            return got;
    }
    if (!uci_client_send(&p->client, "isready", err, err_len))
        return MATCH_ENGINE_FAILED;
    int64_t deadline = timer_now_ms() + MATCH_READY_TIMEOUT_MS;
    char line[4096];
    for (;;) {
        int64_t left = deadline - timer_now_ms();
        UciRead got = uci_client_read(&p->client, line, sizeof line, left > 0 ? left : 0);
        if (got != UCI_LINE) {
            snprintf(err, err_len, "%s: %s after setting the options", label,
                     got == UCI_EOF ? "the engine ended" : "no readyok");
            return MATCH_ENGINE_FAILED;
        }
        if (strcmp(line, "readyok") == 0)
            return MATCH_STARTED;
        /* An option refused (chesslab and Stockfish both say "info string
         * error..." then): the engine would play something other than
         * what was asked, and the match would measure the wrong thing. */
        if (strncasecmp(line, "info string error", 17) == 0) {
            snprintf(err, err_len, "%s refused its options: %s", label, line + 12);
            return MATCH_BAD_OPTION;
        }
        if (warnings && strncmp(line, "info string", 11) == 0)
            fprintf(warnings, "chesslab match: %s: %s\n", label, line);
    }
}

void match_player_stop(MatchPlayer *p) { uci_client_close(&p->client, 2000); }

/* ---- a game ---- */

bool match_opening_start(const MatchOpening *o, Game *game, char *err, size_t err_len)
{
    if (!game_start(game, &o->start, err, err_len))
        return false;
    char moves[sizeof o->moves], problem[256];
    snprintf(moves, sizeof moves, "%s", o->moves);
    for (char *save = NULL, *m = strtok_r(moves, " ", &save); m; m = strtok_r(NULL, " ", &save))
        if (!game_play_uci(game, m, problem, sizeof problem)) {
            snprintf(err, err_len, "opening %s: %s", o->name, problem);
            return false;
        }
    return true;
}

const char *match_end_termination(MatchEnd end)
{
    switch (end) {
    case MATCH_END_RULES:
        return "normal";
    case MATCH_END_TIME:
        return "time forfeit";
    case MATCH_END_ILLEGAL:
        return "rules infraction";
    case MATCH_END_FAILED:
        return "abandoned";
    case MATCH_END_ABORTED:
        return "unterminated";
    }
    return "unterminated";
}

static const char *side_name(Color c) { return c == WHITE ? "white" : "black"; }

__attribute__((format(printf, 4, 5))) static void finish(MatchGameResult *out, MatchEnd end, const char *result, const char *fmt, ...)
{
    out->end = end;
    snprintf(out->result, sizeof out->result, "%s", result);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(out->reason, sizeof out->reason, fmt, ap);
    va_end(ap);
}

/* The result when `loser` loses. */
static const char *loss_for(Color loser) { return loser == WHITE ? "0-1" : "1-0"; }

/* Ends the game by the rules when the position calls for it. */
static bool ended_by_rules(const Game *game, MatchGameResult *out)
{
    GameStatus st;
    game_status(game, game_ply_count(game), &st);
    if (st.end != GAME_ONGOING) {
        char text[128];
        game_status_text(&st, text, sizeof text);
        finish(out, MATCH_END_RULES, game_result(&st, true), "%s", text);
        return true;
    }
    if (st.threefold || st.fifty_moves) {
        finish(out, MATCH_END_RULES, "1/2-1/2", "%s (claimed)",
               st.threefold ? "threefold repetition" : "fifty-move rule");
        return true;
    }
    return false;
}

/* "position fen START moves ..." for the game so far, in a buffer that
 * grows with the game. */
static char *position_command(const Game *game, char **buf, size_t *cap)
{
    int plies = game_ply_count(game);
    size_t need = 32 + FEN_MAX + (size_t)plies * (MOVE_TEXT_MAX + 1);
    if (need > *cap) {
        char *bigger = realloc(*buf, need);
        if (bigger == NULL)
            return NULL;
        *buf = bigger;
        *cap = need;
    }
    char fen[FEN_MAX];
    setup_to_fen(game_setup(game, 0), fen);
    size_t used = (size_t)snprintf(*buf, *cap, "position fen %s%s", fen, plies ? " moves" : "");
    const MoveNotation notation = game_notation(game);
    for (int ply = 1; ply <= plies; ply++) {
        char move[MOVE_TEXT_MAX];
        move_to_uci_as(game_move(game, ply), &notation, move);
        used += (size_t)snprintf(*buf + used, *cap - used, " %s", move);
    }
    return *buf;
}

static bool new_game(MatchPlayer *p, char *err, size_t err_len)
{
    char line[4096];
    return uci_client_send(&p->client, "ucinewgame", err, err_len) &&
           uci_client_send(&p->client, "isready", err, err_len) &&
           uci_client_wait_for(&p->client, "readyok", line, sizeof line, MATCH_READY_TIMEOUT_MS, err, err_len);
}

void match_note_info(const char *line, MatchMoveNote *note)
{
    if (strncmp(line, "info ", 5) != 0 || strstr(line, " score ") == NULL || strstr(line, "info string") == line)
        return;
    int depth = 0, score = 0;
    bool has_score = false, mate = false;
    char copy[8192];
    snprintf(copy, sizeof copy, "%s", line);
    char *save = NULL, *token = strtok_r(copy, " ", &save);
    while (token) {
        char *next = strtok_r(NULL, " ", &save);
        if (next && strcmp(token, "depth") == 0) {
            depth = atoi(next);
        } else if (next && strcmp(token, "score") == 0) {
            char *value = strtok_r(NULL, " ", &save);
            if (value && (strcmp(next, "cp") == 0 || strcmp(next, "mate") == 0)) {
                has_score = true;
                mate = next[0] == 'm';
                score = atoi(value);
            }
            next = strtok_r(NULL, " ", &save);
        } else if (strcmp(token, "pv") == 0) {
            break; /* the moves follow: nothing more to read */
        }
        token = next;
    }
    if (has_score) {
        note->has_score = true;
        note->mate = mate;
        note->score = score;
        note->depth = depth;
    }
}

void match_note_text(const MatchMoveNote *note, char *buf, size_t len)
{
    int used = 0;
    if (note->has_score && note->mate)
        used = snprintf(buf, len, "%sM%d/%d ", note->score < 0 ? "-" : "+", abs(note->score), note->depth);
    else if (note->has_score)
        used = snprintf(buf, len, "%s%d.%02d/%d ", note->score < 0 ? "-" : "+", abs(note->score) / 100,
                        abs(note->score) % 100, note->depth);
    if (used >= 0 && (size_t)used < len)
        snprintf(buf + used, len - (size_t)used, "%lld.%03llds", (long long)(note->time_ms / 1000),
                 (long long)(note->time_ms % 1000));
}

/* Waits for bestmove until the deadline; copies the move text. The info
 * lines on the way go into note (NULL: not read). */
static UciRead wait_bestmove(MatchPlayer *p, int64_t deadline, char *move, size_t move_len, MatchMoveNote *note)
{
    char line[8192];
    for (;;) {
        int64_t left = deadline - timer_now_ms();
        UciRead got = uci_client_read(&p->client, line, sizeof line, left > 0 ? left : 0);
        if (got != UCI_LINE)
            return got;
        if (note)
            match_note_info(line, note);
        if (strncmp(line, "bestmove", 8) == 0 && (line[8] == ' ' || line[8] == '\0')) {
            const char *m = line + 8 + strspn(line + 8, " ");
            snprintf(move, move_len, "%.*s", (int)strcspn(m, " "), m);
            return UCI_LINE;
        }
    }
}

/* A search cut short by a stop request: `stop`, and its bestmove read
 * (no longer woken by the request) so that the engine is idle when it is
 * told to quit. */
static void stop_search(MatchPlayer *p)
{
    char err[256], ignored[32];
    uci_client_set_wake(&p->client, -1);
    if (uci_client_send(&p->client, "stop", err, sizeof err))
        wait_bestmove(p, timer_now_ms() + MATCH_HANG_GRACE_MS, ignored, sizeof ignored, NULL);
}

void match_play_game(MatchPlayer *white, MatchPlayer *black, const MatchOpening *opening, const MatchSettings *s,
                     Game *game, const atomic_bool *abort, MatchGameResult *out)
{
    memset(out, 0, sizeof *out);
    snprintf(out->result, sizeof out->result, "*");
    MatchPlayer *players[2] = { white, black };
    char err[256];
    if (!match_opening_start(opening, game, err, sizeof err)) {
        finish(out, MATCH_END_FAILED, "*", "%s", err);
        return;
    }
    for (int c = 0; c < 2; c++)
        if (!new_game(players[c], err, sizeof err)) {
            finish(out, MATCH_END_FAILED, "*", "%s", err);
            return;
        }
    int64_t clock[2] = { s->base_ms, s->base_ms };
    out->lowest_clock_ms[0] = out->lowest_clock_ms[1] = s->base_ms;
    out->clock_end_ms[0] = out->clock_end_ms[1] = s->base_ms;
    char *command = NULL;
    size_t capacity = 0;
    while (!ended_by_rules(game, out)) {
        if (atomic_load(abort)) {
            finish(out, MATCH_END_ABORTED, "*", "the match stopped");
            break;
        }
        Color side = game_setup(game, game_ply_count(game))->side;
        MatchPlayer *p = players[side];
        int ply = game_ply_count(game) + 1;
        if (position_command(game, &command, &capacity) == NULL) {
            finish(out, MATCH_END_FAILED, "*", "out of memory");
            break;
        }
        char go[160];
        int used = snprintf(go, sizeof go, "go wtime %lld btime %lld winc %lld binc %lld",
                            (long long)(clock[WHITE] > 0 ? clock[WHITE] : 0),
                            (long long)(clock[BLACK] > 0 ? clock[BLACK] : 0), (long long)s->inc_ms,
                            (long long)s->inc_ms);
        if (s->depth > 0)
            snprintf(go + used, sizeof go - (size_t)used, " depth %d", s->depth);
        if (!uci_client_send(&p->client, command, err, sizeof err)) {
            finish(out, MATCH_END_FAILED, "*", "%s", err);
            break;
        }
        int64_t start = timer_now_ms();
        if (!uci_client_send(&p->client, go, err, sizeof err)) {
            finish(out, MATCH_END_FAILED, "*", "%s", err);
            break;
        }
        char move[32] = "";
        int64_t allowed = clock[side] + s->margin_ms;
        MatchMoveNote note = { 0 };
        UciRead got = wait_bestmove(p, start + allowed, move, sizeof move, &note);
        int64_t spent = timer_now_ms() - start;
        if (got == UCI_WOKEN) {
            stop_search(p);
            finish(out, MATCH_END_ABORTED, "*", "the match stopped");
            break;
        }
        if (got == UCI_EOF) {
            finish(out, MATCH_END_FAILED, "*", "%s (%s) ended (crashed?) while thinking at ply %d", p->client.label,
                   side_name(side), ply);
            break;
        }
        if (got == UCI_TIMEOUT) {
            /* A loss on time; the engine must still answer stop. */
            char ignored[32];
            if (!uci_client_send(&p->client, "stop", err, sizeof err) ||
                wait_bestmove(p, timer_now_ms() + MATCH_HANG_GRACE_MS, ignored, sizeof ignored, NULL) != UCI_LINE) {
                finish(out, MATCH_END_FAILED, "*", "%s (%s) hung: no bestmove within %lld ms of go nor %d ms after stop",
                       p->client.label, side_name(side), (long long)allowed, MATCH_HANG_GRACE_MS);
                break;
            }
            out->lowest_clock_ms[side] = out->clock_end_ms[side] = clock[side] - spent;
            finish(out, MATCH_END_TIME, loss_for(side), "%s (%s) lost on time at ply %d (no move within %lld ms)",
                   p->client.label, side_name(side), ply, (long long)allowed);
            break;
        }
        clock[side] -= spent;
        out->clock_end_ms[side] = clock[side];
        if (clock[side] < out->lowest_clock_ms[side])
            out->lowest_clock_ms[side] = clock[side];
        if (clock[side] < -s->margin_ms) {
            finish(out, MATCH_END_TIME, loss_for(side), "%s (%s) lost on time at ply %d (%lld ms over)",
                   p->client.label, side_name(side), ply, (long long)-clock[side]);
            break;
        }
        clock[side] += s->inc_ms;
        out->think_ms[side] += spent;
        out->moves[side]++;
        out->clock_end_ms[side] = clock[side];
        if (out->note_count == 0)
            out->first_note_ply = ply;
        if (out->note_count < MATCH_NOTES_MAX && out->first_note_ply + out->note_count == ply) {
            note.time_ms = spent;
            out->notes[out->note_count++] = note;
        }
        char problem[256];
        if (move[0] == '\0' || strcmp(move, "(none)") == 0 || strcmp(move, "0000") == 0) {
            finish(out, MATCH_END_ILLEGAL, loss_for(side), "%s (%s) gave no move at ply %d though it has legal moves",
                   p->client.label, side_name(side), ply);
            break;
        }
        if (!game_play_uci(game, move, problem, sizeof problem)) {
            finish(out, MATCH_END_ILLEGAL, loss_for(side), "%s (%s) played an illegal move at ply %d: %s",
                   p->client.label, side_name(side), ply, problem);
            break;
        }
    }
    free(command);
}
