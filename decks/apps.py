from __future__ import annotations

from typing import TYPE_CHECKING

from django.apps import AppConfig
from django.db import transaction
from django.db.models.signals import post_delete, post_save

if TYPE_CHECKING:
    from .models import ProxyPrint


class DecksConfig(AppConfig):
    name = "decks"

    def ready(self) -> None:
        from rules.models import Format, FormatListEntry

        # The tasks register with Celery in every process: a change of the lists sends one by
        # its pinned name (decks.verdicts.REFRESH_TASK).
        from . import tasks  # noqa: F401
        from .models import ProxyPrint

        post_delete.connect(
            _proxy_print_deleted, sender=ProxyPrint, dispatch_uid="decks.proxy_print_deleted"
        )
        for model in (Format, FormatListEntry):
            for signal in (post_save, post_delete):
                signal.connect(
                    _lists_changed,
                    sender=model,
                    dispatch_uid=f"decks.lists_changed.{model.__name__}.{signal is post_save}",
                )


def _lists_changed(sender: type, using: str = "default", **kwargs: object) -> None:
    """Stored verdicts of the changed lists no longer hold: a worker judges them again once
    the change is committed (decks.verdicts)."""
    from .verdicts import verdicts_refresh_later

    transaction.on_commit(verdicts_refresh_later, using=using)


def _proxy_print_deleted(
    sender: type, instance: ProxyPrint, using: str = "default", **kwargs: object
) -> None:
    """A deleted print's PDF (cleared after a day, or with its deck or owner) leaves the private
    storage once the deletion is committed (decks.proxies)."""
    from .proxies import proxy_print_file_delete

    name = instance.file
    if name:
        transaction.on_commit(lambda: proxy_print_file_delete(name), using=using)
