"""Cards and decks as the tournament engine plays them, compiled once per deck.

A TournamentDeck is prepared once from a resolved core Deck and reused for any number of
tournaments. Each card's `effects` attribute (rulebook.millennium_blades.effects) is compiled to
plain tuples grouped by kind, so a turn reads no dicts. A card's parts the engine cannot play are
listed in `unsupported` (never dropped in silence) and not played.

A deck that breaks the Tournament Deck's limits is kept whole here: each tournament plays it
after the rulebook's random fix (rulebook.millennium_blades.fix), drawn from the game's Chance
(`TournamentDeck.fixed`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rulebook.core.cards import CardInfo, CompiledCards, Deck, FormatInfo
from rulebook.core.chance import Chance
from rulebook.millennium_blades.cards import SINGLE
from rulebook.millennium_blades.construction import (
    ACCESSORIES,
    DECK_BOX_SECTION,
    SINGLES,
    MillenniumBladesRuleset,
)
from rulebook.millennium_blades.effects import (
    ACTION,
    FLIP,
    NEXT,
    ONGOING,
    PLAY,
    REACTION,
    SCORE,
    TOP,
    unsupported_effects,
)
from rulebook.millennium_blades.fix import fix_deck

BOARD_SECTIONS = (DECK_BOX_SECTION, ACCESSORIES)  # set out on the tournament board (Setup 3)
RULESET = MillenniumBladesRuleset()
STANDARD = FormatInfo(slug="standard", name="Standard", ruleset=RULESET.game.slug)


@dataclass(frozen=True, slots=True)
class Effect:
    """One triggered effect: `do` with its amount, and for gain_rp what it counts per and
    whether it needs the tableau otherwise empty."""

    do: str
    n: int
    per: tuple[str, str] | None = None  # ("kind" | "element", value)
    alone: bool = False


class TournamentCard:
    """A card with everything the engine reads, precomputed."""

    __slots__ = (
        "action",
        "block_next",
        "clash_bonus",
        "element",
        "flip",
        "is_single",
        "key",
        "kind",
        "name",
        "next",
        "ongoing_stars",
        "play",
        "reactions",
        "score",
        "shield",
        "stars",
        "started_bonus",
        "top_block_next",
        "top_clash_bonus",
        "top_shield",
        "top_stars",
        "top_started_bonus",
    )

    def __init__(self, key: str, name: str, card_type: str, attributes: Mapping[str, Any]) -> None:
        self.key = key
        self.name = name
        self.is_single = card_type == SINGLE
        self.stars = int(attributes.get("stars") or 0)
        self.kind = attributes.get("kind")
        self.element = attributes.get("element")
        triggered: dict[str, list[Effect]] = {PLAY: [], NEXT: [], FLIP: [], SCORE: [], ACTION: []}
        continuous = {ONGOING: _Continuous(), TOP: _Continuous()}
        self.reactions: dict[str, str] = {}  # on -> what it does
        effects = attributes.get("effects")
        playable = effects if isinstance(effects, list) else []
        for effect in playable:
            if not isinstance(effect, Mapping) or _unplayable(effect, self.is_single):
                continue
            when, do = effect["when"], effect["do"]
            if when == REACTION:
                self.reactions[effect["on"]] = do
            elif when in continuous:
                continuous[when].add(do, effect)
            else:
                per = effect.get("per")
                triggered[when].append(
                    Effect(
                        do,
                        effect.get("n", effect.get("win", 0)),
                        tuple(next(iter(per.items()))) if per else None,
                        effect.get("if") == "alone",
                    )
                )
        self.play = tuple(triggered[PLAY])
        self.next = tuple(triggered[NEXT])
        self.flip = tuple(triggered[FLIP])
        self.score = tuple(triggered[SCORE])
        self.action = tuple(triggered[ACTION])
        ongoing, top = continuous[ONGOING], continuous[TOP]
        self.ongoing_stars, self.top_stars = ongoing.stars, top.stars
        self.clash_bonus, self.top_clash_bonus = ongoing.clash, top.clash
        self.started_bonus, self.top_started_bonus = ongoing.started, top.started
        self.shield, self.top_shield = ongoing.shield, top.shield
        self.block_next, self.top_block_next = ongoing.block_next, top.block_next

    def __repr__(self) -> str:
        return f"<{self.name}>"


class _Continuous:
    """The sums of one card's Ongoing (or Top) effects."""

    __slots__ = ("block_next", "clash", "shield", "stars", "started")

    def __init__(self) -> None:
        self.stars = self.clash = self.started = 0
        self.shield = self.block_next = False

    def add(self, do: str, effect: Mapping[str, Any]) -> None:
        if do == "stars":
            self.stars += effect["n"]
        elif do == "clash_bonus" and effect.get("started"):
            self.started += effect["n"]
        elif do == "clash_bonus":
            self.clash += effect["n"]
        elif do == "shield":
            self.shield = True
        elif do == "block_next":
            self.block_next = True


def _unplayable(effect: Mapping[str, Any], single: bool) -> bool:
    return bool(unsupported_effects("", [effect], single=single))


# A card compiled, and the parts of its text the engine cannot play.
WithUnsupported = tuple[TournamentCard, tuple[str, ...]]


def _with_unsupported(info: CardInfo) -> WithUnsupported:
    card = TournamentCard(info.key, info.name, info.type, info.attributes)
    return card, unsupported_effects(
        info.text, info.attributes.get("effects"), single=card.is_single
    )


@dataclass(frozen=True)
class TournamentDeck:
    """A prepared deck: its Singles (the hand), its board cards (Deck Box, then Accessories),
    the parts of its cards the engine cannot play, and, when the deck breaks the Tournament
    Deck's limits, the core deck each tournament fixes afresh."""

    singles: tuple[TournamentCard, ...]
    board: tuple[TournamentCard, ...]
    unsupported: Mapping[str, tuple[str, ...]]
    to_fix: Deck | None = None
    by_section_key: Mapping[tuple[str, str], TournamentCard] | None = None

    @classmethod
    def from_deck(
        cls, deck: Deck, compiled: CompiledCards[WithUnsupported] | None = None
    ) -> TournamentDeck:
        """The deck's cards, each compiled once (once for every deck prepared with the same
        `compiled`), laid out as a tournament deals them."""
        cards_of = CompiledCards[WithUnsupported]() if compiled is None else compiled
        by_section_key: dict[tuple[str, str], TournamentCard] = {}
        unsupported: dict[str, tuple[str, ...]] = {}
        for section, entries in deck.sections.items():
            for entry in entries:
                card, parts = cards_of.get(entry.card, _with_unsupported)
                by_section_key[(section, card.key)] = card
                if parts:
                    unsupported[card.name] = parts
        legal = RULESET.check(deck, STANDARD).legal
        singles, board = _laid_out(deck, by_section_key)
        if legal:
            return cls(singles, board, unsupported)
        return cls(singles, board, unsupported, to_fix=deck, by_section_key=by_section_key)

    def fixed(self, chance: Chance) -> tuple[TournamentDeck, tuple[tuple[str, str, str], ...]]:
        """The deck a tournament plays and what the rulebook's random fix, drawn from the
        game's `chance`, removed from it, as (section, card name, reason): the deck itself and
        () when it is legal (no draw)."""
        if self.to_fix is None or self.by_section_key is None:
            return self, ()
        result = fix_deck(self.to_fix, chance, RULESET)
        singles, board = _laid_out(result.deck, self.by_section_key)
        removed = tuple((r.section, r.name, r.reason) for r in result.removed)
        return TournamentDeck(singles, board, self.unsupported), removed


def _laid_out(
    deck: Deck, cards: Mapping[tuple[str, str], TournamentCard]
) -> tuple[tuple[TournamentCard, ...], tuple[TournamentCard, ...]]:
    """Setup 3: the Singles stay in hand; the Deck Box and Accessories go on the board. (A
    fixed deck holds only cards of each section's own kind; an illegal one may hold others,
    which it plays only after the fix.)"""
    singles = tuple(
        cards[(SINGLES, entry.card.key)]
        for entry in deck.entries(SINGLES)
        for _ in range(entry.quantity)
    )
    board = tuple(
        cards[(section, entry.card.key)]
        for section in BOARD_SECTIONS
        for entry in deck.entries(section)
        for _ in range(entry.quantity)
    )
    return singles, board
