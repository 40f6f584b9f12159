"""The deck doctor's cases a user would recognise: a sample deck of each game against its
sample field, its candidates every like-for-like swap the doctor's generator makes from the
game's sample cards (the pool of its format's cards, as the page's "every card of the format"
asks) that keeps the deck legal. Shared by `bench.doctor` (item 5 of issue 41: reliability)
and `bench.doctor_speed` (item 4: games per second)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rulebook.core.cards import CardInfo, Deck
from rulebook.core.report import Report
from rulebook.registry import ruleset_for
from rulebook.samples import SAMPLES
from rulebook.simulation import ENGINES
from rulebook.simulation.doctor import Field, Swap, apply_swap, candidate_swaps, plays_table
from rulebook.validate import standard_format

# game: (the deck, its field). Neopets' strong deck against the rival one (the test-games
# page's first sample pair); Millennium Blades' beasts at a table of four.
SAMPLE_FIELDS = {
    "neopets": ("strong", ("rival",)),
    "millennium-blades": ("beasts", ("clash", "disruption", "knights")),
}


@dataclass(frozen=True)
class SampleCase:
    """A case prepared for the engine: the deck, each candidate's deck, the field."""

    game: str
    engine: Any
    base: Any
    decks: list[Any]
    field: Field
    swaps: list[tuple[Swap, CardInfo]]

    @property
    def label(self) -> str:
        deck, opponents = SAMPLE_FIELDS[self.game]
        return f"{self.game}: {deck} against {' + '.join(opponents)}, {len(self.decks)} swaps"


def sample_case(game: str) -> SampleCase:
    samples = SAMPLES[game]
    engine = ENGINES[game]
    name, opponents = SAMPLE_FIELDS[game]
    fmt = standard_format(samples.game)
    ruleset = ruleset_for(fmt.ruleset)

    def legal(deck: Deck) -> bool:
        return ruleset.check(deck, fmt, Report(game=game, format=fmt.slug)).legal

    deck = samples.deck(name)
    swaps = candidate_swaps(deck, samples.pool.cards, legal=legal)
    field = tuple(engine.prepare(samples.deck(opponent)) for opponent in opponents)
    return SampleCase(
        game,
        engine,
        engine.prepare(deck),
        [engine.prepare(apply_swap(deck, swap, card)) for swap, card in swaps],
        Field(field, (1.0,) * len(field), table=plays_table(engine)),
        swaps,
    )
