"""The contribution forms (issue 36): a card proposed on the site, built from its game's card
schema (rulebook's GameSpec: its card types and attributes, cards/cardfile's card format), and a
spreadsheet or card file uploaded whole."""

from __future__ import annotations

import json
from typing import Any

from django import forms

from cards.words import attribute_label
from rulebook.core.game import GameSpec
from rulebook.core.schema import Field
from rulebook.registry import GAMES

ATTRIBUTE = "attr_"  # a schema attribute's form field is named attr_<attribute>
# Structured attributes (an Aura cost by type, MetaZoo attacks, effects) are typed as JSON.
JSON_KINDS = ("int_map", "json")
FILE_LIMIT = 5 * 1024 * 1024  # a few thousand rows; a bigger file is not a community's list


def _attribute_field(name: str, field: Field, spec: GameSpec) -> forms.Field:
    # the schema's own words, and the card types that must carry it ("needed by Neopet")
    needed = [kind for kind, names in spec.required_by_type.items() if name in names]
    said = _join(field.help, f"needed by {', '.join(needed)}" if needed else "")
    common: dict[str, Any] = {"required": False, "label": attribute_label(name)}
    if field.kind == "int":
        return forms.IntegerField(
            min_value=field.minimum, max_value=field.maximum, help_text=said, **common
        )
    if field.kind == "bool":
        return forms.BooleanField(help_text=said, **common)
    if field.kind == "str" and field.choices:
        choices = [("", "—"), *((choice, choice) for choice in field.choices)]
        return forms.ChoiceField(choices=choices, help_text=said, **common)
    if field.kind == "str_list":
        return forms.CharField(help_text=_join(said, "separated by commas"), **common)
    if field.kind in JSON_KINDS:
        return forms.CharField(
            widget=forms.Textarea(attrs={"rows": 2, "class": "rule"}),
            help_text=_join(said, "as JSON"),
            **common,
        )
    return forms.CharField(help_text=said, **common)


def _join(*parts: str) -> str:
    return "; ".join(part for part in parts if part)


PICTURE_TYPES = "image/png,image/jpeg,image/webp,image/gif"


class ProposalForm(forms.Form):
    """A new card or a correction of one, field by field as the game's card schema has them;
    `card()` is the card as a card file holds it, which the curation services check."""

    name = forms.CharField(max_length=200)
    type = forms.ChoiceField()
    text = forms.CharField(
        required=False,
        label="Rules text",
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text="As printed; the construction sentences are read by the game's grammar.",
    )
    set = forms.CharField(
        required=False, max_length=20, label="Set code", help_text="A set the catalogue has."
    )
    number = forms.CharField(required=False, max_length=20, label="Number in the set")
    rarity = forms.CharField(required=False, max_length=40)
    picture = forms.FileField(
        required=False,
        help_text="Optional: a PNG, JPEG, WebP or GIF of the printed card, shown with it once "
        "approved.",
        widget=forms.FileInput(attrs={"accept": PICTURE_TYPES}),
    )
    reason = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text="Where this comes from (the printed card, an erratum); curators read it.",
    )
    effective = forms.DateField(
        required=False,
        label="In force from",
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text="The day an erratum takes effect; empty: the day it is approved.",
    )

    def __init__(self, *args: Any, spec: GameSpec, correcting: bool = False, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.spec = spec
        self.fields["type"].choices = [(t, t) for t in spec.card_types]
        if not correcting:
            del self.fields["effective"]
        attributes = {
            ATTRIBUTE + name: _attribute_field(name, field, spec)
            for name, field in spec.attributes.items()
        }
        # the schema's attributes after the card's text, before its printing
        order = ["name", "type", "text", *attributes, "set", "number", "rarity", "picture"]
        self.fields.update(attributes)
        self.order_fields([*order, "reason", "effective"])

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        for name, field in self.spec.attributes.items():
            value = data.get(ATTRIBUTE + name)
            if field.kind in JSON_KINDS and value:
                try:
                    data[ATTRIBUTE + name] = json.loads(value)
                except json.JSONDecodeError as exc:
                    self.add_error(ATTRIBUTE + name, f"is not JSON: {exc.msg} (column {exc.colno})")
        return data

    def card(self, key: str = "") -> dict[str, Any]:
        """The card as a card file holds it; attributes left empty are left out."""
        data = self.cleaned_data
        attributes: dict[str, Any] = {}
        for name, field in self.spec.attributes.items():
            value = data.get(ATTRIBUTE + name)
            if field.kind == "str_list" and value:
                value = [part.strip() for part in value.split(",") if part.strip()]
            if value in (None, "", [], False):
                continue
            attributes[name] = value
        card: dict[str, Any] = {
            "name": data["name"],
            "type": data["type"],
            "text": data.get("text", ""),
            "attributes": attributes,
        }
        if key:
            card["key"] = key
        if data.get("set"):
            card["printings"] = [
                {
                    "set": data["set"],
                    "number": data.get("number", ""),
                    "rarity": data.get("rarity", ""),
                }
            ]
        return card

    @staticmethod
    def initial_from(card: dict[str, Any], spec: GameSpec) -> dict[str, Any]:
        """A stored card (as a card file holds it) as the form's initial values."""
        initial: dict[str, Any] = {
            "name": card.get("name", ""),
            "type": card.get("type", ""),
            "text": card.get("text", ""),
        }
        for name, field in spec.attributes.items():
            value = card.get("attributes", {}).get(name)
            if value is None:
                continue
            if field.kind in JSON_KINDS:
                value = json.dumps(value, ensure_ascii=False)
            elif field.kind == "str_list":
                value = ", ".join(value)
            initial[ATTRIBUTE + name] = value
        printings = card.get("printings") or [{}]
        initial.update({k: printings[0].get(s, "") for k, s in _PRINTING.items()})
        return initial

    def field_for(self, column: str) -> str | None:
        """The form field a problem's column names (`card.text`, `card.attributes.hp`,
        `printings[0].set`), or None for a problem of the whole card."""
        column = column.removeprefix("card.")
        if column.startswith("attributes."):
            name = ATTRIBUTE + column.split(".")[1]
        elif column.startswith("printings"):
            name = column.rsplit(".", 1)[-1]
        else:
            name = column.split(".")[0]
        name = {"image": "picture"}.get(name, name)  # the services name a picture `image`
        return name if name in self.fields else None


_PRINTING = {"set": "set", "number": "number", "rarity": "rarity"}


class UploadForm(forms.Form):
    """A spreadsheet (CSV with a header) or a JSON card file, for one game."""

    game = forms.ChoiceField(choices=[(slug, spec.name) for slug, spec in GAMES.items()])
    file = forms.FileField(
        help_text="CSV with a header row (the card-file columns: name and type, and any of key, "
        "text, attributes, set, number, rarity…) or a JSON card file."
    )
    reason = forms.CharField(
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text="Where the list comes from; the curators read it.",
    )

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        if upload.size > FILE_LIMIT:
            raise forms.ValidationError(f"is over {FILE_LIMIT // (1024 * 1024)} MB")
        return upload


class PicturesForm(forms.Form):
    """The pictures of an upload's cards, as one zip (curation.picture_archives)."""

    file = forms.FileField(
        label="Pictures (.zip)",
        help_text="PNG, JPEG, WebP or GIF pictures, each named by its card's key or name "
        "(snack-7.png or Snack 7.jpg).",
        widget=forms.FileInput(attrs={"accept": ".zip,application/zip"}),
    )
