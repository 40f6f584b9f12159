"""Deck pages: new deck, text import, the deck page with its editor, text export, versions and
diffs, copying. Reads through decks.selectors, writes through decks.services, legality through
rules.services.validation: the same calls as the API's, so the site and the API agree."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import date
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from api.query import integer_text
from cards.models import Game
from decks import selectors, services
from decks.links import DeckLink
from decks.models import Deck
from decks.resolution import DeckLine, InvalidEntries
from rules.core.decklist import write_decklist
from rules.models import Format
from rules.opening_hands import HAND_RULES, opening_hand
from rules.services.validation import InvalidRequest, deck_validate
from web.charts import deck_charts
from web.deck_draft import Draft, draft_from_post

MAX_UPLOAD_BYTES = 256 * 1024


def _readable(request: HttpRequest, pk: int | DeckLink) -> Deck:
    try:
        return selectors.deck_get_readable(user=request.user, address=pk)
    except Deck.DoesNotExist:
        raise Http404("No deck with this id or link is visible to you.") from None


def _game_choices() -> list[tuple[str, str]]:
    return [(game.slug, game.name) for game in Game.objects.order_by("name")]


class NewDeckForm(forms.Form):
    game = forms.ChoiceField()
    name = forms.CharField(max_length=200)
    visibility = forms.ChoiceField(choices=Deck.Visibility.choices, initial="private")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = _game_choices()


class ImportDeckForm(NewDeckForm):
    text = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 12, "class": "mono"}),
        required=False,
        label="Decklist",
        help_text="One card a line (2 Hot Dog, 2x Hot Dog, Hot Dog x2), section headers such "
        "as Main Deck: or Spellbook:, # comments.",
    )
    file = forms.FileField(required=False, label="…or upload a text file")

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        upload = data.get("file")
        if upload:
            if upload.size > MAX_UPLOAD_BYTES:
                raise forms.ValidationError({"file": "The file is larger than 256 KB."})
            try:
                data["text"] = upload.read().decode("utf-8")
            except UnicodeDecodeError:
                raise forms.ValidationError({"file": "The file is not UTF-8 text."}) from None
        if not data.get("text", "").strip():
            raise forms.ValidationError({"text": "Paste a decklist or choose a file."})
        return data


@login_required
def deck_new(request: HttpRequest) -> HttpResponse:
    form = NewDeckForm(request.POST or None, initial={"game": request.GET.get("game")})
    if request.method == "POST" and form.is_valid():
        deck = services.deck_create(
            owner=request.user,
            game=Game.objects.get(slug=form.cleaned_data["game"]),
            name=form.cleaned_data["name"],
            lines=[],
            visibility=form.cleaned_data["visibility"],
        )
        return redirect("web:deck", pk=deck.address)
    context = {"form": form, "heading": "New deck", "submit": "Create and edit"}
    return render(request, "web/decks/new.html", context)


@login_required
def deck_import(request: HttpRequest) -> HttpResponse:
    form = ImportDeckForm(
        request.POST or None, request.FILES or None, initial={"game": request.GET.get("game")}
    )
    problems: list[str] = []
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            deck = services.deck_import(
                owner=request.user,
                game=Game.objects.get(slug=data["game"]),
                name=data["name"],
                text=data["text"],
                visibility=data["visibility"],
            )
        except services.DecklistUnreadable as exc:
            problems = [f"Line {p.line}: {p.message}" for p in exc.problems]
        except InvalidEntries as exc:
            problems = [f"Line {p.ref.line}: {p.message}" for p in exc.problems]
        else:
            messages.success(request, f"Imported {deck.name}.")
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
    """What the editor shows besides the cards: the chosen format and day, the hand's seed."""

    name: str
    visibility: str
    format: str  # a slug, "" for the game's default
    as_of: str  # YYYY-MM-DD, "" for today
    seed: int
    mulligans: int = 0

    @classmethod
    def of(cls, deck: Deck) -> EditorState:
        return cls(
            deck.name,
            deck.visibility,
            deck.format.slug if deck.format else "",
            "",
            secrets.randbelow(10**9),
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
        )
        if post.get("action") == "hand":
            state.seed, state.mulligans = secrets.randbelow(10**9), 0
        elif post.get("action") == "mulligan":
            state.mulligans += 1
        return state


def deck_page(request: HttpRequest, pk: int | DeckLink) -> HttpResponse:
    """The deck, its legality, chart and a sample hand; its owner edits it here (every change
    posts the draft and gets the editor back, drawn by the server; htmx only swaps it in)."""
    deck = _readable(request, pk)
    editable = deck.owner_id == request.user.pk
    if request.method != "POST":
        return _render_editor(
            request, deck, selectors.deck_lines(deck=deck), EditorState.of(deck), editable=editable
        )
    state = EditorState.posted(deck, request.POST)
    draft = draft_from_post(deck.game, request.POST, owner=deck.owner)
    if request.POST.get("action") == "save":
        if not editable:
            return HttpResponse("Only the deck's owner may save it; copy it instead.", status=403)
        saved = _save(request, deck, draft, state)
        if saved is not None and not request.htmx:
            return redirect("web:deck", pk=deck.address)
        deck = saved or deck
    return _render_editor(request, deck, draft.lines, state, editable=editable, draft=draft)


def _save(request: HttpRequest, deck: Deck, draft: Draft, state: EditorState) -> Deck | None:
    """Store the draft as the deck's next version; None (and a message why) if it cannot be."""
    problems = list(draft.problems)
    fmt = Format.objects.filter(game=deck.game, slug=state.format).first()
    if state.format and fmt is None:
        problems.append(f"{deck.game.name} has no format {state.format!r}.")
    if not state.name:
        problems.append("The deck needs a name.")
    if state.visibility not in Deck.Visibility.values:
        problems.append("Visibility must be private, unlisted or public.")
    if problems:
        messages.error(request, "Not saved: " + " ".join(problems))
        return None
    sections: dict[str, list[DeckLine]] = {slug: [] for slug in deck.game.spec.section_slugs}
    for line in draft.lines:
        sections[line.section].append(line)
    changes = services.DeckChanges(
        name=state.name, visibility=state.visibility, format=fmt, sections=sections
    )
    revision = integer_text(request.POST.get("revision", ""))
    try:
        deck = services.deck_update(deck=deck, expected_revision=revision, changes=changes)
    except services.DeckChanged:
        messages.error(
            request,
            "Not saved: the deck was changed elsewhere since you opened it. "
            "Reload the page to see it (your changes here are not stored).",
        )
        return None
    latest = selectors.deck_version_latest(deck=deck)
    messages.success(request, f"Saved: version {latest.number if latest else 1}.")
    return deck


def _render_editor(
    request: HttpRequest,
    deck: Deck,
    lines: list[DeckLine],
    state: EditorState,
    *,
    editable: bool,
    draft: Draft | None = None,
) -> HttpResponse:
    spec = deck.game.spec
    order = {slug: index for index, slug in enumerate(spec.section_slugs)}
    lines = sorted(lines, key=lambda line: order[line.section])
    refs = selectors.lines_as_refs(lines)
    report, report_problem = None, ""
    try:
        as_of = date.fromisoformat(state.as_of) if state.as_of else None
    except ValueError:
        as_of, report_problem = None, f"The date must be YYYY-MM-DD, not {state.as_of!r}."
    if not report_problem:
        try:
            report = deck_validate(
                game=spec.slug,
                entries=refs,
                format=state.format or None,
                as_of=as_of,
                viewer=deck.owner,
            )
        except InvalidRequest as exc:
            report_problem = f"{exc.field}: {exc.message}"
    rows = list(enumerate(lines))
    context = {
        "deck": deck,
        "spec": spec,
        "editable": editable,
        "state": state,
        "draft": draft,
        "sections": [
            {
                "section": section,
                "rows": [(i, line) for i, line in rows if line.section == section.slug],
                # the rules core's count (the legality panel's), not a second count here
                "count": report.counts.get(section.slug, 0) if report else None,
            }
            for section in spec.sections
        ],
        "report": report,
        "report_problem": report_problem,
        "charts": deck_charts(spec.slug, lines),
        "hand": _hand(spec.slug, lines, state),
        "hand_rule": HAND_RULES.get(spec.slug),
        "formats": Format.objects.filter(game=deck.game).order_by("slug"),
        "visibilities": Deck.Visibility.choices,
        "text": write_decklist(spec, refs),
        # what was typed to add stays in the box until it is added
        "draft_add_name": "" if draft is None or draft.added else request.POST.get("add_name", ""),
        "add_section": request.POST.get("add_section", ""),
    }
    template = "web/decks/editor.html" if request.htmx else "web/decks/deck.html"
    return render(request, template, context)


def _hand(game: str, lines: list[DeckLine], state: EditorState):
    rule = HAND_RULES.get(game)
    if rule is None:
        return None
    pile = [
        line.card.name
        for line in lines
        if line.section == rule.section
        for _ in range(line.quantity)
    ]
    return opening_hand(rule, pile, seed=state.seed, mulligans=state.mulligans)


def deck_export(request: HttpRequest, pk: int | DeckLink) -> HttpResponse:
    """The saved deck as a plain-text decklist (what the import reads back)."""
    deck = _readable(request, pk)
    text = write_decklist(deck.game.spec, selectors.deck_entry_refs(deck=deck))
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="deck-{deck.pk}.txt"'
    return response


def deck_versions(request: HttpRequest, pk: int | DeckLink) -> HttpResponse:
    """The deck's versions, and the diff between the two chosen (`from`, `to`)."""
    deck = _readable(request, pk)
    versions = list(selectors.deck_versions(deck=deck))
    diff, problem = None, ""
    if "from" in request.GET:
        first = integer_text(request.GET.get("from", ""))
        second = integer_text(request.GET.get("to", ""))
        try:
            if first is None or second is None:
                raise selectors.VersionNotFound("from" if first is None else "to", 0)
            diff = selectors.deck_diff(deck=deck, from_number=first, to_number=second)
        except selectors.VersionNotFound as exc:
            problem = f"Choose two versions from 1 to {len(versions)} ({exc.field} is not one)."
    names = {section.slug: section.name for section in deck.game.spec.sections}
    changes = [
        {"name": names.get(slug, slug), **change}
        for slug, change in (diff or {}).get("sections", {}).items()
    ]
    context = {
        "deck": deck,
        "versions": versions,
        "diff": diff,
        "changes": changes,
        "problem": problem,
    }
    return render(request, "web/decks/versions.html", context, status=400 if problem else 200)


@login_required
@require_POST
def deck_copy(request: HttpRequest, pk: int | DeckLink) -> HttpResponse:
    """A private copy of a deck the user can read, owned by them."""
    deck = _readable(request, pk)
    copy = services.deck_create(
        owner=request.user,
        game=deck.game,
        name=f"{deck.name} (copy)"[:200],
        lines=selectors.deck_lines(deck=deck),
        format=deck.format,
        description=deck.description,
    )
    messages.success(request, f"Copied into your decks as {copy.name}.")
    return redirect("web:deck", pk=copy.address)
