"""`python -m bench.doctor`: does the deck doctor find a planted improvement, cheaply and honestly?

    .venv/bin/python -m bench.doctor [--seeds 20] [--truth 3000]

The planted case: the Neopets sample deck "strong" with two of its cards replaced by weaker
ones (PLANTED), facing the strong deck as it was; the candidates put each back, among OTHERS
like-for-like swaps the doctor's own generator finds for the planted deck. It measures, with the
code a worker runs (rulebook.simulation.doctor):

1. the long-run truth: every candidate's change in win rate over TRUTH paired games;
2. equal allocation: every candidate the same games on the same seeds, best estimate first; the
   fewest games per candidate (on a grid) at which a planted swap ranks first in at least 19 of
   the 20 seeds, and so the total games equal allocation needs for that reliability;
3. the doctor, with a budget of a quarter of that total, on the same 20 seeds: how often a
   planted swap ranks first, the games it spent, and how many of its intervals hold the truth.

Fails (exit 1) when the doctor ranks a planted swap first in fewer than 19 seeds, spends more
than a quarter of equal allocation's games, or its intervals cover the truth less often than
their stated 95%. Quote figures as measured on a loaded machine.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from rulebook.core.cards import CardInfo, Deck
from rulebook.core.report import Report
from rulebook.registry import ruleset_for
from rulebook.samples import NEOPETS
from rulebook.simulation import ENGINES
from rulebook.simulation.doctor import (
    DoctorStats,
    Field,
    Swap,
    apply_swap,
    candidate_swaps,
    doctor_result,
    doctor_run,
    play_round_chunk,
)
from rulebook.validate import standard_format

GAME = "neopets"
# (card of the deck, the weaker card planted in its place, copies)
PLANTED = (("green-grarrl", "green-slorg", 1), ("blue-korbat", "yellow-chia", 1))
OTHERS = 12  # candidates besides the two that put the planted cards back
RELIABLE = 19  # of SEEDS
GRID = (10, 20, 30, 40, 50, 60, 80, 100, 120, 150, 200, 250, 300, 400)
TRUTH_SEED = 987_654_321


def planted_case() -> tuple[Deck, Deck, list[tuple[Swap, CardInfo]], int]:
    """The deck as built, the planted deck, the candidate swaps, and how many of them (the
    first) put a planted card back."""
    cards = {card.key: card for card in NEOPETS.pool.cards}
    strong = NEOPETS.deck("strong")
    planted = strong
    for good, weak, copies in PLANTED:
        planted = apply_swap(planted, Swap(good, weak, copies), cards[weak])
    fmt = standard_format(NEOPETS.game)

    def legal(deck: Deck) -> bool:
        return ruleset_for(fmt.ruleset).check(deck, fmt, Report(game=GAME, format=fmt.slug)).legal

    if not legal(planted):
        sys.exit("the planted deck is not legal")
    back = [(Swap(weak, good, copies), cards[good]) for good, weak, copies in PLANTED]
    # Others touch neither card of a planted pair: a swap of a planted weak card for another
    # good one is a way of putting it back, not a competitor.
    planted_keys = {key for good, weak, _ in PLANTED for key in (good, weak)}
    found = [
        candidate
        for candidate in candidate_swaps(planted, cards.values(), legal=legal)
        if not {candidate[0].out, candidate[0].into} & planted_keys
    ]
    step = len(found) // OTHERS
    return strong, planted, back + found[::step][:OTHERS], len(back)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--truth", type=int, default=3000, help="paired games per candidate")
    args = parser.parse_args()
    engine = ENGINES[GAME]
    strong, planted, candidates, planted_count = planted_case()
    base = engine.prepare(planted)
    decks = [engine.prepare(apply_swap(planted, swap, card)) for swap, card in candidates]
    field = Field((engine.prepare(strong),), (1.0,), table=False)
    indices = dict(enumerate(decks))
    started = time.perf_counter()

    truth = play_round_chunk(
        engine, base, indices, field, job_seed=TRUTH_SEED, first_game=0, count=args.truth
    )
    print(f"planted case: {len(candidates)} candidates ({planted_count} put a planted card back)")
    for index, (swap, _) in enumerate(candidates):
        tally = truth.tally(index)
        mark = "planted" if index < planted_count else ""
        print(f"  {swap.out:>22} -> {swap.into:<22} truth {tally.delta:+.3f} {mark}")

    seeds = range(1, args.seeds + 1)
    needed = equal_allocation(engine, base, indices, field, seeds, planted_count)
    if needed is None:
        print(f"equal allocation never reached {RELIABLE}/{args.seeds} on the grid")
        return 1
    equal_games = needed * (len(decks) + 1)
    budget = equal_games // 4
    print(
        f"equal allocation: {needed} games per candidate ({equal_games} in all, the deck's "
        f"own included) for a planted swap first in >= {RELIABLE}/{args.seeds} seeds"
    )

    firsts, spent, covered, intervals = 0, 0, 0, 0
    for seed in seeds:
        rounds, stats = doctor_run(engine, base, decks, field, budget=budget, seed=seed)
        described = [{"index": index} for index in range(len(candidates))]
        result = doctor_result(rounds, stats, described, table=False)
        firsts += result["swaps"][0]["index"] < planted_count
        spent = max(spent, stats.games)
        for swap in result["swaps"]:
            low, high = swap["ci95"]
            covered += low <= truth.tally(swap["index"]).delta <= high
            intervals += 1
    coverage = covered / intervals
    print(
        f"doctor, budget {budget} games ({budget / equal_games:.0%} of equal allocation's): "
        f"a planted swap first in {firsts}/{args.seeds} seeds, at most {spent} games spent; "
        f"intervals holding the truth: {covered}/{intervals} = {coverage:.1%} (stated 95%)"
    )
    print(f"({time.perf_counter() - started:.0f} s on a loaded machine)")
    failures = []
    if firsts < RELIABLE:
        failures.append(f"a planted swap first in {firsts} seeds, fewer than {RELIABLE}")
    if spent > equal_games / 4:
        failures.append(f"spent {spent} games, more than a quarter of {equal_games}")
    if coverage < 0.95:
        failures.append(f"intervals cover the truth {coverage:.1%} of the time, not 95%")
    for failure in failures:
        print(f"FAIL: {failure}")
    return 1 if failures else 0


def equal_allocation(
    engine: Any, base: Any, decks: dict[int, Any], field: Field, seeds: range, planted: int
) -> int | None:
    """The fewest games per candidate on GRID at which the best estimate is a planted swap in
    at least RELIABLE of the seeds, every candidate playing the same seeds."""
    totals = {seed: DoctorStats() for seed in seeds}
    played = 0
    for games in GRID:
        for seed in seeds:
            more = play_round_chunk(
                engine, base, decks, field, job_seed=seed, first_game=played, count=games - played
            )
            totals[seed] = totals[seed].merge(more)
        played = games
        firsts = sum(_best(totals[seed], len(decks)) < planted for seed in seeds)
        print(f"  equal allocation, {games:>3} games each: planted first in {firsts}/{len(seeds)}")
        if firsts >= RELIABLE:
            return games
    return None


def _best(stats: DoctorStats, candidates: int) -> int:
    return min(range(candidates), key=lambda c: (-stats.tally(c).delta, c))


if __name__ == "__main__":
    sys.exit(main())
