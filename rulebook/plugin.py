"""A game as the service knows it: one declaration, from which everything else follows.

    PLUGIN = GamePlugin(spec=GAME, ruleset=KeeperRuleset, engine=ENGINE, ...)

Each game's package declares its GamePlugin (rulebook/<game>/plugin.py) and is registered once
(rulebook.registry: a line of BUILT_IN, or `register` for a game that lives elsewhere). The
game tables (GAMES, RULESETS, ENGINES, HAND_RULES, the issue codes), the sample decks, the API's
choices and schema enums, the site's game lists and deck charts all read the registry; none
names a game. docs/add-a-game.md gives the steps.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .core.charts import DeckCharts
from .core.engine import Engine
from .core.game import GameSpec
from .core.ruleset import Ruleset
from .opening_hands import HandRule

# The shipped games' sample card files (cards/sample_data/<slug>.json): sample data the
# database loads (manage.py load_samples) and the engines' tests read without one.
SHIPPED_SAMPLE_CARDS = Path(__file__).resolve().parent.parent / "cards" / "sample_data"


@dataclass(frozen=True)
class GamePlugin:
    """Everything registered about one game.

    - `spec`: its cards and deck sections (GameSpec), its construction grammar included
      (`text_problems`, `derive_attributes`);
    - `ruleset`: its standard construction rules, registered under the game's slug; `rulesets`:
      any other a format may name (a Format row's `ruleset`), by registry key;
    - `engine`: how its test games are played (None: it has none);
    - `sample_cards`: its sample card file (the import format, cards/cardfile); `sample_decks`:
      a folder of `<name>.txt` decklists built from those cards;
    - `hand_rule`: how its opening hand is dealt (the deck editor's and playtest's sample hands);
    - `deck_charts`: what a deck's charts count (the site draws them);
    - `attribute_words`: (attribute, value) -> how the game says a structured attribute in
      words on a card's page (MetaZoo's Spellbook Restrictions), None to leave it to the site;
    - `unsupported_effects`: (text, effects) -> what of a card's `effects` its engine cannot
      play, for people (rulebook.core.effects.effect_readout); None: the game has no effect
      vocabulary (its engine plays what its attributes say).
    """

    spec: GameSpec
    ruleset: type[Ruleset]
    rulesets: Mapping[str, type[Ruleset]] = field(default_factory=dict)
    engine: Engine | None = None
    sample_cards: Path | None = None
    sample_decks: Path | None = None
    hand_rule: HandRule | None = None
    deck_charts: DeckCharts | None = None
    attribute_words: Callable[[str, object], str | None] | None = None
    unsupported_effects: Callable[[str, Any], Sequence[str]] | None = None

    def __post_init__(self) -> None:
        for key, ruleset in {self.slug: self.ruleset, **self.rulesets}.items():
            if ruleset.game is not self.spec:
                raise ValueError(f"ruleset {key!r} is for {ruleset.game.slug}, not {self.slug}")

    @property
    def slug(self) -> str:
        return self.spec.slug

    def all_rulesets(self) -> dict[str, type[Ruleset]]:
        """Every ruleset of the game by registry key, its standard one under its slug."""
        return {self.slug: self.ruleset, **self.rulesets}
