"""Game rows mirror the rules registry: the registry says which games exist."""

from rulebook.registry import GAMES

from ..models import Game


def games_sync(*, using: str = "default") -> None:
    for spec in GAMES.values():
        Game.objects.using(using).update_or_create(slug=spec.slug, defaults={"name": spec.name})
