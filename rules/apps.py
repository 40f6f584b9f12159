from django.apps import AppConfig
from django.db.models.signals import post_migrate


class RulesConfig(AppConfig):
    name = "rules"
    verbose_name = "Rules and formats"

    def ready(self) -> None:
        post_migrate.connect(
            _ensure_standard_formats, sender=self, dispatch_uid="rules.ensure_standard_formats"
        )


def _ensure_standard_formats(sender: AppConfig, using: str = "default", **kwargs: object) -> None:
    """Every game gets its standard format row after migrate (data, not a migration)."""
    from cards.services.games import games_sync

    from .services.formats import formats_ensure_standard

    games_sync(using=using)  # the cards app's rows may not exist yet on a first migrate
    formats_ensure_standard(using=using)
