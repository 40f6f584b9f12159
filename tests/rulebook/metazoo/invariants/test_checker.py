"""The judge finds what it should: a log with a rule broken in it is reported (so a clean
verdict over thousands of games means something)."""

from __future__ import annotations

import copy

import pytest

from rulebook.metazoo.engine import MetaZooDeck, RandomPolicy, play_game
from rulebook.samples import METAZOO as SAMPLES

from .checker import (
    ALLOCATION,
    ATTACKING,
    JUDGED,
    LIFE,
    SLEEP,
    STATUS_OWED,
    TERRA,
    TRIGGERED,
    TURNS,
    check_log,
)
from .decks import random_spellbooks
from .test_games_keep_the_rules import ready


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


def log_with(wanted, decks=("spirit-status", "flame-aggro")) -> list[dict]:
    """A sample game's log with an event `wanted` says yes to (the first seed that has one)."""
    spellbooks = [MetaZooDeck.from_deck(SAMPLES.deck(name)) for name in decks]
    random = (RandomPolicy(), RandomPolicy())  # (the heuristic aims its Sleep at Casters)
    for seed in range(40):
        log = list(play_game(spellbooks, seed, policies=random, record_log=True).log)
        if any(wanted(e) for e in log):
            return copy.deepcopy(log)
    raise AssertionError("no sample game with such an event")


def casters_burn(e: dict) -> bool:
    return e["event"] == "damage" and e["why"] == "burn" and isinstance(e["target"], str)


def sleep_coin(e: dict) -> bool:
    return e["event"] == "coin" and e["why"].startswith("sleep:")


def test_it_sees_a_burn_owed_at_the_turns_end_that_never_came():
    """Obligation (issue 37): every Burn a Caster carries resolves at the end of its turn."""
    log = log_with(casters_burn)
    assert check_log(log) == []
    tick = next(e for e in log if casters_burn(e))
    log.remove(tick)
    assert STATUS_OWED in rules_broken(log)


def test_it_sees_a_sleep_coin_not_flipped_and_a_page_woken_on_tails():
    """Obligation (issue 37): each sleeping Page's coin at its controller's turn start; only
    heads wakes it."""
    log = log_with(sleep_coin)
    assert check_log(log) == []
    coin = next(e for e in log if sleep_coin(e))
    log.remove(coin)
    assert SLEEP in rules_broken(log)
    log = log_with(sleep_coin)
    for coin in (e for e in log if sleep_coin(e)):
        coin["result"] = "tails" if coin["result"] == "heads" else "heads"
    assert SLEEP in rules_broken(log)


def test_it_sees_a_terra_rotation_that_does_not_move_on():
    """Obligation (issue 37, Terra Pages and Rotation p. 13): the 8th Terra into six full
    slots replaces slot 2, not slot 1 again."""
    river = {"name": "River Terra", "type": "Terra"}
    log = [{"turn": 0, "player": None, "event": "setup", "lp": [1000, 1000],
            "pages": [{str(n): river for n in range(8)}, {}]}]  # fmt: skip
    for n in range(8):
        slot, replaced = (n + 1, None) if n < 6 else (1, n - 6 if n == 6 else 6)
        log.append({"turn": 1, "player": 0, "event": "terra", "page": n, "slot": slot,
                    "replaced": replaced, "name": "River Terra", "terra": "river"})  # fmt: skip
    assert TERRA in rules_broken(log)
    log[-1].update(slot=2, replaced=1)
    assert TERRA not in rules_broken(log)


def triggered_log(when: str) -> tuple[list[dict], dict[str, list], dict]:
    """A game between random user-made Spellbooks with a target chosen for a `when` effect no
    Action started (its `trigger` event, a Beastie or Artifact target), the Pages' printed
    effects, and that event."""
    books = ready(random_spellbooks(16, 2))
    for seed in range(200):
        book_a, book_b = books[seed % 16], books[(seed * 7 + 3) % 16]
        policies = (RandomPolicy(), RandomPolicy())
        game = play_game([book_a.deck, book_b.deck], seed, policies=policies, record_log=True)
        log = list(game.log)
        for at, event in enumerate(log):
            if event["event"] == "trigger" and event["when"] == when:
                ((kind, target),) = event["targets"].items()
                if kind in JUDGED and target is not None:
                    log = copy.deepcopy(log)
                    return log, {**book_a.effects, **book_b.effects}, log[at]
    raise AssertionError(f"no game with a target chosen at {when}")


@pytest.mark.parametrize("when", ["enter", "destroyed", "start_of_turn", "end_of_turn"])
def test_it_sees_a_triggered_target_never_chosen_or_not_chosen_while_one_was_legal(when):
    """Obligation (issue 37; Targeting Defined, p. 23; Keywords, p. 25; Turn Steps, p. 16-17):
    an effect that names a target and resolves with no Action to choose it (a Terra's or Aura
    Page's ENTER, DESTROYED, start and end of turn) chooses a legal target as it resolves;
    the engine once resolved it with none, and the log said nothing."""
    log, effects, event = triggered_log(when)
    assert check_log(log, effects) == []
    at = log.index(event)
    silent = log[:at] + log[at + 1 :]  # the effect resolved without choosing (the old engine)
    assert TRIGGERED in {rule for rule, _ in check_log(silent, effects)}
    (kind,) = event["targets"]
    event["targets"][kind] = None  # none chosen, though the one chosen was legal
    assert TRIGGERED in {rule for rule, _ in check_log(log, effects)}
    pages = log[0]["pages"][0]
    aura = next(int(n) for n, page in pages.items() if page["type"] == "Aura")
    event["targets"][kind] = aura  # an Aura Page: never a Beastie's or Artifact's place
    assert TRIGGERED in {rule for rule, _ in check_log(log, effects)}
