"""The MetaZoo Archive swap's and the Millennium Blades fix's forms."""

from __future__ import annotations

from django import forms

from rulebook.metazoo.cards import GAME as METAZOO
from rulebook.millennium_blades.cards import GAME as BLADES

from .decklists import DecklistField, sections_help


class ArchiveSwapForm(forms.Form):
    before = DecklistField(
        METAZOO, label="Registered list (before)", help_text=sections_help(METAZOO)
    )
    after = DecklistField(METAZOO, label="Next list (after the swap)")


class BladesFixForm(forms.Form):
    decklist = DecklistField(BLADES, label="Tournament deck", help_text=sections_help(BLADES))
    seed = forms.IntegerField(
        required=False, help_text="Leave empty for a random fix; give its seed again to repeat it."
    )
