"""Every admin form's web address field takes an address typed without its scheme as https://
(basics.admin_urls), with no RemovedInDjango60Warning: checked over every registered admin and
its inlines, so a new admin of a model with a URLField cannot forget it."""

import warnings

import pytest
from django import forms
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.test import RequestFactory
from django.utils.deprecation import RemovedInDjango60Warning

pytestmark = pytest.mark.django_db


def _admin_forms(request):
    for model_admin in admin.site._registry.values():
        yield model_admin.model, model_admin.get_form(request)
        for inline in model_admin.get_inline_instances(request):
            yield inline.model, inline.get_formset(request).form


def test_every_admin_url_field_assumes_https():
    request = RequestFactory().get("/admin/")
    request.user = get_user_model().objects.create_superuser("root", "r@example.org", "pw")
    checked = []
    with warnings.catch_warnings():
        warnings.simplefilter("error", RemovedInDjango60Warning)
        for model, form in _admin_forms(request):
            for name, field in form.base_fields.items():
                if isinstance(field, forms.URLField):
                    checked.append((model.__name__, name))
                    typed = field.clean("example.org/card.png")
                    assert typed == "https://example.org/card.png", (model.__name__, name)
    # The printings' picture (inline and own admin) and an event's webhook at least.
    assert {("Printing", "image_url"), ("Event", "webhook_url")} <= set(checked)
