"""The heuristic player values what it may know (CR 9.11): another side's Paint Brush on the
queue is weighed without looking into that side's Rainbow Pool (CR 9.11.2: private)."""

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
