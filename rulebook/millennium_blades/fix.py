"""The rulebook's fix for an illegal Tournament Deck: "randomly remove cards until it meets the
card limit" (rules summary, "Tournament Phase").

Before the random part, the fix takes out what can never stay, in this order: every copy of a
card the format bans, a card in a section that may not hold it (Tournament Phase, Setup 3), and
every copy of a card beyond the first (Deckbuilding Phase: one copy; copies are counted by the
card, whichever key names them). None of these can be left to chance: no other removal makes
the deck legal while such a card stays, and the summary's fix removes cards, it never moves one
to another section (docs/rules/millennium-blades.md says so, and the engine's SIMPLIFICATIONS).
Then, section by section, it removes cards drawn at random (`Chance.pick`, from the seed or
from the game's own Chance) until each section meets its limit. Cards are sorted by what they
are (their rules identity, rulebook.core.identity) before any choice, never by the key or the
order the list gave them in, so the result depends on the seed and the deck's cards only
(issue 38: renaming one card's key changed which others the draw removed).

A card that could not be looked up (`unknown`, as the user wrote it) is still a card in the
user's deck: it counts towards its section, takes part in the random draw like any other and, if
it is removed, is listed with the rest. One that stays keeps the fixed deck illegal (it is still
unknown), which `FixResult.legal` says.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rulebook.core.cards import CardInfo, Deck, Entry, FormatInfo
from rulebook.core.chance import Chance
from rulebook.core.identity import identity
from rulebook.core.resolve import EntryRef

from .construction import MillenniumBladesRuleset

# Why a card was removed, in the order the fix removes them.
BANNED = "banned"  # the format bans it (or restricts it to no copies)
SECTION = "section"  # its section may not hold it (Tournament Phase, Setup 3)
COPY = "copy"  # a copy beyond the first (Deckbuilding Phase)
RANDOM = "random"  # drawn at random to meet a section's limit (Tournament Phase)


@dataclass(frozen=True, slots=True)
class Removal:
    """One removed copy: of a known card (`card`) or of one that could not be looked up."""

    section: str
    name: str
    reason: str
    card: CardInfo | None = None

    @property
    def key(self) -> str | None:
        return self.card.key if self.card else None


@dataclass(frozen=True, slots=True)
class _Slot:
    """One copy the fix may keep: a known card, or an unknown one by the name it was given."""

    name: str
    card: CardInfo | None = None
    ref: EntryRef | None = None
    printing: tuple[str, str] | None = None

    @property
    def identity(self) -> tuple[int, str]:
        """Equal for copies of one card, whichever key names it (a card stored under two keys
        is one card; issue 14), and for unknown cards given the same name."""
        return (0, self.card.same_card) if self.card else (1, identity(self.name))

    @property
    def order(self) -> tuple[tuple[int, str], tuple[str, str], str]:
        """The fix's fixed order: known cards by their rules identity before unknown ones by
        folded name, then (copies of one card only) by printing and key, so that which copy
        stays never depends on the entry order; no key decides where a card stands among
        others."""
        key = self.card.key if self.card else ""
        return (self.identity, self.printing or ("", ""), key)


@dataclass(frozen=True)
class FixResult:
    """What the fix removed, one Removal per copy; the known cards left; the unknown cards the
    draw left in (one copy each, as the user named them); and whether what is left is legal."""

    removed: list[Removal]
    deck: Deck
    unknown_kept: tuple[EntryRef, ...]
    legal: bool


def fix_deck(
    deck: Deck,
    seed: int | Chance,
    ruleset: MillenniumBladesRuleset | None = None,
    *,
    fmt: FormatInfo | None = None,
    unknown: Sequence[EntryRef] = (),
) -> FixResult:
    """Remove cards from `deck` (and its `unknown` cards) until it is a legal Tournament Deck in
    `fmt`; the same seed, the same fix. A game passes its own Chance, so the draw is one of
    the game's named draws."""
    ruleset = ruleset or MillenniumBladesRuleset()
    # A card restricted to no copies is as good as banned; any other restriction is at least
    # the one copy the game allows anyway.
    banned = (
        fmt.banned | {key for key, limit in fmt.restricted.items() if limit < 1}
        if fmt
        else frozenset()
    )
    chance = seed if isinstance(seed, Chance) else Chance(seed)
    removed: list[Removal] = []
    seen: set[tuple[int, str]] = set()  # one copy of any card in the whole deck
    slots_by_section = {
        section: _slots(deck.entries(section), [ref for ref in unknown if ref.section == section])
        for section in _in_game_order(ruleset, deck, unknown)
    }
    for section, slots in slots_by_section.items():
        slots_by_section[section] = _without_banned(section, slots, banned, removed)
    kept_by_section: dict[str, list[_Slot]] = {}
    for section, slots in slots_by_section.items():
        kept = _placed_single_copies(ruleset, section, slots, seen, removed)
        limit = ruleset.section_limits.get(section)
        if limit is not None and len(kept) > limit:
            kept = _sample_away(chance, section, kept, len(kept) - limit, removed)
        kept_by_section[section] = kept
    fixed = Deck(
        game=deck.game,
        sections={
            section: tuple(Entry(slot.card, 1, slot.printing) for slot in kept if slot.card)
            for section, kept in kept_by_section.items()
            if section in deck.sections
        },
    )
    unknown_kept = tuple(
        EntryRef(section, 1, slot.ref.name, slot.ref.key, slot.ref.id)
        for section, kept in kept_by_section.items()
        for slot in kept
        if slot.ref is not None
    )
    legal = not unknown_kept and ruleset.check(fixed, fmt or _no_lists(ruleset)).legal
    return FixResult(removed=removed, deck=fixed, unknown_kept=unknown_kept, legal=legal)


def _no_lists(ruleset: MillenniumBladesRuleset) -> FormatInfo:
    return FormatInfo(slug="standard", name="Standard", ruleset=ruleset.game.slug)


def _in_game_order(
    ruleset: MillenniumBladesRuleset, deck: Deck, unknown: Sequence[EntryRef]
) -> list[str]:
    """The deck's sections in the game's order (then any others), whatever order they came in."""
    present = set(deck.sections) | {ref.section for ref in unknown}
    known = [slug for slug in ruleset.game.section_slugs if slug in present]
    return known + sorted(present - set(known))


def _slots(entries: Iterable[Entry], unknown: Iterable[EntryRef]) -> list[_Slot]:
    """Every copy in a section, known cards in the given order, then the unknown ones."""
    slots = [
        _Slot(entry.card.name, card=entry.card, printing=entry.printing)
        for entry in entries
        for _ in range(entry.quantity)
    ]
    slots += [_Slot(ref.label, ref=ref) for ref in unknown for _ in range(ref.quantity)]
    return slots


def _without_banned(
    section: str, slots: list[_Slot], banned: frozenset[str], removed: list[Removal]
) -> list[_Slot]:
    """The slots the format does not ban; every banned copy goes first."""
    kept = []
    for slot in slots:
        if slot.card is not None and slot.card.key in banned:
            removed.append(Removal(section, slot.name, BANNED, slot.card))
        else:
            kept.append(slot)
    return kept


def _placed_single_copies(
    ruleset: MillenniumBladesRuleset,
    section: str,
    slots: list[_Slot],
    seen: set[tuple[int, str]],
    removed: list[Removal],
) -> list[_Slot]:
    """The first copy of each card not `seen` before that the section may hold, in the slots'
    fixed order (`_Slot.order`: never the order the entries were given in, so a card named
    under two keys always keeps the same one; issue 29); every other copy is removed,
    and so is every card of a section the game does not have. An unknown card's type is
    unknown: in one of the game's sections it is never misplaced."""
    allowed = ruleset.section_types.get(section)
    no_such_section = section not in ruleset.game.section_slugs
    kept: list[_Slot] = []
    for slot in sorted(slots, key=lambda slot: slot.order):
        if no_such_section or (
            allowed is not None and slot.card is not None and slot.card.type not in allowed
        ):
            removed.append(Removal(section, slot.name, SECTION, slot.card))
        elif slot.identity in seen:
            removed.append(Removal(section, slot.name, COPY, slot.card))
        else:
            seen.add(slot.identity)
            kept.append(slot)
    return kept


def _sample_away(
    chance: Chance, section: str, slots: list[_Slot], excess: int, removed: list[Removal]
) -> list[_Slot]:
    """Remove `excess` single-copy slots chosen at random from the sorted cards."""
    ordered = sorted(slots, key=lambda slot: slot.order)
    chosen = {slot.identity for slot in chance.pick(ordered, excess)}
    removed.extend(
        Removal(section, slot.name, RANDOM, slot.card)
        for slot in ordered
        if slot.identity in chosen
    )
    return [slot for slot in slots if slot.identity not in chosen]
