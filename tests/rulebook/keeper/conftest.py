import pytest

from rulebook.keeper import construction


@pytest.fixture(autouse=True)
def judged_afresh():
    """Each test judges card texts from scratch, not from an answer an earlier test left in the
    construction caches (kept by card text). mutmut runs each mutant's tests in a process forked
    from its clean run, caches filled: without this, code behind a cache never runs mutated and
    a broken `_sentences_saying` survives every test (docs/testing/mutants.md)."""
    for cached in (
        construction.redacted_texts,
        construction.sentence_parts,
        construction.cost_revised_texts,
    ):
        cached.cache_clear()
