from django.apps import AppConfig


class WebConfig(AppConfig):
    """The deckbuilders' website: server-rendered pages over the services the API uses."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "web"
