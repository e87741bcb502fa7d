#!/usr/bin/env python3
"""Where did a player's games go wrong? An oracle's view of a PGN file.

For every game of the PGN in which PLAYER (a substring of the White or
Black tag) took part, every position is scored by an oracle engine (by
default Debian's Stockfish) at a fixed node count, from PLAYER's side.
A move of PLAYER's is a blunder when the oracle's score falls by at least
--blunder centipawns across it while the position was not already lost
(score >= -LOST before the move). The report says, per game and in all:

  - the average loss per move (centipawns, scores clipped at +-1000) of
    PLAYER and of the opponent, in the same positions' games;
  - the blunders: ply, FEN, the move played, the oracle's move, the drop;
  - for each lost game, how it was lost: the first position where the
    oracle's score fell below -LOST for good, and whether a single blunder
    took it there or a slow slide did.

The move lists and FENs come from `chesslab game --san` (the project's own
SAN reader), so the script needs no chess library. Scores are read from the
oracle's last `info ... score` line before `bestmove`; a mate score counts
as +-1000.

    scripts/blunder_scan.py --pgn results/goal/sf2300-d.pgn --player chesslab \\
        --nodes 200000 --out /tmp/scan.json
"""
import argparse
import json
import os
import re
import subprocess
import sys

CLIP = 1000


def parse_pgn(text):
    """Yields (headers, san_moves) per game of a PGN text."""
    games = []
    headers, movetext = {}, []
    in_moves = False
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith('['):
            if in_moves:
                games.append((headers, ' '.join(movetext)))
                headers, movetext, in_moves = {}, [], False
            m = re.match(r'\[(\w+)\s+"(.*)"\]', stripped)
            if m:
                headers[m.group(1)] = m.group(2)
        elif stripped:
            in_moves = True
            movetext.append(stripped)
    if headers or movetext:
        games.append((headers, ' '.join(movetext)))
    out = []
    for headers, text in games:
        text = re.sub(r'\{[^}]*\}', ' ', text)
        text = re.sub(r'\([^)]*\)', ' ', text)
        tokens = [t for t in text.split() if not re.match(r'^\d+\.+$', t)]
        tokens = [re.sub(r'^\d+\.+', '', t) for t in tokens]
        sans = [t for t in tokens if t and t not in ('1-0', '0-1', '1/2-1/2', '*') and not t.startswith('$')]
        out.append((headers, sans))
    return out


class Oracle:
    def __init__(self, path, nodes, hash_mb):
        self.nodes = nodes
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send('uci')
        self.wait_for('uciok')
        self.send(f'setoption name Hash value {hash_mb}')
        self.send('setoption name Threads value 1')
        self.send('isready')
        self.wait_for('readyok')

    def send(self, line):
        self.proc.stdin.write(line + '\n')

    def wait_for(self, word):
        while True:
            line = self.proc.stdout.readline()
            if not line:
                sys.exit(f'blunder_scan: the oracle exited while waiting for {word}')
            if line.split() and line.split()[0] == word:
                return line

    def score(self, fen):
        """(score in cp from the side to move, best move) at the node limit."""
        self.send(f'position fen {fen}')
        self.send(f'go nodes {self.nodes}')
        score = 0
        while True:
            line = self.proc.stdout.readline()
            if not line:
                sys.exit('blunder_scan: the oracle exited during a search')
            parts = line.split()
            if parts and parts[0] == 'info' and 'score' in parts and 'upperbound' not in parts \
                    and 'lowerbound' not in parts:
                i = parts.index('score')
                kind, value = parts[i + 1], int(parts[i + 2])
                score = value if kind == 'cp' else (CLIP if value > 0 else -CLIP)
            elif parts and parts[0] == 'bestmove':
                return max(-CLIP, min(CLIP, score)), parts[1]

    def close(self):
        self.send('quit')
        self.proc.wait(timeout=10)


def plies_of(chesslab, headers, sans):
    fen = headers.get('FEN')
    cmd = [chesslab, 'game', '--json']
    if fen:
        cmd += ['--fen', fen]
    cmd += ['--san'] + sans
    run = subprocess.run(cmd, capture_output=True, text=True)
    if run.returncode != 0:
        return None, run.stderr.strip()
    data = json.loads(run.stdout)
    return data, None


def scan_game(oracle, data, player_white, args):
    """Scores every position; returns the game's report."""
    positions = [data['start']['fen']] + [p['fen'] for p in data['plies']]
    ends = [data['start']['status']['end']] + [p['status']['end'] for p in data['plies']]
    # Score from White's view, position by position (a finished position is
    # scored by its end: mate or draw).
    white_scores, best_moves = [], []
    for i, fen in enumerate(positions):
        white_to_move = fen.split()[1] == 'w'
        if ends[i] == 'checkmate':
            s, best = -CLIP, None
        elif ends[i] != 'ongoing':
            s, best = 0, None
        else:
            s, best = oracle.score(fen)
        white_scores.append(s if white_to_move else -s)
        best_moves.append(best)
    sign = 1 if player_white else -1
    mine = [sign * s for s in white_scores]
    losses = {'player': [], 'opponent': []}
    blunders = []
    for i, ply in enumerate(data['plies']):
        mover_white = ply['side'] == 'w'
        before, after = mine[i], mine[i + 1]
        if mover_white == player_white:
            drop = before - after
            losses['player'].append(max(0, drop))
            if drop >= args.blunder and before >= -args.lost:
                blunders.append({'ply': ply['ply'], 'fen': positions[i], 'played': ply['uci'], 'san': ply['san'],
                                 'oracle_move': best_moves[i], 'before': before, 'after': after})
        else:
            losses['opponent'].append(max(0, after - before))
    # The point of no return: the first ply after which PLAYER's score stays
    # below -lost to the end.
    lost_from = None
    for i in range(len(mine) - 1, -1, -1):
        if mine[i] < -args.lost:
            lost_from = i
        else:
            break
    return {'scores_player_view': mine, 'losses': losses, 'blunders': blunders, 'lost_from_ply': lost_from}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--pgn', required=True)
    ap.add_argument('--player', required=True, help='substring of the White/Black tag of the player studied')
    ap.add_argument('--chesslab', default=os.path.join(os.path.dirname(__file__), '..', 'build', 'chesslab'))
    ap.add_argument('--oracle', default='/usr/games/stockfish')
    ap.add_argument('--nodes', type=int, default=200000, help='oracle nodes per position (default 200000)')
    ap.add_argument('--hash', type=int, default=64)
    ap.add_argument('--blunder', type=int, default=150, help='drop in cp that makes a blunder (default 150)')
    ap.add_argument('--lost', type=int, default=300, help='score in cp below which a game counts as lost (300)')
    ap.add_argument('--games', type=int, default=0, help='scan at most this many games (0: all)')
    ap.add_argument('--only-lost', action='store_true', help="scan only the games PLAYER lost")
    ap.add_argument('--out', help='JSON report')
    args = ap.parse_args()
    for path, what in ((args.chesslab, 'chesslab'), (args.oracle, 'oracle')):
        if not os.access(path, os.X_OK):
            sys.exit(f'blunder_scan: no {what} binary at {path}')
    try:
        with open(args.pgn) as f:
            games = parse_pgn(f.read())
    except OSError as e:
        sys.exit(f'blunder_scan: {e}')
    oracle = Oracle(args.oracle, args.nodes, args.hash)
    reports = []
    for number, (headers, sans) in enumerate(games, 1):
        white, black = headers.get('White', ''), headers.get('Black', '')
        if args.player not in white and args.player not in black:
            continue
        player_white = args.player in white
        result = headers.get('Result', '*')
        player_score = {'1-0': 1.0, '0-1': 0.0, '1/2-1/2': 0.5}.get(result)
        if player_score is not None and not player_white:
            player_score = 1.0 - player_score
        if args.only_lost and player_score != 0.0:
            continue
        data, error = plies_of(args.chesslab, headers, sans)
        if data is None:
            print(f'game {number}: not read ({error})', file=sys.stderr)
            continue
        rep = scan_game(oracle, data, player_white, args)
        rep.update({'game': number, 'opening': headers.get('Opening'), 'player_white': player_white,
                    'result': result, 'player_score': player_score, 'plies': len(data['plies'])})
        reports.append(rep)
        acpl = lambda xs: sum(xs) / len(xs) if xs else 0.0
        how = '-'
        if player_score == 0.0 and rep['lost_from_ply'] is not None:
            cause = [b for b in rep['blunders'] if rep['lost_from_ply'] - 6 < b['ply'] <= rep['lost_from_ply']]
            how = (f"lost from ply {rep['lost_from_ply']}: "
                   + (f"blunder {cause[-1]['san']} at ply {cause[-1]['ply']} ({cause[-1]['before']} -> "
                      f"{cause[-1]['after']})" if cause else 'a slide, no single blunder'))
        print(f"game {number:3d} {result:7s} {'W' if player_white else 'B'} loss/move "
              f"{acpl(rep['losses']['player']):5.1f} (opponent {acpl(rep['losses']['opponent']):5.1f}), "
              f"blunders {len(rep['blunders'])}; {how}", flush=True)
        if args.games and len(reports) >= args.games:
            break
    oracle.close()
    if not reports:
        sys.exit('blunder_scan: no game of that player')
    mine = [x for r in reports for x in r['losses']['player']]
    theirs = [x for r in reports for x in r['losses']['opponent']]
    lost = [r for r in reports if r['player_score'] == 0.0]
    by_blunder = sum(1 for r in lost if r['lost_from_ply'] is not None
                     and any(r['lost_from_ply'] - 6 < b['ply'] <= r['lost_from_ply'] for b in r['blunders']))
    summary = {'games': len(reports), 'lost': len(lost), 'lost_by_a_blunder': by_blunder,
               'player_loss_per_move': sum(mine) / max(1, len(mine)),
               'opponent_loss_per_move': sum(theirs) / max(1, len(theirs)),
               'player_blunders': sum(len(r['blunders']) for r in reports),
               'oracle': args.oracle, 'oracle_nodes': args.nodes, 'blunder_cp': args.blunder, 'lost_cp': args.lost}
    print(json.dumps(summary, indent=1))
    if args.out:
        with open(args.out, 'w') as f:
            json.dump({'summary': summary, 'games': reports}, f, indent=1)


if __name__ == '__main__':
    main()
