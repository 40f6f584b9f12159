"""The deck charts: what each game's chart counts, drawn as SVG on the server."""

import re

from cards.models import Card
from decks.resolution import DeckLine
from web.charts import BarChart, deck_charts


def bars(chart: BarChart) -> dict[str, int]:
    return dict(chart.bars)


def card(game: str, name: str) -> Card:
    return Card.objects.get(game__slug=game, name=name)


def test_it_counts_the_neopets_main_deck_by_level_requirement_and_type(samples):
    """6.4.2: a card without a level requirement counts as "none", not as level 0."""
    lines = [
        DeckLine("main", card("neopets", "Hot Dog"), 2),  # Food, no level requirement
        DeckLine("main", card("neopets", "Rusty Sword"), 3),  # Equipment, level 1
        DeckLine("neopets", card("neopets", "Blue Acara"), 1),  # not in the Main Deck
    ]
    levels, types = deck_charts("neopets", lines)
    assert bars(levels) == {"none": 2, "0": 0, "1": 3, "2": 0, "3": 0, "4": 0, "5": 0}
    assert bars(types) == {"Equipment": 3, "Food": 2}


def test_it_sums_metazoo_aura_costs_by_aura_type(samples):
    beastie = Card.objects.filter(game__slug="metazoo", attributes__has_key="aura_cost").first()
    (chart,) = deck_charts("metazoo", [DeckLine("spellbook", beastie, 3)])
    assert bars(chart) == {
        kind: 3 * n for kind, n in sorted(beastie.attributes["aura_cost"].items())
    }


def test_it_draws_labelled_escaped_svg():
    svg = BarChart("Cost <of> cards", [("<b>", 3), ("2", 1)]).svg()
    assert svg.startswith("<svg") and "Cost &lt;of&gt; cards</title>" in svg
    assert "<b>" not in svg and len(re.findall("<rect", svg)) == 2
    assert "No cards" in BarChart("Empty", []).svg()
