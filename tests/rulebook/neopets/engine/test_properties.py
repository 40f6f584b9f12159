"""Properties over random seeds and random legal decks of the sample cards (hypothesis)."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulebook.core.report import Report
from rulebook.core.resolve import EntryRef, resolve
from rulebook.neopets.cards import GAME
from rulebook.neopets.engine import TURN_CAP, EngineDeck, HeuristicPolicy, RandomPolicy, play_game
from rulebook.validate import standard_format, validate

from .builders import COPIES, sample_cards_by_role, sample_pool

POOL = sample_pool()
NEOPETS, RAINBOW_POOL, CODESTONES, OTHERS = sample_cards_by_role()


@st.composite
def legal_decks(draw):
    """A random deck of the sample cards that the construction rules accept."""
    neopets = draw(
        st.lists(
            st.sampled_from(NEOPETS),
            min_size=3,
            max_size=5,
            unique_by=lambda card: card.attr("species"),
        )
    )
    rainbow_pool = draw(st.lists(st.sampled_from(RAINBOW_POOL), max_size=10, unique=True))
    main: dict[str, int] = {}
    in_pool = {card.name for card in rainbow_pool}  # copies count across sections (Lab Ray)
    for card in draw(st.lists(st.sampled_from(OTHERS), max_size=45)):
        limit = COPIES.get(card.type, 2) - (card.name in in_pool)
        main[card.name] = min(limit, main.get(card.name, 0) + 1)
    main = {name: count for name, count in main.items() if count}
    for stone in draw(
        st.lists(
            st.sampled_from(CODESTONES),
            min_size=50 - sum(main.values()),
            max_size=50 - sum(main.values()),
        )
    ):
        main[stone.name] = main.get(stone.name, 0) + 1
    refs = [EntryRef("neopets", 1, name=card.name) for card in neopets]
    refs += [EntryRef("rainbow_pool", 1, name=card.name) for card in rainbow_pool]
    refs += [EntryRef("main", count, name=name) for name, count in main.items()]
    assert validate(GAME, refs, POOL, standard_format(GAME)).legal
    return EngineDeck.from_deck(resolve(GAME, refs, POOL, Report("neopets", "standard")))


class Checking(HeuristicPolicy):
    """The heuristic, checking the invariants every time it is asked to decide."""

    def check(self, game):
        for side in game.sides:
            assert side.damage >= 0
            assert 0 <= side.attack <= 10 and 0 <= side.defence <= 10  # CR 6.2.4
            assert 0 <= side.agility <= 10
            assert len(side.codestones) <= 5  # CR 7.11.5
            assert len(side.equipment) <= 3  # CR 7.6.5

    def choose_play(self, game, decision):
        self.check(game)
        return super().choose_play(game, decision)

    def choose_codestone(self, game, decision):
        self.check(game)
        return super().choose_codestone(game, decision)

    def choose_rerolls(self, game, decision, dice, other, attacking):
        self.check(game)
        return super().choose_rerolls(game, decision, dice, other, attacking)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(legal_decks(), legal_decks(), st.integers(0, 2**32), st.booleans())
def test_it_keeps_damage_and_stats_in_bounds_and_always_ends(deck_a, deck_b, seed, random_b):
    """Damage is never negative, no stat exceeds 10, and every game ends by the turn cap."""
    policies = (Checking(), RandomPolicy(seed) if random_b else Checking())
    record = play_game([deck_a, deck_b], seed, policies=policies, record_log=True)
    assert record.figures["turns"] <= TURN_CAP
    assert record.figures["damage"] >= 0
    assert all(event["damage"] >= 0 for event in record.log if event["event"] == "battle")
    if record.winner is None:
        assert record.figures["turns"] == TURN_CAP  # a draw only at the cap
    else:
        # legal decks never run dry
        assert record.figures["round_winners"].count(record.winner) == 2
