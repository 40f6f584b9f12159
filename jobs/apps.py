from django.apps import AppConfig


class JobsConfig(AppConfig):
    name = "jobs"
    verbose_name = "Test-game jobs"

    def ready(self) -> None:
        # The tasks register with Celery in every process, not only in workers: the services
        # send them by their pinned names (jobs.services.queue.CHUNK_TASK).
        from . import tasks  # noqa: F401
