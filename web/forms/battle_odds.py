"""The battle-odds page's forms."""

from __future__ import annotations

from typing import Any

from django import forms
from django.db.models import QuerySet

from api.battle_odds.serializers import NeopetInput
from cards.models import Card

from .checked import checked_by_serializer


class BattleOddsForm(forms.Form):
    """Two Neopets' stats, checked by the battle-odds API's serializer."""

    SIDES = ("attacker", "defender")
    STATS = ("hp", "attack", "defence", "agility", "damage")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        defaults = {
            "attacker": {"hp": 8, "attack": 4, "defence": 3, "agility": 5, "damage": 0},
            "defender": {"hp": 7, "attack": 3, "defence": 5, "agility": 3, "damage": 0},
        }
        for side in self.SIDES:
            for stat in self.STATS:
                self.fields[f"{side}_{stat}"] = forms.IntegerField(
                    label=stat.capitalize() if stat != "hp" else "HP",
                    initial=defaults[side][stat],
                    required=stat != "damage",
                    help_text="damage already taken" if stat == "damage" else "",
                )

    def side_fields(self, side: str) -> list[forms.BoundField]:
        return [self[f"{side}_{stat}"] for stat in self.STATS]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        body = {
            side: {
                stat: data[f"{side}_{stat}"]
                for stat in self.STATS
                if data.get(f"{side}_{stat}") is not None
            }
            for side in self.SIDES
        }
        fighters = {
            side: checked_by_serializer(self, NeopetInput(data=body[side]), prefix=f"{side}_")
            for side in self.SIDES
        }
        data["fighters"] = {side: stats for side, stats in fighters.items() if stats is not None}
        return data


class NeopetPickForm(forms.Form):
    """Two Neopet cards whose printed stats fill the battle-odds form."""

    def __init__(self, *args: Any, neopets: QuerySet[Card], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for side in BattleOddsForm.SIDES:
            self.fields[f"{side}_card"] = forms.ModelChoiceField(
                neopets, label=f"{side.capitalize()}'s Neopet", to_field_name="pk"
            )

    def stats(self) -> dict[str, int]:
        """The battle-odds form's fields, as the chosen cards print them (no damage taken)."""
        return {
            f"{side}_{stat}": self.cleaned_data[f"{side}_card"].attributes.get(stat, 0)
            for side in BattleOddsForm.SIDES
            for stat in BattleOddsForm.STATS
            if stat != "damage"
        }
