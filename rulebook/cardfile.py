"""The DESIGN card data format read without Django, and a card pool held in memory.

The command-line validator (`python -m rulebook validate`) and the game engine's tests build decks
from card files with these; the Django importer owns the database side of the same format.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .core.cards import CardInfo
from .core.game import GameSpec
from .core.identity import differing_namesakes, identity
from .core.resolve import EntryRef, Namesakes, name_index_add
from .registry import GAMES

SUGGESTIONS = 5


class CardFileError(ValueError):
    """A card file that cannot be read; `problems` lists each as (card, field, message)."""

    def __init__(self, problems: list[tuple[str, str, str]]) -> None:
        self.problems = problems
        super().__init__("; ".join(f"{card}: {path} {message}" for card, path, message in problems))


def slugify(value: str) -> str:
    """The same slug as django.utils.text.slugify(value) (ASCII folding, no Unicode)."""
    value = unicodedata.normalize("NFKD", value).encode("ascii", "ignore").decode("ascii")
    value = re.sub(r"[^\w\s-]", "", value.lower())
    return re.sub(r"[-\s]+", "-", value).strip("-_")


def read_cards(data: Mapping[str, Any], known_names: Iterable[str] = ()) -> list[CardInfo]:
    """The cards of a card file (already parsed from JSON); CardFileError names every problem.

    A card's key defaults to the slug of its name, as the importer's does. Its construction text
    is read by its game's grammar (the file's names and `known_names` as the names it may name)
    and kept as reviewed data on the card, which is all the validator reads.
    """
    game_slug = data.get("game")
    game = GAMES.get(game_slug) if isinstance(game_slug, str) else None
    if game is None:
        raise CardFileError([("file", "game", f"must be one of {', '.join(GAMES)}")])
    raw_cards = data.get("cards")
    if not isinstance(raw_cards, list):
        raise CardFileError([("file", "cards", "must be a list of cards")])
    cards: list[CardInfo] = []
    problems: list[tuple[str, str, str]] = []
    # Each card's identity is checked first, in one place: only strings reach the sets of
    # names and keys below (a name that is a JSON object was an unhashable 500, issue 43).
    identified = []
    for index, raw in enumerate(raw_cards):
        identity_problems = _identity_problems(f"cards[{index}]", raw)
        problems.extend(identity_problems)
        if not identity_problems:
            identified.append((index, raw))
    known = frozenset({*known_names, *(raw["name"] for _, raw in identified)})
    for index, raw in identified:
        card, card_problems = _read_card(game, index, raw, known)
        problems.extend(card_problems)
        if card is not None:
            cards.append(card)
    problems.extend(_duplicate_keys(cards))
    problems.extend(_unmarked_namesakes([raw for _, raw in identified], cards))
    if problems:
        raise CardFileError(problems)
    return cards


def _identity_problems(label: str, raw: Any) -> list[tuple[str, str, str]]:
    """What is wrong with the card's shape and identity (an object; a name; a key, if given,
    a string): checked before any of its values is used, so none but strings go further."""
    if not isinstance(raw, Mapping):
        return [(label, "", "must be an object")]
    name, key = raw.get("name"), raw.get("key")
    if not isinstance(name, str) or not name.strip():
        return [(label, "name", "must be a non-empty string")]
    if key is not None and not isinstance(key, str):
        return [(label, "key", "must be a non-empty string (or a name that slugifies)")]
    return []


def _read_card(
    game: GameSpec, index: int, raw: Mapping[str, Any], known: frozenset[str]
) -> tuple[CardInfo | None, list[tuple[str, str, str]]]:
    """The card whose identity _identity_problems found sound, or what else is wrong with it."""
    name = raw["name"]
    label = f"cards[{index}] ({name})"
    attributes = raw.get("attributes", {})
    if not isinstance(attributes, Mapping):
        return None, [(label, "attributes", "must be an object")]
    card_type = raw.get("type")
    problems = [
        (label, path, message)
        for path, message in game.card_problems(
            card_type, attributes, name=name, text=str(raw.get("text") or ""), known_names=known
        )
    ]
    key = raw.get("key") or slugify(name)
    if not isinstance(key, str) or not key:
        problems.append((label, "key", "must be a non-empty string (or a name that slugifies)"))
    if problems or not isinstance(card_type, str):  # card_problems names a type that is not one
        return None, problems
    return CardInfo(
        key=key,
        name=name,
        type=card_type,
        text=raw.get("text", "") or "",
        attributes=game.reviewed_attributes(name, str(raw.get("text") or ""), attributes, known),
        id=raw.get("id") if isinstance(raw.get("id"), int) else None,
        printings=_printings(raw.get("printings", [])),
    ), []


def _printings(raw: Any) -> frozenset[tuple[str, str]] | None:
    """The (SET, number) pairs of a card file's printings; None when they cannot be read."""
    if not isinstance(raw, list):
        return None
    pairs = [(p.get("set"), p.get("number")) for p in raw if isinstance(p, Mapping)]
    read = [
        (code.upper(), number)
        for code, number in pairs
        if isinstance(code, str) and isinstance(number, str)
    ]
    return frozenset(read) if len(read) == len(raw) else None


def _unmarked_namesakes(raw_cards: list[Any], cards: list[CardInfo]) -> list[tuple[str, str, str]]:
    """Cards sharing a name with a card of other rules and not marked `distinct_namesake` (the
    importer's refusal, cards.services.importer, for the CLI's card files)."""
    marked = {
        raw.get("key") or slugify(str(raw.get("name", "")))
        for raw in raw_cards
        if isinstance(raw, Mapping) and raw.get("distinct_namesake") is True
    }
    differing = differing_namesakes(cards)
    return [
        (
            card.name,
            "distinct_namesake",
            f"shares its name with {', '.join(differing[card.key])} but not its rules; mark a "
            'different card with "distinct_namesake": true (copies count by the card, 6.7.2)',
        )
        for card in cards
        if card.key in differing and card.key not in marked
    ]


def _duplicate_keys(cards: Iterable[CardInfo]) -> list[tuple[str, str, str]]:
    seen: set[str] = set()
    problems = []
    for card in cards:
        if card.key in seen:
            problems.append((card.name, "key", f"{card.key!r} is used by another card"))
        seen.add(card.key)
    return problems


class MemoryPool:
    """A CardPool over cards held in memory: find by id, key or name (by rulebook.core.identity)."""

    def __init__(self, cards: Iterable[CardInfo], game: GameSpec | str) -> None:
        self.game = game if isinstance(game, str) else game.slug
        self.cards = list(cards)
        self._by_id = {card.id: card for card in self.cards if card.id is not None}
        self._by_key = {card.key: card for card in self.cards}
        self._by_name: dict[str, CardInfo | Namesakes] = {}
        self._names: dict[str, str] = {}
        for card in self.cards:
            folded = identity(card.name)
            name_index_add(self._by_name, folded, card)
            self._names.setdefault(folded, card.name)

    def find(self, ref: EntryRef) -> CardInfo | Namesakes | None:
        if ref.id is not None:
            return self._by_id.get(ref.id)
        if ref.key is not None:
            return self._by_key.get(ref.key)
        if ref.name is not None:
            return self._by_name.get(identity(ref.name))
        return None

    def suggestions(self, names: Sequence[str]) -> dict[str, list[str]]:
        """Close names ("did you mean") for each name, best first."""
        return {name: self._close(name) for name in names}

    def _close(self, name: str) -> list[str]:
        close = difflib.get_close_matches(identity(name), self._names, n=SUGGESTIONS, cutoff=0.6)
        return [self._names[match] for match in close]
