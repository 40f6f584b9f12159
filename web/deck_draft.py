"""The deck editor's draft: the deck as the editor form holds it, before it is saved.

Every editor request posts the whole draft (one row per entry: card id, printing, section,
quantity, and the quantity it had when the page was drawn), plus what the user just did: add a
card by name, remove a row, change a quantity or a section. The draft is read back into deck
lines with decks.resolution, the code the API's writes use, so what the editor shows is what
saving stores.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.http import QueryDict

from api.query import integer_text
from cards.models import Game, Viewer
from decks.resolution import DeckLine, InvalidEntries, entries_resolve
from rules.core.decklist import MAX_QUANTITY
from rules.core.resolve import EntryRef


@dataclass
class Draft:
    lines: list[DeckLine]
    problems: list[str] = field(default_factory=list)  # rows that could not be taken as given
    add_problem: str = ""  # why the card to add was not added
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
        card_id = integer_text(card)
        if quantity and card_id is not None:
            code, number = _printing(printing)
            refs.append(
                EntryRef(section=section, quantity=quantity, id=card_id, set=code, number=number)
            )
    draft = Draft(lines=[], problems=problems)
    if post.get("action") == "add" and post.get("add_name", "").strip():
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


def _add(game: Game, post: QueryDict, refs: list[EntryRef], draft: Draft, owner: Viewer) -> None:
    """Add the named card (found as the API finds names) to the chosen section."""
    quantity = _quantity(post.get("add_quantity", "1")) or 0
    if not quantity:
        draft.add_problem = f"The quantity must be a whole number from 1 to {MAX_QUANTITY}."
        return
    wanted = EntryRef(
        section=post.get("add_section", ""), quantity=quantity, name=post["add_name"].strip()
    )
    try:
        (line,) = entries_resolve(game=game, refs=[wanted], owner=owner)
    except InvalidEntries as exc:
        draft.add_problem = " ".join(problem.message for problem in exc.problems)
        return
    refs.append(EntryRef(section=line.section, quantity=quantity, id=line.card.pk))
    draft.added = True
