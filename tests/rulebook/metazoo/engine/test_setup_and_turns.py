"""Setting up, the turn's steps and the end of a game (2023 rulebook: Win Condition, Mulligan
and Turn Steps p. 16-17; Running out of Pages p. 43)."""

from __future__ import annotations

import pytest

from rulebook.core.stepping import TURN_CAP, GameState, Ref, each_part, play
from rulebook.metazoo.engine import Game, HeuristicPolicy, MetaZooDeck, RandomPolicy, play_game
from rulebook.metazoo.engine.state import STARTING_LP, GameOver
from rulebook.samples import METAZOO

from .builders import (
    Scripted,
    beastie,
    card,
    events,
    flame_aura,
    in_chapter,
    new_game,
    put,
    spellbook,
    started,
)


def test_each_caster_starts_at_1000_lp_with_seven_pages():
    """Win Condition (p. 16): 1,000 LP; "Bookmarks 7 Pages from its top"."""
    game = new_game(policies=(Scripted(mulligan=[False]), Scripted(mulligan=[False])))
    game.begin()
    assert [c.lp for c in game.casters] == [STARTING_LP, STARTING_LP] == [1000, 1000]
    assert [len(c.chapter) for c in game.casters] == [7, 7]
    assert [len(c.spellbook) for c in game.casters] == [33, 33]
    for caster in game.casters:  # the log names each Page as it is Bookmarked, and what is left
        bookmarked = [e for e in events(game, "bookmark") if e["player"] == caster.seat]
        assert [(e["page"], e["name"]) for e in bookmarked] == [
            (page.uid, page.card.name) for page in caster.chapter
        ]
        assert [e["left"] for e in bookmarked] == list(range(39, 32, -1))


def test_each_mulligan_bookmarks_one_page_fewer():
    """Mulligan (p. 16): Chapter back, shuffle, Bookmark N-1; as many times as wanted."""
    twice = Scripted(mulligan=[True, True, False])
    game = new_game(policies=(twice, Scripted(mulligan=[False])))
    game.begin()
    assert len(game.casters[0].chapter) == 5
    assert len(game.casters[0].spellbook) == 35
    assert [e["returned"] for e in events(game, "mulligan")] == [7, 6]


def test_the_caller_who_calls_the_flip_right_chooses_who_goes_first():
    """Win Condition (p. 16): the opponent predicts the flip; right, they choose; wrong, the
    other Caster does. The call is the caller's own, and the flip a fair coin: over a few
    seeds it lands both ways, so the caller is right in some games and wrong in others."""
    flips = set()
    for seed in range(8):
        caller = Scripted(call=["heads"], go_first=[True])
        game = new_game(seed=seed, policies=(Scripted(go_first=[False]), caller))
        game.begin()
        (first,) = events(game, "first")
        assert first["call"] == "heads" and "call" in caller.asked
        flips.add(first["flip"])
        right = first["flip"] == "heads"
        assert first["chooser"] == (1 if right else 0)
        # seat 1 takes the first turn when it chooses (True); seat 0 defers it (False)
        assert game.first == 1
    assert flips == {"heads", "tails"}


def test_a_turn_bookmarks_awakens_and_dissolves_unspent_aura():
    """Turn Steps (p. 16): Bookmark a Page; Awaken your Fatigued Pages; Aura dissolves."""
    idle = Scripted(mulligan=[False], action=[None])  # takes no Action this turn
    game = new_game(policies=(idle, Scripted(mulligan=[False])))
    game.begin()
    me = game.casters[0]
    tired = put(game, 0, beastie("Pup"), fatigued=True)
    me.aura = {"flame": 2}
    before = len(me.chapter)
    game.turn = 1
    game.take_turn(me)
    assert not tired.fatigued
    assert len(me.chapter) == before + 1
    assert me.aura == {}
    kinds = [e["event"] for e in game.log if e["turn"] == 1]
    assert kinds.index("bookmark") < kinds.index("awaken")


def test_only_one_aura_page_a_turn():
    """Turn Steps: "Once per turn, you may Contract an Aura Page" (p. 17)."""
    game = new_game()
    game.begin()
    me = game.casters[0]
    in_chapter(game, 0, flame_aura())
    options = game.actions(me)
    assert options.of_kind("aura")
    game.act(me, options.of_kind("aura")[0])
    assert game.actions(me).of_kind("aura") == []


def test_running_out_of_pages_is_no_loss_and_all_out_is_a_draw():
    """Running out of Pages (p. 43): no loss; every Spellbook empty: a draw."""
    keep = (Scripted(mulligan=[False]), Scripted(mulligan=[False]))
    game = new_game(spellbook(size=8), spellbook(size=8), policies=keep)  # 7 drawn, 1 left
    game.begin()
    game.turn = 1
    game.bookmark(game.casters[0], 1)  # seat 0 runs out: play goes on
    assert game.winner is None and not game.end
    with pytest.raises(GameOver):
        game.bookmark(game.casters[1], 1)
    assert game.end == "out_of_pages" and game.winner is None
    assert game.finish(False).placements == (1, 1)


def test_a_bookmark_from_an_empty_spellbook_when_both_are_empty_is_a_draw():
    """Running out of Pages (p. 43): a Caster who must Bookmark with no Page left takes
    nothing, and with every Spellbook empty the game is a draw, also when the Spellbooks were
    already empty before this Bookmark."""
    keep = (Scripted(mulligan=[False]), Scripted(mulligan=[False]))
    game = new_game(spellbook(size=7), spellbook(size=7), policies=keep)  # all 7 drawn
    game.begin()
    game.turn = 1
    chapter = list(game.casters[0].chapter)
    with pytest.raises(GameOver):
        game.bookmark(game.casters[0], 2)
    assert game.casters[0].chapter == chapter
    assert game.end == "out_of_pages" and game.winner is None


def test_a_caster_at_0_lp_loses_at_once():
    """Win Condition (p. 16) and Life Points (Glossary): 0 LP loses the game."""
    game = new_game()
    game.begin()
    with pytest.raises(GameOver):
        game.deal(game.casters[1], 1000, None, "test")
    assert game.winner == 0 and game.end == "lp"


def test_both_casters_at_0_lp_at_once_is_a_draw():
    """Win Condition (p. 16): "When a Caster has Damage equal to their maximum Life Points,
    they lose the game"; both at once lose together, a draw."""
    game = started()
    for caster in game.casters:
        caster.damage = STARTING_LP
    with pytest.raises(GameOver):
        game.check_loss()
    assert (game.winner, game.end) == (None, "lp")
    assert game.finish(False).placements == (1, 1)


def test_the_same_seed_plays_the_same_game():
    decks = [MetaZooDeck.from_deck(METAZOO.deck(n)) for n in ("flame-aggro", "water-control")]
    one = play_game(decks, 11, record_log=True)
    two = play_game(decks, 11, record_log=True)
    assert one.log == two.log and one.placements == two.placements
    assert play_game(decks, 12, record_log=True).log != one.log
    unlogged = play_game(decks, 11)  # as a job plays: the same game, no log kept
    assert unlogged.log is None and unlogged.placements == one.placements


def sample_decks() -> list[MetaZooDeck]:
    return [MetaZooDeck.from_deck(METAZOO.deck(n)) for n in ("flame-aggro", "water-control")]


def test_the_last_event_says_who_won_after_how_many_turns_and_why():
    """Win Condition (p. 16): a Caster at 0 LP loses; the log's last event, `game_over`, names
    the winner, the turns played, that no turn cap stopped the game, and the reason
    (docs/game-logs.md, MetaZoo)."""
    outcome = play_game(sample_decks(), 3, record_log=True)
    *played, over = outcome.log
    assert over["event"] == "game_over"
    assert over["player"] == outcome.placements.index(1)
    assert over["turns"] == sum(e["event"] == "turn" for e in played) == outcome.figures["turns"]
    assert (over["capped"], over["reason"]) == (False, "lp")
    first_turn = next(e for e in played if e["event"] == "turn")
    assert outcome.first == first_turn["player"]  # the Caster who took the first turn
    # the result's figures count the game's Attacks and the Damage dealt, as the log shows them
    assert outcome.figures["attacks"] == sum(e["event"] == "attack" for e in played) > 0
    damage = sum(e["amount"] for e in played if e["event"] == "damage")
    assert outcome.figures["damage"] == damage > 0
    assert outcome.figures["end"] == "lp" and outcome.unsupported == {}  # every Page played
    # each seat's opening mulligans and the Pages it Contracted, by name, as the log shows them
    for seat, figures in enumerate(outcome.seats):
        mulligans = sum(e["event"] == "mulligan" and e["player"] == seat for e in played)
        assert figures["opening"] == {"mulligans": mulligans}
        assert sum(figures["plays"].values()) > 0


def test_a_game_stopped_at_the_turn_cap_ends_in_a_draw_and_says_so():
    """The README's simplification (no rule ends a game that goes on): a game still going after
    the turn cap is a draw, and its `game_over` says the turns, `capped`, and no reason
    (docs/game-logs.md, MetaZoo)."""
    game = new_game()
    game.begin()
    game.turn = TURN_CAP
    outcome = game.finish(capped=True)
    (over,) = events(game, "game_over")
    assert (over["player"], over["turns"], over["capped"], over["reason"]) == (
        None, TURN_CAP, True, "",
    )  # fmt: skip
    assert outcome.placements == (1, 1) and outcome.capped
    assert outcome.figures["end"] == "turn_cap"


def test_a_game_replays_from_its_recorded_answers():
    """docs/play.md, "How a game is kept": a game is kept as its decks, seed and the answers
    given, and each request replays it from them. A Page in an answer is recorded by its
    number and a Caster by its seat, and comes back as the same Page or Caster, so the replay
    is the same game, event for event."""
    decks = sample_decks()
    state = GameState(Game, decks, 3, record_log=True)
    played = play(state, (RandomPolicy(), HeuristicPolicy()))
    named = set()
    for answer in state.history:
        each_part(answer, lambda part: named.add(part[0]) if isinstance(part, Ref) else None)
    assert named == {"page", "caster"}
    again = GameState.replay(Game, decks, 3, state.history, record_log=True)
    assert again.outcome == played


def test_the_result_lists_the_pages_played_simpler_from_either_spellbook():
    """Every result lists under `unsupported` the Pages whose text the engine plays only in
    part (docs/test-games/metazoo.md), from both Casters' Spellbooks."""
    odd = card("Odd", "Beastie", aura_cost={"flame": 1}, lp=20,
               effects=[{"when": "enter", "do": "teleport"}])  # fmt: skip
    game = new_game(spellbook(odd), spellbook())
    assert "Odd" in game.unsupported
    game = new_game(spellbook(), spellbook(odd))
    assert "Odd" in game.unsupported
