"""Test games between two decks: the form, then a job page that polls its progress (htmx) and
draws the result. The job's id is its permanent link.

Jobs are created and read by the services the API uses (simulation_create, simulation_get), so
a job submitted here is the same job the API shows, and who may see it is decided the same way.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.contrib.auth.models import AnonymousUser
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from decks.models import Deck
from decks.selectors import deck_list
from rules.core.decklist import parse_decklist
from rules.core.resolve import EntryRef
from rules.models import SimulationJob
from rules.neopets.sample_decks import sample_deck_entries, sample_deck_names
from rules.registry import GAMES
from rules.services.errors import InvalidRequest
from rules.services.simulations import (
    DecksIllegal,
    simulation_create,
    simulation_get,
    stored_deck_entries,
)
from rules.simulation import ENGINES

from ..figures import (
    DECK_LABELS,
    DEFAULT_SORT,
    card_chart,
    card_figures,
    length_chart,
    win_rate_chart,
)
from ..forms import PASTE, TestGamesForm

SAMPLE = "sample:"
SAMPLE_GAME = "neopets"  # the game whose sample decks ship with Deckwarden
PUBLIC_DECKS_OFFERED = 100
CARD_COLUMNS = (
    ("name", "Card"),
    ("deck", "Deck"),
    ("played", "Times played"),
    ("games", "Games played in"),
    ("win_rate", "Win rate when played"),
)


def new(request: HttpRequest) -> HttpResponse:
    form = TestGamesForm(
        request.POST or None,
        games=list(ENGINES),
        decks=_deck_choices(request),
        initial={"deck_a": f"{SAMPLE}strong", "deck_b": f"{SAMPLE}weak"},  # one click to try
    )
    reports: list[dict[str, Any]] = []
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        user = request.user
        try:
            decks = [_entries(request, data, side) for side in ("a", "b")]
            job = simulation_create(
                owner=user if user.is_authenticated else None,
                game=data["game"],
                decks=decks,
                games=data["games"],
                seed=data["seed"],
            )
        except InvalidRequest as problem:
            form.add_error(problem.field if problem.field in form.fields else None, problem.message)
        except DecksIllegal as illegal:
            reports = [report.as_dict() for report in illegal.reports]
        else:
            return redirect("tools:test-game", job_id=job.pk)
    return render(request, "tools/test_games_new.html", {"form": form, "reports": reports})


def job(request: HttpRequest, job_id: UUID) -> HttpResponse:
    return render(request, "tools/test_game.html", _job_context(request, job_id))


def progress(request: HttpRequest, job_id: UUID) -> HttpResponse:
    """The job's status panel alone, polled by htmx until the job finishes."""
    return render(request, "tools/test_game_status.html", _job_context(request, job_id))


def _job_context(request: HttpRequest, job_id: UUID) -> dict[str, Any]:
    try:
        found = simulation_get(user=request.user, job_id=job_id)
    except SimulationJob.DoesNotExist:
        raise Http404("No such test-game job.") from None
    context: dict[str, Any] = {"job": found, "percent": 100 * found.done // max(found.games, 1)}
    result = found.result
    if found.status == SimulationJob.Status.DONE and result:
        sort = request.GET.get("sort", DEFAULT_SORT)
        figures = card_figures(result, sort)
        context.update(
            result=result,
            sort=sort,
            cards=figures,
            card_columns=CARD_COLUMNS,
            deck_rows=list(
                zip(DECK_LABELS, result["turn_order"], result["opening_hand"], strict=True)
            ),
            win_chart=win_rate_chart(result),
            turns_chart=length_chart(result, "turns"),
            rounds_chart=length_chart(result, "rounds"),
            cards_chart=card_chart(figures),
        )
    return context


def _entries(request: HttpRequest, data: dict[str, Any], side: str) -> list[EntryRef]:
    """The chosen deck's entries: pasted, a sample deck, or a stored deck the user may read."""
    game, choice, field = data["game"], data[f"deck_{side}"], f"deck_{side}"
    if choice == PASTE:
        parsed = parse_decklist(data[f"text_{side}"], GAMES[game])
        if parsed.problems:
            lines = "; ".join(f"line {p.line} ({p.text!r}): {p.message}" for p in parsed.problems)
            raise InvalidRequest(f"text_{side}", f"Some lines cannot be read: {lines}")
        return parsed.entries
    if choice.startswith(SAMPLE):
        if game != SAMPLE_GAME:
            raise InvalidRequest(field, f"the sample decks are {GAMES[SAMPLE_GAME].name} decks")
        return sample_deck_entries(choice.removeprefix(SAMPLE))
    return stored_deck_entries(user=request.user, game=game, deck_id=int(choice), field=field)


def _deck_choices(request: HttpRequest) -> list[tuple[str, list[tuple[str, str]]]]:
    """The decks to choose from, grouped: samples, the user's own, then public ones."""
    with_engine = {"game__slug__in": list(ENGINES)}
    samples = [
        (f"{SAMPLE}{name}", f"{GAMES[SAMPLE_GAME].name} sample: {name}")
        for name in sample_deck_names()
    ]
    groups = [("Sample decks", samples)]
    user = request.user
    if user.is_authenticated:
        own = Deck.objects.filter(owner=user, **with_engine).select_related("game")
        groups.append(("Your decks", [(str(d.pk), f"{d.name} ({d.game.name})") for d in own]))
    public = (
        deck_list(user=AnonymousUser())
        .filter(visibility=Deck.Visibility.PUBLIC, **with_engine)
        .exclude(owner=user.pk)[:PUBLIC_DECKS_OFFERED]
    )
    groups.append(
        (
            "Public decks",
            [(str(d.pk), f"{d.name} by {d.owner.get_username()} ({d.game.name})") for d in public],
        )
    )
    return [(label, choices) for label, choices in groups if choices]
