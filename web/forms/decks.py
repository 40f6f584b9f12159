"""The deck pages' forms: a new or imported deck, its details, the lists' filters."""

from __future__ import annotations

from typing import Any

from django import forms
from django.db.models import QuerySet

from cards.models import Game
from cards.selectors import game_list
from decks import services
from decks.models import Deck
from decks.selectors import deck_with_likes
from decks.services import TAG_LENGTH, tag_name
from decks.uploads import UnreadableUpload, decklist_text
from decks.verdicts import decks_legal
from rules.models import Format

DESCRIPTION_LENGTH = 20_000
SORTS = {
    "updated": ("-updated", "-id"),
    "name": ("name", "id"),
    "created": ("-created", "-id"),
    "game": ("game__slug", "name", "id"),
    "popular": ("-like_count", "-updated", "-id"),
}


def game_choices() -> list[tuple[str, str]]:
    return [(game.slug, game.name) for game in Game.objects.registered().order_by("name")]


class DeckFilterForm(forms.Form):
    game = forms.ChoiceField(required=False)
    format = forms.ChoiceField(required=False)
    owner = forms.CharField(required=False, label="Owner", max_length=150)
    tag = forms.CharField(required=False, label="Tag", max_length=TAG_LENGTH)
    legal = forms.BooleanField(required=False, label="Legal only")
    sort = forms.ChoiceField(
        required=False,
        choices=[
            ("updated", "Recently changed"),
            ("name", "Name"),
            ("created", "Newest"),
            ("game", "Game"),
            ("popular", "Most liked"),
        ],
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [("", "Any game")] + [
            (game.slug, game.name) for game in game_list()
        ]
        # Formats of different games may share a slug ("standard"): one choice each, which the
        # game filter narrows.
        names = dict(Format.objects.order_by("slug", "game__slug").values_list("slug", "name"))
        self.fields["format"].choices = [("", "Any format"), *names.items()]

    def filtered(self, decks: QuerySet[Deck]) -> QuerySet[Deck]:
        """The decks the form's choices keep, in its order (legality last: the decks the other
        choices keep are the only ones it may need to judge)."""
        self.is_valid()  # a choice it cannot use is shown as an error; the others still apply
        data = self.cleaned_data
        if data.get("game"):
            decks = decks.filter(game__slug=data["game"])
        if data.get("format"):
            decks = decks.filter(format__slug=data["format"])
        if data.get("owner"):
            decks = decks.filter(owner__username__iexact=data["owner"])
        if data.get("tag"):
            decks = decks.filter(tags__name=tag_name(data["tag"]))
        if data.get("legal"):
            decks = decks_legal(decks)  # stored verdicts: a column, not the rules per deck
        return deck_with_likes(decks).order_by(*SORTS[data.get("sort") or "updated"])


class DeckDetailsForm(forms.Form):
    description = forms.CharField(
        required=False,
        max_length=DESCRIPTION_LENGTH,
        widget=forms.Textarea(attrs={"rows": 14}),
        label="Description or primer",
        help_text="Markdown: **bold**, _italic_, # headings, - lists, [links](https://…), tables.",
    )
    tags = forms.CharField(
        required=False,
        max_length=400,
        label="Tags",
        help_text=f"Separated by commas, at most {services.MAX_TAGS}: aggro, budget, combo.",
    )

    def clean_tags(self) -> list[str]:
        try:
            return services.tags_read(self.cleaned_data["tags"])
        except services.TagsRefused as refused:
            raise forms.ValidationError(str(refused)) from None


class NewDeckForm(forms.Form):
    game = forms.ChoiceField()
    # focused when the page opens: the game usually comes chosen from the link (?game=)
    name = forms.CharField(max_length=200, widget=forms.TextInput(attrs={"autofocus": True}))
    visibility = forms.ChoiceField(choices=Deck.Visibility.choices, initial="private")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = game_choices()


class DeckTextForm(forms.Form):
    """A deck's whole text, edited (web.views.decks.text): saved as its next version."""

    text = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 18, "class": "mono"}),
        max_length=200_000,  # the API's import takes as much
        strip=False,
        label="The whole deck, one card a line",
        help_text="As the import reads it: section headers such as Main Deck: or Spellbook:, "
        "then 2 Hot Dog, 2x Hot Dog or Hot Dog x2; the cards you are considering under "
        "Maybeboard:. A card left out is taken out of the deck.",
    )


class ImportDeckForm(NewDeckForm):
    text = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 12, "class": "mono"}),
        required=False,
        label="Decklist",
        help_text="One card a line (2 Hot Dog, 2x Hot Dog, 2 x Hot Dog, Hot Dog x2, - 2 Hot Dog), "
        "section headers such as Main Deck: or Spellbook:, Maybeboard: for the cards you are "
        "considering, # or // comments.",
    )
    file = forms.FileField(required=False, label="…or upload a text file")
    leave_out = forms.BooleanField(
        required=False,
        label="Import the rest if some lines cannot be",
        help_text="The lines left out are listed once the deck is made.",
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        upload = data.get("file")
        if upload:
            try:
                data["text"] = decklist_text(upload)
            except UnreadableUpload as refused:
                raise forms.ValidationError({"file": f"The file {refused}."}) from None
        if not data.get("text", "").strip():
            raise forms.ValidationError({"text": "Paste a decklist or choose a file."})
        return data
