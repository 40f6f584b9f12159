"""Engines as states you step (rulebook.core.stepping): every engine stops at each decision,
takes an answer from outside, refuses an illegal one without changing, hands a bot only its
seat's view, and replays from its seed and history, so a clone plays on exactly as the game."""

from __future__ import annotations

import random

import pytest

from rulebook.core.decisions import IllegalAnswer
from rulebook.core.stepping import GameOverError, GameState, play
from rulebook.core.views import HiddenZone
from rulebook.keeper import engine as keeper
from rulebook.metazoo import engine as metazoo
from rulebook.millennium_blades import engine as millennium_blades
from rulebook.neopets import engine as neopets
from rulebook.samples import KEEPER, METAZOO, MILLENNIUM_BLADES, NEOPETS
from rulebook.simulation import engine_for

ENGINES = {
    "neopets": (neopets, NEOPETS),
    "keeper": (keeper, KEEPER),
    "metazoo": (metazoo, METAZOO),
    "millennium-blades": (millennium_blades, MILLENNIUM_BLADES),
}


def decks_of(slug: str):
    _, samples = ENGINES[slug]
    engine = engine_for(slug)
    names = sorted(samples.names())[:2]
    return [engine.prepare(samples.deck(name)) for name in names]


def random_bots(module, seats: int):
    return tuple(module.RandomPolicy(7) for _ in range(seats))


def played_to_the_end(slug: str, seed: int) -> GameState:
    """A whole game stepped from outside: each decision answered by its seat's random bot."""
    module, _ = ENGINES[slug]
    decks = decks_of(slug)
    state = GameState(module.play_game.game_class, decks, seed, record_log=True)
    return stepped(state, random_bots(module, len(decks)))


def stepped(state: GameState, bots, answers: int | None = None) -> GameState:
    """The state stepped from outside, each decision its seat's bot's answer: to the end, or
    until the history holds `answers` answers."""
    for seat, bot in enumerate(bots):
        bot.begin(state.seed, seat)
    while not state.is_terminal() and (answers is None or len(state.history) < answers):
        seat = state.current_seat
        state.apply(bots[seat].answer(state.view(seat), state.decision))
    return state


@pytest.mark.parametrize("slug", ENGINES)
def test_it_replays_a_game_from_its_seed_and_history_to_the_same_log(slug):
    module, _ = ENGINES[slug]
    for seed in (3, 11):
        game = played_to_the_end(slug, seed)
        assert game.history, "a game with no decision steps nothing"
        again = GameState.replay(
            module.play_game.game_class, game.decks, seed, game.history, record_log=True
        )
        assert again.is_terminal()
        assert again.outcome.log == game.outcome.log
        assert again.outcome.placements == game.outcome.placements


@pytest.mark.parametrize("slug", ENGINES)
def test_a_clone_taken_midway_is_the_same_game_as_its_original(slug):
    """Stepped by random bots (which list every option), then cloned: the copy is the same
    state, so the heuristic plays both on to the same end. Nothing a bot asked of the game, and
    nothing outside the history, may have changed the game (a question that moved a card in
    the hand would make the heuristic, which breaks ties by hand order, play another game)."""
    module, _ = ENGINES[slug]
    whole = played_to_the_end(slug, seed=5)
    for cut in sorted({1, len(whole.history) // 4, len(whole.history) // 2}):
        state = GameState(module.play_game.game_class, whole.decks, 5, record_log=True)
        stepped(state, random_bots(module, len(whole.decks)), answers=cut)
        copy = state.clone()
        assert copy.history == state.history and copy.current_seat == state.current_seat
        heuristic = (module.HeuristicPolicy(),) * len(whole.decks)
        original_end, copy_end = play(state, heuristic), play(copy, heuristic)
        assert copy_end.log == original_end.log, f"the clone at answer {cut} played another game"


@pytest.mark.parametrize("slug", ENGINES)
def test_an_illegal_answer_is_refused_and_changes_nothing(slug):
    module, _ = ENGINES[slug]
    state = GameState(module.play_game.game_class, decks_of(slug), 2, record_log=True)
    decision, seat, log = state.decision, state.current_seat, list(state.log)
    with pytest.raises(IllegalAnswer, match="not among the options"):
        state.apply(object())
    assert state.decision is decision and state.current_seat == seat
    assert state.history == [] and list(state.log) == log


def test_a_finished_game_takes_no_answer():
    state = played_to_the_end("neopets", 1)
    assert state.current_seat is None and state.words() is None
    with pytest.raises(GameOverError):
        state.apply(None)


@pytest.mark.parametrize("slug", ENGINES)
def test_each_decision_reads_in_words_with_its_options(slug):
    module, _ = ENGINES[slug]
    state = GameState(module.play_game.game_class, decks_of(slug), 4)
    words = state.words()
    assert words["seat"] == state.current_seat
    assert words["question"] == module.play_game.game_class.QUESTIONS[state.decision.kind]
    assert words["question"].endswith(("?", ")"))
    if words["options"] is not None:
        assert all(isinstance(option, str) and option for option in words["options"])


def test_the_bots_are_asked_with_their_own_seats_view_never_the_game():
    seen = []

    class Watcher(neopets.HeuristicPolicy):
        def answer(self, view, decision):
            seen.append((type(view).__name__, view.seat == decision.seat))
            return super().answer(view, decision)

    play(GameState(neopets.Game, decks_of("neopets"), 9), (Watcher(), Watcher()))
    assert seen and set(seen) == {("SeatView", True)}


@pytest.mark.parametrize(
    ("slug", "players", "hidden"),
    [
        ("neopets", "sides", ("inventory", "deck")),  # CR 9.11: Inventory and deck hidden
        ("keeper", "players", ("hand", "deck", "reserves")),
        ("metazoo", "casters", ("chapter", "spellbook", "traps")),
        ("millennium-blades", "players", ("hand",)),
    ],
)
def test_a_seat_sees_how_many_cards_the_other_hides_never_which(slug, players, hidden):
    module, _ = ENGINES[slug]
    state = GameState(module.play_game.game_class, decks_of(slug), 6)
    for seat in (0, 1):
        view = state.view(seat)
        other = getattr(view, players)[1 - seat]
        own = getattr(view, players)[seat]
        for zone in hidden:
            cards = getattr(other, zone)
            assert isinstance(cards, HiddenZone)
            assert len(cards) == len(getattr(state._game, players)[1 - seat].__getattribute__(zone))
            with pytest.raises(PermissionError):
                list(cards)
            assert not isinstance(getattr(own, zone), HiddenZone)  # one's own cards, whole
        with pytest.raises(AttributeError, match="not known to a seat's view"):
            view.chance  # noqa: B018 - no bot draws on the game's chance


def test_a_bot_that_peeks_at_the_opponents_inventory_fails_loudly():
    class Peeker(neopets.HeuristicPolicy):
        def choose_neopet(self, game, decision):
            list(game.sides[1 - decision.seat].inventory)
            return decision.options[0]

    with pytest.raises(PermissionError, match="hidden zone"):
        neopets.play_game(decks_of("neopets"), 3, policies=(Peeker(), Peeker()))


def test_a_random_bot_is_a_function_of_the_seed_not_of_the_games_chance():
    """Keeper's random player draws from its own generator: two games on one seed agree, and
    the game's own draws are the same whoever plays (the first player is drawn first)."""
    first = played_to_the_end("keeper", 8)
    second = played_to_the_end("keeper", 8)
    assert first.history == second.history
    rng = random.Random(8)
    assert first.outcome.first == rng.randrange(2)
