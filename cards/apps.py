from django.apps import AppConfig
from django.conf import settings
from django.db.models.signals import post_migrate
from PIL import Image


class CardsConfig(AppConfig):
    name = "cards"
    verbose_name = "Cards"

    def ready(self) -> None:
        # Pillow's decompression-bomb guard at the card images' pixel limit (cards.services.images),
        # set explicitly rather than left at Pillow's default, for every picture this process opens.
        Image.MAX_IMAGE_PIXELS = settings.CARD_IMAGE_MAX_PIXELS
        post_migrate.connect(_sync_games, sender=self, dispatch_uid="cards.sync_games")


def _sync_games(sender: AppConfig, using: str = "default", **kwargs: object) -> None:
    """Keep a Game row for every game in the rules registry (the registry is the source)."""
    from .services.games import games_sync

    games_sync(using=using)
