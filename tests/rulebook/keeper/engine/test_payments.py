"""Paying activation costs: who picks what is given up, and how it goes (rulebook, "Creature
Abilities": activation costs; guide, "Activation Costs" and "Caveats")."""

import pytest

from rulebook.keeper.engine.payments import pay
from rulebook.keeper.engine.plays import ACTIVATION_COSTS
from rulebook.keeper.templates import normalise

from .builders import VALUED, creature, filler_card, give_resources, in_play, new_game

DRAW = "Draw 1 card."


def scribe_paying(cost: str):
    """A game whose player 0 has a cheap scribe paying `cost` to draw, beside a small and a big
    creature of their own."""
    game = new_game()
    scribe = in_play(game, 0, creature("Scribe", 0, 1, f"STUDY: {cost} {DRAW}"))
    small = in_play(game, 0, creature("Small", 1, 5))
    big = in_play(game, 0, creature("Big", 5, 5))
    return game, scribe, small, big


def test_the_payer_exhausts_its_least_valuable_creature_never_the_one_acting():
    """The creature using its ability is exhausted to act anyway, never as part of its cost
    (ruling: "in addition to any usual requirement to exhaust the creature")."""
    game, scribe, small, big = scribe_paying("Exhaust 1 of your unexhausted creatures in play.")
    me = game.players[0]
    game.activate_creature(me, scribe, scribe.card.abilities[0])
    assert scribe.exhausted and small.exhausted and not big.exhausted
    (paid,) = [e for e in game.log if e["event"] == "pay"]
    assert paid["op"] == "exhaust_creatures" and len(paid["cards"]) == 1


def test_an_opponent_choosing_what_is_exhausted_takes_the_most_valuable():
    """ "chosen by an opponent of your choice": the opponent picks the payer's best creature."""
    game, scribe, small, big = scribe_paying(
        "Exhaust 1 of your unexhausted creatures in play chosen by an opponent of your choice."
    )
    game.activate_creature(game.players[0], scribe, scribe.card.abilities[0])
    assert big.exhausted and not small.exhausted


@pytest.mark.parametrize(
    ("cost", "logged"),
    [
        ("Sacrifice 1 cards in play.", "sacrificed"),
        ("Destroy 1 of your cards in play.", "destroyed"),
    ],
)
def test_a_cost_sacrifices_or_destroys_as_it_says(cost, logged):
    """Sacrificed cards go to the graveyard without being destroyed (no destruction
    triggers); destroyed ones are destroyed. The payer gives up its least valuable card."""
    game, scribe, small, big = scribe_paying(cost)
    me = game.players[0]
    game.activate_creature(me, scribe, scribe.card.abilities[0])
    gone = [e for e in game.log if e["event"] in ("sacrificed", "destroyed")]
    assert [(e["event"], e["player"]) for e in gone] == [(logged, 0)]  # the payer's card
    assert big in me.creatures and (small not in me.creatures or scribe not in me.creatures)
    assert len(me.graveyard) == 1


def test_an_immortality_counter_does_not_save_a_card_destroyed_to_pay_a_cost():
    """Immortality counters stop an effect that explicitly destroys; paying a cost is not an
    effect (rulebook, "Creature Abilities": the cost is paid as the ability is activated)."""
    game, scribe, small, big = scribe_paying("Destroy 1 of your cards in play.")
    me = game.players[0]
    for permanent in (scribe, small, big):
        permanent.add_marks("immortality", 0, 1)
    game.activate_creature(me, scribe, scribe.card.abilities[0])
    assert len(me.graveyard) == 1 and len(me.creatures) == 2


@pytest.mark.parametrize(("verb", "logged"), [("Sacrifice", []), ("Destroy", ["destroyed"])])
def test_a_random_card_of_the_hand_is_given_up_as_the_cost_says(verb, logged):
    game, scribe, _, _ = scribe_paying(f"{verb} 1 random cards in your hand.")
    me = game.players[0]
    kept = creature("Kept", 1, 1)
    me.hand = [kept]
    game.activate_creature(me, scribe, scribe.card.abilities[0])
    assert me.graveyard == [kept] and kept not in me.hand
    assert [e["event"] for e in game.log if e["event"] == "destroyed"] == logged


@pytest.mark.parametrize(
    ("chosen_by", "spent_after"), [("", 0), (" chosen by an opponent of your choice", 1)]
)
def test_a_destroyed_resource_is_an_exhausted_one_unless_an_opponent_chooses(
    chosen_by, spent_after
):
    """The payer gives up an exhausted resource first; an opponent picks an unexhausted one."""
    game, scribe, _, _ = scribe_paying(f"Destroy 1 of your resources{chosen_by}.")
    me = game.players[0]
    me.resources = [creature("Used", 1, 1), creature("Fresh", 1, 1)]
    me.spent = 1
    game.activate_creature(me, scribe, scribe.card.abilities[0])
    assert len(me.resources) == 1 and me.spent == spent_after


def test_hitpoints_paid_come_off_the_players_hitpoints():
    game, scribe, _, _ = scribe_paying("Pay 3 hitpoints.")
    me = game.players[0]
    before = me.hp
    game.activate_creature(me, scribe, scribe.card.abilities[0])
    assert me.hp == before - 3


def test_exhausted_resources_paid_add_to_those_already_exhausted():
    game, scribe, _, _ = scribe_paying("Exhaust 2 of your resources.")
    me = game.players[0]
    me.resources = [creature(f"Resource {i}", 1, 1) for i in range(4)]
    me.spent = 1
    game.activate_creature(me, scribe, scribe.card.abilities[0])
    assert me.spent == 3


@pytest.mark.parametrize(("verb", "destroyed"), [("Sacrifice", 0), ("Destroy", 2)])
def test_cards_given_up_from_the_deck_are_its_top_ones(verb, destroyed):
    """ "cards on the top of your deck": the top of the deck is the end of its list. Sacrificed
    cards are not destroyed (rulebook, "Sacrifice": they "do not trigger any abilities that
    respond to destruction"); destroyed ones are."""
    game, scribe, _, _ = scribe_paying(f"{verb} 2 cards on the top of your deck.")
    me = game.players[0]
    me.deck = [creature(f"Card {i}", 1, 1) for i in range(5)]
    top = me.deck[-2:]
    game.activate_creature(me, scribe, scribe.card.abilities[0])
    assert sorted(card.name for card in me.graveyard) == sorted(card.name for card in top)
    assert len([e for e in game.log if e["event"] == "destroyed"]) == destroyed


def test_the_payment_is_logged_with_its_card_and_the_payers_state_after():
    """docs/game-logs.md, `pay`: for which card in play, and the payer's hitpoints and
    resources after."""
    game, scribe, _, _ = scribe_paying("Exhaust 2 of your resources.")
    me = game.players[0]
    give_resources(me, 3)
    hp = me.hp
    game.activate_creature(me, scribe, scribe.card.abilities[0])
    (paid,) = [e for e in game.log if e["event"] == "pay"]
    assert (paid["source"], paid["x"], paid["cards"]) == (game.ref(scribe.card), 2, [])
    assert (paid["hp"], paid["resources"], paid["spent"]) == (hp, 3, 2)


def test_a_creature_never_sacrifices_itself_to_act_even_when_it_is_the_cheapest():
    """ "You must sacrifice [x] cards in play to attack with, defend with, or use an ability of
    this creature" (guide, "Caveats"): the creature must still be in play to act, so the payer's
    least valuable card given up is another one, though this one is worth less."""
    game = new_game()
    me = game.players[0]
    text = (
        "You must sacrifice 1 cards in play to attack with, defend with, or use an ability of "
        "this creature."
    )
    cheap = in_play(game, 0, creature("Cheap", 1, 5, text))
    dear = in_play(game, 0, creature("Dear", 4, 5))
    game.exhaust_to_act(me, cheap)
    assert cheap in me.creatures and dear not in me.creatures


def test_the_last_resources_may_be_destroyed_to_pay():
    """ "Destroy [x] of your resources." (guide, "Activation Costs"): x resources are enough."""
    game, scribe, _, _ = scribe_paying("Destroy 2 of your resources.")
    me = game.players[0]
    ability = scribe.card.abilities[0]
    give_resources(me, 1)
    assert not game.can_activate(me, ability, scribe)
    give_resources(me, 1)
    assert game.can_activate(me, ability, scribe)
    game.activate_creature(me, scribe, ability)
    assert me.resources == []


@pytest.mark.parametrize(("hp", "payable"), [(3, False), (4, True)])
def test_hitpoints_are_paid_only_while_the_payer_keeps_some(hp, payable):
    """ "Pay [x] hitpoints." (guide, "Activation Costs", redacted in the 9th Edition and still
    played): a player at 0 hitpoints has lost (rulebook, "Winning and Losing"), so the engine
    never pays its last hitpoints; an empty deck does not matter to this cost."""
    game, scribe, _, _ = scribe_paying("Pay 3 hitpoints.")
    me = game.players[0]
    me.hp, me.deck = hp, []
    assert game.can_activate(me, scribe.card.abilities[0], scribe) is payable


@pytest.mark.parametrize(("cards", "payable"), [(2, False), (3, True)])
def test_the_deck_is_never_emptied_to_pay(cards, payable):
    """ "Sacrifice [x] cards on the top of your deck." (guide, "Activation Costs", redacted in
    the 9th Edition and still played): an empty deck loses (rulebook, "Winning and Losing"), so
    the engine never gives up the last card of the deck."""
    filler = filler_card()
    game, scribe, _, _ = scribe_paying("Sacrifice 2 cards on the top of your deck.")
    me = game.players[0]
    me.deck = [filler] * cards
    assert game.can_activate(me, scribe.card.abilities[0], scribe) is payable


def test_an_opponent_choosing_what_a_caveat_sacrifices_takes_the_most_valuable_other_card():
    """ "You must sacrifice [x] cards in play chosen by an opponent of your choice to attack
    with, defend with, or use an ability of this creature" (guide, "Caveats"): the opponent
    picks, so the payer's dearest card goes, never the acting creature (it must stay in play to
    act), and not the cheaper one the payer would give up."""
    game = new_game()
    me = game.players[0]
    text = (
        "You must sacrifice 1 cards in play chosen by an opponent of your choice to attack "
        "with, defend with, or use an ability of this creature."
    )
    acting = in_play(game, 0, creature("Acting", 1, 5, text))
    small = in_play(game, 0, creature("Small", 2, 5))
    big = in_play(game, 0, creature("Big", 5, 5))
    game.exhaust_to_act(me, acting)
    assert acting in me.creatures and small in me.creatures and big not in me.creatures


MINE = "Exhaust [x] of your unexhausted creatures in play."
BY_OPPONENT = f"{MINE[:-1]} chosen by an opponent of your choice."


@pytest.mark.parametrize(
    ("cost", "x", "given_up"),
    [
        (MINE, 1, {"Middling"}),
        (MINE, 2, {"Middling", "Wall"}),
        (BY_OPPONENT, 1, {"Striker"}),
        (BY_OPPONENT, 2, {"Striker", "Wall"}),
    ],
)
def test_what_a_cost_gives_up_follows_the_stated_valuation(cost, x, given_up):
    """Activation Costs: the payer chooses what it gives up, or "an opponent of your choice"
    does; the engine chooses for both, as every result's simplifications state: the payer's
    least valuable first, the opponent's pick the most valuable first, a creature in play worth
    its offense plus a fifth of its defense as they stand."""
    game = new_game()
    me = game.players[0]
    creatures = [in_play(game, 0, creature(name, o, d)) for name, o, d in VALUED]
    pay(game, me, ACTIVATION_COSTS[normalise(cost)], x, None)
    assert {c.card.name for c in creatures if c.exhausted} == given_up
