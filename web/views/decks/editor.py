"""Deck pages: new deck, text import, the deck page with its editor, text export, versions and
diffs, copying. Reads through decks.selectors, writes through decks.services, legality through
rules.services.validation: the same calls as the API's, so the site and the API agree."""

from __future__ import annotations

import re
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.contrib import messages
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.defaultfilters import pluralize
from django.utils.http import content_disposition_header
from django.views.decorators.http import require_POST

from basics.ids import MAX_ID, integer_text
from cards.models import Game, Viewer
from cards.selectors import card_pictures_named, cards_given_image_urls
from cards.services.user_cards import UserCardRefused
from decks import selectors, services
from decks.collection import deck_missing
from decks.diff import DIFF_KINDS, diff_parts
from decks.links import DeckLink
from decks.models import Deck, DeckDraft
from decks.resolution import DeckLine, InvalidEntries
from decks.user_cards import own_private_cards_share
from rulebook.core.decklist import write_decklist
from rulebook.core.game import MAYBEBOARD
from rulebook.opening_hands import HandRule, opening_hand
from rulebook.registry import HAND_RULES, RULESETS
from rulebook.simulation import engine_for
from rules.models import Format
from web.charts import deck_charts
from web.deck_conflict import changes_since
from web.deck_draft import (
    DECK_FIELDS,
    Draft,
    draft_form,
    draft_from_post,
    drawn_lines,
    form_as_post,
    lines_changed,
    merged_lines,
)
from web.forms.decks import ImportDeckForm, NewDeckForm
from web.markdown import markdown_html
from web.scratch import as_visitor

from .import_readout import readout_keep, readout_rows, readout_take


def readable_deck(request: HttpRequest, pk: int | DeckLink) -> Deck:
    """The deck at this address if the requesting user may read it; 404 otherwise."""
    try:
        return selectors.deck_get_readable(user=request.user, address=pk)
    except Deck.DoesNotExist:
        raise Http404("No deck with this id or link is visible to you.") from None


@as_visitor(create=True)
def deck_new(request: HttpRequest) -> HttpResponse:
    """A new deck; a visitor without an account gets a scratch deck (web.scratch)."""
    form = NewDeckForm(request.POST or None, initial={"game": request.GET.get("game")})
    if request.method == "POST" and form.is_valid():
        deck = services.deck_create(
            owner=request.user,
            game=Game.objects.get(slug=form.cleaned_data["game"]),
            name=form.cleaned_data["name"],
            lines=[],
            visibility=_visibility(request, form.cleaned_data["visibility"]),
        )
        return redirect("web:deck", pk=deck.address)
    context = {"form": form, "heading": "New deck", "submit": "Create and edit"}
    return render(request, "web/decks/new.html", context)


def _visibility(request: HttpRequest, chosen: str) -> str:
    """A scratch deck stays private: it is shared once its visitor has an account."""
    return Deck.Visibility.PRIVATE if getattr(request, "scratch", False) else chosen


def _import_text(
    request: HttpRequest, data: dict[str, Any]
) -> tuple[Deck | None, list[str], dict[int, str], str]:
    """The deck the text makes, its problems ("line 3: …"), the lines left out (number: why)
    and the text imported. With `leave_out`, the lines it cannot read or resolve are blanked
    (so the others keep their numbers) and the rest is imported; without it, no deck is made."""
    lines = data["text"].splitlines()
    problems: list[str] = []
    left_out: dict[int, str] = {}
    while True:
        try:
            deck = services.deck_import(
                owner=request.user,
                game=Game.objects.get(slug=data["game"]),
                name=data["name"],
                text="\n".join(lines),
                visibility=_visibility(request, data["visibility"]),
            )
        except (services.DecklistUnreadable, InvalidEntries) as exc:
            found = numbered_problems(exc)
            problems += [f"line {number}: {message}" for number, message in found]
            left_out.update((number, message) for number, message in found if number)
            numbers = {number for number, _ in found if number}
            if not data["leave_out"] or not numbers:
                return None, problems, left_out, ""
            lines = ["" if n in numbers else line for n, line in enumerate(lines, start=1)]
        else:
            return deck, problems, left_out, "\n".join(lines)


def numbered_problems(
    exc: services.DecklistUnreadable | InvalidEntries,
) -> list[tuple[int | None, str]]:
    if isinstance(exc, services.DecklistUnreadable):
        return [(p.line, p.message) for p in exc.problems]
    return [(p.ref.line, p.message) for p in exc.problems]


@as_visitor(create=True)
def deck_import(request: HttpRequest) -> HttpResponse:
    form = ImportDeckForm(
        request.POST or None, request.FILES or None, initial={"game": request.GET.get("game")}
    )
    problems: list[str] = []
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        deck, problems, left_out, imported = _import_text(request, data)
        if deck is not None:
            messages.success(request, f"Imported {deck.name}.")
            for problem in problems:
                messages.warning(request, f"Left out {problem}")
            rows = readout_rows(deck.game.spec, data["text"], imported, left_out)
            readout_keep(request, deck, rows)
            return redirect("web:deck", pk=deck.address)
    status = 400 if problems or form.errors else 200
    context = {
        "form": form,
        "problems": problems,
        "heading": "Import a deck from text",
        "submit": "Import",
    }
    return render(request, "web/decks/import.html", context, status=status)


@dataclass
class EditorState:
    """What the editor shows besides the cards: the chosen format and day, the hand's seed,
    and the revision and version the page started from (what its save is checked against:
    every redraw carries them on, so another tab's save is never taken for this page's)."""

    name: str
    visibility: str
    format: str  # a slug, "" for the game's default
    as_of: str  # YYYY-MM-DD, "" for today
    seed: int
    mulligans: int = 0
    revision: int = 0  # 0: unknown, which no deck has, so a save without it is refused
    version: int | None = None
    # the kept draft's revision the page started from (None: the page showed no draft); a
    # change to the draft is checked against it, as a save is against `revision`
    draft_revision: int | None = None

    @classmethod
    def of(cls, deck: Deck) -> EditorState:
        return cls(
            deck.name,
            deck.visibility,
            deck.format.slug if deck.format else "",
            "",
            secrets.randbelow(10**9),
            revision=deck.revision,
            version=selectors.deck_latest_version_number(deck=deck),
        )

    @classmethod
    def posted(cls, deck: Deck, post: Any) -> EditorState:
        seed = integer_text(post.get("seed", ""))
        state = cls(
            name=post.get("name", deck.name).strip()[:200],
            visibility=post.get("visibility", deck.visibility),
            format=post.get("format", ""),
            as_of=post.get("as_of", "").strip(),
            seed=seed if seed is not None and seed >= 0 else secrets.randbelow(10**9),
            mulligans=max(0, integer_text(post.get("mulligans", "0")) or 0),
            revision=stored_number(post.get("revision", "")) or 0,
            version=stored_number(post.get("version", "")),
            draft_revision=stored_number(post.get("draft_revision", "")),
        )
        if post.get("action") == "hand":
            state.seed, state.mulligans = secrets.randbelow(10**9), 0
        elif post.get("action") == "mulligan":
            state.mulligans += 1
        return state

    def saved(self, deck: Deck) -> None:
        """The page now starts from the deck as just saved."""
        self.revision = deck.revision
        self.version = selectors.deck_latest_version_number(deck=deck)


def stored_number(text: str) -> int | None:
    """A posted revision or version number, if a database could hold it: one past that is no
    deck's (a page posting it started from nothing there is), not a 500 on SQLite."""
    number = integer_text(text)
    return number if number is not None and 0 <= number <= MAX_ID else None


@as_visitor()
def deck_page(request: HttpRequest, pk: int | DeckLink) -> HttpResponse:
    """The deck, its legality, chart and a sample hand; its owner edits it here (every change
    posts the draft and gets the editor back, drawn by the server; htmx only swaps it in).

    Only the owner's posts are read as a draft, with the owner's cards; anyone else's post
    (another format, a new hand) redraws the stored deck, so no posted card id is ever
    resolved on another user's behalf."""
    deck = readable_deck(request, pk)
    editable = deck.owner_id == request.user.pk
    kept = selectors.deck_draft_get(deck=deck, owner=request.user) if editable else None
    if request.method != "POST":
        if kept is None:
            state = EditorState.of(deck)
            return _render_editor(request, deck, STORED, state, editable=editable)
        post = form_as_post(kept.form)  # the changes left unsaved last time, restored
        draft = draft_from_post(deck.game, post, owner=request.user)
        state = EditorState.posted(deck, post)
        state.draft_revision = kept.draft_revision
        return _render_editor(
            request, deck, draft.lines, state, editable=True, draft=draft, kept=kept
        )
    state = EditorState.posted(deck, request.POST)
    action = request.POST.get("action")
    if not editable:
        if action in (SAVE, OVERWRITE):
            return HttpResponse("Only the deck's owner may save it; copy it instead.", status=403)
        return _render_editor(request, deck, STORED, state, editable=False)
    if action == DISCARD:
        try:
            services.deck_draft_discard(
                deck=deck, owner=request.user, expected_draft_revision=state.draft_revision
            )
        except services.DraftChanged as changed:  # another tab changed it: show it, keep it
            return _render_kept_draft(request, deck, changed.current)
        if not request.htmx:
            return redirect("web:deck", pk=deck.address)
        state = EditorState.of(deck)
        return _render_editor(request, deck, STORED, state, editable=True)
    draft = draft_from_post(deck.game, request.POST, owner=request.user)
    conflict: list[str] = []
    if action in (SAVE, OVERWRITE):
        saved = _save(request, deck, draft, state, conflict)
        if saved is not None:
            _forget_saved_draft(request, saved, state)
            if not request.htmx:
                return redirect("web:deck", pk=saved.address)
            return _render_editor(request, saved, draft.lines, state, editable=True, draft=draft)
    kept, other_tab = _keep_draft(request, deck, draft, state)
    return _render_editor(
        request,
        deck,
        draft.lines,
        state,
        editable=True,
        draft=draft,
        conflict=conflict,
        kept=kept,
        other_tab=other_tab,
    )


# How often a change is merged with another tab's before giving up (each tab's change is a
# request; two tabs racing more than this is not a person editing).
MERGE_ATTEMPTS = 5


def _keep_draft(
    request: HttpRequest, deck: Deck, draft: Draft, state: EditorState
) -> tuple[DeckDraft | None, list[str]]:
    """Keep the owner's changes server-side while they differ from the saved deck (so closing
    the tab loses nothing); forget them once they no longer do. Checked against the draft
    revision the page started from: if another tab changed the draft meanwhile, its changes
    are merged into this page's (`draft` and `state` become the merge) and said, one line
    each, in the list returned beside the kept draft."""
    other_tab: list[str] = []
    for _ in range(MERGE_ATTEMPTS):
        try:
            if _unchanged(request, deck, draft.lines, state):
                services.deck_draft_discard(
                    deck=deck, owner=request.user, expected_draft_revision=state.draft_revision
                )
                state.draft_revision = None
                return None, other_tab
            kept = services.deck_draft_keep(
                deck=deck,
                owner=request.user,
                form=draft_form(draft.lines, _state_post(request.POST, state)),
                revision=state.revision,
                expected_draft_revision=state.draft_revision,
            )
        except services.DraftChanged as changed:
            other_tab = _merge_other_tab(request, deck, draft, state, changed.current)
        else:
            state.draft_revision = kept.draft_revision
            return kept, other_tab
    messages.error(request, "Not kept: another tab keeps changing this draft; reload the page.")
    return selectors.deck_draft_get(deck=deck, owner=request.user), other_tab


def _unchanged(request: HttpRequest, deck: Deck, lines: list[DeckLine], state: EditorState) -> bool:
    saved_format = deck.format.slug if deck.format else ""
    return selectors.deck_lines_same(deck=deck, owner=request.user, lines=lines) and (
        state.name,
        state.visibility,
        state.format,
    ) == (deck.name, deck.visibility, saved_format)


def _state_post(post: Any, state: EditorState) -> Any:
    """The post with the state's deck fields and revision (a merge may have changed them)."""
    post = post.copy()
    for name in DECK_FIELDS:
        post[name] = getattr(state, name)
    post["revision"] = str(state.revision)
    return post


def _merge_other_tab(
    request: HttpRequest, deck: Deck, draft: Draft, state: EditorState, current: DeckDraft | None
) -> list[str]:
    """Merge the draft another tab kept (`current`) into this page's change: its changes since
    this page was drawn are added to this page's. `draft` and `state` become the merge; what
    the other tab changed is returned in words."""
    if current is None:  # it was saved or discarded meanwhile: this page starts a new draft
        state.draft_revision = None
        return []
    theirs_post = form_as_post(current.form)
    theirs = draft_from_post(deck.game, theirs_post, owner=request.user).lines
    base = drawn_lines(deck.game, request.POST, owner=request.user)
    said = lines_changed(base, theirs, deck.game.spec.section_names)
    saved = {
        "name": deck.name,
        "visibility": deck.visibility,
        "format": deck.format.slug if deck.format else "",
    }
    for name in DECK_FIELDS:
        their_value = theirs_post.get(name, saved[name])
        if getattr(state, name) == saved[name] and their_value != saved[name]:
            setattr(state, name, their_value)  # this page left it; the other tab changed it
            said.append(f"{name.capitalize()}: {saved[name] or 'default'} → {their_value}")
    draft.lines = merged_lines(base, draft.lines, theirs)
    # the older start of the two: a save is then refused if the deck was saved since either
    state.revision = min(state.revision, current.revision)
    state.draft_revision = current.draft_revision
    return said or ["Its changes were the same as this page's."]


def _forget_saved_draft(request: HttpRequest, deck: Deck, state: EditorState) -> None:
    """The draft is saved: forget it, unless another tab changed it since this page started
    from it (those changes are not in this version, and stay kept)."""
    try:
        services.deck_draft_discard(
            deck=deck, owner=request.user, expected_draft_revision=state.draft_revision
        )
    except services.DraftChanged:
        messages.warning(
            request,
            "Another tab has unsaved changes to this deck that are not in this version; they "
            "are still kept: open the deck again to see them.",
        )
    state.draft_revision = None


def _render_kept_draft(request: HttpRequest, deck: Deck, kept: DeckDraft | None) -> HttpResponse:
    """Not discarded: the draft as another tab left it, said so."""
    if kept is None:
        return redirect("web:deck", pk=deck.address)
    messages.error(
        request,
        "Not discarded: another tab changed these unsaved changes since this page was drawn. "
        "Here they are now; discard them again to throw them all away.",
    )
    post = form_as_post(kept.form)
    draft = draft_from_post(deck.game, post, owner=request.user)
    state = EditorState.posted(deck, post)
    state.draft_revision = kept.draft_revision
    return _render_editor(request, deck, draft.lines, state, editable=True, draft=draft, kept=kept)


SAVE, OVERWRITE, DISCARD = "save", "overwrite", "discard"


def _save(
    request: HttpRequest, deck: Deck, draft: Draft, state: EditorState, conflict: list[str]
) -> Deck | None:
    """Store the draft as the deck's next version, checked against the revision the page
    started from; None (and a message why) if it cannot be, with what changed meanwhile added
    to `conflict` when another save got there first."""
    problems = list(draft.problems)
    fmt = Format.objects.filter(game=deck.game, slug=state.format).first()
    if state.format and fmt is None:
        problems.append(f"{deck.game.name} has no format {state.format!r}.")
    if not state.name:
        problems.append("The deck needs a name.")
    if getattr(request, "scratch", False) and state.visibility != Deck.Visibility.PRIVATE:
        problems.append("A scratch deck stays private: sign up to share it.")
    if state.visibility not in Deck.Visibility.values:
        problems.append("Visibility must be private, unlisted or public.")
    if problems:
        messages.error(request, "Not saved: " + " ".join(problems))
        return None
    changes = services.DeckChanges(
        name=state.name,
        visibility=state.visibility,
        format=fmt,
        sections=services.whole_deck(deck.game, draft.lines),
    )
    # "Save mine over it" (after a conflict) names the revision the user was shown.
    overwrite = request.POST.get("action") == OVERWRITE
    revision = integer_text(request.POST.get("current_revision", "")) if overwrite else None
    try:
        with transaction.atomic():
            if request.POST.get("share_cards") and state.visibility != Deck.Visibility.PRIVATE:
                own_private_cards_share(lines=draft.lines, owner=request.user)
            deck = services.deck_update(
                deck=deck, expected_revision=revision or state.revision, changes=changes
            )
    except services.DeckChanged:
        deck.refresh_from_db()
        conflict += changes_since(deck=deck, version=state.version, viewer=request.user)
        messages.error(
            request,
            "Not saved: the deck was saved elsewhere (another tab or device) since this page "
            "was opened. Your changes are still here; see what changed below.",
        )
        return None
    except UserCardRefused as refused:
        messages.error(request, f"Not saved: {refused.message}")
        return None
    state.saved(deck)
    messages.success(request, f"Saved: version {state.version or 1}.")
    return deck


STORED = None  # the editor over the deck as saved, not a draft


def _render_editor(
    request: HttpRequest,
    deck: Deck,
    draft_lines: list[DeckLine] | None,
    state: EditorState,
    *,
    editable: bool,
    draft: Draft | None = None,
    conflict: list[str] | None = None,
    kept: DeckDraft | None = None,
    other_tab: list[str] | None = None,
) -> HttpResponse:
    """The editor over `draft_lines` (the owner's draft) or the stored deck (STORED), judged
    as the owner sees them and shown as the reader may see them (decks.selectors.deck_shown)."""
    spec = deck.game.spec
    report_problem = ""
    try:
        as_of = date.fromisoformat(state.as_of) if state.as_of else None
    except ValueError:
        as_of, report_problem = None, f"The date must be YYYY-MM-DD, not {state.as_of!r}."
    shown = selectors.deck_shown(
        deck=deck,
        viewer=request.user,
        draft=draft_lines,
        judge=not report_problem,
        format=state.format or None,
        as_of=as_of,
    )
    report = shown.report
    if shown.invalid is not None:
        report_problem = f"{shown.invalid.field}: {shown.invalid.message}"
    own_private = shown.own_private if editable else []
    order = {slug: index for index, slug in enumerate((*spec.section_slugs, MAYBEBOARD.slug))}
    # each section grouped by card type, as deckbuilders read a list; names in order within.
    # Sorted as the reader sees the cards: a private card's place would tell its type and name.
    # The maybeboard's rows come last, so every row's index is its place in the posted form.
    lines = sorted(
        [*shown.lines, *shown.maybeboard],
        key=lambda line: (order[line.section], line.card.type, line.card.name.casefold()),
    )
    refs = selectors.lines_as_refs(lines)
    cards_given_image_urls([line.card for line in lines])  # the picture beside each name
    rows = list(enumerate(lines))
    maybe_rows = _rows_by_type([row for row in rows if row[1].section == MAYBEBOARD.slug])
    home = RULESETS[spec.slug].home_section
    by_slug = {section.slug: section for section in spec.sections}
    for row in maybe_rows:  # its one-click way back into the deck
        row["home"] = by_slug[home(row["line"].card.type)]
    formats = list(Format.objects.filter(game=deck.game).order_by("slug"))
    sections = [
        {
            "section": section,
            "rows": _rows_by_type([row for row in rows if row[1].section == section.slug]),
            # the rules core's count (the legality panel's), not a second count here
            "count": report.counts.get(section.slug, 0) if report else None,
        }
        for section in spec.sections
    ]
    # the cards considered, not in the deck: shown after it, never counted or charted
    maybeboard = {
        "section": MAYBEBOARD,
        "rows": maybe_rows,
        "count": sum(line.quantity for line in shown.maybeboard),
        "maybe": True,
    }
    context = {
        "deck": deck,
        "spec": spec,
        "editable": editable,
        "state": state,
        "draft": draft,
        "sections": sections,
        "groups": [*sections, maybeboard],
        "all_sections": (*spec.sections, MAYBEBOARD),  # where a row may be put
        "report": report,
        "report_problem": report_problem,
        # a private card has no stats to chart (not "cost 0")
        "charts": deck_charts(spec.slug, [line for line in shown.lines if not line.private]),
        "hand": _hand(spec.slug, shown.lines, state),
        "hand_rule": HAND_RULES.get(spec.slug),
        "plays": engine_for(spec.slug) is not None,  # the deck doctor's "Suggest swaps"
        "formats": formats,
        "default_format": next((f for f in formats if f.is_default), None),
        "visibilities": Deck.Visibility.choices,
        "text": write_decklist(
            spec, selectors.refs_for_text(game=deck.game, refs=refs, viewer=request.user)
        ),
        # what was typed to add stays in the box until it is added
        "draft_add_name": "" if draft is None or draft.added else request.POST.get("add_name", ""),
        "add_section": request.POST.get("add_section", ""),
        "conflict": conflict or [],
        # what another tab changed in the draft meanwhile, now merged into this page's
        "other_tab": other_tab or [],
        # unsaved changes kept server-side; restored when the page is opened again
        "kept": kept,
        "restored": kept is not None and request.method != "POST",
        "own_private": own_private,
    }
    if not request.htmx:  # the whole page: the deck's description, tags and likes too
        context.update(_deck_extras(request, deck))
    template = "web/decks/editor.html" if request.htmx else "web/decks/deck.html"
    return render(request, template, context)


def _rows_by_type(rows: list[tuple[int, DeckLine]]) -> list[dict[str, Any]]:
    """A section's rows, the first of each card type carrying its heading ("Food (7)")."""
    copies: dict[str, int] = {}
    for _, line in rows:
        copies[line.card.type] = copies.get(line.card.type, 0) + line.quantity
    shown, previous = [], None
    for index, line in rows:
        kind = line.card.type
        heading = f"{kind} ({copies[kind]})" if kind != previous else ""
        shown.append({"index": index, "line": line, "heading": heading})
        previous = line.card.type
    return shown


def _deck_extras(request: HttpRequest, deck: Deck) -> dict[str, Any]:
    return {
        "primer": markdown_html(deck.description) if deck.description.strip() else "",
        "tags": list(deck.tags.values_list("name", flat=True)),
        "like_count": deck.likes.count(),
        "liked": selectors.deck_liked_by(deck=deck, user=request.user),
        "import_readout": readout_take(request, deck),
        # what the reader lacks of it against their own collection (none for a visitor)
        **_missing(request, deck),
    }


def _missing(request: HttpRequest, deck: Deck) -> dict[str, Any]:
    """What the reader lacks of the deck, each card with its picture, if the catalogue has it."""
    if not request.user.is_authenticated or getattr(request, "scratch", False):
        return {"missing": None}
    missing = deck_missing(deck=deck, viewer=request.user)
    pictures = card_pictures_named(
        game=deck.game.slug, names={card.name for card in missing.lacking}, viewer=request.user
    )
    return {
        "missing": missing,
        "missing_rows": [(card, pictures.get(card.name)) for card in missing.lacking],
    }


def _hand(game: str, lines: list[DeckLine], state: EditorState):
    rule = HAND_RULES.get(game)
    if rule is None:
        return None
    return opening_hand(rule, hand_pile(rule, lines), seed=state.seed, mulligans=state.mulligans)


def hand_pile(rule: HandRule, lines: Sequence[DeckLine]) -> list[str]:
    """The cards a hand is dealt from (one name per copy): the lines of the rule's section."""
    return [
        line.card.name
        for line in lines
        if line.section == rule.section
        for _ in range(line.quantity)
    ]


def saved_text(request: HttpRequest, deck: Deck) -> str:
    """The saved deck, its maybeboard last, as a plain-text decklist (what the import reads
    back), as the requesting user may read it."""
    refs = selectors.deck_entry_refs(deck=deck, viewer=request.user, maybeboard=True)
    refs = selectors.refs_for_text(game=deck.game, refs=refs, viewer=request.user)
    return write_decklist(deck.game.spec, refs)


@as_visitor()
def deck_export(request: HttpRequest, pk: int | DeckLink) -> HttpResponse:
    """The saved deck as a plain-text decklist (what the import reads back)."""
    deck = readable_deck(request, pk)
    text = saved_text(request, deck)
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = content_disposition_header(False, _file_name(deck))
    return response


def _file_name(deck: Deck) -> str:
    """The deck's name as a file name ("Kau Rush.txt"), without what a file system refuses."""
    name = re.sub(r'[\\/:*?"<>|\x00-\x1f]+', " ", deck.name).strip(" .")
    return f"{name or 'deck'}.txt"


def diff_changes(spec, diff: dict[str, Any] | None, viewer: Viewer) -> list[dict[str, Any]]:
    """A diff's sections in the game's order and names, the maybeboard last, for
    web/decks/diff_sections.html; each entry with the `picture` of its card, when the catalogue
    has one the viewer may see (None otherwise)."""
    if diff is None:
        return []
    parts = diff_parts(diff)
    entries = [entry for _, change in parts for kind in DIFF_KINDS for entry in change[kind]]
    names = {entry.get("name", "") for entry in entries}
    pictures = card_pictures_named(game=spec.slug, names=names - {""}, viewer=viewer)

    def pictured(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [{**entry, "picture": pictures.get(entry.get("name", ""))} for entry in entries]

    return [
        {
            "name": spec.section_names.get(slug, slug),
            **{kind: pictured(change[kind]) for kind in DIFF_KINDS},
        }
        for slug, change in parts
    ]


def owned_deck(request: HttpRequest, pk: int | DeckLink) -> Deck:
    """The deck at this address if the requesting user owns it; 404 otherwise (another user
    learns no more than that no deck of theirs is there)."""
    deck = readable_deck(request, pk)
    if deck.owner_id != request.user.pk:
        raise Http404("No deck of yours has this id or link.")
    return deck


@as_visitor()
def deck_versions(request: HttpRequest, pk: int | DeckLink) -> HttpResponse:
    """The deck's versions, and the diff between the two chosen (`from`, `to`)."""
    deck = readable_deck(request, pk)
    versions = selectors.deck_versions(deck=deck, viewer=request.user)
    diff, problem = None, ""
    if "from" in request.GET:
        first = integer_text(request.GET.get("from", ""))
        second = integer_text(request.GET.get("to", ""))
        try:
            if first is None or second is None:
                raise selectors.VersionNotFound("from" if first is None else "to", 0)
            diff = selectors.deck_diff(
                deck=deck, from_number=first, to_number=second, viewer=request.user
            )
        except selectors.VersionNotFound as exc:
            problem = f"Choose two versions from 1 to {len(versions)} ({exc.field} is not one)."
    context = {
        "deck": deck,
        "versions": versions,
        "diff": diff,
        "changes": diff_changes(deck.game.spec, diff, request.user),
        "problem": problem,
        "editable": deck.owner_id == request.user.pk,
    }
    return render(request, "web/decks/versions.html", context, status=400 if problem else 200)


@require_POST
@as_visitor(create=True)
def deck_copy(request: HttpRequest, pk: int | DeckLink) -> HttpResponse:
    """A private copy of a deck the user can read, owned by them: the cards they may use. A
    private card of the deck's author is left out, and the message says how many were. A
    visitor without an account gets the copy as a scratch deck."""
    copy, left_out = services.deck_copy(deck=readable_deck(request, pk), owner=request.user)
    if left_out:
        copies = sum(line.quantity for line in left_out)
        messages.warning(
            request,
            f"Copied into your decks as {copy.name}, without {len(left_out)} private "
            f"card{pluralize(len(left_out))} ({copies} cop{pluralize(copies, 'y,ies')}) that "
            "their author has not shared.",
        )
    else:
        messages.success(request, f"Copied into your decks as {copy.name}.")
    return redirect("web:deck", pk=copy.address)
