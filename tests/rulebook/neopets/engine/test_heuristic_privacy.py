"""The heuristic player values what it may know (CR 9.11): another side's Paint Brush on the
queue is weighed without looking into that side's Rainbow Pool (CR 9.11.2: private)."""

import pytest

from rulebook.neopets.engine import HeuristicPolicy
from rulebook.neopets.engine.cards import EngineCard
from rulebook.neopets.engine.state import QueueItem

from .test_cards_in_play import BRUSH, FIRE_ACARA, fresh_game, neopet

WEAK_ACARA = neopet("Weak Acara", 1, 1, 1, 1, species="Acara", type_="Rainbow Pool Neopet",
                    paint_brush="Fire Paint Brush")  # fmt: skip


def value_to_the_other_seat(rainbow_pool):
    game, me = fresh_game(rainbow_pool=rainbow_pool)
    item = QueueItem(EngineCard(BRUSH), me, None, ())
    return HeuristicPolicy().item_value(game.view(1), item, 1)


def test_another_sides_paint_brush_is_weighed_without_its_rainbow_pool():
    """CR 9.11.2: whether the painted Neopet is strong or weak is the painter's secret, so the
    value the other seat gives the Brush (whether to negate it) cannot depend on it."""
    assert value_to_the_other_seat([FIRE_ACARA]) == value_to_the_other_seat([WEAK_ACARA]) > 0


def test_a_seat_sees_its_own_side_whole_and_the_others_without_its_hidden_cards():
    """CR 9.11: a player's Inventory, deck, Rainbow Pool and Neopets not yet sent in are private;
    the Neopet in play and whose turn it is are public (each seat's view, what a bot reads)."""
    game, _ = fresh_game()
    for seat in (0, 1):
        view, other = game.view(seat), 1 - seat
        assert view.sides[seat] is game.sides[seat]
        assert view.sides[other].active is game.sides[other].active
        for hidden in ("inventory", "deck", "rainbow_pool", "neopets", "foods"):
            zone = getattr(view.sides[other], hidden)  # how many cards, and no more
            assert len(zone) == len(getattr(game.sides[other], hidden))
            with pytest.raises(PermissionError):
                list(zone)
        assert view.active == game.active
