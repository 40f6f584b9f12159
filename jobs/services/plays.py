"""Games a person plays against the bots: begun, answered, and taken up again from the seed and
the person's picks (rulebook.simulation.person), in the request: the bots answer in a few
milliseconds a decision, a whole game replays in well under a tenth of a second.

A person may hold DECKWARDEN_PLAYS_OPEN open games; a game nobody answered for
DECKWARDEN_PLAY_IDLE_HOURS expires (it is kept, and read, but takes no answer and no longer
counts). Reads go through jobs.selectors (a game is its owner's, or its session's).
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, MutableMapping, Sequence
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from basics.errors import InvalidRequest
from cards.models import Game
from jobs.models import Play
from rulebook.core import frozen
from rulebook.core.cards import CardInfo
from rulebook.core.engine import Engine
from rulebook.core.resolve import EntryRef
from rulebook.core.stepping import describe_seats
from rulebook.simulation import ENGINES, engine_for, new_job_seed
from rulebook.simulation.person import NotOffered, PersonGame
from rules.services.validation import deck_resolve

from .admission import DecksIllegal
from .submit import deck_freeze

# Where a visitor's session keeps the key of their games: a random key of its own in the
# session's data, not the session's own key, which changes as they log in (Django's
# cycle_key), so a visitor who signs up or logs in keeps their games (plays_adopt).
SESSION_PLAYER = "play_player"


def session_player(session: MutableMapping[str, Any], *, create: bool = False) -> str | None:
    """The key a visitor's games are kept under in their session (made now if `create`)."""
    key = session.get(SESSION_PLAYER)
    if key is None and create:
        key = session[SESSION_PLAYER] = secrets.token_urlsafe(16)
    return key if isinstance(key, str) else None


def plays_adopt(*, session: MutableMapping[str, Any], user: User) -> int:
    """On sign-up or log-in: the visitor's games become the user's; how many."""
    key = session.pop(SESSION_PLAYER, None)
    if not isinstance(key, str):
        return 0
    return Play.objects.filter(owner=None, session_key=key).update(owner=user, session_key="")


class PlayRefused(Exception):
    """An answer or a new game the game's state refuses (409): `code` says which, `message`
    why, for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def play_idle_cutoff() -> timedelta:
    return timedelta(hours=settings.DECKWARDEN_PLAY_IDLE_HOURS)


def play_create(
    *,
    owner: User | None,
    session_key: str,
    game: str,
    decks: Sequence[tuple[Sequence[EntryRef], Sequence[CardInfo]]],
    bot: str,
    seed: int | None = None,
    options: Mapping[str, str] | None = None,
    viewer: User | None = None,
) -> tuple[Play, PersonGame]:
    """A new game: the person's deck in seat 0, the bots' decks in the others, played on to
    the person's first decision (the bots may move first).

    InvalidRequest naming `game`, `bot` or `opponent` (a table the game does not seat);
    DecksIllegal with every deck's report when one cannot be played; PlayRefused
    (`too_many_plays`) when the person holds as many open games as they may. `viewer` is whose
    user-made cards the decks may name (the owner's by default; a visitor's scratch owner's).
    """
    game_row = Game.objects.filter(slug=game).first()
    engine = engine_for(game)
    if game_row is None or engine is None:
        raise InvalidRequest("game", f"games can be played for: {', '.join(ENGINES)}")
    if bot not in engine.bots:
        raise InvalidRequest("bot", f"must be one of {', '.join(engine.bots)}; not {bot!r}")
    if len(decks) not in engine.seats:
        raise InvalidRequest("opponent", f"{describe_seats(engine.seats)}, not {len(decks)}")
    resolved, reports = zip(
        *(
            deck_resolve(game=game, entries=entries, cards=cards, viewer=viewer or owner)
            for entries, cards in decks
        ),
        strict=True,
    )
    if not all(engine.plays_deck(issue.code for issue in report.errors) for report in reports):
        raise DecksIllegal(list(reports))
    play = Play(
        owner=owner,
        session_key="" if owner is not None else session_key,
        game=game_row,
        decks=[deck_freeze(deck) for deck in resolved],
        options=dict(options or {}),
        seed=new_job_seed() if seed is None else seed,
        bot=bot,
        share_token=secrets.token_urlsafe(16),
    )
    person = play_replay(play, engine)
    _finish_if_over(play, person)
    with transaction.atomic():
        _expire_idle(owner=owner, session_key=play.session_key)
        if _open_plays(owner=owner, session_key=play.session_key).count() >= (
            settings.DECKWARDEN_PLAYS_OPEN
        ):
            raise PlayRefused(
                "too_many_plays",
                f"You have {settings.DECKWARDEN_PLAYS_OPEN} games open: finish one, or wait "
                "for one to expire, before starting another.",
            )
        play.save()
    return play, person


def play_replay(play: Play, engine: Engine | None = None) -> PersonGame:
    """The game as the play's seed and picks make it, stopped at the person's next step."""
    slug = play.game.slug
    engine = engine or engine_for(slug)
    assert engine is not None, f"no engine plays {slug}"  # a play is made only with one
    decks = [engine.prepare(frozen.deck_thaw(slug, deck)) for deck in play.decks]
    return PersonGame(engine, decks, play.seed, play.bot, play.picks, options=play.options)


def play_answer(*, play: Play, number: object, option: object) -> tuple[Play, PersonGame]:
    """The person's pick `option` for the pending step `number`; the bots then play on.

    PlayRefused when the game is over (`play_over`), expired (`play_expired`) or `number` was
    answered already (`play_answered`, a second tab's answer); InvalidRequest naming `number`
    (not a step yet) or `option` (not among the step's options). A refused answer changes
    nothing. Two answers at once are taken one after the other (the row is locked).
    """
    if not isinstance(number, int) or isinstance(number, bool) or number < 0:
        raise InvalidRequest("number", "must be the pending decision's number, an integer")
    if not isinstance(option, int) or isinstance(option, bool):
        raise InvalidRequest("option", "must be an option's id, an integer")
    with transaction.atomic():
        play = Play.objects.select_for_update().select_related("game").get(pk=play.pk)
        if play.status == Play.Status.OPEN and play.updated < timezone.now() - play_idle_cutoff():
            play.status = Play.Status.EXPIRED
            play.save(update_fields=["status"])
        if play.status != Play.Status.OPEN:
            raise PlayRefused(
                f"play_{'over' if play.status == Play.Status.FINISHED else 'expired'}",
                f"The game is {play.status}: it takes no more answers.",
            )
        person = play_replay(play)
        pending = person.pending
        assert pending is not None  # an open game waits on the person
        if number < pending.number:
            raise PlayRefused(
                "play_answered",
                f"Decision {number} was answered already (in another tab?); the game waits on "
                f"decision {pending.number}.",
            )
        if number > pending.number:
            raise InvalidRequest("number", f"the game waits on decision {pending.number}")
        try:
            person.answer(option)
        except NotOffered as exc:
            raise InvalidRequest("option", str(exc)) from None
        play.picks = [*play.picks, option]
        _finish_if_over(play, person)
        play.save()
    return play, person


def _finish_if_over(play: Play, person: PersonGame) -> None:
    outcome = person.outcome
    if outcome is not None:
        play.status = Play.Status.FINISHED
        play.placements = list(outcome.placements)


def _open_plays(*, owner: User | None, session_key: str) -> QuerySet[Play]:
    mine = Q(owner=owner) if owner is not None else Q(owner=None, session_key=session_key)
    return Play.objects.filter(mine, status=Play.Status.OPEN)


def _expire_idle(*, owner: User | None, session_key: str) -> None:
    """The person's open games nobody answered for the idle time: expired, so they no longer
    count against the open games a person may hold."""
    cutoff = timezone.now() - play_idle_cutoff()
    _open_plays(owner=owner, session_key=session_key).filter(updated__lt=cutoff).update(
        status=Play.Status.EXPIRED
    )
