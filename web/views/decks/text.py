"""A deck edited as text (issue 40, item 2): the whole deck, its maybeboard too, in the decklist
format the import reads, saved as the deck's next version (never a new deck, as an import is).

A save is previewed first: how each line was read (the import's readout) and what it changes
from the latest version, per section. It is checked against the revision the page started
from, as the editor's save is: if the deck was saved elsewhere since, nothing is written, what
changed is said (web.deck_conflict) and "Save mine over it" saves this text over it."""

from __future__ import annotations

import hashlib
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from basics.ids import integer_text
from decks import selectors, services
from decks.links import DeckLink
from decks.models import Deck
from decks.resolution import DeckLine, InvalidEntries
from web.deck_conflict import changes_since
from web.forms.decks import DeckTextForm
from web.scratch import as_visitor

from .editor import (
    OVERWRITE,
    SAVE,
    diff_changes,
    numbered_problems,
    owned_deck,
    saved_text,
    stored_number,
)
from .import_readout import readout_rows

PREVIEW = "preview"


@as_visitor()
def deck_text(request: HttpRequest, pk: int | DeckLink) -> HttpResponse:
    """The deck's owner edits it as text: GET shows the saved deck; Preview reads the text
    and shows the changes; Save (only of the text previewed) stores it as the next version."""
    deck = owned_deck(request, pk)
    if request.method != "POST":
        form = DeckTextForm(initial={"text": saved_text(request, deck)})
        started = (deck.revision, selectors.deck_latest_version_number(deck=deck))
        return _render(request, deck, form, started)
    form = DeckTextForm(request.POST)
    started = (
        stored_number(request.POST.get("revision", "")) or 0,
        stored_number(request.POST.get("version", "")),
    )
    if not form.is_valid():
        return _render(request, deck, form, started, status=400)
    text = form.cleaned_data["text"]
    try:
        lines = services.decklist_lines(game=deck.game, text=text, owner=request.user)
    except (services.DecklistUnreadable, InvalidEntries) as exc:
        left_out = {number: why for number, why in numbered_problems(exc) if number}
        messages.error(request, "Not saved: some lines cannot be read; see how below.")
        rows = readout_rows(deck.game.spec, text, text, left_out)
        return _render(request, deck, form, started, readout=rows, status=400)
    action = request.POST.get("action")
    conflict: list[str] = []
    if action in (SAVE, OVERWRITE):
        if request.POST.get("previewed") != _digest(text):
            messages.warning(request, "The text changed since its preview: check it, then save.")
        else:
            saved = _save(request, deck, lines, started, conflict)
            if saved is not None:
                return redirect("web:deck", pk=saved.address)
    diff = selectors.deck_diff_unsaved(deck=deck, lines=lines, viewer=request.user)
    return _render(
        request,
        deck,
        form,
        started,
        readout=readout_rows(deck.game.spec, text, text, {}),
        diff=diff,
        previewed=_digest(text),
        conflict=conflict,
    )


def _digest(text: str) -> str:
    """What a save names as the text it previewed: a text changed since is previewed again."""
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def _save(
    request: HttpRequest,
    deck: Deck,
    lines: list[DeckLine],
    started: tuple[int, int | None],
    conflict: list[str],
) -> Deck | None:
    """Store the lines as the whole deck, checked against the revision the page started from
    (or, with "Save mine over it", the one its conflict showed); None and `conflict` filled
    when another save got there first."""
    revision, version = started
    if request.POST.get("action") == OVERWRITE:
        revision = integer_text(request.POST.get("current_revision", "")) or revision
    changes = services.DeckChanges(sections=services.whole_deck(deck.game, lines))
    try:
        saved = services.deck_update(deck=deck, expected_revision=revision, changes=changes)
    except services.DeckChanged:
        deck.refresh_from_db()
        conflict += changes_since(deck=deck, version=version, viewer=request.user)
        messages.error(
            request,
            "Not saved: the deck was saved elsewhere (another tab or device) since this page "
            "was opened. Your text is still here; see what changed below.",
        )
        return None
    number = selectors.deck_latest_version_number(deck=saved)
    if saved.revision == revision:
        messages.info(request, "Nothing to save: the text holds the deck as it is.")
    else:
        messages.success(request, f"Saved from text: version {number}.")
    return saved


def _render(
    request: HttpRequest,
    deck: Deck,
    form: DeckTextForm,
    started: tuple[int, int | None],
    *,
    readout: list[dict[str, Any]] | None = None,
    diff: dict[str, Any] | None = None,
    previewed: str = "",
    conflict: list[str] | None = None,
    status: int = 200,
) -> HttpResponse:
    changes = diff_changes(deck.game.spec, diff, request.user)
    latest = selectors.deck_latest_version_number(deck=deck)
    context = {
        "deck": deck,
        "form": form,
        "revision": started[0],
        "version": started[1],
        "next_version": (latest or 0) + 1,
        "import_readout": readout or [],
        "readout_of": "your text",
        "diff": diff,
        "changes": changes,
        "changed": any(c["added"] or c["removed"] or c["changed"] for c in changes)
        or bool(diff and ("name" in diff or "format" in diff)),
        "previewed": previewed,
        "conflict": conflict or [],
        # the editor's unsaved changes are not in this text (the saved deck's)
        "kept": selectors.deck_draft_get(deck=deck, owner=request.user),
    }
    return render(request, "web/decks/text.html", context, status=status)
