"""What a player sees of the cards in play when choosing targets (rulebook, "The Field": a set
trap's "identity ... is not public knowledge"; "Creatures": summoned "face-up")."""

from __future__ import annotations

import pytest

from rulebook.keeper.engine.policy import HeuristicPolicy
from rulebook.keeper.engine.state import ZoneCard

from .builders import creature, in_play, new_game, spell

TRAP_TEXT = "Activate when you take at least 5 damage. Draw 1 card."


class Peeks(HeuristicPolicy):
    """Asked for targets, it notes which cards it can read, then picks none."""

    def __init__(self) -> None:
        self.seen: list[str] = []

    def pick_targets(self, game, decision, hostile):
        for option in decision.options:
            try:
                self.seen.append(option.card.name)
            except AttributeError:  # a set trap seen from behind: no card to read
                self.seen.append(f"face down ({option.controller})")
        return []


def test_a_player_choosing_targets_sees_creatures_and_own_traps_but_not_the_opponents():
    """Either player choosing targets in play reads every creature and its own set traps; the
    other player's set trap is offered by its back (whose it is), never by its card."""
    for caster in (0, 1):
        peeks = Peeks()
        policies = (peeks, HeuristicPolicy()) if caster == 0 else (HeuristicPolicy(), peeks)
        game = new_game(policies=policies)
        in_play(game, 0, creature("Creature 0", 1, 5))
        in_play(game, 0, spell("Trap 0", TRAP_TEXT))
        in_play(game, 1, creature("Creature 1", 1, 5))
        in_play(game, 1, spell("Trap 1", TRAP_TEXT))
        card = spell("Look", "Target up to 4 cards in play. Destroy all targets.")
        game.resolve(game.players[caster], card.abilities[0], card, None)
        other = 1 - caster
        assert sorted(peeks.seen) == sorted(
            ["Creature 0", "Creature 1", f"Trap {caster}", f"face down ({other})"]
        )


def test_a_player_sees_the_other_players_creatures_and_only_the_backs_of_their_traps():
    """The Field: creatures are in play face up; a set trap's identity and a hand's contents
    are not public knowledge ("Trap Zone", "Hand"). A player's own traps are known to them."""
    game = new_game()
    in_play(game, 0, spell("Trap 0", TRAP_TEXT))
    in_play(game, 1, creature("Creature 1", 1, 5))
    in_play(game, 1, spell("Trap 1", TRAP_TEXT))
    game.players[1].hand = [creature("Secret", 1, 5)]
    mine, theirs = game.view(0).players
    assert [trap.card.name for trap in mine.traps] == ["Trap 0"]
    assert [c.card.name for c in theirs.creatures] == ["Creature 1"]
    (back,) = theirs.traps
    assert back.controller == 1 and not hasattr(back, "card")
    creature_seen, trap_seen = theirs.in_play()
    assert creature_seen.card.name == "Creature 1" and not hasattr(trap_seen, "card")
    assert len(theirs.hand) == 1 and not isinstance(theirs.hand, list)  # how many, not which


class PeeksAtPlayers(HeuristicPolicy):
    """Asked for "one player", it notes what it can read of each player's hand (the cards, or
    only how many), then names the opponent."""

    def __init__(self) -> None:
        self.hands: list = []

    def choose_player(self, game, decision, hostile):
        for player in decision.options:
            hand = player.hand
            self.hands.append([card.name for card in hand] if isinstance(hand, list) else len(hand))
        return decision.options[1 - decision.seat]


def test_a_player_choosing_one_player_reads_its_own_hand_and_only_counts_the_others():
    """ "One player" ruling: the caster chooses among the players, itself included. The Field,
    "Hand": a hand's contents are not public knowledge, but a player knows its own; so the
    chooser is shown its own hand's cards and the other's hand as a count."""
    for caster in (0, 1):
        peeks = PeeksAtPlayers()
        policies = (peeks, HeuristicPolicy()) if caster == 0 else (HeuristicPolicy(), peeks)
        game = new_game(policies=policies)
        for player in game.players:
            player.hand = [creature(f"Hand {player.index}", 1, 5)]
        card = spell("Pick", "Target up to 1 card in one player's hand randomly. Draw 1 card.")
        game.resolve(game.players[caster], card.abilities[0], card, None)
        shown = [1, 1]
        shown[caster] = [f"Hand {caster}"]
        assert peeks.hands == shown


def test_a_card_in_another_players_zone_is_offered_with_that_zone_seen_only_as_its_size():
    """The Field: a hand's, deck's, Resource Zone's and graveyard's contents are not public
    knowledge. A targeted card in another player's zone is offered as that card, its player as
    the chooser sees them (their hand a count) and its zone as a count: no door from the
    offered card opens the other cards of the zone. A card in the chooser's own zone is offered
    as it is. (The guide's selections of another's zone are chosen by that player or at random
    today; this is what the view promises any selection that asks the caster.)"""
    game = new_game()
    mine, theirs = game.players
    for player in game.players:
        player.hand = [creature(f"Hand {player.index}", 1, 5), spell(f"Other {player.index}", "")]
        player.graveyard = [creature(f"Grave {player.index}", 1, 5)]
    targets = [ZoneCard(theirs, zone, zone[0]) for zone in (theirs.hand, theirs.graveyard)] + [
        ZoneCard(mine, mine.hand, mine.hand[0])
    ]
    for seat, other in ((0, theirs), (1, mine)):
        shown = game.view(seat).shown_all(targets)
        for target, seen in zip(targets, shown, strict=True):
            assert seen.card is target.card
            if target.player is other:
                assert seen is not target and seen.player is game.view(seat).players[other.index]
                assert len(seen.zone) == len(target.zone) and not isinstance(seen.player.hand, list)
                with pytest.raises(PermissionError):
                    list(seen.zone)
            else:
                assert seen is target and seen.zone is target.zone
