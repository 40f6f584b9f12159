"""Test games: a match, a table or a card test between decks, checked and submitted.

What happens to the job afterwards (its chunks, their merging) is its kind's handler
(jobs.kinds.games) run by the chunk life cycle (jobs.services.chunks).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from django.contrib.auth.models import User

from basics.errors import InvalidRequest
from cards import selectors as card_selectors
from cards.models import Game
from jobs.models import SimulationJob
from rulebook.core.cards import CardInfo
from rulebook.core.identity import identity
from rulebook.core.resolve import EntryRef
from rulebook.registry import GAMES
from rulebook.samples import SAMPLES as SAMPLE_DECKS
from rulebook.simulation import (
    ENGINES,
    JobKind,
    engine_for,
    job_problem,
    new_job_seed,
    option_problem,
)
from rules.services.validation import deck_resolve

from .admission import DecksIllegal, SimulationLimits, client_key
from .submit import deck_freeze, job_submit


def simulation_create(
    *,
    owner: User | None,
    game: str,
    decks: Sequence[Sequence[EntryRef]],
    games: int,
    kind: JobKind = JobKind.MATCH,
    seed: int | None = None,
    chunk_size: int | None = None,
    cards: Sequence[Sequence[CardInfo]] | None = None,
    names: Sequence[str | None] | None = None,
    address: str = "",
    options: Mapping[str, str] | None = None,
) -> SimulationJob:
    """A queued job of `games` test games of this kind between legal decks, its chunks sent to
    workers.

    The job is what `kind` says (rulebook.simulation.kinds), never what its number of decks
    suggests: a `match` of two decks; a `table` of 2 to 5, for a game that seats them; a
    `card_test` of three ("test this card": the first and second, a deck with a card and without
    it, each play the third on the same seeds).

    Raises InvalidRequest naming the field for a game without an engine, a kind its engine does
    not play or a number of decks the kind does not take, or a job past the owner's limits
    (SimulationLimits); DecksIllegal with every deck's validation report when any deck is
    illegal; QueueFull or BrokerUnavailable (job_submit; the client is the owner, else
    `address`, the client's address): then nothing is kept. An anonymous job comes back with
    `cancel_key`. `cards` are each deck's user-made cards (an inline deck's `cards`), frozen
    into the job with the rest. `options` are the engine's own (`Engine.options`, the Millennium
    Blades Store), InvalidRequest naming one it does not take.
    """
    game_row = Game.objects.filter(slug=game).first()
    engine = engine_for(game)
    if game_row is None or engine is None:
        raise InvalidRequest("game", f"test games can be played for: {', '.join(ENGINES)}")
    kind = JobKind(kind)
    problem = job_problem(engine, kind, len(decks))
    if problem is not None:
        raise InvalidRequest("game" if kind not in engine.kinds else "decks", problem)
    for name, value in (options or {}).items():
        if (option := option_problem(engine, name, value)) is not None:
            raise InvalidRequest(name, option)
    chunk_size = SimulationLimits.for_owner(owner).checked_chunk_size(games, chunk_size)
    inline = cards or [()] * len(decks)
    resolved, reports = zip(
        *(
            deck_resolve(game=game, entries=entries, cards=deck_cards, viewer=owner)
            for entries, deck_cards in zip(decks, inline, strict=True)
        ),
        strict=True,
    )
    # An illegal deck is refused, unless the engine plays it after a fix of its own in each
    # game (Millennium Blades' random fix), which the result then reports.
    if not all(engine.plays_deck(issue.code for issue in report.errors) for report in reports):
        raise DecksIllegal(list(reports))
    return job_submit(
        SimulationJob(
            owner=owner,
            game=game_row,
            kind=kind,
            decks=[
                deck_freeze(deck, name)
                for deck, name in zip(resolved, names or [None] * len(resolved), strict=True)
            ],
            options=dict(options or {}),
            games=games,
            seed=new_job_seed() if seed is None else seed,
            chunk_size=chunk_size,
            client=client_key(owner, address),
        )
    )


def deck_without_card(
    *, entries: Sequence[EntryRef], card: EntryRef, replacement: EntryRef
) -> list[EntryRef]:
    """The deck with every entry naming `card` naming `replacement` instead, same quantities
    and sections: the "without" side of a paired comparison ("test this card").

    InvalidRequest naming `card` when no entry names it.
    """

    def names_card(entry: EntryRef) -> bool:
        if card.id is not None:
            return entry.id == card.id
        if card.key is not None:
            return entry.key == card.key
        return entry.name is not None and identity(entry.name) == identity(card.name or "")

    if not any(names_card(entry) for entry in entries):
        raise InvalidRequest("card", f"the deck has no entry naming {card.label}")
    return [
        dataclasses.replace(
            entry,
            name=replacement.name,
            key=replacement.key,
            id=replacement.id,
            set=None,
            number=None,
        )
        if names_card(entry)
        else entry
        for entry in entries
    ]


def card_in_a_sample_deck(*, game: str, name: str, card_type: str) -> list[list[EntryRef]]:
    """The decks of a card test of a card not (or not yet) in any deck, such as a proposed one
    ("try it"): [the first sample deck holding the card itself or a card of its type, with the
    card in that one's place; the deck as it is; the next sample deck, as the opponent].
    InvalidRequest naming `game` (no engine, no sample deck) or `card` (no card of its type)."""
    if game not in ENGINES:
        raise InvalidRequest("game", f"{GAMES[game].name} has no engine to play it")
    if game not in SAMPLE_DECKS:
        raise InvalidRequest("game", f"{GAMES[game].name} has no sample deck to try it in")
    samples = SAMPLE_DECKS[game]
    names = samples.names()
    for number, deck_name in enumerate(names):
        deck = samples.entries(deck_name)
        opponent = samples.entries(names[(number + 1) % len(names)])
        held = {identity(entry.name or "") for entry in deck}
        if identity(name) in held:  # a correction of a card the deck holds
            return [deck, deck, opponent]
        types = card_selectors.catalogue_types(game=game, folded_names=held)
        out = next((e for e in deck if types.get(identity(e.name or "")) == card_type), None)
        if out is not None:
            swap = EntryRef(section=out.section, quantity=1, name=out.name)
            into = EntryRef(section=out.section, quantity=1, name=name)
            return [deck_without_card(entries=deck, card=swap, replacement=into), deck, opponent]
    raise InvalidRequest("card", f"no sample deck holds a {card_type} to swap it for")
