"""The registry: every game has its standard ruleset under its own slug."""

from rulebook.registry import GAMES, RULESETS, ruleset_for


def test_it_registers_a_ruleset_for_every_game_under_its_slug():
    assert set(RULESETS) == set(GAMES)
    for slug, game in GAMES.items():
        assert ruleset_for(slug).game is game


def test_it_shares_one_ruleset_instance_per_key():
    assert ruleset_for("neopets") is ruleset_for("neopets")
