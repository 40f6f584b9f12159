"""cards.selectors.card_suggestions: the "did you mean" list the validator shows."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from cards.selectors import card_suggestions, card_suggestions_many


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


@pytest.mark.skipif(not settings.IS_POSTGRES, reason="needs PostgreSQL (DATABASE_URL)")
def test_a_typo_with_a_strong_match_is_looked_up_at_the_strong_threshold_only(catalogue):
    """Issue 25, item 7: at pg_trgm's 0.3 a name shares trigrams with hundreds of names, each
    read from the card table to be scored; a name with a strong match is asked at 0.5 only, and
    the weak threshold is asked only for the names with none (one query for them all)."""
    with CaptureQueriesContext(connection) as queries:
        suggestions = card_suggestions_many(
            game="neopets", names=["Exploding Potoin", "Red Acaar", "Hto Dgo"]
        )
    assert suggestions["Exploding Potoin"] == ["Exploding Potion"]
    assert suggestions["Red Acaar"][0] == "Red Acara"
    lookups = [q["sql"] for q in queries.captured_queries if "LATERAL" in q["sql"]]
    thresholds = [q["sql"] for q in queries.captured_queries if "set_config" in q["sql"]]
    assert len(lookups) == len(thresholds)
    assert "'0.5'" in thresholds[0]
    # Only the name without a strong match ("Hto Dgo") is asked again, at the weaker threshold.
    assert len(lookups) == 2 and "'0.3'" in thresholds[1]
    assert "Hto Dgo" in lookups[1] and "Potoin" not in lookups[1] and "Acaar" not in lookups[1]


@pytest.mark.skipif(not settings.IS_POSTGRES, reason="needs PostgreSQL (DATABASE_URL)")
def test_the_best_match_alone_is_asked_at_a_stronger_threshold_first_with_the_same_answer(
    catalogue,
):
    """A fuzzy named lookup wants the best match only: asked at 0.6 first (fewer names to read
    and score), it is still the first of the "did you mean" list, whichever step finds it."""
    names = ["Exploding Potoin", "Red Acaar", "Hto Dgo"]  # similarity 0.62, 0.54, 0.14
    lists = card_suggestions_many(game="neopets", names=names)
    with CaptureQueriesContext(connection) as queries:
        best = card_suggestions_many(game="neopets", names=names, limit=1)
    assert best == {name: found[:1] for name, found in lists.items()}
    assert best["Exploding Potoin"] == ["Exploding Potion"] and best["Red Acaar"] == ["Red Acara"]
    asked = [q["sql"] for q in queries.captured_queries if "set_config" in q["sql"]]
    assert [re.search(r"'(0\.\d)'", sql)[1] for sql in asked] == ["0.6", "0.5", "0.3"]
