"""The card pages' forms: add a card to a deck, and the advanced search, whose fields a
deckbuilder fills in are written out as a search-language query (the same query a user could
type), so the result page, its links and the API agree."""

from __future__ import annotations

from django import forms

from cards.search.parser import is_stat
from rulebook.core.decklist import MAX_QUANTITY
from rulebook.registry import GAMES


class AddToDeckForm(forms.Form):
    deck = forms.ChoiceField(label="Deck")
    section = forms.ChoiceField(label="Section")
    quantity = forms.IntegerField(label="Copies", min_value=1, max_value=MAX_QUANTITY, initial=1)

    def __init__(self, *args, decks, spec, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.decks = {str(deck.pk): deck for deck in decks}
        self.fields["deck"].choices = [(pk, deck.name) for pk, deck in self.decks.items()]
        self.fields["section"].choices = [(s.slug, s.name) for s in spec.sections]


OPERATORS = [(">=", "at least"), ("<=", "at most"), ("=", "exactly"), ("!=", "not")]
STATS = [
    ("", "—"),
    ("cost", "Cost"),
    ("lvl", "Level"),
    ("hp", "HP"),
    ("atk", "Attack"),
    ("def", "Defence"),
    ("agi", "Agility"),
    ("lp", "LP"),
    ("stars", "Stars"),
]


class AdvancedSearchForm(forms.Form):
    name = forms.CharField(required=False, label="Name contains", max_length=100)
    exact = forms.CharField(required=False, label="Exact name", max_length=100)
    text = forms.CharField(required=False, label="Rules text contains", max_length=200)
    type = forms.CharField(required=False, label="Type", max_length=60)
    game = forms.ChoiceField(required=False, label="Game")
    set = forms.CharField(required=False, label="Set code", max_length=20)
    stat = forms.ChoiceField(required=False, choices=STATS, label="Stat")
    operator = forms.ChoiceField(required=False, choices=OPERATORS, label="Compared")
    number = forms.IntegerField(required=False, label="Number", min_value=-9999, max_value=9999)
    exclude_text = forms.CharField(required=False, label="Rules text without", max_length=200)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [("", "Any game")] + [
            (slug, spec.name) for slug, spec in GAMES.items()
        ]

    def clean(self) -> dict:
        data = super().clean()
        for name in ("name", "exact", "text", "type", "set", "exclude_text"):
            if '"' in data.get(name, ""):
                self.add_error(name, 'A search term cannot hold a double quote (").')
        if data.get("stat") and data.get("number") is None:
            self.add_error("number", "Give the number to compare the stat with.")
        if data.get("stat") and not is_stat(data["stat"]):
            self.add_error("stat", "No game has this stat.")
        return data

    def query(self) -> str:
        """The search-language query the valid form describes ("" for an empty form)."""
        data = self.cleaned_data
        terms = [_term("name:", data["name"]), _term("t:", data["type"])]
        terms += [_term("o:", data["text"]), _term("set:", data["set"])]
        if data["exact"].strip():
            terms.append(f'!"{data["exact"].strip()}"')
        if data["exclude_text"].strip():
            terms.append("-" + _term("o:", data["exclude_text"]))
        if data["game"]:
            terms.append(f"game:{data['game']}")
        if data["stat"]:
            terms.append(f"{data['stat']}{data['operator'] or '>='}{data['number']}")
        return " ".join(term for term in terms if term)


def _term(key: str, value: str) -> str:
    value = value.strip()
    if not value:
        return ""
    return f'{key}"{value}"' if any(c.isspace() or c in "()" for c in value) else f"{key}{value}"
