"""The deck editor's draft: the deck as the editor form holds it, before it is saved.

Every editor request posts the whole draft (one row per entry: card id, printing, section,
quantity, and the quantity it had when the page was drawn), plus what the user just did: add a
card by name, remove a row, change a quantity or a section, or move a row into or out of the
maybeboard with one button (a section like the others here; decks.selectors keeps it apart
from the deck). The draft is read back into deck
lines with decks.resolution, the code the API's writes use, so what the editor shows is what
saving stores.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.http import QueryDict

from basics.ids import integer_text
from cards.models import Game, Viewer
from decks.resolution import DeckLine, InvalidEntries, entries_resolve
from rulebook.core.decklist import MAX_QUANTITY, card_words
from rulebook.core.resolve import EntryRef


@dataclass
class Draft:
    lines: list[DeckLine]
    problems: list[str] = field(default_factory=list)  # rows that could not be taken as given
    add_problem: str = ""  # why the card to add was not added
    near_names: list[str] = field(default_factory=list)  # names like the one not found
    added: bool = False


def _quantity(raw: str) -> int | None:
    number = integer_text(raw.strip())
    return number if number is not None and 0 <= number <= MAX_QUANTITY else None


def _printing(raw: str) -> tuple[str | None, str | None]:
    """A row's printing, posted as "SET NUMBER" (empty: none pinned)."""
    code, _, number = raw.partition(" ")
    return (code, number) if code and number else (None, None)


def draft_from_post(game: Game, post: QueryDict, owner: Viewer = None) -> Draft:
    """The draft the form posted, with the action applied; problems are said, never dropped.
    Cards are those the deck's owner may use (their own user-made cards among them)."""
    rows = zip(
        post.getlist("card"),
        post.getlist("printing"),
        post.getlist("section"),
        post.getlist("quantity"),
        post.getlist("was"),
        strict=False,
    )
    removed = post.get("remove")
    stepped, step = _step(post.get("step", ""))
    moved, _, destination = post.get("move", "").partition(":")  # "ROW:SECTION", one button
    refs: list[EntryRef] = []
    problems: list[str] = []
    for index, (card, printing, section, raw, was) in enumerate(rows):
        if str(index) == removed:
            continue
        quantity = _quantity(raw)
        if quantity is None:
            quantity = _quantity(was) or 0
            problems.append(
                f"Row {index + 1}: the quantity must be a whole number from 0 to {MAX_QUANTITY}, "
                f"not {raw!r}; it stays {quantity}."
            )
        if index == stepped:  # the row's + or - button
            quantity = min(max(quantity + step, 0), MAX_QUANTITY)
        if str(index) == moved:  # into or out of the maybeboard, every copy
            section = destination
        card_id = integer_text(card)
        if quantity and card_id is not None:
            code, number = _printing(printing)
            refs.append(
                EntryRef(section=section, quantity=quantity, id=card_id, set=code, number=number)
            )
    draft = Draft(lines=[], problems=problems)
    if (post.get("action") == "add" or "add_instead" in post) and _add_text(post):
        _add(game, post, refs, draft, owner)
    try:
        draft.lines = entries_resolve(game=game, refs=refs, owner=owner)
    except InvalidEntries as exc:
        draft.problems += [problem.message for problem in exc.problems]
        bad = {problem.index for problem in exc.problems}
        kept = [ref for index, ref in enumerate(refs) if index not in bad]
        try:
            draft.lines = entries_resolve(game=game, refs=kept, owner=owner)
        except InvalidEntries:  # nothing sound is left to show
            draft.lines = []
    return draft


def drawn_lines(game: Game, post: QueryDict, owner: Viewer = None) -> list[DeckLine]:
    """The lines the page showed when it was drawn (each row's `was` quantity in its
    `was_section`), before whatever the user changed on it: the base of a merge."""
    drawn = QueryDict(mutable=True)
    drawn.setlist("card", post.getlist("card"))
    drawn.setlist("printing", post.getlist("printing"))
    sections = post.getlist("was_section") or post.getlist("section")
    drawn.setlist("section", sections)
    drawn.setlist("quantity", post.getlist("was"))
    drawn.setlist("was", post.getlist("was"))
    return draft_from_post(game, drawn, owner).lines


def _counts(lines: list[DeckLine]) -> dict[tuple, int]:
    counts: dict[tuple, int] = {}
    for line in lines:
        counts[line.identity] = counts.get(line.identity, 0) + line.quantity
    return counts


def merged_lines(
    base: list[DeckLine], mine: list[DeckLine], theirs: list[DeckLine]
) -> list[DeckLine]:
    """Both tabs' changes from the same start: for each card in each section, this page's
    count plus what the other changed (theirs - base), so an added card, a removal or a new
    quantity of either survives. A count both lowered below zero stops at zero."""
    base_counts, mine_counts, their_counts = _counts(base), _counts(mine), _counts(theirs)
    examples = {line.identity: line for line in (*base, *theirs, *mine)}
    merged = []
    for identity, line in examples.items():
        change = their_counts.get(identity, 0) - base_counts.get(identity, 0)
        quantity = min(max(mine_counts.get(identity, 0) + change, 0), MAX_QUANTITY)
        if quantity:
            merged.append(DeckLine(line.section, line.card, quantity, line.printing))
    return merged


def lines_changed(
    before: list[DeckLine], after: list[DeckLine], names: dict[str, str]
) -> list[str]:
    """What changed from `before` to `after`, one line each: "+ 1 Green Slorg (Main Deck)"."""
    old, new = _counts(before), _counts(after)
    cards = {line.identity: line for line in (*before, *after)}
    said = []
    for identity, line in cards.items():
        difference = new.get(identity, 0) - old.get(identity, 0)
        if difference:
            sign = "+" if difference > 0 else "-"
            section = names.get(line.section, line.section)
            said.append(f"{sign} {abs(difference)} {line.card.name} ({section})")
    return said


def _step(raw: str) -> tuple[int | None, int]:
    """A row's + or - button, posted as "ROW:+1" or "ROW:-1": the row and the change."""
    row, _, change = raw.partition(":")
    if change not in ("+1", "-1"):
        return None, 0
    return integer_text(row), int(change)


def _add_text(post: QueryDict) -> str:
    """What to add: a near name the user chose ("add_instead"), else the add box's text."""
    return (post.get("add_instead") or post.get("add_name", "")).strip()


def _add(game: Game, post: QueryDict, refs: list[EntryRef], draft: Draft, owner: Viewer) -> None:
    """Add the card the box names, as a decklist line names it ("4 Hot Dog", "Chupacabra
    [chupacabra-flame]", "Fireball (MZ-SMP) 019", found as the API finds names) to the chosen
    section; a quantity typed in the box is used rather than the Copies field's."""
    words = card_words(_add_text(post))
    quantity = words.quantity
    if quantity is None:
        quantity = _quantity(post.get("add_quantity", "1")) or 0
    if not 1 <= quantity <= MAX_QUANTITY:
        draft.add_problem = f"The quantity must be a whole number from 1 to {MAX_QUANTITY}."
        return
    wanted = words.entry(post.get("add_section", ""), quantity=quantity)
    try:
        (line,) = entries_resolve(game=game, refs=[wanted], owner=owner)
    except InvalidEntries as exc:
        draft.add_problem = " ".join(problem.message for problem in exc.problems)
        draft.near_names = [name for problem in exc.problems for name in problem.suggestions]
        return
    printing = line.printing
    refs.append(
        EntryRef(
            section=line.section,
            quantity=line.quantity,
            id=line.card.pk,
            set=printing.set.code if printing else None,
            number=printing.number if printing else None,
        )
    )
    draft.added = True


# The editor's fields a kept draft holds: what the user changed, not what they asked for last.
KEPT_FIELDS = ("name", "visibility", "format", "revision", "version")
# Of those, the deck's own fields, which two tabs' drafts may each have changed.
DECK_FIELDS = ("name", "visibility", "format")


def draft_form(lines: list[DeckLine], post: QueryDict) -> dict[str, list[str]]:
    """The editor form as it would post these lines and the deck's fields: what
    decks.services.deck_draft_keep stores, so that a restored draft reads back through
    draft_from_post like any post."""
    form: dict[str, list[str]] = {
        "card": [str(line.card.pk) for line in lines],
        "printing": [
            f"{line.printing.set.code} {line.printing.number}" if line.printing else ""
            for line in lines
        ],
        "section": [line.section for line in lines],
        "quantity": [str(line.quantity) for line in lines],
        "was": [str(line.quantity) for line in lines],
    }
    form.update({name: post.getlist(name) for name in KEPT_FIELDS if name in post})
    return form


def form_as_post(form: dict[str, list[str]]) -> QueryDict:
    """A kept draft's form as the QueryDict a browser would have posted."""
    post = QueryDict(mutable=True)
    for name, values in form.items():
        post.setlist(name, values)
    return post
