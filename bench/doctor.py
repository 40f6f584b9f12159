"""`python -m bench.doctor`: does the deck doctor find a planted improvement, cheaply and honestly?

    .venv/bin/python -m bench.doctor [--seeds 1000] [--truth 2000] [--case sampled] [--live]
    .venv/bin/python -m bench.doctor --case neopets --case millennium-blades --seeds 200
    .venv/bin/python -m bench.doctor --speed [--budget 10000]   (bench.doctor_speed)

The planted case: the Neopets sample deck "strong" with two of its cards replaced by weaker
ones (PLANTED), facing the strong deck as it was; the candidates put each back, among OTHERS
like-for-like swaps the doctor's own generator finds for the planted deck. The sample cases
(bench.doctor_cases, issue 41 item 5): a sample deck of each game against its sample field,
every swap the generator makes from the game's sample cards (Neopets strong against rival, 154;
Millennium Blades beasts at a table of four, 191): unevenly good, as in real use, so a "good"
swap is the best by the truth or one within NEAR (0.02) of it, and the doctor is also held to
an eighth of separate card tests' games. It measures, with the code a worker runs
(rulebook.simulation.doctor):

1. the long-run truth: every candidate's change in win rate over TRUTH paired games;
2. equal allocation: every candidate the same games on the same seeds, best estimate first; the
   fewest games per candidate (on a grid of steps of 2 up to 60, then coarser) at which a good
   (planted) swap ranks first in at least 95% of the seeds (the issue's 19 of 20), and so the
   total games equal allocation needs for that reliability;
3. the doctor with a budget of 1/4 of that total (the issue's target; a sample case from 2/16),
   then 5/16, 6/16 ... all of it until it is as reliable, on the same seeds: how often a good
   swap ranks first, the games it spent, and how many of its intervals hold the truth; and so
   the fewest games with which it is as reliable, against the issue's target of a quarter of
   equal allocation's (said "meets" or "MISSES", as bench.engine says of its target);
4. at that budget, what the answer promises: how many answers make a wrong call (a swap called
   better or worse whose truth is not so) against the stated whole-answer level of 5%, and the
   top swap's reported change less its truth on average, against the issue's 0.02, beside the
   same read on the games that picked it (the headline before the confirmation round).

Both are measured on the same seeds, with the same estimate and ties broken the same way. The
reliability needs many seeds: near 95% it moves slowly with the games (equal allocation ranks a
planted swap first 94% of the time with 30 games a candidate and 96% with 35), so "19 of 20"
read on 20 seeds is a coin toss (20 seeds once read 18/20 at 30, 40 and 50 games a candidate
and 20/20 at 60, putting equal allocation at 900 games where 1,000 seeds put it at about 500).
So by default the TRUTH seeds are recorded once (the deck and every candidate on each, the
engine's real games) and every job replays them: a job's game on seed s is recorded seed
s % TRUTH, a bootstrap resample, whose long-run truth is exactly each swap's change over the
recorded seeds. The doctor's own code plans, ranks and makes the intervals. `--live` plays every
game of every job instead (slow: about 6 minutes for 100 seeds of the 14-candidate case).

Fails (exit 1) on a wrong answer: intervals that hold the truth less often than their stated
95%, answers with a wrong call more often than 5% (past the seeds' own noise), or a doctor that
never ranks a planted swap first reliably even with the games equal allocation needs. Quote
figures as measured on a loaded machine.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from dataclasses import dataclass, replace
from typing import Any

from rulebook.core.cards import CardInfo, Deck
from rulebook.core.outcome import Outcome
from rulebook.core.report import Report
from rulebook.registry import ruleset_for
from rulebook.samples import NEOPETS
from rulebook.simulation import ENGINES
from rulebook.simulation.doctor import (
    BudgetTooSmall,
    DoctorStats,
    Field,
    Swap,
    SwapTally,
    apply_swap,
    candidate_swaps,
    doctor_result,
    doctor_run,
    planned_games,
    play_round_chunk,
)
from rulebook.simulation.doctor.halving import tie_break
from rulebook.simulation.doctor.verdicts import ERROR
from rulebook.simulation.seeds import game_seed
from rulebook.validate import standard_format

from . import doctor_speed, doctor_workers
from .doctor_cases import SAMPLE_FIELDS, sample_case

GAME = "neopets"
# (card of the deck, the weaker card planted in its place, copies)
PLANTED = (("green-grarrl", "green-slorg", 1), ("blue-korbat", "yellow-chia", 1))
OTHERS = 12  # candidates besides the two that put the planted cards back, in the sampled case
CASES = ("pool", "sampled", *SAMPLE_FIELDS)
SPEED_GAMES = ("neopets", "millennium-blades")
RELIABLE = 0.95  # of the seeds: the 19 of 20
GRID = (2, 4, 6, 8, *range(10, 60, 2), 60, 70, 80, 100, 120, 150, 200, 250, 300, 400)
TRUTH_SEED = 987_654_321
# doctor budgets, as shares of equal allocation's games (the target first, then sixteenths),
# played until it is as reliable
DOCTOR_SHARES = (0.25, *(sixteenths / 16 for sixteenths in range(5, 17)))
TARGET_SHARE = 0.25
SEPARATE_SHARE = 1 / 8  # of separate card tests' games, for the same reliability
# the sample cases: the doctor from an eighth of equal allocation's games (a pool's swaps are
# unevenly good, so many are near the best and far fewer games may do), by thirty-seconds up
# to the quarter: an eighth of separate card tests' games is K/(K+1) of a quarter of equal
# allocation's, so a doctor reliable at the quarter itself just misses the eighth, and steps of
# sixteenths (2,900 games on Neopets) cannot tell 7/32 from the quarter
SAMPLE_SHARES = (*(thirty_seconds / 32 for thirty_seconds in range(4, 8)), *DOCTOR_SHARES)
NEAR = 0.02  # a sample case's top swap is right when its truth is within this of the best's
SHOWN = 20  # candidates listed with their truth; more are summed up
TOP_BIAS = 0.02  # the top swap's reported change, within this of the truth on average


def planted_case(case: str) -> tuple[Deck, Deck, list[tuple[Swap, CardInfo]], int]:
    """The deck as built, the planted deck, the candidate swaps, and how many of them (the
    last) put a planted card back. The others, by `case`: "pool", every swap the doctor's
    generator makes from the cards of another deck (the weak sample deck, as a user's other
    deck), most of them clearly worse; "sampled", OTHERS of the swaps it makes from every
    sample card, evenly spread, most of them changing little: the hard case for any
    allocation, as every other is about as far from the planted ones."""
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
    pool = (
        cards.values()
        if case == "sampled"
        else [e.card for e in NEOPETS.deck("weak").all_entries()]
    )
    found = [
        candidate
        for candidate in candidate_swaps(planted, pool, legal=legal)
        if not {candidate[0].out, candidate[0].into} & planted_keys
    ]
    if case == "sampled":
        found = found[:: len(found) // OTHERS][:OTHERS]
    return strong, planted, found + back, len(back)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=1000)
    parser.add_argument(
        "--truth", type=int, default=2000, help="seeds recorded (--live: paired games a candidate)"
    )
    parser.add_argument(
        "--live",
        action="store_true",
        help="play every game of every job (slow: use --seeds 100 or so) instead of replaying",
    )
    parser.add_argument(
        "--case", choices=CASES, action="append", help="default: every one (the planted first)"
    )
    parser.add_argument(
        "--speed",
        action="store_true",
        help="games/s of a doctor job against a plain job's instead (bench.doctor_speed)",
    )
    parser.add_argument("--budget", type=int, default=10_000, help="--speed: the doctor's")
    parser.add_argument("--processes", type=int, default=2, help="--speed: worker processes")
    parser.add_argument(
        "--workers",
        action="store_true",
        help="--speed: end to end in celery workers on RabbitMQ (bench.doctor_workers)",
    )
    parser.add_argument("--pairs", type=int, default=3, help="--speed --workers: pairs a case")
    args = parser.parse_args()
    speed_games = [game for game in args.case or SPEED_GAMES if game in SPEED_GAMES]
    if args.speed and args.workers:
        lowest = doctor_workers.workers_measure(
            speed_games, args.budget, args.processes, args.pairs
        )
        return int(lowest < doctor_speed.TARGET)
    if args.speed:
        ratios = [doctor_speed.measure(game, args.budget, args.processes) for game in speed_games]
        return int(min(ratios) < doctor_speed.TARGET)
    return max(run_case(case, args.seeds, args.truth, args.live) for case in args.case or CASES)


class Replay:
    """The engine's games on `count` recorded seeds, the deck and every candidate on each, all
    against the same field: a job's game on seed s replays recorded seed s % count. So the
    thousands of jobs the reliability figures need cost one recording, each job is a bootstrap
    resample (with replacement) of those seeds, and the long-run truth of that bootstrap world is
    exactly each swap's change over the recorded seeds, which the intervals must then cover.
    The field must seat the same opponents on every seed (one opponent, or a table)."""

    def __init__(self, engine: Any, decks: list[Any], field: Field, count: int) -> None:
        self.count = count
        self.games: dict[int, list[Outcome]] = {id(deck): [] for deck in decks}
        for number in range(count):
            seed = game_seed(TRUTH_SEED, number)
            for deck in decks:
                played = engine.play((deck, *field.seats(seed)), seed)
                self.games[id(deck)].append(replace(played, figures={}, seats=()))

    def play(self, decks: tuple[Any, ...], seed: int, **_: Any) -> Outcome:
        return self.games[id(decks[0])][seed % self.count]

    def truth(self, base: Any, decks: list[Any]) -> DoctorStats:
        """Every candidate's separate paired test over the recorded seeds."""
        stats = DoctorStats({index: SwapTally() for index in range(len(decks))})
        for number, unswapped in enumerate(self.games[id(base)]):
            for index, deck in enumerate(decks):
                stats.tallies[index].add(self.games[id(deck)][number], unswapped, number)
        return stats


@dataclass
class Case:
    """A case prepared for the engine: the deck, each candidate's deck, the field, the swaps,
    and the planted ones (None for a sample case, where the good swaps are read from the
    truth: the best and those within NEAR of it)."""

    title: str
    engine: Any
    base: Any
    decks: list[Any]
    field: Field
    swaps: list[tuple[Swap, CardInfo]]
    planted: set[int] | None


def prepared_case(case: str) -> Case:
    if case in SAMPLE_FIELDS:
        sample = sample_case(case)
        return Case(
            f"sample case, {sample.label}",
            sample.engine,
            sample.base,
            sample.decks,
            sample.field,
            sample.swaps,
            None,
        )
    engine = ENGINES[GAME]
    strong, planted, candidates, planted_count = planted_case(case)
    return Case(
        f"planted case, others {case}: {len(candidates)} candidates ({planted_count} put a "
        "planted card back)",
        engine,
        engine.prepare(planted),
        [engine.prepare(apply_swap(planted, swap, card)) for swap, card in candidates],
        Field((engine.prepare(strong),), (1.0,), table=False),
        candidates,
        set(range(len(candidates) - planted_count, len(candidates))),
    )


def run_case(case: str, seed_count: int, truth_games: int, live: bool) -> int:
    """One case, its figures printed; 1 on a wrong answer."""
    setup = prepared_case(case)
    engine, base, decks, field = setup.engine, setup.base, setup.decks, setup.field
    indices = dict(enumerate(decks))
    started = time.perf_counter()

    if live:
        truth = play_round_chunk(
            engine, base, indices, field, job_seed=TRUTH_SEED, first_game=0, count=truth_games
        )
    else:
        replay = Replay(engine, [base, *decks], field, truth_games)
        truth = replay.truth(base, decks)
        engine = replace(engine, play=replay.play)
        print(f"\n{truth_games} seeds recorded ({time.perf_counter() - started:.0f} s): every job")
        print("below replays them (a bootstrap resample); the truth is their mean")
    print(f"\n{setup.title}")
    if setup.planted is None:
        best = max(truth.tally(c).delta for c in indices)
        good = {c for c in indices if truth.tally(c).delta >= best - NEAR}
        what, mark = f"the best swap or one within {NEAR} of it", "good"
    else:
        good, what, mark = setup.planted, "a planted swap", "planted"
    by_truth = sorted(indices, key=lambda c: -truth.tally(c).delta)
    shown = by_truth if len(by_truth) <= SHOWN else by_truth[: SHOWN // 2] + by_truth[-2:]
    for index in shown:
        swap = setup.swaps[index][0]
        label = mark if index in good else ""
        print(f"  {swap.out:>22} -> {swap.into:<26} truth {truth.tally(index).delta:+.3f} {label}")
    if len(shown) < len(by_truth):
        print(f"  ({len(by_truth) - len(shown)} more; {len(good)} {mark} in all)")

    seeds = range(1, seed_count + 1)
    reliable = math.ceil(RELIABLE * seed_count)
    needed = equal_allocation(engine, base, indices, field, seeds, good, reliable)
    if needed is None:
        print(f"FAIL: equal allocation never reached {reliable}/{seed_count} on the grid")
        return 1
    equal_games = needed * (len(decks) + 1)
    separate_games = 2 * needed * len(decks)
    print(
        f"equal allocation: {needed} games per candidate for {what} first in >= "
        f"{reliable}/{seed_count} seeds: {equal_games} games with the deck's own shared, "
        f"{separate_games} as {len(decks)} separate card tests (2 games a pair)"
    )
    reliable_budget, reliable_runs = None, Runs()
    for share in DOCTOR_SHARES if setup.planted is not None else SAMPLE_SHARES:
        budget = int(equal_games * share)
        try:
            planned_games(len(decks), budget)
        except BudgetTooSmall as exc:
            print(f"doctor, budget {budget} games ({share:.0%}): too few to plan; {exc}")
            continue
        runs = doctor_runs(engine, base, decks, field, seeds, budget, good, truth)
        print(
            f"doctor, budget {budget} games ({share:.0%} of equal allocation's): {what} "
            f"first in {runs.firsts}/{len(seeds)} seeds, at most {runs.spent} games spent; "
            f"intervals holding the truth: {runs.covered}/{runs.intervals} = "
            f"{runs.covered / runs.intervals:.1%} (each at least 95%)"
        )
        if runs.covered / runs.intervals < 0.95:
            print(f"FAIL: the intervals held the truth less often than stated ({share:.0%})")
            return 1
        if runs.firsts >= reliable:
            reliable_budget, reliable_runs = runs.spent, runs
            break
    print(f"({time.perf_counter() - started:.0f} s on a loaded machine)")
    if reliable_budget is None:
        print(f"FAIL: the doctor never ranked {what} first reliably, even with the games")
        print("equal allocation needs")
        return 1
    ratio, separate = reliable_budget / equal_games, reliable_budget / separate_games
    print(
        f"the doctor is reliable with {reliable_budget} games, {ratio:.0%} of equal allocation's "
        f"{equal_games} (shared deck games) - {_meets(ratio <= TARGET_SHARE)} the issue's target "
        f"of {TARGET_SHARE:.0%}; {separate:.0%} of separate card tests' {separate_games} - "
        f"{_meets(separate <= SEPARATE_SHARE)} the target of {SEPARATE_SHARE:.1%}"
    )
    return _answer_figures(reliable_runs, len(seeds))


def _answer_figures(runs: Runs, seeds: int) -> int:
    """What the answer promises, at the budget where the doctor is reliable: its whole-answer
    error rate against the stated level, and the top swap's bias against TOP_BIAS; 1 when the
    error rate is past the level by more than the seeds' own noise."""
    wrong = runs.wrong / seeds
    noise = 2 * math.sqrt(ERROR * (1 - ERROR) / seeds)
    bias, old_bias = runs.top_error / seeds, runs.selection_error / seeds
    print(
        f"answers with a wrong call: {runs.wrong}/{seeds} = {wrong:.1%} - "
        f"{_meets(wrong <= ERROR)} the stated whole-answer level of at most {ERROR:.0%}"
    )
    print(
        f"the top swap's reported change less its truth, on average: {bias:+.4f} - "
        f"{_meets(abs(bias) <= TOP_BIAS)} the target of within {TOP_BIAS}; read on the games "
        f"that picked it (the headline before): {old_bias:+.4f}"
    )
    if wrong > ERROR + noise:
        print("FAIL: the whole answer's calls were wrong more often than stated")
        return 1
    return 0


def _meets(met: bool) -> str:
    return "meets" if met else "MISSES"


@dataclass
class Runs:
    """The doctor on every seed of one budget: how often a good swap ranked first, the most
    games spent, intervals holding the truth of how many, answers with a wrong call (a swap
    called better or worse whose truth is not so), and the top swap's reported change less its
    truth, summed: as reported (its confirmation round, fresh games) and as the selection rounds
    read it (the headline before)."""

    firsts: int = 0
    spent: int = 0
    covered: int = 0
    intervals: int = 0
    wrong: int = 0
    top_error: float = 0.0
    selection_error: float = 0.0


def doctor_runs(
    engine: Any,
    base: Any,
    decks: list[Any],
    field: Field,
    seeds: range,
    budget: int,
    good: set[int],
    truth: DoctorStats,
) -> Runs:
    """The doctor on each seed, measured against the truth."""
    runs = Runs()
    for seed in seeds:
        rounds, stats = doctor_run(engine, base, decks, field, budget=budget, seed=seed)
        described = [{"index": index} for index in range(len(decks))]
        result = doctor_result(rounds, stats, described, table=field.table, seed=seed)
        top = result["swaps"][0]
        runs.firsts += top["index"] in good
        runs.spent = max(runs.spent, stats.games)
        runs.top_error += top["delta"] - truth.tally(top["index"]).delta
        runs.selection_error += (top["selection"] or top)["delta"] - truth.tally(top["index"]).delta
        runs.wrong += any(_wrong_call(swap, truth) for swap in result["swaps"])
        for swap in result["swaps"]:
            low, high = swap["ci95"]
            runs.covered += low <= truth.tally(swap["index"]).delta <= high
            runs.intervals += 1
    return runs


def _wrong_call(swap: dict[str, Any], truth: DoctorStats) -> bool:
    """Called better or worse, and the truth is not that (0 included)."""
    true = truth.tally(swap["index"]).delta
    return swap["distinguishable"] and (true == 0 or (true > 0) != (swap["delta"] > 0))


def equal_allocation(
    engine: Any,
    base: Any,
    decks: dict[int, Any],
    field: Field,
    seeds: range,
    good: set[int],
    reliable: int,
) -> int | None:
    """The fewest games per candidate on GRID at which the best estimate is a good swap (a
    planted one, or one near the best) in at least `reliable` of the seeds, every candidate
    playing the same seeds."""
    totals = {seed: DoctorStats() for seed in seeds}
    played = 0
    for games in GRID:
        for seed in seeds:
            more = play_round_chunk(
                engine, base, decks, field, job_seed=seed, first_game=played, count=games - played
            )
            totals[seed] = totals[seed].merge(more)
        played = games
        firsts = sum(_best(totals[seed], len(decks), seed) in good for seed in seeds)
        print(f"  equal allocation, {games:>3} games each: good first in {firsts}/{len(seeds)}")
        if firsts >= reliable:
            return games
    return None


def _best(stats: DoctorStats, candidates: int, seed: int) -> int:
    """Equal allocation's pick: the best estimate, ties broken as the doctor breaks them."""
    return min(range(candidates), key=lambda c: (-stats.tally(c).delta, tie_break(seed, c)))


if __name__ == "__main__":
    sys.exit(main())
