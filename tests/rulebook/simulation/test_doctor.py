"""The deck doctor's algorithm (rulebook.simulation.doctor), with no database: swaps keep the
deck's shape, the plan is fixed by the budget, chunks merge exactly (any number of workers gives
one answer), a planted improvement is found, and a table of more than two seats is played with
the table as the field."""

from __future__ import annotations

from collections import Counter

import pytest

from rulebook.core.cards import Deck, Entry
from rulebook.core.outcome import Outcome, placements_by_score
from rulebook.core.report import Report
from rulebook.registry import ruleset_for
from rulebook.samples import NEOPETS, SAMPLES
from rulebook.simulation import ENGINES, Engine, JobKind
from rulebook.simulation.doctor import (
    BudgetTooSmall,
    DoctorStats,
    Field,
    Swap,
    SwapProblem,
    SwapTally,
    apply_swap,
    candidate_swaps,
    chunk_games_within,
    copies_held,
    doctor_result,
    doctor_run,
    field_problem,
    planned_games,
    play_round_chunk,
    round_chunks,
)
from rulebook.simulation.doctor.halving import (
    Round,
    first_round,
    next_round,
    promise,
    seeds_by_round,
    sure_to_go_on,
    survivors_by_round,
)
from rulebook.simulation.doctor.run import ROUND_CHUNKS, planned_chunks
from rulebook.simulation.seeds import game_seed
from rulebook.validate import standard_format

CARDS = {card.key: card for card in NEOPETS.pool.cards}
NEOPETS_ENGINE = ENGINES["neopets"]


def test_a_swap_moves_copies_within_their_section_and_keeps_the_deck_size():
    strong = NEOPETS.deck("strong")
    swapped = apply_swap(strong, Swap("hot-dog", "omelette", 1), CARDS["omelette"])
    assert copies_held(swapped, "hot-dog") == 1 and copies_held(swapped, "omelette") == 1
    assert swapped.count("main") == strong.count("main")


def test_the_incoming_copy_takes_the_outgoing_copys_place_so_paired_games_share_the_shuffle():
    # The engines lay a deck's copies out in its entries' order and draw by position, so only
    # with the new card in the old one's place does a seed deal both decks the same cards.
    strong = NEOPETS.deck("strong")
    swap = Swap("mau-codestone", "zei-codestone", 1)
    swapped = apply_swap(strong, swap, CARDS["zei-codestone"])
    before = [card.name for card in NEOPETS_ENGINE.prepare(strong).main]
    after = [card.name for card in NEOPETS_ENGINE.prepare(swapped).main]
    changed = [i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b]
    assert [(before[i], after[i]) for i in changed] == [("Mau Codestone", "Zei Codestone")]
    # One Codestone for another changes few games: the pair is a measurement of the swap.
    opponent = NEOPETS_ENGINE.prepare(NEOPETS.deck("weak"))
    decks = [NEOPETS_ENGINE.prepare(d) for d in (strong, swapped)]
    same = sum(
        len({NEOPETS_ENGINE.play((d, opponent), game_seed(11, n)).winner for d in decks}) == 1
        for n in range(200)
    )
    assert same >= 180


def test_a_swap_of_more_copies_than_the_deck_holds_names_the_card():
    with pytest.raises(SwapProblem) as raised:
        apply_swap(NEOPETS.deck("strong"), Swap("jeran", "hanso", 2), CARDS["hanso"])
    assert raised.value.card == "jeran"


def test_generated_swaps_are_like_for_like_and_keep_the_deck_legal():
    strong = NEOPETS.deck("strong")
    seen = []

    def legal(deck):
        seen.append(deck)
        return copies_held(deck, "hanso") == 0  # a stand-in rule: no Hanso

    pool = [CARDS["hanso"], CARDS["kass"], CARDS["omelette"], CARDS["hot-dog"]]
    swaps = candidate_swaps(strong, pool, legal=legal)
    assert {s.into for s, _ in swaps} == {"omelette"}  # Hanso illegal; Kass a Villain, none held
    assert all(CARDS[s.out].type == "Food" for s, _ in swaps)  # Food only for Food
    assert "hot-dog" not in {s.into for s, _ in swaps}  # the deck holds it already


def test_the_plan_keeps_a_quarter_a_round_and_stays_within_the_budget():
    # down to 2 by quarters, then those 2 again on fresh seeds (the confirmation round)
    assert survivors_by_round(14) == [14, 4, 2, 2]
    assert survivors_by_round(48) == [48, 12, 3, 2, 2]
    assert survivors_by_round(1) == [1]  # nothing to choose: its one round measures it
    assert survivors_by_round(2) == [2, 2]  # one round orders them, the next measures them
    # The same seeds a round: each is played by the deck and every candidate still in, so the
    # rounds cost 15, 5, 3 and 3 games a seed (26 in all) and the first gets most. The 20 games
    # left over buy one more seed of the first round (15) and of the second (5).
    assert seeds_by_round(14, 6000) == [231, 231, 230, 230]
    assert planned_games(14, 6000) == 230 * 26 + 15 + 5 == 6000
    assert seeds_by_round(14, 26 + 5 + 3 + 3) == [1, 2, 2, 2]  # 15 is too many; the rest not
    assert planned_games(14, 26) == 26
    with pytest.raises(BudgetTooSmall) as refused:
        planned_games(14, 25)
    assert refused.value.needed == 26


def test_a_round_that_keeps_many_plays_fewer_seeds_and_the_last_rounds_more():
    """Issue 41 item 5: on a Neopets format's 154 swaps, the same seeds in every round put 72%
    of the budget in the first round, which never lost a good swap; the misses were the last
    rounds' picks. A round keeping 39 plays 12/39 of the seeds of one keeping twelve or fewer;
    the plans of up to 48 candidates are as they were."""
    assert survivors_by_round(154) == [154, 39, 10, 3, 2, 2]
    assert seeds_by_round(154, 10_000) == [28, 93, 92, 93, 93, 92]
    assert planned_games(154, 10_000) == 28 * 155 + 93 * 40 + 92 * 11 + 93 * 7 + 92 * 3 == 9999
    assert seeds_by_round(48, 1274) == [18, 17, 17, 17, 17]  # kept 12: the same seeds a round


def test_a_swap_sure_to_go_on_is_kept_however_the_rounds_unplayed_games_end():
    """Issue 41, item 4: the next round's games of a swap sure to go on start while its round's
    last games are played, so the round's end must keep it whatever they say: here each of
    the two unplayed seeds is lost with the sure swap and won with every other. Swap c has won
    c games only with it so far (of 16, four go on); 15 is sure, 14 is not (those two seeds
    would drop it)."""
    candidates, budget, seed = 16, 3000, 5
    first = first_round(candidates, budget)
    played = first.seeds - 2

    def tally(with_only: int, without_only: int, games: int, trace: int) -> SwapTally:
        both = games - with_only - without_only
        return SwapTally(
            Counter(with_only=with_only, without_only=without_only, both=both), 0, 0, trace
        )

    so_far = DoctorStats({c: tally(c, 0, played, c + 1) for c in range(candidates)})
    sure = sure_to_go_on([first], so_far, candidates, budget, seed)
    assert sure == (15,)
    ended = DoctorStats(
        {
            c: tally(c, 2, first.seeds, c + 1) if c in sure else tally(c + 2, 0, first.seeds, c + 1)
            for c in range(candidates)
        }
    )
    assert set(sure) <= set(next_round(first, ended, candidates, budget, seed).candidates)


def test_a_swap_whose_games_keep_changing_is_kept_over_one_that_changed_none():
    # Both at "no change" after eight games; the first changed four results (two each way), so
    # its next games can still show a gain; the second never changed one and cannot be far
    # better. The promise orders them, where the change alone would leave it to a coin.
    busy = SwapTally(Counter(both=2, with_only=2, without_only=2, neither=2))
    idle = SwapTally(Counter(both=4, neither=4))
    assert busy.delta == idle.delta == 0
    assert promise(busy) > promise(idle) > 0
    gaining = SwapTally(Counter(both=2, with_only=4, neither=2))
    assert promise(gaining) > promise(busy)


def planted() -> tuple:
    """Strong with its Green Grarrl replaced by a Green Slorg; candidates: put it back, and two
    swaps that change little."""
    deck = apply_swap(
        NEOPETS.deck("strong"), Swap("green-grarrl", "green-slorg", 1), CARDS["green-slorg"]
    )
    swaps = [
        (Swap("mau-codestone", "zei-codestone", 1), CARDS["zei-codestone"]),
        (Swap("green-slorg", "green-grarrl", 1), CARDS["green-grarrl"]),
        (Swap("scarab-ring", "healing-bracelet", 1), CARDS["healing-bracelet"]),
        (Swap("har-codestone", "zei-codestone", 1), CARDS["zei-codestone"]),
    ]
    prepare = NEOPETS_ENGINE.prepare
    field = Field((prepare(NEOPETS.deck("strong")),), (1.0,), table=False)
    return prepare(deck), [prepare(apply_swap(deck, s, c)) for s, c in swaps], field


def test_the_same_seed_gives_the_same_answer_whatever_the_chunking():
    deck, candidates, field = planted()
    one = doctor_run(NEOPETS_ENGINE, deck, candidates, field, budget=600, seed=3, chunk_seeds=1000)
    many = doctor_run(NEOPETS_ENGINE, deck, candidates, field, budget=600, seed=3, chunk_seeds=7)
    assert one[0] == many[0] and one[1].as_json() == many[1].as_json()
    merged = DoctorStats.from_json(many[1].as_json())
    assert merged.as_json() == many[1].as_json()  # what a chunk's row stores reads back whole


def test_a_rounds_barrier_merges_the_chunks_stored_json_as_it_merges_their_statistics():
    """Issue 41 item 4: the last chunk of a round merges every chunk so far from their stored
    JSON while the other workers wait, so it sums their counts without reading each in full;
    the answer is the same, the confirmation round's tallies kept apart."""
    deck, candidates, field = planted()
    playing = dict(enumerate(candidates))
    parts = [
        play_round_chunk(
            NEOPETS_ENGINE, deck, playing, field, job_seed=5, first_game=first, count=3,
            confirming=first == 6,
        )
        for first in (0, 3, 6)
    ]  # fmt: skip
    merged = DoctorStats.merge_json([part.as_json() for part in parts])
    assert merged == DoctorStats.merge_all(parts) and merged.confirmed and merged.tallies
    assert merged.as_json() == DoctorStats.merge_all(parts).as_json()


def test_every_round_is_shared_by_several_even_chunks_ending_in_smaller_ones():
    """Issue 41, item 4: each round is a barrier (the next is chosen from all its games), so a
    round's chunks are as equal as whole seeds allow and, however few its games, several: the
    last rounds of a format's 154 swaps (3 and 2 candidates) were one chunk each, played by one
    worker process while the others waited. The last is split into halves, so that two workers
    end a round within a small piece of each other, not a whole chunk apart."""
    candidates, budget, chunk_games = 154, 10_000, 250
    first = 0
    for number, (seeds, count) in enumerate(
        zip(seeds_by_round(candidates, budget), survivors_by_round(candidates), strict=True)
    ):
        chunks = round_chunks(Round(number, first, seeds, tuple(range(count))), chunk_games)
        spans = [
            n for chunk in chunks for n in range(chunk.first_game, chunk.first_game + chunk.count)
        ]
        assert spans == list(range(first, first + seeds))  # every seed once, in order
        assert [chunk.index for chunk in chunks] == list(range(len(chunks)))
        even = [chunk.count for chunk in chunks if chunk.count >= chunks[0].count - 1]
        tail = [chunk.count for chunk in chunks[len(even) :]]
        assert tail == sorted(tail, reverse=True)  # halves of the last, smaller and smaller
        if len(chunks) >= ROUND_CHUNKS and chunks[-1].count * 2 <= even[-1]:
            assert chunks[-1].count * (count + 1) <= chunk_games / 2
        sizes = set(even)
        assert max(sizes) - min(sizes) <= 1
        assert len(chunks) >= 4
        # about a test game's chunk, to the nearest seed: a first round's 155-game seeds are
        # not one a chunk, more chunks than a test game job of the same games
        # (a round of 4.05 chunks' games is four of 253)
        assert min(sizes) * (count + 1) <= max(chunk_games * 1.5, count + 1)
        assert len(chunks) - len(tail) <= max(
            ROUND_CHUNKS, round(seeds * (count + 1) / chunk_games)
        )
        first += seeds


@pytest.mark.parametrize(("candidates", "budget"), [(154, 100_000), (256, 100_000), (14, 3_000)])
def test_a_job_keeps_to_the_chunk_limit_and_its_chunks_grow_only_as_far_as_it_needs(
    candidates, budget
):
    """DECKWARDEN_SIMULATION_MAX_CHUNKS (400) holds for a doctor job: 154 swaps at 100,000
    games once planned 587 chunks, every first-round seed one chunk of 155 games."""
    chunk_games = chunk_games_within(candidates, budget, 250, 400)
    assert planned_chunks(candidates, budget, chunk_games) <= 400
    assert chunk_games == 250 or planned_chunks(candidates, budget, chunk_games - 1) > 400


def test_a_chunk_limit_below_one_chunk_a_round_plays_each_round_in_one():
    chunk_games = chunk_games_within(154, 10_000, 250, 3)
    assert planned_chunks(154, 10_000, chunk_games) == len(survivors_by_round(154)) == 6


def test_it_ranks_the_planted_swap_first_with_an_interval_above_zero():
    deck, candidates, field = planted()
    rounds, stats = doctor_run(NEOPETS_ENGINE, deck, candidates, field, budget=1500, seed=11)
    described = [{"index": i} for i in range(len(candidates))]
    result = doctor_result(rounds, stats, described, table=False, seed=11)
    best = result["swaps"][0]
    assert best["index"] == 1 and best["distinguishable"] and best["ci95"][0] > 0
    assert result["measure"] == "win_rate" and result["games"] == stats.games <= 1500
    assert [r["candidates"] for r in result["rounds"]] == [4, 2, 2]
    # two selection looks before the confirmation round; the calls held for the whole answer
    assert result["confidence"]["looks"] == 3 and result["confidence"]["z"] > 1.96
    assert result["error_control"]["method"] == "holm" and result["error_control"]["level"] == 0.95
    assert {s["index"] for s in result["swaps"]} == {0, 1, 2, 3}
    # the finalists' figures are their confirmation round's, the selection's beside them
    assert [s["confirmed"] for s in result["swaps"]] == [True, True, False, False]
    assert best["games"] == result["rounds"][-1]["seeds"]
    assert (
        sum(s["selection"]["games"] for s in result["swaps"])
        + sum(s["games"] for s in result["swaps"] if s["confirmed"])
        + sum(r["seeds"] for r in result["rounds"])
        == stats.games
    )
    assert not result["no_signal"] and result["advice"] is None


def test_the_opponent_of_each_game_is_drawn_by_weight_from_its_seed():
    field = Field(("a", "b"), (3.0, 1.0), table=False)
    drawn = [field.seats(game_seed(1, i))[0] for i in range(4000)]
    assert 0.72 < drawn.count("a") / 4000 < 0.78
    assert Field(("a", "b"), (3.0, 1.0), table=True).seats(5) == ("a", "b")


# A tiny table game of up to four seats: each seat scores its deck's number plus a die; the
# highest places first. A deck is its number.
def _table_play(decks, seed, record_log=False):
    import random

    rng = random.Random(seed)
    scores = [deck + rng.randint(1, 6) for deck in decks]
    return Outcome(
        placements_by_score(scores),
        0,
        {},
        tuple({} for _ in decks),
        {},
        ("dice only",),
        False,
        None,
    )


TABLE_ENGINE = Engine(lambda deck: deck, _table_play, range(2, 5), frozenset({JobKind.TABLE}))


def test_a_table_game_seats_every_opponent_and_measures_first_place_and_placement():
    assert field_problem(TABLE_ENGINE, 3) is None
    assert "seats 2 to 4" in field_problem(TABLE_ENGINE, 4)
    field = Field((2, 2, 2), (1.0, 1.0, 1.0), table=True)
    rounds, stats = doctor_run(TABLE_ENGINE, 2, [1, 3, 2], field, budget=2000, seed=5)
    result = doctor_result(rounds, stats, [{"plus": p} for p in (-1, 1, 0)], table=True, seed=5)
    assert result["measure"] == "first_place_rate"
    assert result["swaps"][0]["plus"] == 1
    best = result["swaps"][0]
    assert best["mean_placement"]["with"] < best["mean_placement"]["without"]
    assert result["simplifications"] == ["dice only"]


def test_a_game_of_matches_faces_one_opponent_a_game():
    assert field_problem(NEOPETS_ENGINE, 3) is None
    assert field_problem(NEOPETS_ENGINE, 0) == "name at least one opponent"


@pytest.mark.parametrize("game", sorted(SAMPLES))
def test_a_swap_onto_a_card_the_deck_holds_gets_the_verdict_of_one_entry(game):
    """apply_swap gives a card the deck already holds a second entry (its place in the order);
    the game's rules must judge that deck as they judge it listed once: every sample deck,
    every swap of one held card for another."""
    samples = SAMPLES[game]
    for name in samples.names():
        deck = samples.deck(name)
        held = {entry.card.key: entry.card for entry in deck.all_entries()}
        for out in held:
            for into, card in held.items():
                if into != out:
                    swapped = apply_swap(deck, Swap(out, into, 1), card)
                    assert verdict(game, swapped) == verdict(game, listed_once(swapped)), (
                        name,
                        out,
                        into,
                    )


def verdict(game: str, deck: Deck) -> tuple:
    """Legal or not, and each error's code and cards, in the game's standard format."""
    fmt = standard_format(SAMPLES[game].game)
    report = ruleset_for(fmt.ruleset).check(deck, fmt, Report(game=game, format=fmt.slug))
    return report.legal, sorted((issue.code, issue.cards) for issue in report.errors)


def listed_once(deck: Deck) -> Deck:
    """The deck with each card's entries of a section made one, where its first was."""
    sections = {}
    for slug, entries in deck.sections.items():
        copies: dict[str, Entry] = {}
        for entry in entries:
            first = copies.get(entry.card.key)
            copies[entry.card.key] = (
                entry if first is None else Entry(first.card, first.quantity + entry.quantity)
            )
        sections[slug] = tuple(copies.values())
    return Deck(deck.game, sections, deck.unresolved, deck.aside)
