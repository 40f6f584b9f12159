"""Plain-text decklists (DESIGN "Plain-text decklists"): a parser and a writer that round-trip.

    # comments, // comments and blank lines are skipped; "2 Hot Dog # note" too
    Main Deck: 50
    Hot Dog \u00d72
    1x Hot Dog (Core Set)      (ArkhamDB: the set's name, dropped when the name is no card)
    2 Hot Dog *F* (SMP) 045    (Moxfield: foil and etched markers dropped)
    Sideboard                  (or "// Sideboard": the side section, else each line reported)
    Main Deck:
    2 Hot Dog
    2x Hot Dog
    2 x Hot Dog
    - 2 Hot Dog
    Hot Dog x2
    Total: 50
    2 Hot Dog (SMP) 045
    2 Chupacabra [chupacabra-flame]
    1x Hot Dog (smp) 45 [Food,Snack] ^Keep^   (Archidekt: categories and labels dropped;
                                               a [Sideboard] category is the side)
    Maybeboard                 (or "Maybe", "Considering": the deck's maybeboard, every game's)
    1 Omelette

Section headers are each GameSpec Section's name, slug or header words, as people write them:
`Main Deck:`, `Main Deck (50):`, `Main Deck` alone, or Markdown `# Main Deck` / `## Neopets`
(a `#` line that is not a header is a comment). Lines before any header belong to the game's
first section. A byte-order mark and Windows line ends are read; Markdown list bullets
(`- `, `* `, `+ `) before a card line are dropped, `// …` lines are comments, and a
`Total: 50` line, as list sites write under a section, is skipped. A `Maybeboard` section (or
an Archidekt `[Maybeboard]` category) holds the cards considered but not in the deck
(game.MAYBEBOARD): they are read apart, into `maybeboard`, so no reader of `entries` (the
rules, test games) ever counts them; the writer writes them last, under `Maybeboard:`.
`2 x Hot Dog` is two Hot Dogs; a card whose name starts with a lone x is written with the x
after the quantity, `1x x Ray`, as the writer does. A card may be pinned to a printing, `(SET)
number`, or named by key in brackets, `[key]`: either tells apart cards that share a name
(MetaZoo Pages). A line the parser cannot read is reported with its number and text, never
guessed at; the lines around it are still read.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from .game import MAYBEBOARD, GameSpec
from .identity import identity
from .resolve import EntryRef

MAX_QUANTITY = 999

# "2 Hot Dog", "2x Hot Dog", "2 x Hot Dog": the quantity leads, an x (or the multiplication
# sign, \u00d7) may follow it. At most 100 digits: a longer number is no quantity, and int()
# refuses one past 4,300 digits (a ValueError, which was a 500 on /validate/).
_LEADING_QUANTITY = re.compile(r"(\d{1,100})(?:\s*[xX\u00d7])?\s+(\S.*)")
# "Hot Dog x2", "Hot Dog \u00d72": the quantity trails after an x or a multiplication sign.
_TRAILING_QUANTITY = re.compile(r"(\S.*?)\s+[xX\u00d7]\s?(\d{1,100})")
# Moxfield's foil and etched markers, "*F*" and "*E*", after a card: not part of its name.
_FINISH_MARKER = re.compile(r"\s+\*[A-Za-z]\*(?=\s|$)")
# "2 Hot Dog # the finisher": a comment after a card line (a hash after a space).
_TRAILING_COMMENT = re.compile(r"\s+#(?:\s.*)?$")
# "Hot Dog (SMP) 045": a printing pinned by set code and collector number.
_PRINTING = re.compile(r"(\S.*?)\s+\(([^()\s]+)\)\s+(\S+)")
# "Chupacabra [chupacabra-flame]": a card named by its key (a slug), after its name.
_KEY = re.compile(r"(\S.*?)\s+\[([\w-]+)\]")
# Archidekt's export: "1x Hot Dog (smp) 45 [Food,Snack{noDeck}] ^Keep,#37d67a^": categories
# in brackets, each maybe with {flags}, and labels between carets, after the card. A bracket
# that is a key (lower-case slug, as keys are written) is a key; any other is categories.
_LABELS = re.compile(r"\s+\^[^^]*\^$")
_CATEGORIES = re.compile(r"(\S.*?)\s+\[([^\[\]]*)\]")
_KEY_WORD = re.compile(r"[a-z0-9][a-z0-9_-]*")
_FLAGS = re.compile(r"\{[^{}]*\}")
_SPACES = re.compile(r"\s+")
# A name that is, or starts with, a lone x ("X", "x Ray"): "1 X (SET) 1" would read as "1x".
_LEADING_X = re.compile(r"[xX\u00d7](?:\s|$)")
# "- 2 Hot Dog", "* 2 Hot Dog": a Markdown list bullet before the line.
_BULLET = re.compile(r"^[-*+•]\s+")
# "// the finishers": a whole line of comment (not after a card: a Keeper player's card
# may have "//" in its name).
_SLASH_COMMENT = "//"
# "Total: 50", "Total cards: 50": a count written under a section, not a card.
_TOTAL = re.compile(r"total\b[^:]*:\s*\d+", re.IGNORECASE)
# A header's decorations: Markdown hashes or "//" before it; a count "(50)" or "50" and a colon
# after, or the count after the colon ("Main Deck: 50").
_HEADER = re.compile(
    r"(?://|#*)\s*(?P<words>.*?)\s*(?:\(\s*\d+\s*\)|\d+)?\s*:?\s*(?:\(\s*\d+\s*\)|\d+)?"
)
# A line longer than this is no header: "Main Deck (50):" and its decorations are short, and
# reading a thousand-digit line with _HEADER takes seconds (its optional counts backtrack).
_HEADER_LONGEST = 120
# The side sections other sites export ("Sideboard", "// Sideboard", "Side Deck"): the game's
# side section where it has one (MetaZoo's Archive lists them), else reported.
SIDE_HEADERS = frozenset({"sideboard", "side deck", "side"})
# Side headers compared without their spaces: "Side board" and "Sideboard" are one header ("Side
# board:" was reported and its cards then counted in the main deck); "Maybe board" is Maybeboard.
_SIDE_SQUEEZED = frozenset(header.replace(" ", "") for header in SIDE_HEADERS)
_MAYBE_SQUEEZED = frozenset(header.replace(" ", "") for header in MAYBEBOARD.headers)
BYTE_ORDER_MARK = "\ufeff"


@dataclass(frozen=True, slots=True)
class LineProblem:
    """A line the parser could not read: its number (from 1), its text and why."""

    line: int
    text: str
    message: str


@dataclass
class ParsedDecklist:
    entries: list[EntryRef] = field(default_factory=list)
    problems: list[LineProblem] = field(default_factory=list)
    # the Maybeboard's lines (section MAYBEBOARD.slug): kept apart, since no deck counts them
    maybeboard: list[EntryRef] = field(default_factory=list)


def section_headers(game: GameSpec) -> dict[str, str]:
    """Every header word (folded, no colon) a decklist may use, mapped to its section slug; a
    plural of each too ("Deck Boxes", "Singles")."""
    headers: dict[str, str] = {}
    for section in game.sections:
        for word in (section.name.lower(), section.slug, *section.headers):
            folded = identity(word).replace("-", " ").replace("_", " ")
            for form in (folded, f"{folded}s", f"{folded}es"):
                headers.setdefault(form, section.slug)
    return headers


def parse_decklist(text: str, game: GameSpec) -> ParsedDecklist:
    """Read a decklist; every unreadable line becomes a LineProblem, the rest are entries."""
    headers = section_headers(game)
    parsed = ParsedDecklist()
    section: str | None = game.sections[0].slug
    side_name = ""
    for number, raw in enumerate(text.removeprefix(BYTE_ORDER_MARK).splitlines(), start=1):
        line = _BULLET.sub("", raw.strip(), count=1).strip()
        if not line or _TOTAL.fullmatch(line):
            continue
        header = _header_word(line)
        if header in headers:
            section = headers[header]
            continue
        if header.replace(" ", "") in _MAYBE_SQUEEZED:
            section = MAYBEBOARD.slug
            continue
        if header.replace(" ", "") in _SIDE_SQUEEZED:
            section, side_name = None, line.lstrip("#/ ").rstrip(": ")
            continue
        if line.startswith(("#", _SLASH_COMMENT)):
            continue  # a comment
        if section is None:  # a side section the game does not have: never the main deck
            parsed.problems.append(LineProblem(number, raw, _not_added(game, side_name)))
            continue
        line = _FINISH_MARKER.sub("", _TRAILING_COMMENT.sub("", line))
        line, categories = _categories(line)
        placed, side = _placed(categories, headers, section)
        if placed is None:  # Archidekt's [Sideboard] where the game has none: never the main deck
            parsed.problems.append(LineProblem(number, raw, _not_added(game, side)))
            continue
        entry = _parse_card_line(line, placed, number)
        if isinstance(entry, EntryRef):
            (parsed.maybeboard if placed == MAYBEBOARD.slug else parsed.entries).append(entry)
        elif line.endswith(":"):
            known = ", ".join(f"{s.name}:" for s in game.sections)
            parsed.problems.append(
                LineProblem(number, raw, f"is not a {game.name} section header; use {known}")
            )
        else:
            parsed.problems.append(LineProblem(number, raw, entry))
    return parsed


def _categories(line: str) -> tuple[str, list[str]]:
    """The line without Archidekt's labels and categories, and the categories (folded as
    headers are, flags dropped): "1 Hot Dog [Food,Sideboard{noDeck}]" is ("1 Hot Dog", ["food",
    "sideboard"]). A key in brackets ("[chupacabra-flame]") stays on the line."""
    line = _LABELS.sub("", line)
    found = _CATEGORIES.fullmatch(line)
    if found is None or _KEY_WORD.fullmatch(found[2]):
        return line, []
    words = [_header_word(_FLAGS.sub("", part)) for part in found[2].split(",")]
    return found[1], [word for word in words if word]


def _placed(categories: list[str], headers: dict[str, str], section: str) -> tuple[str | None, str]:
    """(the section a card line goes in, "") : the first of its categories that is a section
    header (Archidekt's [Sideboard] is MetaZoo's Archive, [Maybeboard] the maybeboard), else the
    section it is under; or (None, the category) for a side section the game does not have."""
    for category in categories:
        if category in headers:
            return headers[category], ""
        if category.replace(" ", "") in _MAYBE_SQUEEZED:
            return MAYBEBOARD.slug, ""
        if category.replace(" ", "") in _SIDE_SQUEEZED:
            return None, category
    return section, ""


def _not_added(game: GameSpec, side: str) -> str:
    return (
        f"is in the {side} section, which {game.name} decks do not have, so it was not added to "
        f"the deck; put it under {', '.join(f'{s.name}:' for s in game.sections)} if it belongs"
    )


def _header_word(line: str) -> str:
    """The words of a line read as a header, folded as names are (case, typography), a hyphen
    or an underscore a space ("Side-Deck"), a plural the singular ("Deck Boxes"): no hashes,
    "//", count or colon."""
    if len(line) > _HEADER_LONGEST:
        return ""  # no header is this long, and _HEADER backtracks cubically on such a line
    match = _HEADER.fullmatch(line)
    if not match:
        return ""
    words = identity(match["words"]).replace("-", " ").replace("_", " ")
    return _SPACES.sub(" ", words).strip()


def _parse_card_line(line: str, section: str, number: int) -> EntryRef | str:
    """The entry a card line describes, or why it cannot be read."""
    words = card_words(line)
    if words.quantity is None:
        return 'is not a card line; write "2 Card Name", "2x Card Name" or "Card Name x2"'
    if not 1 <= words.quantity <= MAX_QUANTITY:
        return (
            f"has quantity {words.quantity}; a quantity is a whole number from 1 to {MAX_QUANTITY}"
        )
    return words.entry(section, line=number)


@dataclass(frozen=True, slots=True)
class CardWords:
    """What a user typed to name a card: a name, maybe a quantity, a printing or a key."""

    name: str
    quantity: int | None = None  # None: no quantity was typed
    key: str | None = None
    set: str | None = None
    number: str | None = None

    def entry(self, section: str, *, quantity: int = 1, line: int | None = None) -> EntryRef:
        """The entry these words ask for (their own quantity, else `quantity`)."""
        return EntryRef(
            section=section,
            quantity=quantity if self.quantity is None else self.quantity,
            name=self.name,
            key=self.key,
            set=self.set,
            number=self.number,
            line=line,
        )


def card_words(text: str) -> CardWords:
    """Read a card as a decklist line names it, the quantity optional: "4 Hot Dog", "Hot Dog
    x4", "Chupacabra [chupacabra-flame]", "Fireball (MZ-SMP) 019" or just "Hot Dog"."""
    text = text.strip()
    quantity = None
    if match := _LEADING_QUANTITY.fullmatch(text):
        quantity_text, text = match.groups()
        quantity = int(quantity_text)
    elif match := _TRAILING_QUANTITY.fullmatch(text):
        text, quantity_text = match.groups()
        quantity = int(quantity_text)
    # A key first: "Lab Ray Map Piece (North) [lab-ray-map-piece-north]" is not a printing
    # (North) numbered "[lab-ray-map-piece-north]" of "Lab Ray Map Piece".
    if keyed := _KEY.fullmatch(text):
        name, key = keyed.groups()
        return CardWords(_SPACES.sub(" ", name), quantity, key=key)
    if printing := _PRINTING.fullmatch(text):
        name, set_code, number = printing.groups()
        return CardWords(_SPACES.sub(" ", name), quantity, set=set_code, number=number)
    return CardWords(_SPACES.sub(" ", text), quantity)


def write_decklist(game: GameSpec, entries: Sequence[EntryRef]) -> str:
    """Canonical text for entries (by name): each section's header, then `N Name [(SET) NUM]`.

    Sections come in the game's order, then the maybeboard's entries (section MAYBEBOARD.slug),
    and empty ones are left out; parse_decklist reads the result back to the same entries (the
    maybeboard's in its `maybeboard`). An entry without a name, or in a section the game does
    not have, cannot be written: ValueError says which.
    """
    strays = sorted({entry.section for entry in entries} - {*game.section_slugs, MAYBEBOARD.slug})
    if strays:
        raise ValueError(f"{game.name} decks have no section {', '.join(strays)}")
    lines: list[str] = []
    for section in (*game.sections, MAYBEBOARD):
        chosen = [entry for entry in entries if entry.section == section.slug]
        if not chosen:
            continue
        if lines:
            lines.append("")
        lines.append(f"{section.name}:")
        lines.extend(_card_line(entry) for entry in chosen)
    return "\n".join(lines) + "\n" if lines else ""


def _card_line(entry: EntryRef) -> str:
    if not entry.name:
        raise ValueError(f"entry {entry!r} has no name to write")
    # "1 x Ray" reads as one Ray: a name starting with a lone x takes the "1x" form.
    times = "x" if _LEADING_X.match(entry.name) else ""
    line = f"{entry.quantity}{times} {entry.name}"
    if entry.printing is not None:
        line += f" ({entry.set}) {entry.number}"
    elif entry.key is not None:
        line += f" [{entry.key}]"
    return line
