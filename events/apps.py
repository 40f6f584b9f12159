from django.apps import AppConfig


class EventsConfig(AppConfig):
    name = "events"
    verbose_name = "Events and registrations"

    def ready(self) -> None:
        # The tasks register with Celery in every process, not only in workers: the services
        # send them by their pinned names (events.notifications.DELIVER_TASK).
        from . import tasks  # noqa: F401
