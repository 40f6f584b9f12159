"""The judge finds what it should: a log with a rule broken in it is reported (so a clean
verdict over thousands of games means something)."""

from __future__ import annotations

import copy

from rulebook.metazoo.engine import MetaZooDeck, play_game
from rulebook.samples import METAZOO as SAMPLES

from .checker import ALLOCATION, ATTACKING, LIFE, TERRA, TURNS, check_log


def sample_log(seed: int = 3) -> list[dict]:
    decks = [MetaZooDeck.from_deck(SAMPLES.deck(n)) for n in ("flame-aggro", "forest-swarm")]
    return list(play_game(decks, seed, record_log=True).log)


def first(log: list[dict], kind: str, **matching) -> dict:
    return next(
        e for e in log if e["event"] == kind and all(e.get(k) == v for k, v in matching.items())
    )


def rules_broken(log: list[dict]) -> set[str]:
    return {rule for rule, _ in check_log(log)}


def test_a_clean_game_breaks_nothing():
    assert check_log(sample_log()) == []


def test_it_sees_an_attack_by_a_fatigued_beastie():
    log = copy.deepcopy(sample_log())
    attack = first(log, "attack")
    at = log.index(attack)
    log.insert(at + 1, {**attack})  # the same Beastie attacks again, already Fatigued
    assert ATTACKING in rules_broken(log)


def test_it_sees_caster_lp_that_do_not_add_up():
    log = copy.deepcopy(sample_log())
    damage = next(e for e in log if e["event"] == "damage" and isinstance(e["target"], str))
    damage["lp"] -= 5
    assert LIFE in rules_broken(log)


def test_it_sees_an_allocation_that_is_not_in_fives():
    log = copy.deepcopy(sample_log())
    allocation = first(log, "allocate")
    allocation["to"][0][1] += 3
    allocation["damage"] += 3
    assert ALLOCATION in rules_broken(log)


def test_it_sees_a_missing_awakening_and_a_terra_in_the_wrong_slot():
    log = copy.deepcopy(sample_log())
    awaken = next(e for e in log if e["event"] == "awaken" and e["pages"])
    awaken["pages"] = awaken["pages"][1:]
    assert TURNS in rules_broken(log)
    log = copy.deepcopy(sample_log())
    terra = next((e for e in log if e["event"] == "terra"), None)
    if terra is not None:
        terra["slot"] += 1
        assert TERRA in rules_broken(log)
