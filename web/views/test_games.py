"""Test games between two decks (or a table of up to five, for a game played at one): the
form, then a job page that polls its progress (htmx) and draws the result. The job's id is its
permanent link.

Jobs are created and read by the services the API uses (simulation_create, simulation_get), so
a job submitted here is the same job the API shows, and who may see it is decided the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from uuid import UUID

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from basics.clients import client_address
from basics.errors import InvalidRequest
from cards.selectors import card_pictures_named
from decks.models import Deck
from decks.sample_decks import SAMPLE_OWNER
from decks.selectors import deck_entries_for_job, deck_list_own, deck_list_public
from jobs.models import SimulationJob
from jobs.selectors import simulation_get
from jobs.services.access import simulation_cancel, simulation_may_cancel, simulation_share
from jobs.services.admission import DecksIllegal, SubmitLater
from jobs.services.test_games import simulation_create
from rulebook.core.decklist import parse_decklist
from rulebook.core.game import MAYBEBOARD
from rulebook.core.resolve import EntryRef
from rulebook.registry import GAMES
from rulebook.samples import SAMPLES as SAMPLE_DECKS
from rulebook.simulation import ENGINES, JobKind, decks_kind
from rulebook.simulation.paired import WITH
from web.figures import (
    DECK_LABELS,
    DEFAULT_SORT,
    card_chart,
    card_figures,
    deck_labels,
    difference_chart,
    length_chart,
    paired_matches_chart,
    placement_charts,
    two_sizes,
    win_rate_chart,
)
from web.forms.test_games import PASTE, TestGamesForm
from web.scratch import as_visitor

SAMPLE = "sample:"  # a sample deck's choice is "sample:<game>:<name>"
PUBLIC_DECKS_OFFERED = 100
CANCEL_KEYS = "simulation_cancel_keys"  # session key: {job id: cancel key} of anonymous jobs
CARD_COLUMNS = (
    ("name", "Card"),
    ("deck", "Deck"),
    ("played", "Times played"),
    ("games", "Games played in"),
    ("win_rate", "Win rate when played"),
)


@as_visitor()
def new(request: HttpRequest) -> HttpResponse:
    game = _chosen_game(request)
    form = TestGamesForm(
        request.POST or None,
        games=list(ENGINES),
        decks=deck_choices(request, [game]),  # the chosen game's decks only
        table_games=_table_games(),
        options=_job_options(),
        initial={"game": game, **_sample_pair(game)},
    )
    # choosing another game redraws the form with that game's decks (htmx); without
    # JavaScript the form's "Show its decks" button asks for it
    form.fields["game"].widget.attrs.update(
        {
            "hx-get": reverse("tools:test-games"),
            "hx-select": "#test-games-form",
            "hx-target": "#test-games-form",
            "hx-swap": "outerHTML",
        }
    )
    refused: list[tuple[str, dict[str, Any]]] = []
    later: SubmitLater | None = None
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        user = request.user
        sides = form.sides()
        try:
            decks = [_entries(request, data, side) for side in sides]
            job = simulation_create(
                owner=user if user.is_authenticated else None,
                game=data["game"],
                kind=decks_kind(ENGINES[data["game"]]),  # a table for a game of tables
                decks=decks,
                games=data["games"],
                seed=data["seed"],
                names=[_choice_label(form, f"deck_{side}") for side in sides],
                address=client_address(request),
                options=form.chosen_options(),
            )
        except InvalidRequest as problem:
            form.add_error(problem.field if problem.field in form.fields else None, problem.message)
        except DecksIllegal as illegal:
            refused = refused_decks(illegal, DECK_LABELS[: len(illegal.reports)])
        except SubmitLater as exc:
            later = exc
        else:
            remember_cancel_key(request, job)
            return redirect("tools:test-game", job_id=job.pk)
    context = {"form": form, "refused": refused}
    return render_form(request, "web/tools/test_games_new.html", context, later)


def _table_games() -> frozenset[str]:
    """The games played at a table of two to five decks (their engines say so): the form offers
    decks C to E for them."""
    return frozenset(slug for slug, engine in ENGINES.items() if JobKind.TABLE in engine.kinds)


def _job_options() -> dict[str, tuple[frozenset[str], tuple[str, ...]]]:
    """The engines' job options, each with the games that take it and its values (the Store)."""
    names = sorted({name for engine in ENGINES.values() for name in engine.options})
    return {
        name: (
            frozenset(slug for slug, engine in ENGINES.items() if name in engine.options),
            next(engine.options[name] for engine in ENGINES.values() if name in engine.options),
        )
        for name in names
    }


def _chosen_game(request: HttpRequest) -> str:
    """The game the form is for: as posted, or asked for (?game=), else the first with an
    engine (Neopets)."""
    asked = request.POST.get("game") or request.GET.get("game", "")
    return asked if asked in ENGINES else next(iter(ENGINES))


def _sample_pair(game: str) -> dict[str, str]:
    """The game's first two sample decks (one twice if it has one) as the form's start."""
    names = SAMPLE_DECKS[game].names() if game in SAMPLE_DECKS else []
    if not names:
        return {}
    first, second = (names * 2)[:2]
    return {"deck_a": f"{SAMPLE}{game}:{first}", "deck_b": f"{SAMPLE}{game}:{second}"}


def remember_cancel_key(request: HttpRequest, job: SimulationJob) -> None:
    """An anonymous job's cancel key goes in the submitter's session (only there): the job
    page's link may be shared, its Cancel button is the submitter's alone."""
    if job.cancel_key:
        keys = request.session.get(CANCEL_KEYS, {})
        request.session[CANCEL_KEYS] = {**keys, str(job.pk): job.cancel_key}


def _session_cancel_key(request: HttpRequest, job_id: UUID) -> str | None:
    return request.session.get(CANCEL_KEYS, {}).get(str(job_id))


@require_POST
@as_visitor()
def cancel(request: HttpRequest, job_id: UUID) -> HttpResponse:
    """Cancel the job: its owner, or the browser that submitted it anonymously."""
    found = _visible_job(request, job_id)
    if not simulation_may_cancel(job=found, cancel_key=_session_cancel_key(request, job_id)):
        raise PermissionDenied("Only whoever submitted this job may cancel it.")
    if simulation_cancel(job=found):
        messages.info(request, "The job is cancelled: games not yet played will not be.")
    else:  # it finished meanwhile, and stays as it is
        messages.info(request, f"The job had already ended ({found.status}).")
    return redirect("tools:test-game", job_id=found.pk)


def render_form(
    request: HttpRequest, template: str, context: dict[str, Any], later: SubmitLater | None
) -> HttpResponse:
    """The job's form again; when the job could not be taken for now, saying why, answered
    503 (the queue is unreachable) or 429 (too much is queued) with Retry-After, as the API
    answers."""
    if later is None:
        return render(request, template, context)
    response = render(request, template, {**context, "later": later.message}, status=later.status)
    response["Retry-After"] = str(later.retry_after)
    return response


def _choice_label(form: TestGamesForm, field: str) -> str:
    """How the form named the deck chosen in `field` ("a pasted list" for a pasted one)."""
    chosen = form.cleaned_data[field]
    if chosen == PASTE:
        return "a pasted list"
    for value, label in form.fields[field].choices:
        options = label if isinstance(label, list | tuple) else [(value, label)]
        for option, option_label in options:
            if option == chosen:
                return str(option_label)
    return chosen


@as_visitor()
def job(request: HttpRequest, job_id: UUID) -> HttpResponse:
    found = _visible_job(request, job_id)
    return render(request, "web/tools/test_game.html", _job_context(request, found))


@as_visitor()
def progress(request: HttpRequest, job_id: UUID) -> HttpResponse:
    """The job's status panel alone, polled by htmx until the job finishes."""
    found = _visible_job(request, job_id)
    return render(request, "web/tools/test_game_status.html", _job_context(request, found))


@require_POST
@as_visitor()
def share(request: HttpRequest, job_id: UUID) -> HttpResponse:
    """Its owner shares the job's result by an unguessable link, or stops sharing it."""
    found = _visible_job(request, job_id)
    if found.owner_id is None or found.owner_id != request.user.pk:
        raise Http404("No test-game job of yours has this id.")
    sharing = request.POST.get("share") == "on"
    simulation_share(job=found, sharing=sharing)
    if sharing:
        messages.success(request, "Shared: anyone with the link below can open this result.")
    else:
        messages.info(request, "No longer shared: the link finds nothing now.")
    return redirect("tools:test-game", job_id=found.pk)


def shared(request: HttpRequest, token: str) -> HttpResponse:
    """A result its owner shares, read by its link: the same page, without Cancel."""
    found = _shared_job(request, token)
    return render(request, "web/tools/test_game.html", _job_context(request, found, shared=True))


def shared_progress(request: HttpRequest, token: str) -> HttpResponse:
    found = _shared_job(request, token)
    context = _job_context(request, found, shared=True)
    return render(request, "web/tools/test_game_status.html", context)


def _shared_job(request: HttpRequest, token: str) -> SimulationJob:
    try:
        return simulation_get(user=request.user, share_token=token)
    except SimulationJob.DoesNotExist:
        raise Http404("No test-game result is shared by this link.") from None


def _visible_job(request: HttpRequest, job_id: UUID) -> SimulationJob:
    try:
        return simulation_get(user=request.user, job_id=job_id)
    except SimulationJob.DoesNotExist:
        raise Http404("No such test-game job.") from None


def _job_context(
    request: HttpRequest, found: SimulationJob, *, shared: bool = False
) -> dict[str, Any]:
    """The job page's context; `shared`: read by its share link, perhaps by someone else, who
    may not cancel it."""
    owner = found.owner_id is not None and found.owner_id == request.user.pk
    context: dict[str, Any] = {
        "job": found,
        "shared": shared,
        "owner": owner,
        "progress_url": reverse("tools:test-game-shared-progress", args=[found.share_token])
        if shared
        else reverse("tools:test-game-progress", args=[found.pk]),
        "page_url": reverse("tools:test-game-shared", args=[found.share_token])
        if shared
        else reverse("tools:test-game", args=[found.pk]),
        "may_cancel": not shared
        and not found.is_finished
        and simulation_may_cancel(job=found, cancel_key=_session_cancel_key(request, found.pk)),
        "percent": 100 * found.done // max(found.games, 1),
        "deck_names": [
            (label, frozen["name"])
            for label, frozen in zip(DECK_LABELS, found.decks, strict=False)
            if frozen.get("name")
        ],
    }
    result = found.result
    if found.status == SimulationJob.Status.DONE and result and WITH in result:
        # "Test this card": the difference, then the match with the card drawn in full.
        context.update(
            difference=result["difference"],
            difference_chart=two_sizes(difference_chart, result["difference"]),
            matches_chart=two_sizes(paired_matches_chart, result),
        )
        result = result[WITH]
    if found.status == SimulationJob.Status.DONE and result:
        sort = request.GET.get("sort", DEFAULT_SORT)
        if sort.lstrip("-") not in dict(CARD_COLUMNS):
            sort = DEFAULT_SORT
        figures = card_figures(result, sort)
        # each card's picture beside its name, where the catalogue has one the reader may see
        pictures = card_pictures_named(
            game=found.game.slug, names={row.name for row in figures}, viewer=request.user
        )
        context.update(
            result=result,
            sort=sort,
            sort_label=_sort_label(sort),
            card_rows=[(row, pictures.get(row.name)) for row in figures],
            card_columns=CARD_COLUMNS,
            opening_facts=[fact.removesuffix("_rate") for fact in result["opening_hand"][0]],
            deck_rows=list(
                zip(
                    deck_labels(result),
                    result["turn_order"],
                    result["opening_hand"],
                    strict=True,
                )
            ),
            deck_wins=list(zip(deck_labels(result), result["wins"], strict=True)),
            placement_charts=placement_charts(result) if "placements" in result else [],
            removed_rows=[
                (label, removed)
                for label, removed in zip(
                    deck_labels(result), result.get("removed", ()), strict=False
                )  # a match's result has none
                if removed["games"]
            ],
            win_chart=two_sizes(win_rate_chart, result),
            turns_chart=two_sizes(length_chart, result, "turns"),
            rounds_chart=two_sizes(length_chart, result, "rounds"),
            cards_chart=two_sizes(card_chart, figures),
        )
    return context


def _sort_label(sort: str) -> str:
    """The table's order in words: "Times played, highest first" rather than "-played"."""
    column = sort.lstrip("-")
    label = dict(CARD_COLUMNS)[column]
    if column in ("name", "deck"):
        return f"{label}, {'Z to A' if sort.startswith('-') else 'A to Z'}"
    return f"{label}, {'highest' if sort.startswith('-') else 'lowest'} first"


def _entries(request: HttpRequest, data: dict[str, Any], side: str) -> list[EntryRef]:
    """The chosen deck's entries: pasted, a sample deck, or a stored deck the user may read."""
    game, choice, field = data["game"], data[f"deck_{side}"], f"deck_{side}"
    if choice == PASTE:
        parsed = parse_decklist(data[f"text_{side}"], GAMES[game])
        if parsed.problems:
            lines = "; ".join(f"line {p.line} ({p.text!r}): {p.message}" for p in parsed.problems)
            raise InvalidRequest(f"text_{side}", f"Some lines cannot be read: {lines}")
        return parsed.entries
    return chosen_deck_entries(request, game, choice, field)


def chosen_deck_entries(request: HttpRequest, game: str, choice: str, field: str) -> list[EntryRef]:
    """A sample deck's or a stored deck's entries; InvalidRequest naming `field` if it is of
    another game or not the user's to read."""
    if choice.startswith(SAMPLE):
        sample_game, _, name = choice.removeprefix(SAMPLE).partition(":")
        if sample_game != game:
            raise InvalidRequest(field, f"that sample deck is a {GAMES[sample_game].name} deck")
        return SAMPLE_DECKS[game].entries(name)
    return deck_entries_for_job(user=request.user, game=game, deck_id=int(choice), field=field)


def _own_label(deck: Deck) -> str:
    """A deck of the user's as the menu offers it; one with nothing saved yet (its cards only
    unsaved changes in the editor) says so, since a test game plays the saved deck."""
    label = f"{deck.name} ({deck.game.name})"
    return label if deck.saved else f"{label}: nothing saved yet, save a version first"


def refused_decks(illegal: DecksIllegal, labels: Sequence[str]) -> list[tuple[str, dict[str, Any]]]:
    """Each illegal deck's report, with the deck's label, for the page that refused the job."""
    return [
        (label, report.as_dict())
        for label, report in zip(labels, illegal.reports, strict=True)
        if not report.legal
    ]


def deck_choices(
    request: HttpRequest, games: list[str] | None = None
) -> list[tuple[str, list[tuple[str, str]]]]:
    """The decks of these games (default: every game with an engine) to choose from, grouped:
    samples, the user's own, then public ones."""
    games = games or list(ENGINES)
    with_engine = {"game__slug__in": games}
    samples = [
        (f"{SAMPLE}{slug}:{name}", f"{GAMES[slug].name} sample: {name}")
        for slug in games
        if slug in SAMPLE_DECKS
        for name in SAMPLE_DECKS[slug].names()
    ]
    groups = [("Sample decks", samples)]
    user = request.user
    if user.is_authenticated:
        # a deck whose only saved cards are its maybeboard's has nothing to play
        in_deck = Count("entries", filter=~Q(entries__section=MAYBEBOARD.slug))
        own = deck_list_own(user=user).filter(**with_engine).annotate(saved=in_deck)
        groups.append(("Your decks", [(str(d.pk), _own_label(d)) for d in own]))
    # The stored copies of the sample decks are offered once, above, as samples.
    public = (
        deck_list_public(besides=user)
        .filter(**with_engine)
        .exclude(owner__username=SAMPLE_OWNER)[:PUBLIC_DECKS_OFFERED]
    )
    groups.append(
        (
            "Public decks",
            [(str(d.pk), f"{d.name} by {d.owner.get_username()} ({d.game.name})") for d in public],
        )
    )
    return [(label, choices) for label, choices in groups if choices]
