from django.apps import AppConfig


class ApiConfig(AppConfig):
    name = "api"

    def ready(self) -> None:
        from drf_spectacular import plumbing

        from rulebook import registry

        from . import signals  # noqa: F401  (connects the receivers)

        # drf-spectacular reads ENUM_NAME_OVERRIDES once and keeps them; two of them follow the
        # game registry (api.choices), so a game registered or gone makes it read them again.
        registry.on_change(plumbing._load_enum_name_overrides.cache_clear)
