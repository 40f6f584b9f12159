"""Playing against the bot: the form that starts a game, the game's page (the pending
decision's options as buttons, the seat's own hand, the board, the hidden zones' sizes, the
log so far), answering (a form post, htmx or not), My games, and a finished game's share link.

A game is a signed-in user's, or an anonymous visitor's session's (jobs.selectors), and is
begun and answered by the services the API uses (jobs.services.plays), replayed from its seed
and picks on every page.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from basics.errors import InvalidRequest
from jobs.models import Play
from jobs.selectors import play_get, play_shared, plays_of
from jobs.services.admission import DecksIllegal
from jobs.services.plays import (
    PlayRefused,
    play_answer,
    play_create,
    play_replay,
    session_player,
)
from rulebook.registry import GAMES
from rulebook.samples import SAMPLES as SAMPLE_DECKS
from rulebook.simulation import ENGINES, JobKind
from rulebook.simulation.person import PersonGame
from web.forms.plays import PlayForm
from web.scratch import as_visitor
from web.views.test_games import (
    SAMPLE,
    chosen_deck_entries,
    deck_choices,
    refused_decks,
)

MY_GAMES_SHOWN = 100


@as_visitor()
def new(request: HttpRequest) -> HttpResponse:
    """The form; posted, a new game, and its page. `?game=` and `?deck=` choose the game and
    your deck (the deck page's "Play this deck against the bot")."""
    asked = request.POST.get("game") or request.GET.get("game", "")
    game = asked if asked in ENGINES else next(iter(ENGINES))
    tables = frozenset(slug for slug, engine in ENGINES.items() if JobKind.TABLE in engine.kinds)
    samples = [f"{SAMPLE}{game}:{name}" for name in SAMPLE_DECKS[game].names()]
    initial = {"game": game, "deck": request.GET.get("deck") or samples[0], "opponent": samples[-1]}
    form = PlayForm(
        request.POST or None,
        games=list(ENGINES),
        decks=deck_choices(request, [game]),
        table_games=tables,
        initial=initial,
    )
    # choosing another game redraws the form with its decks (htmx); without JavaScript the
    # form's "Show its decks" button asks for it
    form.fields["game"].widget.attrs.update(
        {
            "hx-get": reverse("web:play-new"),
            "hx-select": "#play-form",
            "hx-target": "#play-form",
            "hx-swap": "outerHTML",
        }
    )
    refused: list[tuple[str, dict[str, Any]]] = []
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            mine = chosen_deck_entries(request, game, data["deck"], "deck")
            theirs = chosen_deck_entries(request, game, data["opponent"], "opponent")
            play, _ = play_create(
                owner=_owner(request),
                viewer=request.user if request.user.is_authenticated else None,
                session_key=_session_key(request),
                game=game,
                decks=[(mine, []), *[(theirs, [])] * (form.seats() - 1)],
                bot=data["bot"],
                seed=data["seed"],
            )
        except InvalidRequest as problem:
            form.add_error(problem.field if problem.field in form.fields else None, problem.message)
        except DecksIllegal as illegal:
            labels = ["Your deck", *["The bot's deck"] * (len(illegal.reports) - 1)]
            refused = refused_decks(illegal, labels)
        except PlayRefused as exc:
            form.add_error(None, exc.message)
        else:
            return redirect("web:play", play_id=play.pk)
    return render(request, "web/plays/new.html", {"form": form, "refused": refused})


def page(request: HttpRequest, play_id: UUID) -> HttpResponse:
    play = _mine(request, play_id)
    return _page(request, play, play_replay(play))


@require_POST
def answer(request: HttpRequest, play_id: UUID) -> HttpResponse:
    """One of the pending decision's options, as its button posts it; then the page again
    (htmx swaps its game part, a browser without JavaScript follows the redirect). An option
    not offered is a 400 and a decision answered already (another tab) a 409: the page says
    so, and the game is as it was."""
    play = _mine(request, play_id)
    try:
        play, _ = play_answer(
            play=play, number=_integer(request, "number"), option=_integer(request, "option")
        )
    except (InvalidRequest, PlayRefused) as exc:
        # the page as it stands, with why nothing changed, at its true status (htmx swaps it
        # too: web/static/web/refusals.js)
        status = 400 if isinstance(exc, InvalidRequest) else 409
        return _page(request, play, play_replay(play), problem=exc.message, status=status)
    return redirect("web:play", play_id=play.pk)


def mine(request: HttpRequest) -> HttpResponse:
    """My games: to resume one going on, or read one over."""
    plays = plays_of(user=request.user, session_key=session_player(request.session))
    return render(request, "web/plays/mine.html", {"plays": plays[:MY_GAMES_SHOWN]})


def shared(request: HttpRequest, token: str) -> HttpResponse:
    """A finished game by its share link: its log and how it ended, for anyone holding it."""
    try:
        play = play_shared(share_token=token)
    except Play.DoesNotExist:
        raise Http404("No finished game is shared by this link.") from None
    return _page(request, play, play_replay(play), shared=True)


def _page(
    request: HttpRequest,
    play: Play,
    person: PersonGame,
    *,
    problem: str = "",
    status: int = 200,
    shared: bool = False,
) -> HttpResponse:
    view = person.view()
    pending = person.pending if play.status == Play.Status.OPEN else None
    story = _story(person)
    placements = play.placements or []
    context = {
        "play": play,
        "game_name": GAMES[play.game.slug].name,
        "pending": pending,
        "options": list(enumerate(pending.options)) if pending else [],
        "problem": problem,
        "shared": shared,
        "seats": [_seat(person, seat, placements) for seat in view["seats"]],
        "table": _rows(view["table"]),
        "log": story,
        "recent": _since_your_answer(story) if pending else [],
        "you_placed": placements[person.seat] if placements else None,
        "share_url": request.build_absolute_uri(reverse("web:play-shared", args=[play.share_token]))
        if play.status == Play.Status.FINISHED
        else "",
    }
    return render(request, "web/plays/play.html", context, status=status)


def _story(person: PersonGame) -> list[dict[str, Any]]:
    """The log as the page reads it: the game's events in words (only what your seat may know)
    and every answer, yours and the bots', in the order they happened."""
    who = person.who
    answers = [
        {
            "answer": True,
            "who": who(entry.seat).capitalize(),
            "you": entry.seat == person.seat,
            "question": entry.question,
            "text": entry.text,
        }
        for entry in person.entries
    ]
    story: list[dict[str, Any]] = []
    given = 0  # the answers in the story so far
    for told in person.told:
        if told.before > given:
            story.extend(answers[given : told.before])
            given = told.before
        story.append({"answer": False, "turn": told.event == "turn", "text": told.text})
    story.extend(answers[given:])
    return story


def _since_your_answer(story: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What happened since your last answer (all of it before your first): what you read
    before you decide."""
    yours = [place for place, line in enumerate(story) if line["answer"] and line["you"]]
    return story[yours[-1] + 1 :] if yours else story


def _seat(person: PersonGame, seat: dict[str, Any], placements: list[int]) -> dict[str, Any]:
    """A seat as the page shows it: whose, its zones (yours whole, the others' as sizes), and
    its public parts."""
    index = seat["seat"]
    # a figure at nought, an empty zone, a "no": left out, so what is in play stands out
    public = {
        name: value
        for name, value in seat.items()
        if name not in ("seat", "you", "zones") and value not in (None, False, 0, [], {})
    }
    return {
        # named as the options and the log name them ("the bot", at a table "bot 2")
        "title": person.who(index).capitalize(),
        "you": seat["you"],
        "placement": placements[index] if placements else None,
        "zones": _rows(seat["zones"]),
        "public": _rows(public),
    }


def _rows(values: dict[str, Any]) -> list[tuple[str, str]]:
    """Each part of a view as a label and its words: a zone's cards listed, a hidden one by
    its size ("5 cards, hidden"), figures as they are."""
    return [(name.replace("_", " ").capitalize(), _said(value)) for name, value in values.items()]


def _said(value: Any) -> str:
    if isinstance(value, dict) and set(value) == {"hidden"}:
        count = value["hidden"]
        return f"{count} card{'' if count == 1 else 's'}, hidden"
    if isinstance(value, dict):
        return ", ".join(f"{key}: {_said(item)}" for key, item in value.items()) or "none"
    if isinstance(value, list):
        return ", ".join(_said(item) for item in value) or "none"
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _mine(request: HttpRequest, play_id: UUID) -> Play:
    try:
        return play_get(
            user=request.user, session_key=session_player(request.session), play_id=play_id
        )
    except Play.DoesNotExist:
        raise Http404("No game of yours has this id.") from None


def _owner(request: HttpRequest) -> Any:
    """The game's owner: a signed-in user; a visitor's game is their session's, even when they
    made a scratch deck (whose owner acts for them on the deck pages alone)."""
    if request.user.is_authenticated and not getattr(request, "scratch", False):
        return request.user
    return None


def _session_key(request: HttpRequest) -> str:
    return str(session_player(request.session, create=True))


def _integer(request: HttpRequest, name: str) -> int | None:
    """A posted whole number; None (refused by the service, naming the field) otherwise."""
    try:
        return int(request.POST.get(name, ""))
    except ValueError:
        return None
