"""A battle and the swaps asked of a person one pick at a time (rulebook.core.asking): every
answer the picks can make is one the rules allow, and every answer the rules allow can be picked
(rulebook, "Battles", step 1; "Turn Order", 1: swaps with the reserves)."""

from __future__ import annotations

from rulebook.core.asking import Answered
from rulebook.core.views import game_objects
from rulebook.keeper.engine.legal import BattleOptions, Swaps

from .builders import creature, in_play, new_game


def every_answer(options, longest: int) -> list:
    """Every answer the step-by-step questions make, following each pick up to `longest`
    picks deep."""
    made, paths = [], [[]]
    while paths:
        picks = paths.pop()
        result = options.compose(picks)
        if isinstance(result, Answered):
            made.append(game_objects(result.answer))
        elif len(picks) < longest:
            paths.extend([*picks, pick] for pick in range(len(result.options)))
    return made


def test_a_person_picks_exactly_the_battles_the_rules_allow():
    """Battles, step 1: a team of one or more of your creatures able to attack, each once, in
    the order its dice go, against the opponent or one of their creatures not yet battled this
    phase; or no more battles."""
    game = new_game()
    me, them = game.players
    a = in_play(game, 0, creature("A", 1, 5))
    b = in_play(game, 0, creature("B", 2, 5))
    in_play(game, 0, creature("Tired", 3, 5), exhausted=True)
    x = in_play(game, 1, creature("X", 1, 5))
    battled = in_play(game, 1, creature("Battled", 1, 5))
    me.battle_targets.add(id(battled))
    options = BattleOptions(game, me)
    made = every_answer(options, longest=4)
    assert all(answer is None or answer in options for answer in made)
    teams = [[a], [b], [a, b], [b, a]]
    legal = [(team, target) for team in teams for target in (them, x)]
    assert sorted(map(repr, made)) == sorted(map(repr, [None, *legal]))


def test_a_person_picks_swaps_the_rules_allow_each_from_what_the_last_left():
    """Turn Order 1: "exchange any number of cards in your hand for any of the same number of
    cards in your reserves": a swapped-in card may be swapped out again."""
    game = new_game()
    me = game.players[0]
    me.hand = [creature("H1", 1, 1), creature("H2", 1, 1)]
    me.reserves = [creature("R1", 1, 1)]
    options = Swaps(me)
    made = every_answer(options, longest=5)
    assert made and all(swaps in options for swaps in made)
    names = {tuple((given.name, taken.name) for given, taken in swaps) for swaps in made}
    expected = {
        (),
        (("H1", "R1"),),
        (("H2", "R1"),),
        (("H1", "R1"), ("H2", "H1")),
        (("H1", "R1"), ("R1", "H1")),
        (("H2", "R1"), ("H1", "H2")),
        (("H2", "R1"), ("R1", "H2")),
    }
    assert names == expected
    # asking changes nothing: the game makes the swaps once the answer is checked
    assert [c.name for c in (*me.hand, *me.reserves)] == ["H1", "H2", "R1"]


def test_each_step_asks_its_question_and_shows_what_is_picked_so_far():
    """A person sees the question of each step and the team or swaps picked so far."""
    game = new_game()
    me = game.players[0]
    a = in_play(game, 0, creature("A", 1, 5))
    battle = BattleOptions(game, me)
    first = battle.compose([])
    assert (first.asks, first.picked, first.options) == (
        "Which creature attacks next?",
        [],
        [None, a],
    )
    target = battle.compose([1])
    assert (target.asks, target.picked) == ("Whom does the team attack?", [a])
    h, r = creature("H", 1, 1), creature("R", 1, 1)
    me.hand, me.reserves = [h], [r]
    swaps = Swaps(me)
    given = swaps.compose([])
    assert (given.asks, given.picked) == ("Which hand card do you swap next?", [])
    taken = swaps.compose([1])
    assert (taken.asks, taken.options) == ("Which reserves card takes H's place?", [r])
    again = swaps.compose([1, 0])
    assert again.picked == [(h, r)]


def test_a_team_and_swaps_so_far_are_shown_at_every_later_step():
    """A person choosing a team (Battles, step 1) or swaps (Turn Order 1) sees, at each step after
    the first pick, what is picked so far: the team before its next creature, the swaps before
    the next card's place is chosen."""
    game = new_game()
    me = game.players[0]
    a = in_play(game, 0, creature("A", 1, 5))
    b = in_play(game, 0, creature("B", 2, 5))
    next_creature = BattleOptions(game, me).compose([1])
    assert (next_creature.asks, next_creature.picked) == ("Which creature attacks next?", [a])
    assert next_creature.options[1:] == [b]
    h1, h2, r1 = creature("H1", 1, 1), creature("H2", 1, 1), creature("R1", 1, 1)
    me.hand, me.reserves = [h1, h2], [r1]
    second_place = Swaps(me).compose([1, 0, 1])
    assert (second_place.asks, second_place.picked) == (
        "Which reserves card takes H2's place?",
        [(h1, r1)],
    )


def test_with_no_reserves_no_hand_card_is_offered_for_a_swap():
    """Turn Order 1: a hand card is exchanged for a reserves card, so with the reserves empty
    the only answer is to swap nothing: no hand card is offered to give away."""
    game = new_game()
    me = game.players[0]
    me.hand, me.reserves = [creature("H", 1, 1)], []
    first = Swaps(me).compose([])
    assert len(first.options) == 1
    assert Swaps(me).compose([0]) == Answered([])
