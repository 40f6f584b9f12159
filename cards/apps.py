from django.apps import AppConfig
from django.db.models.signals import post_migrate


class CardsConfig(AppConfig):
    name = "cards"
    verbose_name = "Cards"

    def ready(self) -> None:
        post_migrate.connect(_sync_games, sender=self, dispatch_uid="cards.sync_games")


def _sync_games(sender: AppConfig, using: str = "default", **kwargs: object) -> None:
    """Keep a Game row for every game in the rules registry (the registry is the source)."""
    from .services.games import games_sync

    games_sync(using=using)
