"""Cards as the engine sees them: core CardInfo compiled once into slots objects.

An EngineDeck is prepared once from a resolved core Deck and reused for any number of games, so
nothing per game parses attributes or effect dicts: each card's effects are sorted by trigger
into tuples of compiled Effect objects.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from rulebook.core.cards import CardInfo, CompiledCards, Deck
from rulebook.core.identity import identity
from rulebook.neopets import effects as vocab
from rulebook.neopets.cards import PAINT_BRUSH

HP, ATTACK, DEFENCE, AGILITY = range(4)
STAT_INDEX = {name: index for index, name in enumerate(vocab.STATS)}
NO_BOOST = (0, 0, 0, 0)
_NOT_A_LETTER = re.compile(r"[^\w ]|_")


def plain_name(name: str) -> str:
    """A name as CR 9.9.1 compares names: case, punctuation and a plural 's' ignored; folded as
    card identity first (a no-break space is a space, an accented letter a letter)."""
    words = _NOT_A_LETTER.sub("", identity(name)).split()
    return " ".join(word.removesuffix("s") for word in words)


class Effect:
    """One compiled effect of a card (see rulebook.neopets.effects for the vocabulary)."""

    __slots__ = (
        "by",
        "crit_n",
        "do",
        "n",
        "name",
        "plain_name",
        "roll",
        "stat",
        "step",
        "to_opponent",
        "type",
        "until",
        "value",
        "via",
        "when",
    )

    def __init__(self, raw: Mapping[str, Any]) -> None:
        self.do: str = raw["do"]
        self.when: str = raw.get("when", vocab.PLAYED)
        self.n: int | str = raw.get("n", 1)
        self.stat: int = STAT_INDEX.get(raw.get("stat", "attack"), ATTACK)
        self.by: int = raw.get("by", 0)
        self.until: str = raw.get("until", "end_of_turn")
        default_target = "opponent" if self.do in vocab.AIMED_AT_OPPONENT else "self"
        self.to_opponent: bool = raw.get("target", default_target) == "opponent"
        self.name: str | None = raw.get("name")
        self.plain_name: str | None = plain_name(self.name) if self.name else None
        self.type: str | None = raw.get("type")
        self.value: int = raw.get("value", 6)
        self.roll: int = raw.get("roll", 0)
        self.crit_n: int = raw.get("crit_n", self.n if isinstance(self.n, int) else 1)
        self.step: str = raw.get("step", "attack")
        self.via: str | None = raw.get("via")

    @property
    def passive(self) -> bool:
        """A passive ability (CR 8.18): applies while its card is in play, uses no queue."""
        return (
            self.when == vocab.WHILE_IN_PLAY
            or self.do in vocab.PASSIVE_ACTIONS
            or (self.do == "stat" and self.until == vocab.WHILE_IN_PLAY)
        )


class EngineCard:
    """A card (or Neopet) with everything the engine reads, precomputed."""

    __slots__ = (
        "boost",
        "conditional",
        "hits_opponent",
        "level",
        "location",
        "map_location",
        "map_pieces_needed",
        "memo",
        "name",
        "negates",
        "on_battle_start",
        "on_dealt_damage",
        "on_end_of_turn",
        "on_turn_start",
        "paint_brush",
        "passive",
        "plain_name",
        "played",
        "roll",
        "sets_die",
        "species",
        "stats",
        "triggers",
        "type",
        "unsupported",
    )

    def __init__(self, info: CardInfo) -> None:
        attr = info.attributes
        self.name: str = info.name
        self.plain_name = plain_name(info.name)
        self.memo: dict[str, Any] = {}  # scratch space for policies, keyed by policy
        self.type: str = info.type
        # CR 6.4.2 / 9.8.1: no printed level is no requirement at all, not a requirement of 0.
        self.level: int | None = attr.get("level")
        self.species: str | None = attr.get("species")
        self.stats: tuple[int, int, int, int] = tuple(attr.get(name, 0) for name in vocab.STATS)
        self.paint_brush: str | None = attr.get("paint_brush")
        self.location: str | None = attr.get("location")
        self.map_location: str | None = attr.get("map_location")
        boost = attr.get("stat_boost") or {}
        self.boost: tuple[int, int, int, int] = (
            tuple(boost.get(name, 0) for name in vocab.STATS) if boost else NO_BOOST
        )
        raw_effects = attr.get("effects")
        self.unsupported: tuple[str, ...] = vocab.unsupported_effects(info.text, raw_effects)
        compiled = [
            Effect(raw)
            for raw in (raw_effects if isinstance(raw_effects, list) else ())
            if isinstance(raw, Mapping)
            and raw.get("do") in vocab.ACTIONS
            and not vocab.effect_problems([raw])
        ]
        self.passive = tuple(e for e in compiled if e.passive)
        active = [e for e in compiled if not e.passive]
        self.played = tuple(e for e in active if e.when == vocab.PLAYED)
        self.on_turn_start = tuple(e for e in active if e.when == vocab.TURN_START)
        self.on_battle_start = tuple(e for e in active if e.when == vocab.BATTLE_START)
        self.on_dealt_damage = tuple(e for e in active if e.when == vocab.DEALT_DAMAGE)
        self.on_end_of_turn = tuple(e for e in active if e.when == vocab.END_OF_TURN)
        self.hits_opponent = any(e.to_opponent for e in self.passive)
        self.triggers = bool(
            self.on_turn_start
            or self.on_battle_start
            or self.on_dealt_damage
            or self.on_end_of_turn
        )
        self.map_pieces_needed: int = next(
            (e.n for e in self.passive if e.do == "requires_map_pieces"), 0
        )  # type: ignore[assignment]  # an n a passive gives is a number
        # Playable only if the state allows: a Paint Brush needs its Rainbow Pool Neopet (CR
        # 7.4.7), a Location may need Map Pieces (7.10.9).
        self.conditional: bool = self.type == PAINT_BRUSH or bool(self.map_pieces_needed)
        # Dice rolled as the card enters the queue (CR 7.7.4).
        self.roll: int = max((e.roll for e in self.played if e.do == "damage"), default=0)
        self.negates: bool = any(e.do == "negate" for e in self.played)
        self.sets_die: bool = any(e.do == "set_die" for e in self.played)

    def __repr__(self) -> str:
        return f"<EngineCard {self.name}>"


class EngineDeck:
    """A deck ready to play: Main Deck, Neopet Deck and Rainbow Pool as EngineCards.

    Copies of one card share one EngineCard object, so per-card statistics key by name.
    """

    __slots__ = ("main", "neopets", "rainbow_pool", "unsupported")

    def __init__(
        self,
        main: tuple[EngineCard, ...],
        neopets: tuple[EngineCard, ...],
        rainbow_pool: tuple[EngineCard, ...],
    ) -> None:
        self.main = main
        self.neopets = neopets
        self.rainbow_pool = rainbow_pool
        every = (*main, *neopets, *rainbow_pool)
        self.unsupported: dict[str, tuple[str, ...]] = {
            card.name: card.unsupported for card in every if card.unsupported
        }

    @classmethod
    def from_deck(cls, deck: Deck, compiled: CompiledCards[EngineCard] | None = None) -> EngineDeck:
        """Compile a resolved core Deck; each card once (once for every deck prepared with the
        same `compiled`)."""
        cards_of = CompiledCards[EngineCard]() if compiled is None else compiled

        def section(slug: str) -> tuple[EngineCard, ...]:
            cards: list[EngineCard] = []
            for entry in deck.entries(slug):
                cards.extend([cards_of.get(entry.card, EngineCard)] * entry.quantity)
            return tuple(cards)

        return cls(section("main"), section("neopets"), section("rainbow_pool"))
