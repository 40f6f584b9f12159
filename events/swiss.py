"""Swiss pairings and tiebreakers as plain Python (no Django): testable alone and fast.

Conventions are those of the Magic: The Gathering Tournament Rules (MTR), Appendix C
("Tiebreaker Explanation"), which most card-game tools (EventLink, Melee, Limitless) follow:

- a match win is worth 3 match points, a draw 1, a loss 0; a bye is a match win, 2-0 in games
  (MTR C.1, C.3) and is left out of the opponents' figures (MTR C.2: "byes are ignored");
- match-win percentage = match points / (3 x matches played), at least 1/3 (MTR C.2);
- game-win percentage = game points / (3 x games played), each game won 3, drawn 1, at least
  1/3 (MTR C.3);
- opponents' match-win and game-win percentages are the averages of the opponents' own
  percentages, each with its 1/3 floor (MTR C.2, C.4).

The Play! Pokémon Tournament Rules Handbook ranks by match points then opponents' win
percentage the same way (with a 25% floor); the 33% floor here is the MTR's, the issue's
"customary" one. Standings order: match points, OMW, GW, OGW, then the player's id (stable).

Pairing (MTR 2.7 / the usual Swiss rules): players play opponents with the same record where
they can; an odd player out gets a bye, the lowest-ranked player who has not had one; nobody
meets an opponent twice while a pairing without a rematch exists; among such pairings the one
with the fewest and smallest pair-downs is chosen. The search is networkx's maximum weight
matching (Edmonds' blossom algorithm), not a hand-written backtracking search.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

import networkx as nx

WIN, DRAW = 3, 1  # match points (MTR C.1)
FLOOR = Fraction(1, 3)  # the least a percentage counts for (MTR C.2, C.4)
BYE_GAMES = (2, 0)  # a bye's games: 2-0 (MTR C.3)
BLOCK = 32  # players matched at once (swiss_pair); even


@dataclass(frozen=True)
class Result:
    """One finished match: `a` against `b` (None: a bye), games won by each and drawn."""

    a: int
    b: int | None
    a_wins: int
    b_wins: int
    draws: int = 0


@dataclass(frozen=True)
class Standing:
    player: int
    rank: int
    match_points: int
    wins: int
    losses: int
    draws: int
    omw: float
    gw: float
    ogw: float
    byes: int


def _points(a_wins: int, b_wins: int) -> int:
    return WIN if a_wins > b_wins else DRAW if a_wins == b_wins else 0


def standings(players: Iterable[int], results: Iterable[Result]) -> list[Standing]:
    """Every player's standing, best first (module docstring: MTR Appendix C)."""
    players = list(players)
    points = dict.fromkeys(players, 0)
    matches = dict.fromkeys(players, 0)
    game_points = dict.fromkeys(players, 0)
    games = dict.fromkeys(players, 0)
    record = {p: [0, 0, 0] for p in players}
    byes = dict.fromkeys(players, 0)
    opponents: dict[int, list[int]] = {p: [] for p in players}
    for r in results:
        sides = [(r.a, r.b, r.a_wins, r.b_wins)]
        if r.b is None:
            byes[r.a] += 1
            sides = [(r.a, None, *BYE_GAMES)]
        else:
            sides.append((r.b, r.a, r.b_wins, r.a_wins))
        for me, them, mine, theirs in sides:
            earned = _points(mine, theirs)
            points[me] += earned
            matches[me] += 1
            record[me][{WIN: 0, 0: 1, DRAW: 2}[earned]] += 1
            game_points[me] += WIN * mine + DRAW * r.draws
            games[me] += mine + theirs + r.draws
            if them is not None:
                opponents[me].append(them)
    mwp = {
        p: max(FLOOR, Fraction(points[p], WIN * matches[p])) if matches[p] else FLOOR
        for p in players
    }
    gwp = {
        p: max(FLOOR, Fraction(game_points[p], WIN * games[p])) if games[p] else FLOOR
        for p in players
    }

    def average(figures: dict[int, Fraction], of: list[int]) -> Fraction:
        return sum((figures[o] for o in of), Fraction(0)) / len(of) if of else FLOOR

    figures = {
        p: (points[p], average(mwp, opponents[p]), gwp[p], average(gwp, opponents[p]))
        for p in players
    }
    order = sorted(players, key=lambda p: (*(-f for f in figures[p]), p))
    return [
        Standing(
            player=p,
            rank=rank,
            match_points=points[p],
            wins=record[p][0],
            losses=record[p][1],
            draws=record[p][2],
            omw=round(float(figures[p][1]), 4),
            gw=round(float(figures[p][2]), 4),
            ogw=round(float(figures[p][3]), 4),
            byes=byes[p],
        )
        for rank, p in enumerate(order, start=1)
    ]


def swiss_pair(
    ranked: Sequence[int], points: dict[int, int], met: set[frozenset[int]], had_bye: set[int]
) -> list[tuple[int, int | None]]:
    """Pairs for the next round of the players in `ranked` (best first), in table order.

    `points` are their match points, `met` the pairs who have played, `had_bye` those who had
    a bye. An odd count gives the bye to the lowest-ranked player without one (everyone has
    had one: the lowest-ranked). The rest are matched by maximum weight (_match): a rematch
    costs more than every pair-down together, so none is made while avoidable, and a pair-down
    costs the square of the points between the players, so fewer and smaller ones win.

    Matching all 512 players of a big event at once takes networkx tens of seconds, so the
    standings are cut into consecutive blocks of BLOCK players, each matched alone. That
    loses nothing while no rematch looms: for players in standings order, pairing neighbours
    is already the cheapest (the cost is convex), and it never crosses a block's edge. A block
    that cannot be paired without a rematch is joined to the next (the last to the one
    before) and matched again, up to the whole field.
    """
    players = list(ranked)
    bye: int | None = None
    if len(players) % 2:
        bye = next((p for p in reversed(players) if p not in had_bye), players[-1])
        players.remove(bye)
    blocks = [players[i : i + BLOCK] for i in range(0, len(players), BLOCK)]
    pairs: list[tuple[int, int]] = []
    while blocks:
        block = blocks.pop(0)
        found = _match(block, points, met)
        if any(frozenset(pair) in met for pair in found):
            if blocks:
                blocks[0] = block + blocks[0]
                continue
            if pairs:
                earlier = {p for pair in pairs[-(BLOCK // 2) :] for p in pair}
                del pairs[-(BLOCK // 2) :]
                blocks = [[p for p in players if p in earlier] + block]
                continue
        pairs.extend(found)
    position = {p: i for i, p in enumerate(players)}
    tables: list[tuple[int, int | None]] = [
        (a, b) if position[a] < position[b] else (b, a) for a, b in pairs
    ]
    tables.sort(key=lambda pair: position[pair[0]])
    if bye is not None:
        tables.append((bye, None))
    return tables


def _match(
    players: list[int], points: dict[int, int], met: set[frozenset[int]]
) -> list[tuple[int, int]]:
    """The cheapest pairing of every one of `players` (an even count; swiss_pair's costs)."""
    if not players:
        return []
    spread = max(points[p] for p in players) - min(points[p] for p in players)
    rematch = (len(players) // 2) * spread * spread + 1  # dearer than every pair-down together
    ceiling = rematch + spread * spread + 1  # weights stay positive
    graph: nx.Graph[int] = nx.Graph()
    for i, a in enumerate(players):
        for b in players[i + 1 :]:
            cost = (points[a] - points[b]) ** 2 + (rematch if frozenset((a, b)) in met else 0)
            graph.add_edge(a, b, weight=ceiling - cost)
    return list(nx.max_weight_matching(graph, maxcardinality=True))


def cut_pair(seeds: Sequence[int]) -> list[tuple[int, int]]:
    """A top cut's first round by seed, in bracket order: 1-8, 4-5, 2-7, 3-6 (of 8); 1-4, 2-3
    (of 4). The winners of adjacent tables meet next (cut_next), so 1 and 2 meet only in the
    final."""
    size = len(seeds)
    if size not in (2, 4, 8):
        raise ValueError("a top cut is of 8, 4 or 2 players")
    order = [1]
    while len(order) < size:
        n = len(order) * 2
        order = [s for seed in order for s in (seed, n + 1 - seed)]
    return [(seeds[order[i] - 1], seeds[order[i + 1] - 1]) for i in range(0, size, 2)]


def cut_next(winners: Sequence[int]) -> list[tuple[int, int]]:
    """The next cut round: the winners of tables 1 and 2 meet, of 3 and 4, and so on."""
    return [(winners[i], winners[i + 1]) for i in range(0, len(winners), 2)]
