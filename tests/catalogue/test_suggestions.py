"""cards.selectors.card_suggestions: the "did you mean" list the validator shows."""

from __future__ import annotations

from django.db import connection, transaction

from cards.selectors import card_suggestions


def test_it_suggests_the_closest_names_of_the_game_best_first(catalogue):
    assert card_suggestions(game="neopets", name="Hot Dgo")[0] == "Hot Dog"
    assert "Hot Dog" not in card_suggestions(game="keeper", name="Hot Dgo")


def test_it_respects_the_limit(catalogue):
    assert len(card_suggestions(game="neopets", name="Hot Dog", limit=2)) <= 2
    assert card_suggestions(game="neopets", name="Hot Dog", limit=0) == []


def test_it_suggests_nothing_for_blank_names_or_unknown_games(catalogue):
    assert card_suggestions(game="neopets", name="  ") == []
    assert card_suggestions(game="chess", name="Hot Dog") == []


def test_it_leaves_the_callers_transaction_as_it_was(catalogue):
    """On PostgreSQL the similarity threshold is raised for a strong match, then undone."""
    with transaction.atomic():
        assert card_suggestions(game="neopets", name="Exploding Potoin") == ["Exploding Potion"]
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SHOW pg_trgm.similarity_threshold")
                assert cursor.fetchone()[0] == "0.3"
