"""A seat's view gives a bot only what its seat may know (rulebook.core.views): walking every
public attribute path from the view and from the decision it is asked (bounded depth), at
decisions across many seeds, reaches no card the other seats hide as the game holds them (their
hand, deck or face-down cards) and no such zone itself: only its size, through `HiddenZone`.

Names that start with "_" are private by Python's convention and not walked: a bot that reads
`view._game` is cheating in plain sight; the back doors this guards against are the public
paths (an item's owner, a combat's Caster, a decision's targets)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from rulebook.core.stepping import GameState
from rulebook.core.views import HiddenZone, Public

from .test_stepping import ENGINES, decks_of, random_bots

DEPTH = 7
SEEDS = range(6)
EVERY = 7  # walk every seventh decision of a game (and its first), to keep the walk quick

_LEAVES = (int, float, str, bytes, bool, type(None), range, type)


def hidden_of(slug: str, game: Any, seat: int) -> tuple[set[int], set[int]]:
    """What the other seats hide from `seat`, as the game holds it: the ids of the zones (lists)
    and of the card objects in them, less any card object also shown somewhere public."""
    zones: list[list[Any]] = []
    if slug == "neopets":
        from rulebook.neopets.engine.state import HIDDEN_SIDE as hidden

        parts = game.sides
    elif slug == "keeper":
        from rulebook.keeper.engine.state import HIDDEN_PLAYER as hidden

        parts = game.players
    elif slug == "metazoo":
        from rulebook.metazoo.engine.state import HIDDEN_CASTER as hidden

        parts = game.casters
    else:
        from rulebook.millennium_blades.engine.state import HIDDEN_PLAYER as hidden

        parts = game.players
    shown: set[int] = set()
    face_down: list[Any] = []
    for index, part in enumerate(parts):
        for name, value in vars_of(part):
            if not isinstance(value, list):
                continue
            if index != seat and name in hidden:
                zones.append(value)
            else:
                for item in value:
                    if slug == "keeper" and name == "traps" and index != seat:
                        face_down.append(item.card)  # a set trap is face down
                    elif slug == "millennium-blades" and hasattr(item, "up"):
                        if item.up or index == seat:
                            shown.add(id(item.card))
                        else:
                            face_down.append(item.card)
                    else:
                        shown.add(id(item))
                        shown.add(id(getattr(item, "card", item)))
    for item in getattr(game, "queue", ()):  # Neopets' queue: its cards are in the Play Area
        shown.add(id(item.card))
    cards = {id(card) for zone in zones for card in zone} | {id(card) for card in face_down}
    return {id(zone) for zone in zones}, cards - shown


def vars_of(obj: Any) -> Iterator[tuple[str, Any]]:
    names = set(getattr(obj, "__dict__", ()))
    for cls in type(obj).__mro__:
        names.update(getattr(cls, "__slots__", ()))
    for name in sorted(names):
        try:
            yield name, getattr(obj, name)
        except AttributeError:
            continue


def public_names(obj: Any) -> list[str]:
    if isinstance(obj, Public):
        return sorted(obj._public | obj._hidden | set(obj._shown))
    return [name for name in dir(obj) if not name.startswith("_")]


def reachable(*roots: Any) -> Iterator[tuple[str, Any]]:
    """Every (path, value) reachable from the roots through public attributes and the items of
    containers, breadth first, each object once, to DEPTH steps."""
    seen: set[int] = set()
    frontier = [(f"root{i}", root) for i, root in enumerate(roots)]
    for _ in range(DEPTH):
        following = []
        for path, obj in frontier:
            if id(obj) in seen or isinstance(obj, (*_LEAVES, HiddenZone)):
                continue
            seen.add(id(obj))
            yield path, obj
            if isinstance(obj, dict):
                items = [(f"{path}[{k!r}]", v) for k, v in obj.items()]
                items += [(f"{path}.key", k) for k in obj]
            elif isinstance(obj, (list, tuple, set, frozenset)):
                items = [(f"{path}[{i}]", v) for i, v in enumerate(obj)]
            elif callable(obj) and not hasattr(obj, "__dict__"):
                continue  # a bound method or builtin: its owner is reached directly
            else:
                items = []
                for name in public_names(obj):
                    try:
                        value = getattr(obj, name)
                    except Exception:  # a name the view refuses is no path
                        continue
                    items.append((f"{path}.{name}", value))
            following.extend(items)
        frontier = following


def the_view_and_decision(view: Any, decision: Any) -> tuple[Any, ...]:
    return (view, decision)


def walked(
    slug: str, seed: int, roots: Callable[[Any, Any], tuple[Any, ...]] = the_view_and_decision
) -> Iterator[tuple[str, str, Any, bool]]:
    """Each (decision, path, value, whether it is hidden from the seat) the walk reaches from
    `roots(view, decision)` at every EVERY-th decision of a game played by random bots."""
    module, _ = ENGINES[slug]
    decks = decks_of(slug)
    state = GameState(module.play_game.game_class, decks, seed)
    bots = random_bots(module, len(decks))
    for seat, bot in enumerate(bots):
        bot.begin(seed, seat)
    step = 0
    while not state.is_terminal():
        seat = state.current_seat
        view, decision = state.view(seat), state.decision
        if step % EVERY == 0:
            zones, cards = hidden_of(slug, state._game, seat)
            where = f"decision {step} ({decision.kind}), seat {seat}"
            for path, value in reachable(*roots(view, decision)):
                yield where, path, value, id(value) in zones or id(value) in cards
        state.apply(bots[seat].answer(view, decision))
        step += 1


def leaks(slug: str, seed: int) -> list[str]:
    for where, path, _, hidden in walked(slug, seed):
        if hidden:
            return [f"{where}: {path}"]
    return []


# Every back door closed (issue 35 item B): a queue item's owner, a combat's or the chain's
# Caster are the other seat as this one sees it (one's own side opens none: its opponent is
# private to the game); a decision's options keep the game to themselves; face-down cards (a
# Keeper trap, a Millennium Blades card, a MetaZoo Page) show only their back.
@pytest.mark.parametrize("slug", ENGINES)
@pytest.mark.parametrize("seed", SEEDS)
def test_no_path_from_a_seats_view_reaches_a_card_another_seat_hides(slug, seed):
    assert leaks(slug, seed)[:5] == []


def a_casters_decisions_and_carried_pages(view: Any, decision: Any) -> tuple[Any, ...]:
    """MetaZoo's corners past the walk's depth from the view: the Caster's own past decisions
    (each kind's Decision, kept with the options it last offered) and the Pages carried under
    each Page in either Arena (Equipment, Pages placed under), each a root of its own."""
    carried = [page.carried for caster in view.casters for page in caster.arena]
    return (view.casters[view.seat].decisions, *carried)


def test_a_metazoo_casters_past_decisions_and_carried_pages_reach_nothing_hidden():
    """The walk covers `Caster.decisions` and `Page.carried` as deep as the view itself: no
    Page another Caster hides (its Chapter, Spellbook, face-down Traps) is reached through
    them, and Pages are reached through both (the walk is no empty one)."""
    from rulebook.metazoo.engine.state import Page

    pages: Counter[str] = Counter()
    for seed in SEEDS:
        for where, path, value, hidden in walked(
            "metazoo", seed, a_casters_decisions_and_carried_pages
        ):
            assert not hidden, f"{where}: {path}"
            if type(value) is Page:
                pages["decisions" if path.startswith("root0") else "carried"] += 1
    assert pages["decisions"] > 0 and pages["carried"] > 0, pages


def keeper_game(seed: int) -> Iterator[GameState]:
    """A Keeper game played by random bots, stopped at each of its decisions in turn."""
    module, _ = ENGINES["keeper"]
    state = GameState(module.play_game.game_class, decks_of("keeper"), seed)
    bots = random_bots(module, 2)
    for seat, bot in enumerate(bots):
        bot.begin(seed, seat)
    while not state.is_terminal():
        yield state
        seat = state.current_seat
        state.apply(bots[seat].answer(state.view(seat), state.decision))


def test_a_keeper_player_sees_how_many_resources_the_other_has_never_which():
    """Rulebook, "The Field", Resource Zone: "The contents of this zone are not public
    knowledge"; Turn Order: a resource "is always played face-down, as its identity is not
    public knowledge". How many there are, and how many are exhausted, can be seen."""
    state = next(s for s in keeper_game(4) if all(p.resources for p in s._game.players))
    seat = state.current_seat
    other, theirs = state.view(seat).players[1 - seat], state._game.players[1 - seat]
    assert isinstance(other.resources, HiddenZone)
    assert len(other.resources) == len(theirs.resources) > 0
    assert (other.spent, other.unspent) == (theirs.spent, theirs.unspent)
    assert not isinstance(state.view(seat).players[seat].resources, HiddenZone)  # one's own


def test_a_keeper_player_sees_how_many_cards_the_others_graveyard_holds_never_which():
    """Rulebook, "The Field", Graveyard: "Any card which is destroyed or sacrificed is sent
    here, face-down. The contents of the graveyard are not public knowledge, but its owner may
    look through it at any time." """
    state = next(s for s in keeper_game(4) if all(p.graveyard for p in s._game.players))
    seat = state.current_seat
    view = state.view(seat)
    other, theirs = view.players[1 - seat], state._game.players[1 - seat]
    assert isinstance(other.graveyard, HiddenZone)
    assert len(other.graveyard) == len(theirs.graveyard) > 0
    with pytest.raises(PermissionError):
        list(other.graveyard)
    assert view.players[seat].graveyard is state._game.players[seat].graveyard  # one's own


def test_a_keeper_set_trap_shows_the_other_player_only_the_cost_it_saw_paid():
    """Rulebook, "Casting Spells and Setting Traps": "To set a trap, pay a number of resources
    equal to the card's resource cost (note: you do **not** reveal the trap), then place the
    card into the Trap Zone, face-down"; "Resources, Exhaustion, and Recovery": "To pay a
    resource cost is to exhaust a number of unexhausted resources", which every player sees. A
    set trap's back shows its value (half its cost, which the bots' measures read) and not the
    card: the value tells the other player nothing but the resources it saw exhausted."""
    checked = 0
    for seed in range(12):
        before = None
        for state in keeper_game(seed):
            seen = [state.view(1 - p.index).players[p.index] for p in state._game.players]
            now = [(len(other.traps), other.spent) for other in seen]
            if before is not None:
                for other, (traps, spent), (traps_then, spent_then) in zip(
                    seen, now, before, strict=True
                ):
                    if traps == traps_then + 1 and spent > spent_then:  # one trap set
                        back = other.traps[-1]
                        assert back.value * 2 == spent - spent_then
                        with pytest.raises(AttributeError):
                            back.card  # noqa: B018  # the card is not shown
                        checked += 1
            before = now
    assert checked > 0


def test_ones_own_side_is_the_games_own_with_no_door_onto_the_other_side():
    """Neopets: one's own side is handed whole, as the game holds it, and opens no door onto
    the other side (its opponent is private to the game); the other side is reached through
    the view's `sides`, its Inventory only as a size (CR 9.11.2)."""
    module, _ = ENGINES["neopets"]
    state = GameState(module.play_game.game_class, decks_of("neopets"), 2)
    view = state.view(0)
    assert view.sides[0] is state._game.sides[0]  # one's own, whole
    assert "opponent" not in public_names(view.sides[0])
    assert isinstance(view.sides[1].inventory, HiddenZone)
