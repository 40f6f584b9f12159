"""The Keeper card builder's form."""

from __future__ import annotations

from typing import Any

from django import forms

from api.keeper.serializers import MAX_TEXT_LENGTH, KeeperCardInput
from cards.services.user_cards import KeeperCardDraft
from rulebook.keeper.cards import CREATURE, SPELL
from rulebook.keeper.cards import GAME as KEEPER

from .checked import checked_by_serializer

STATS = ("offense", "defense")


class KeeperCardForm(forms.Form):
    """The card builder: what `POST /api/v1/keeper/cost/` takes, checked by its serializer."""

    name = forms.CharField(max_length=200, required=False, help_text="Needed to save the card.")
    type = forms.ChoiceField(choices=[(t, t) for t in KEEPER.card_types], initial=CREATURE)
    text = forms.CharField(
        label="Ability text",
        max_length=MAX_TEXT_LENGTH,
        required=False,
        widget=forms.Textarea(attrs={"rows": 5, "class": "mono"}),
        help_text="One ability a sentence or a line, as the Card Building Guide words them.",
    )
    offense = forms.IntegerField(
        min_value=0, max_value=99, required=False, initial=1, help_text="Creatures only."
    )
    defense = forms.IntegerField(
        min_value=0, max_value=99, required=False, initial=5, help_text="Creatures only."
    )
    edition = forms.IntegerField(
        min_value=1, max_value=99, required=False, initial=11, help_text="The Edition Indicator."
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("type") == SPELL:  # a Spell's stat boxes are ignored, not refused
            for stat in STATS:
                data.pop(stat, None)
        values = {key: value for key, value in data.items() if value not in (None, "")}
        values.setdefault("text", "")
        values.pop("name", None)
        checked_by_serializer(self, KeeperCardInput(data=values))
        return data

    def draft(self) -> KeeperCardDraft:
        data = self.cleaned_data
        return KeeperCardDraft(
            name=data.get("name") or "",
            type=data["type"],
            text=data.get("text") or "",
            offense=data.get("offense"),
            defense=data.get("defense"),
            edition=data.get("edition"),
        )
