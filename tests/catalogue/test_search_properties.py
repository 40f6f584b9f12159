"""Whatever a user types, the search language answers with a Q or a positioned syntax error."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cards.search import QuerySyntaxError, search_q

# Characters the grammar cares about, plus letters, digits and a little Unicode.
QUERY_TEXT = st.text(alphabet=st.sampled_from('()"-:=<>! tohpsetgamAtk0123456789xé\t'), max_size=60)


@settings(max_examples=400, deadline=None)
@given(QUERY_TEXT)
def test_it_compiles_or_refuses_with_a_position_inside_the_query(query):
    for full_text in (False, True):
        try:
            search_q(query, full_text=full_text)
        except QuerySyntaxError as error:
            assert 0 <= error.position <= len(query)
