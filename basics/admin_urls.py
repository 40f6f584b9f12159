"""What every admin page does with a web address typed without its scheme."""

from typing import Any

from django.db import models

# The admin's forms for a model's URLField take "example.org/x" as https://, as Django 6 will:
# Django 5.2 takes http:// and warns on every such form (RemovedInDjango60Warning). Each admin
# class of a model with a URLField sets `formfield_overrides = URLS_ASSUME_HTTPS`.
URLS_ASSUME_HTTPS: dict[type[models.Field], dict[str, Any]] = {
    models.URLField: {"assume_scheme": "https"}
}
