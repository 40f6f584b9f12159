"""A format's ban in the database reaches a MetaZoo Page's reprint set with other punctuation
(issue 38, "Also": one Page everywhere, the identity its Spellbook Limit counts by, p. 40)."""

from __future__ import annotations

from datetime import date

import pytest

from cards.models import Card, Game
from rulebook.core.resolve import EntryRef
from rules.models import Format, FormatListEntry
from rules.services.validation import deck_validate
from tests.rulebook.metazoo.factories import LEGAL_SPELLBOOK, pages


@pytest.fixture
def spellbook_cards(db) -> dict[str, Card]:
    game = Game.objects.get(slug="metazoo")
    return {
        key: Card.objects.create(
            game=game, key=key, name=info.name, type=info.type, text=info.text,
            attributes=dict(info.attributes),
        )
        for key, info in pages().items()
        if key in LEGAL_SPELLBOOK
    }  # fmt: skip


@pytest.mark.parametrize("banned", ["fireball", "fireball-reprint"])
def test_a_ban_on_one_printing_reaches_the_reprint_differing_by_a_comma_p40(
    spellbook_cards, banned
):
    fireball = spellbook_cards["fireball"]
    reprint = Card.objects.create(
        game=fireball.game, key="fireball-reprint", name=fireball.name, type=fireball.type,
        text=fireball.text.replace(" and ", ", and ", 1), attributes=fireball.attributes,
    )  # fmt: skip
    assert reprint.text != fireball.text
    standard = Format.objects.get(game__slug="metazoo", slug="standard")
    row = spellbook_cards.get(banned) or reprint
    FormatListEntry.objects.create(
        format=standard, card=row, status="banned", effective=date(2024, 1, 1)
    )
    named = "fireball-reprint" if banned == "fireball" else "fireball"
    entries = [
        EntryRef("spellbook", copies, key=named if key == "fireball" else key)
        for key, copies in LEGAL_SPELLBOOK.items()
    ]
    report = deck_validate(game="metazoo", entries=entries, as_of=date(2024, 2, 1))
    assert [issue.code for issue in report.errors] == ["card.banned"], report.as_dict()
