"""Formats: every game's standard format row, and a format's lists evaluated for a day."""

from __future__ import annotations

from datetime import date

from django.db import transaction
from django.utils import timezone

from basics.errors import InvalidRequest
from cards.models import Card, Game
from rulebook.core.cards import FormatInfo
from rulebook.core.game import GameSpec
from rulebook.core.identity import rules_identity
from rulebook.registry import GAMES, RULESETS
from rulebook.validate import standard_format
from rules.models import Format, FormatListEntry

from .catalogue import catalogue

STANDARD = "standard"


def game_spec_for(game: str) -> GameSpec:
    """The game named by a request; InvalidRequest on the `game` field when there is none."""
    spec = GAMES.get(game) if isinstance(game, str) else None
    if spec is None:
        raise InvalidRequest("game", f"must be one of {', '.join(GAMES)}; not {game!r}")
    return spec


def formats_ensure_standard(*, using: str = "default") -> None:
    """Give every registered game its standard format row (data, kept in step after migrate).

    An existing row is left as curators edited it; a game that already has another default
    format keeps that one as its default.
    """
    formats = Format.objects.using(using)
    with transaction.atomic(using=using):
        for spec in GAMES.values():
            game = Game.objects.using(using).filter(slug=spec.slug).first()
            if game is None or formats.filter(game=game, slug=STANDARD).exists():
                continue
            formats.create(
                game=game,
                slug=STANDARD,
                name=f"{spec.name} standard",
                ruleset=spec.slug,
                rules_version=spec.rules_source,
                is_default=not formats.filter(game=game, is_default=True).exists(),
            )


def format_info(*, game: str, format: str | None = None, as_of: date | None = None) -> FormatInfo:
    """The format a deck is checked against, its lists as in force on `as_of` (default today).

    For each card the latest list entry effective on or before that day rules: `legal` lifts an
    earlier ban or restriction, `restricted` carries its copy limit. With no format named the
    game's default applies (the built-in standard rules when the database has no row yet).
    """
    spec = game_spec_for(game)
    day = as_of or timezone.localdate()
    key = ("format", spec.slug, format, day)
    use_cache = catalogue.active()
    if use_cache and key in catalogue:
        cached: FormatInfo = catalogue.get(key)  # put there below
        return cached
    info = _read_format(spec, format, day)
    if use_cache:
        catalogue.put(key, info)
    return info


def _read_format(spec: GameSpec, format: str | None, day: date) -> FormatInfo:
    row = _format_row(spec, format)
    if row is None:
        return standard_format(spec)
    if row.ruleset not in RULESETS:
        raise InvalidRequest(
            "format", f"{row.slug} names the ruleset {row.ruleset!r}, which this server lacks"
        )
    status = _list_status(spec, row, day)
    return FormatInfo(
        slug=row.slug,
        name=row.name,
        ruleset=row.ruleset,
        banned=frozenset(k for k, (s, _) in status.items() if s == FormatListEntry.Status.BANNED),
        restricted={
            k: limit or 0
            for k, (s, limit) in status.items()
            if s == FormatListEntry.Status.RESTRICTED
        },
        options=row.options or {},
    )


def _list_status(spec: GameSpec, row: Format, day: date) -> dict[str, tuple[str, int | None]]:
    """(status, limit) for every key of every card the format's lists name, as on `day`.

    A card stored under two keys with one name and the same rules is one card (Neopets CR
    6.7.2), so the latest entry for the card, whichever key it was recorded on, rules every key
    of it: a ban on one key is lifted by a later `legal` entry on the other (issue 14). Two
    queries: the entries with their cards' rules, then every key sharing those cards' names.
    """
    entries = (
        FormatListEntry.objects.filter(format=row, effective__lte=day)
        .order_by("effective", "id")
        .values_list(
            "card__folded_name",
            "card__name",
            "card__type",
            "card__text",
            "card__attributes",
            "status",
            "limit",
        )
    )
    by_card: dict[str, tuple[str, int | None]] = {}
    names: set[str] = set()
    for folded, name, card_type, text, attributes, entry_status, limit in entries:
        names.add(folded)
        by_card[rules_identity(name, card_type, text, attributes or {})] = (entry_status, limit)
    if not by_card:
        return {}
    cards = Card.objects.filter(game__slug=spec.slug, folded_name__in=names).values_list(
        "key", "name", "type", "text", "attributes"
    )
    status: dict[str, tuple[str, int | None]] = {}
    for key, name, card_type, text, attributes in cards:
        found = by_card.get(rules_identity(name, card_type, text, attributes or {}))
        if found is not None:
            status[key] = found
    return status


def _format_row(spec: GameSpec, slug: str | None) -> Format | None:
    formats = Format.objects.filter(game__slug=spec.slug)
    if slug is None:
        return formats.filter(is_default=True).first()
    if not isinstance(slug, str):
        raise InvalidRequest("format", f"must be a format slug, not {slug!r}")
    row = formats.filter(slug=slug).first()
    if row is None and slug != STANDARD:
        known = ", ".join(formats.values_list("slug", flat=True)) or STANDARD
        raise InvalidRequest("format", f"{spec.name} has no format {slug!r}; use one of {known}")
    return row


def card_list_history(*, card_id: int) -> list[FormatListEntry]:
    """Every dated list entry of a card (banned, restricted, lifted), by format and date: where
    the card is or was banned or restricted, and since when."""
    return list(
        FormatListEntry.objects.filter(card_id=card_id)
        .select_related("format")
        .order_by("format__slug", "effective", "id")
    )
