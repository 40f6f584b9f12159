from django.apps import AppConfig
from django.db import transaction
from django.db.models.signals import post_delete, post_migrate, post_save


class RulesConfig(AppConfig):
    name = "rules"
    verbose_name = "Rules and formats"

    def ready(self) -> None:
        from cards.models import Card

        from .models import Format, FormatListEntry

        post_migrate.connect(
            _ensure_standard_formats, sender=self, dispatch_uid="rules.ensure_standard_formats"
        )
        for model in (Card, Format, FormatListEntry):
            for signal in (post_save, post_delete):
                signal.connect(
                    _catalogue_changed,
                    sender=model,
                    dispatch_uid=f"rules.catalogue_changed.{model.__name__}.{signal is post_save}",
                )


def _ensure_standard_formats(sender: AppConfig, using: str = "default", **kwargs: object) -> None:
    """Every game gets its standard format row after migrate (data, not a migration); and,
    as a flush also ends with post_migrate, validation's cache forgets what it read."""
    from cards.services.games import games_sync

    from .services.catalogue import catalogue
    from .services.formats import formats_ensure_standard

    games_sync(using=using)  # the cards app's rows may not exist yet on a first migrate
    formats_ensure_standard(using=using)
    catalogue.invalidate()


def _catalogue_changed(sender: type, using: str = "default", **kwargs: object) -> None:
    """Validation's per-process cache forgets what it read once this change is committed."""
    from .services.catalogue import catalogue

    transaction.on_commit(catalogue.invalidate, using=using)
