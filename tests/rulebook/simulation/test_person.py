"""A game with a person in a seat (rulebook.simulation.person), in every engine: replayed from
its seed and the person's picks it is the same game, the bots' answers included; a pick not
offered changes nothing; the bots answer within 200 ms a decision; the person sees their own
hand and only the sizes of the bots' hidden zones, and never a bot's secret answer."""

from __future__ import annotations

import random
import time

import pytest

from rulebook.samples import SAMPLES
from rulebook.simulation import engine_for
from rulebook.simulation.person import NotOffered, PersonGame

GAMES = ("neopets", "keeper", "metazoo", "millennium-blades")
BOT_BUDGET = 0.2  # seconds a bot decision may take (issue 42), on a loaded machine too


def decks(slug: str, seats: int = 2):
    engine = engine_for(slug)
    names = SAMPLES[slug].names()
    return engine, [engine.prepare(SAMPLES[slug].deck(names[i % len(names)])) for i in range(seats)]


def played(slug: str, seed: int, bot: str, seats: int = 2) -> tuple[PersonGame, list[int]]:
    """A whole game, the person picking at random; each answer timed against the bots'
    decisions it took."""
    engine, seated = decks(slug, seats)
    game, picks, rng = PersonGame(engine, seated, seed, bot), [], random.Random(seed)
    while game.pending is not None:
        pick = rng.randrange(len(game.pending.options))
        before = len(game.entries)
        started = time.perf_counter()
        game.answer(pick)
        bots = sum(entry.option is None for entry in game.entries[before:])
        assert time.perf_counter() - started < BOT_BUDGET * max(bots, 1)
        picks.append(pick)
    return game, picks


@pytest.mark.parametrize("slug", GAMES)
@pytest.mark.parametrize("bot", ["default", "random"])
def test_a_game_replays_from_its_seed_and_picks(slug, bot):
    game, picks = played(slug, 3, bot)
    engine, seated = decks(slug)
    again = PersonGame(engine, seated, 3, bot, picks)
    assert again.pending is None and again.outcome.placements == game.outcome.placements
    assert again.entries == game.entries
    mine = [entry for entry in game.entries if entry.option is not None]
    assert [entry.option for entry in mine] == picks and {entry.seat for entry in mine} == {0}


@pytest.mark.parametrize("slug", GAMES)
def test_a_pick_not_offered_changes_nothing(slug):
    engine, seated = decks(slug)
    game = PersonGame(engine, seated, 5, "default")
    pending, entries = game.pending, list(game.entries)
    with pytest.raises(NotOffered):
        game.answer(len(pending.options))
    assert game.pending == pending and game.entries == entries


def test_a_millennium_blades_table_seats_bots_in_every_other_seat():
    game, _ = played("millennium-blades", 2, "default", seats=4)
    assert len(game.outcome.placements) == 4
    assert {entry.seat for entry in game.entries if entry.option is None} <= {1, 2, 3}
    assert [seat["you"] for seat in game.view()["seats"]] == [True, False, False, False]


@pytest.mark.parametrize(
    ("slug", "hand", "deck"),
    [
        ("neopets", "inventory", "deck"),  # CR 9.11: the Inventory and deck are hidden
        ("keeper", "hand", "deck"),
        ("metazoo", "chapter", "spellbook"),
        ("millennium-blades", "hand", None),
    ],
)
def test_the_person_sees_their_hand_and_only_the_sizes_of_the_bots(slug, hand, deck):
    engine, seated = decks(slug)
    view = PersonGame(engine, seated, 4, "default").view()
    mine, bots = view["seats"]
    assert isinstance(mine["zones"][hand], list)
    assert set(bots["zones"][hand]) == {"hidden"}
    if deck:  # a deck's order is no one's to see, its owner's neither
        assert set(mine["zones"][deck]) == {"hidden"}


def test_a_bots_secret_answer_reads_hidden():
    """Keeper's Setup: the ten cards a player puts in reserves are theirs alone to know."""
    engine, seated = decks("keeper")
    game = PersonGame(engine, seated, 1, "default")

    def bots_reserves():
        return [e for e in game.entries if e.seat == 1 and e.question.startswith("Which ten")]

    while not bots_reserves():
        game.answer(len(game.pending.options) - 1)
    assert [entry.text for entry in bots_reserves()] == ["(hidden)"]
