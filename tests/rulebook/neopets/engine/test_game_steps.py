"""A turn's steps and the battle as the game loop plays them (rulebook.neopets.engine.game):
the Draw and Preparation Phases (CR 5.2, 5.4), rerolls from agility and passive abilities
(5.5.6), the battle's priority window (5.5.7c), cards replacing cards in play (7.6.6, 7.9.7) and
passive abilities on the opponent's Neopet following the cards that carry them (8.18)."""

import pytest

from rulebook.neopets.engine.cards import EngineCard
from rulebook.neopets.engine.state import BATTLE

from .builders import (
    Scripted,
    battle_ready,
    codestone,
    deck_of,
    empty_inventories,
    faces,
    filler,
    game_between,
    info,
    neopet,
)

# A passive ability on the opponent's Neopet (CR 8.18): -1 Attack while the card is in play.
WEAKEN = {"do": "stat", "stat": "attack", "by": -1, "until": "while_in_play", "target": "opponent"}


def passing():
    """A player who attaches nothing and plays nothing."""
    return Scripted(choose_codestone=None, choose_play=None, choose_food=None)


def two_sides(policies=None, **deck):
    game = game_between(deck_of(filler(), **deck), policies=policies or (passing(), passing()))
    empty_inventories(game)
    return game, game.sides[0], game.sides[1]


def test_5_2_the_draw_phase_draws_one_card():
    """CR 5.2: the player whose turn it is draws one card (not two) in the Draw Phase."""
    game, me, _ = two_sides()
    deck = len(me.deck)
    game.turn = 0  # the game's first turn: no Battle Phase (CR 5.5.1)
    game.take_turn(me)
    assert len(me.deck) == deck - 1 and len(me.inventory) == 1
    assert [e["player"] for e in game.log if e["event"] == "draw" and e["turn"] == 1] == [0]


def test_5_the_player_asked_to_play_a_card_is_told_it_is_their_turn():
    """CR 5: each turn is one player's; what a player sees of the game (their view) says whose
    turn it is, the second player's on their own turn."""
    turns = []
    second = Scripted(choose_codestone=None, choose_play=lambda game, _: turns.append(game.active))
    game, _, other = two_sides(policies=(passing(), second))
    game.turn = 0
    other.take(EngineCard(info("Legend", "Legend", "Draw 1 card.", effects=[])))
    game.take_turn(other)
    assert turns == [1]


def test_8_18_extra_defence_dice_add_to_the_defence_roll():
    """CR 5.5.5b with 8.18: a passive ability giving one more defence die adds a die to the
    Defence the defender rolls."""
    shield = info("Shield", "Equipment", effects=[{"do": "extra_dice", "n": 1, "step": "defence"}])
    game, me, opponent = battle_ready()
    opponent.equipment.append(EngineCard(shield))
    opponent.refresh()
    assert opponent.extra_defence_dice == 1
    game.battle(me)
    battle = [e for e in game.log if e["event"] == "battle"][-1]
    assert len(battle["defence"]) == opponent.defence + 1


@pytest.mark.parametrize(
    ("agility", "rerolls", "asked"),
    [
        ((3, 3), (1, 0), [(0, 1, True)]),  # equal agility: the attacker's own reroll only
        ((2, 4), (1, 0), [(0, 1, True), (1, 2, False)]),  # a slower attacker keeps its reroll
        ((3, 3), (0, 1), [(1, 1, False)]),  # the defender's own reroll at equal agility
        ((4, 2), (0, 1), [(0, 2, True), (1, 1, False)]),  # a slower defender keeps its reroll
        ((3, 4), (0, 0), [(1, 1, False)]),  # a defender faster by one rerolls one die
    ],
)
def test_5_5_6_rerolls_are_the_agility_edge_plus_each_sides_passive_rerolls(
    agility, rerolls, asked
):
    """CR 5.5.6b-d: the faster Neopet may reroll up to the Agility difference; a passive reroll
    ability (CR 8.18) adds its rerolls to its own side's, whichever side is faster. Each side is
    asked for its own dice: the attacker as attacking, the defender as defending."""
    calls = []

    def choose_rerolls(game, decision, dice, other, attacking):
        calls.append((decision.seat, decision.most, bool(attacking)))  # read for its truth
        return []

    policy = Scripted(choose_rerolls=choose_rerolls)
    game, me, opponent = battle_ready(
        (3, 3, agility[0]), (3, 3, agility[1]), policies=(policy, policy)
    )
    me.rerolls, opponent.rerolls = rerolls
    game.battle(me)
    assert calls == asked


def test_5_5_7c_the_defender_alone_holding_food_may_play_it_once_the_dice_are_final():
    """CR 5.5.7c: the final battle results use the queue, so the defender may play Food then
    even when the attacker holds none; the player is told it is the battle's window."""
    asked = []
    policy = Scripted(
        choose_food=lambda game, decision, window: asked.append((decision.seat, window))
    )
    game, me, opponent = battle_ready(policies=(policy, policy))
    empty_inventories(game)
    opponent.take(EngineCard(info("Hot Dog", "Food", "Draw 1 card.", effects=[])))
    game.battle(me)
    assert asked == [(1, BATTLE)]


def test_10_1_1_halved_battle_damage_rounds_down_five_to_two():
    """CR 10.1.1: the total battle damage is halved, then rounded down: 5 becomes 2."""
    game, me, opponent = battle_ready(attacker=(5, 3, 3))
    opponent.halves_damage = True
    game.chance.random = faces(6, 6, 6, 6, 6, 1, 1, 1)
    game.battle(me)
    assert opponent.damage == 2


def test_8_20_4b_a_frozen_neopets_skipped_battle_phase_is_logged_as_its_players():
    """CR 8.20.4b: a frozen Neopet does not attack in its next Battle Phase; the log says whose
    Battle Phase was skipped."""
    game, me, _ = battle_ready()
    me.frozen = True
    game.battle(me)
    assert game.log[-1] == {"turn": 2, "player": 0, "event": "frozen"}


def test_5_5_10_a_neopet_frozen_when_its_round_ends_does_not_freeze_the_next_one():
    """CR 5.5.10 (End of Round Cleanup): statuses end with the round, so the next round's
    Neopet attacks in its first Battle Phase."""
    game, me, _ = battle_ready()
    me.frozen = True
    assert game.new_round(1)
    game.chance.random = faces(*[1] * 12)
    game.battle(me)
    assert game.battles == 1


def test_6_4_2_a_card_that_cannot_be_played_does_not_hide_the_cards_after_it():
    """CR 6.4.2: a card whose printed level is above the Neopet's cannot be played, and a
    Codestone is attached, not played; the cards after them in the Inventory still can be."""
    game, me, _ = two_sides()
    high = EngineCard(info("High Legend", "Legend", effects=[], level=3))
    stone = EngineCard(codestone())
    legend = EngineCard(info("Legend", "Legend", effects=[]))
    for card in (high, stone, legend):
        me.take(card)
    game.plays_left = 1
    assert game.playable(me) == [legend]


def test_6_4_2_7_9_4_a_location_in_the_rainbow_pool_at_the_players_level_is_played_from_there():
    """CR 7.9.4: a Location that begins the game in the Rainbow Pool is played from it; CR
    6.4.2: a printed level equal to the Neopet's level is met. Played in the Preparation Phase,
    it leaves the Rainbow Pool and stays in play."""
    arena = info("Arena", "Location", effects=[], level=1, begins_in_rainbow_pool=True)
    chooser = Scripted(
        choose_codestone=None,
        choose_play=lambda game, decision: next(
            (card for card in decision.options if card.name == "Arena"), None
        ),
    )
    game, me, _ = two_sides(policies=(chooser, passing()), rainbow_pool=[arena])
    me.attach(EngineCard(codestone()))
    location = next(card for card in me.rainbow_pool if card.name == "Arena")
    game.prepare(me)
    assert me.location is location and location not in me.rainbow_pool
    played = [e for e in game.log if e["event"] == "play"]
    assert [(e["card"], e["source"]) for e in played] == [("Arena", "rainbow_pool")]


def test_9_1_1_a_card_giving_an_extra_play_lets_the_player_play_one_more_card():
    """CR 5.4.2a with 9.1.1: one card a Preparation Phase, and a card that gives one more play
    lets the player play a second."""
    again = info("Again", "Legend", "Play 1 more card.", effects=[{"do": "extra_play", "n": 1}])
    chooser = Scripted(
        choose_codestone=None,
        choose_play=lambda game, decision: sorted(decision.options, key=lambda c: c.name)[0],
    )
    game, me, _ = two_sides(policies=(chooser, passing()))
    for card in (
        again,
        info("Legend 1", "Legend", effects=[]),
        info("Legend 2", "Legend", effects=[]),
    ):
        me.take(EngineCard(card))
    game.prepare(me)
    played = [e["card"] for e in game.log if e["event"] == "play"]
    assert played == ["Again", "Legend 1"]


def test_7_9_7_a_new_location_sends_the_old_one_to_the_discard_and_ends_its_ability():
    """CR 7.9.7: a player has one Location; a new one replaces it and the old one goes to the
    Discard, its passive ability on the opponent's Neopet (CR 8.18) ending with it."""
    game, me, opponent = two_sides()
    old = EngineCard(info("Old Arena", "Location", effects=[WEAKEN]))
    me.location = old
    opponent.refresh()
    attack = opponent.attack
    new = EngineCard(info("New Arena", "Location", effects=[]))
    me.take(new)
    game.play_card(me, new, me.inventory)
    assert me.location is new and me.discard == [old]
    assert opponent.attack == attack + 1


def test_7_6_6_the_player_replacing_equipment_is_shown_what_is_equipped_and_what_comes():
    """CR 7.6.5-7.6.6: with three Equipment the player chooses which one the new one replaces,
    knowing the three and the new one."""
    shown = []
    chooser = Scripted(
        choose_equipment_slot=lambda game, decision, *context: shown.append(context) or 0
    )
    game, me, _ = two_sides(policies=(chooser, passing()))
    equipped = [EngineCard(info(f"Gear {i}", "Equipment", effects=[])) for i in range(3)]
    me.equipment = list(equipped)
    new = EngineCard(info("New Gear", "Equipment", effects=[]))
    me.take(new)
    game.play_card(me, new, me.inventory)
    assert shown == [(equipped, new)]


def test_8_18_a_neopet_sent_in_second_weakens_the_neopet_already_in():
    """CR 8.18: a Neopet's passive ability on the opponent's Neopet applies from the moment it
    is sent in, to a Neopet sent in before it ("Setting Up the Game": both are sent in)."""
    plain = deck_of(filler())
    weakening = deck_of(
        filler(),
        neopets=[neopet(f"Weak {kind}", effects=[WEAKEN]) for kind in ("Kau", "Aisha", "Uni")],
    )
    game = game_between(plain, weakening, first=0)
    me = game.sides[0]
    printed = me.active.stats[1]
    assert me.attack == printed - 1


@pytest.mark.parametrize("weakening", ["before", "after"])
def test_7_4_5_a_painted_neopets_passive_ability_on_the_opponent_follows_the_painting(weakening):
    """CR 7.4.4-7.4.5 and 8.18: painting replaces the active Neopet with the Rainbow Pool one;
    an ability of the one that left ends, and one of the one that came applies, on the
    opponent's Neopet as on the player's own."""
    painted = neopet(
        "Fire Acara",
        species="Acara",
        type_="Rainbow Pool Neopet",
        paint_brush="Fire Paint Brush",
        effects=[WEAKEN] if weakening == "after" else [],
    )
    acara = neopet("Blue Acara", effects=[WEAKEN] if weakening == "before" else [])
    game, me, opponent = two_sides(neopets=[acara], rainbow_pool=[painted])
    before = opponent.attack
    game.transform(me, me.rainbow_pool[0])
    assert opponent.attack == before + (1 if weakening == "before" else -1)
