"""The tools' forms. Each checks its input with the API's own rules where the API has them, so a
value the API refuses is refused here too, with the same words."""

from __future__ import annotations

from typing import Any

from django import forms
from django.db.models import QuerySet
from rest_framework import serializers

from api.battle_odds.serializers import NeopetInput
from api.keeper.serializers import MAX_TEXT_LENGTH, KeeperCardInput
from cards.models import Card
from cards.services.user_cards import KeeperCardDraft
from rulebook.core.decklist import parse_decklist
from rulebook.core.game import GameSpec
from rulebook.core.resolve import EntryRef
from rulebook.keeper.cards import CREATURE, SPELL
from rulebook.keeper.cards import GAME as KEEPER
from rulebook.metazoo.cards import GAME as METAZOO
from rulebook.millennium_blades.cards import GAME as BLADES
from rulebook.registry import GAMES
from rulebook.simulation.seeds import MAX_SEED
from rules.services.simulations import MAX_GAMES

STATS = ("offense", "defense")


def _checked(
    form: forms.Form, serializer: serializers.Serializer, prefix: str = ""
) -> dict[str, Any] | None:
    """The serializer's validated data; or None, its errors shown on the form's fields (named
    `prefix` + the serializer's field) or above the form."""
    if serializer.is_valid():
        return dict(serializer.validated_data)
    for field, messages in serializer.errors.items():
        name = prefix + field
        form.add_error(name if name in form.fields else None, [str(m) for m in messages])
    return None


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
        _checked(self, KeeperCardInput(data=values))
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


class DecklistField(forms.CharField):
    """A plain-text decklist of one game, read into entries; unreadable lines are named."""

    def __init__(self, game: GameSpec, **kwargs: Any) -> None:
        self.game = game
        kwargs.setdefault("widget", forms.Textarea(attrs={"rows": 10, "class": "mono"}))
        kwargs.setdefault("max_length", 50_000)
        super().__init__(**kwargs)

    def clean(self, value: Any) -> list[EntryRef]:
        text = super().clean(value)
        parsed = parse_decklist(text, self.game)
        if parsed.problems:
            raise forms.ValidationError(
                [f"Line {p.line} ({p.text!r}): {p.message}" for p in parsed.problems]
            )
        return parsed.entries


def _sections_help(game: GameSpec) -> str:
    headers = ", ".join(f"“{section.name}:”" for section in game.sections)
    return f"One card a line (“2 Name”); section headers {headers}."


class ArchiveSwapForm(forms.Form):
    before = DecklistField(
        METAZOO, label="Registered list (before)", help_text=_sections_help(METAZOO)
    )
    after = DecklistField(METAZOO, label="Next list (after the swap)")


class BladesFixForm(forms.Form):
    decklist = DecklistField(BLADES, label="Tournament deck", help_text=_sections_help(BLADES))
    seed = forms.IntegerField(
        required=False, help_text="Leave empty for a random fix; give its seed again to repeat it."
    )


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
            side: _checked(self, NeopetInput(data=body[side]), prefix=f"{side}_")
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


class CardTestForm(forms.Form):
    """ "Test this card": the deck it goes into, the card it replaces, the reference deck."""

    deck = forms.ChoiceField(label="Deck to put the card in", choices=())
    replaces = forms.CharField(
        label="Card it replaces",
        max_length=200,
        initial="Ember Sprite",
        help_text="Every copy of this card in the deck is replaced by yours.",
    )
    reference = forms.ChoiceField(label="Opponent (the reference deck)", choices=())
    games = forms.IntegerField(min_value=1, max_value=MAX_GAMES, initial=200)
    seed = forms.IntegerField(
        min_value=0, max_value=MAX_SEED, required=False, help_text="Empty: a random seed."
    )

    def __init__(self, *args: Any, decks: list[Any], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["deck"].choices = decks
        self.fields["reference"].choices = decks


PASTE = "paste"


class TestGamesForm(forms.Form):
    """Two decks (stored, sample or pasted), the number of games and a seed."""

    game = forms.ChoiceField(choices=())
    deck_a = forms.ChoiceField(label="Deck A", choices=())
    text_a = forms.CharField(
        label="Deck A's list (when pasted)",
        required=False,
        widget=forms.Textarea(attrs={"rows": 6, "class": "mono"}),
    )
    deck_b = forms.ChoiceField(label="Deck B", choices=())
    text_b = forms.CharField(
        label="Deck B's list (when pasted)",
        required=False,
        widget=forms.Textarea(attrs={"rows": 6, "class": "mono"}),
    )
    games = forms.IntegerField(min_value=1, max_value=MAX_GAMES, initial=200)
    seed = forms.IntegerField(
        min_value=0, max_value=MAX_SEED, required=False, help_text="Empty: a random seed."
    )

    def __init__(self, *args: Any, games: list[str], decks: list[Any], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(slug, GAMES[slug].name) for slug in games]
        for name in ("deck_a", "deck_b"):
            self.fields[name].choices = [(PASTE, "Paste a list below"), *decks]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        for side in ("a", "b"):
            if data.get(f"deck_{side}") == PASTE and not (data.get(f"text_{side}") or "").strip():
                self.add_error(f"text_{side}", "Paste the deck's list, or choose a deck above.")
        return data
