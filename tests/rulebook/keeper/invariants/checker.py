"""An independent judge of Keeper games: it replays a game's log (docs/game-logs.md) with its
own reading of the 11th-edition rulebook and reports every rule the game broke.

It imports nothing of the engine: what it knows of the game is the log, what it knows of the
rules is written here, section by section. A violation is (rule, message); the rules are named
as the rulebook's sections and rulings are.
"""

from __future__ import annotations

from dataclasses import dataclass, field

STARTING_HITPOINTS = 20  # Setup and Deck Building
# Battles: "steps 4-6 are considered to happen simultaneously"; these are the events a battle's
# steps 4-6 log, between its `battle` event and whatever comes next.
BATTLE_STEPS = {"damage", "hp", "destroyed", "counter_used", "card"}
IN_PLAY = "play"
# Zones a "Destroy all targets" effect reaches a card in ("Target" ruling: wherever it went).
DESTROYABLE = {IN_PLAY, "hand", "deck", "resources"}
# Payments that give up cards, as many as the payment says ("Creature Abilities": a cost that
# cannot be fully paid is not paid at all).
CARD_PAYMENTS = {
    "exhaust_creatures",
    "sacrifice_in_play",
    "destroy_in_play",
    "sacrifice_hand",
    "destroy_hand",
    "destroy_resources",
    "sacrifice_deck",
    "destroy_deck",
}

LOSING = "Winning and Losing (a player who loses can no longer affect the game)"
SEQUENCE = "Winning and Losing (damage one after another: the first at 0 has lost)"
PAYING = '"You must [do X] to attack with, defend with, or use an ability" ruling'
RECOVERY = "Turn Order 4 (Recovery Phase), with the effect's own words"
CONDITION = "Creature Abilities (activation conditions)"
TARGETS = '"Target" ruling'
CONTROL = '"Switch control ... until the end of this turn" effect'
REROLLS = '"You may re-roll up to [x] dice for the rest of this turn" effect'
RESOURCES = "Resources, Exhaustion, and Recovery"
EXHAUSTION = "Battles 1-2 and Creature Abilities (exhausting to act)"
ZONES = "The Field (a card is played, drawn or swapped from where it is)"
RESOURCE_PHASE = "Turn Order 1 (Resource Phase)"
BATTLES = "Battles (teams, targets once a phase)"
TOTAL = '"A total of" ruling'


@dataclass
class Replay:
    """The state of one game as the log tells it, and the rules it saw broken."""

    violations: list[tuple[str, str]] = field(default_factory=list)
    hp: dict[int, int] = field(default_factory=lambda: dict.fromkeys((0, 1), STARTING_HITPOINTS))
    zone: dict[int, tuple[str, int]] = field(default_factory=dict)  # card -> (zone, player)
    owner: dict[int, int] = field(default_factory=dict)
    exhausted: dict[int, bool] = field(default_factory=dict)  # cards in play
    stays: set[int] = field(default_factory=set)
    origin: dict[int, int] = field(default_factory=dict)  # controller before this turn's switch
    allowance: dict[int, tuple[int, int]] = field(default_factory=dict)
    rerolled: dict[tuple[int, int, int], int] = field(default_factory=dict)
    battles: int = 0
    in_battle: bool = False
    battle_losers: set[int] = field(default_factory=set)
    losers: set[int] | None = None  # who lost, once someone has
    after_loss: bool = False
    span: list[dict] = field(default_factory=list)  # events since the last trigger window
    window: list[dict] = field(default_factory=list)  # the events the current window judges
    targets: list[list[int]] = field(default_factory=list)  # a stack: abilities nest
    destroying: tuple[list[int], dict[int, str], int] | None = None
    turn_player: int = 0
    turn_number: int = 0
    placed: int | None = None  # resources placed this Resource Phase
    drawn: int = 0  # cards drawn since they were placed
    battle_targets: set = field(default_factory=set)
    deck_size: dict[int, int] = field(default_factory=dict)
    event_index: int = 0

    def fail(self, rule: str, message: str) -> None:
        self.violations.append((rule, message))

    # -- the replay -------------------------------------------------------------------------

    def run(self, log: list[dict]) -> list[tuple[str, str]]:
        for index, event in enumerate(log):
            self.event_index = index
            self.step(event)
        return self.violations

    def step(self, event: dict) -> None:
        kind = event["event"]
        if self.in_battle and kind not in BATTLE_STEPS:
            self.in_battle = False
            if self.battle_losers:
                self.losers = set(self.battle_losers)
        if self.losers is not None and kind != "end" and not self.after_loss:
            self.after_loss = True
            if kind == "hp" and event["player"] not in self.losers:
                self.fail(
                    SEQUENCE,
                    f"player {sorted(self.losers)} at 0 hitpoints first, then damage to "
                    f"player {event['player']} (event {self.event_index})",
                )
            else:
                self.fail(
                    LOSING,
                    f"player(s) {sorted(self.losers)} at 0 hitpoints, yet the game went on "
                    f"({kind} at event {self.event_index})",
                )
        if self.destroying is not None and kind in ("effect", "resolved"):
            self.check_destroyed()
        self.span.append(event)
        handler = getattr(self, "on_" + kind, None)
        if handler is not None:
            handler(event)
        if kind not in ("place", "card"):
            self.placed = None  # the Resource Phase's draw comes right after the placing

    # -- setup and zones --------------------------------------------------------------------

    def on_deck(self, event: dict) -> None:
        for offset in range(len(event["names"])):
            number = event["first"] + offset
            self.zone[number] = ("deck", event["player"])
            self.owner[number] = event["player"]

    def on_card(self, event: dict) -> None:
        self.owner.setdefault(event["n"], 0)

    def on_turn(self, event: dict) -> None:
        self.turn_player, self.turn_number = event["player"], event["turn"]
        self.drawn = 0
        self.battle_targets = set()

    def expect_zone(self, number: int, zone: str, player: int, what: str) -> None:
        if self.zone.get(number) != (zone, player):
            self.fail(
                ZONES,
                f"card {number} {what} from {zone} of player {player}, but it is "
                f"in {self.zone.get(number)}",
            )

    def on_setup(self, event: dict) -> None:
        for number in event["reserves"]:
            self.zone[number] = ("reserves", event["player"])
        if event["hp"] != STARTING_HITPOINTS:
            self.fail(LOSING, f"player {event['player']} starts with {event['hp']} hitpoints")

    def on_draw(self, event: dict) -> None:
        for number in event["cards"]:
            self.expect_zone(number, "deck", event["player"], "drawn")
            self.zone[number] = ("hand", event["player"])
        self.deck_size[event["player"]] = event["deck"]
        if self.placed is not None:
            self.drawn += len(event["cards"])
            self.check_resource_phase(event)

    def on_swap(self, event: dict) -> None:
        self.expect_zone(event["given"], "hand", event["player"], "swapped")
        self.expect_zone(event["taken"], "reserves", event["player"], "swapped in")
        self.zone[event["given"]] = ("reserves", event["player"])
        self.zone[event["taken"]] = ("hand", event["player"])

    def on_place(self, event: dict) -> None:
        self.placed = len(event["cards"])
        self.check_resource_phase(event)
        for number in event["cards"]:
            self.expect_zone(number, "hand", event["player"], "placed as a resource")
            self.zone[number] = ("resources", event["player"])
        self.check_resources(event)

    def _to_play(self, number: int, player: int) -> None:
        self.zone[number] = (IN_PLAY, player)
        self.exhausted[number] = True  # summoned and set exhausted ("Creatures", "Traps")

    def check_resource_phase(self, event: dict) -> None:
        """Place up to two resources, draw two minus that many; the starting player's first
        turn: one card placed or drawn."""
        allowed = 1 if self.turn_number == 1 else 2
        if self.placed is not None and self.placed + self.drawn > allowed:
            self.fail(
                RESOURCE_PHASE,
                f"turn {self.turn_number}: {self.placed} placed and {self.drawn} drawn",
            )

    def on_summon(self, event: dict) -> None:
        self.expect_zone(event["n"], event["from"], event["of"], "summoned")
        self._to_play(event["n"], event["player"])

    def on_set(self, event: dict) -> None:
        self.expect_zone(event["n"], "hand", event["player"], "set")
        self._to_play(event["n"], event["player"])

    def on_cast(self, event: dict) -> None:
        self.expect_zone(event["n"], event["from"], event["of"], "cast")
        self.zone[event["n"]] = ("casting", event["player"])

    def on_trap(self, event: dict) -> None:
        number = event["n"]
        if self.exhausted.get(number, True):
            self.fail(EXHAUSTION, f"trap {number} activated while exhausted")
        self.zone[number] = ("casting", event["player"])

    def _to_graveyard(self, number: int) -> None:
        self.zone[number] = ("graveyard", self.owner.get(number, 0))
        self.exhausted.pop(number, None)

    def on_destroyed(self, event: dict) -> None:
        self._to_graveyard(event["n"])

    def on_spent(self, event: dict) -> None:
        self._to_graveyard(event["n"])

    def on_sacrificed(self, event: dict) -> None:
        self._to_graveyard(event["n"])

    def on_moved(self, event: dict) -> None:
        self.zone[event["n"]] = (event["to"], event["player"])
        self.exhausted.pop(event["n"], None)
        self.check_resources(event)

    # -- hitpoints and losing ---------------------------------------------------------------

    def on_hp(self, event: dict) -> None:
        player = event["player"]
        self.hp[player] += event["change"]
        if self.hp[player] != event["hp"]:
            self.fail(LOSING, f"player {player} has {event['hp']} hitpoints, not {self.hp[player]}")
            self.hp[player] = event["hp"]
        if self.hp[player] <= 0 and self.losers is None:
            if self.in_battle:
                self.battle_losers.add(player)
            else:
                self.losers = {player}

    def on_battle(self, event: dict) -> None:
        self.in_battle = True
        self.battles += 1
        attacker = event["player"]
        if attacker != self.turn_player:
            self.fail(BATTLES, f"player {attacker} attacked in player {self.turn_player}'s turn")
        if event["target"] in self.battle_targets:
            self.fail(BATTLES, f"target {event['target']} attacked twice in one Battle Phase")
        self.battle_targets.add(event["target"])
        for side, team in ((attacker, event["attackers"]), (1 - attacker, event["defenders"])):
            for number in team:
                if self.zone.get(number) != (IN_PLAY, side):
                    self.fail(BATTLES, f"card {number} in a battle but not player {side}'s in play")

    def on_end(self, event: dict) -> None:
        if self.in_battle and self.battle_losers:
            self.losers = set(self.battle_losers)
        if self.losers is None:
            self.check_deck_out(event)
            return
        expected = None if len(self.losers) == 2 else 1 - next(iter(self.losers))
        if event["winner"] != expected:
            self.fail(
                SEQUENCE if event["winner"] is None else LOSING,
                f"the first to 0 hitpoints was {sorted(self.losers)}, yet the winner is "
                f"{event['winner']}",
            )

    def check_deck_out(self, event: dict) -> None:
        """Winning and Losing 2: with nobody at 0 hitpoints, the game ends when a deck is
        empty, and whoever has the empty deck has lost (both: a draw)."""
        empty = {p for p in (0, 1) if not any(z == ("deck", p) for z in self.zone.values())}
        if event.get("capped"):
            return
        if not empty:
            self.fail(LOSING, "the game ended with both decks and hitpoints left")
            return
        expected = None if len(empty) == 2 else 1 - next(iter(empty))
        if event["winner"] != expected:
            self.fail(
                LOSING,
                f"player(s) {sorted(empty)} ran out of cards, yet the winner is {event['winner']}",
            )

    def on_stat(self, event: dict) -> None:
        """ "A total of" ruling: offense and defense are never taken below 0."""
        if event.get("offense", 0) < 0 or event.get("defense", 0) < 0:
            self.fail(TOTAL, f"card {event['n']} taken below 0: {event}")

    # -- exhaustion, payments and resources -------------------------------------------------

    def on_exhaust(self, event: dict) -> None:
        number = event["n"]
        if event["why"] == "act":
            if self.zone.get(number) != (IN_PLAY, event["player"]):
                self.fail(EXHAUSTION, f"card {number} acted while not the player's in play")
            elif self.exhausted.get(number):
                self.fail(EXHAUSTION, f"creature {number} acted while exhausted")
        self.exhausted[number] = True

    def on_pay(self, event: dict) -> None:
        op, x, paid, player = event["op"], event["x"], event["cards"], event["player"]
        if op in CARD_PAYMENTS and len(paid) != x:
            self.fail(PAYING, f"{op} {x} paid with {len(paid)} card(s)")
        if op == "exhaust_creatures":
            if event["source"] in paid:
                self.fail(PAYING, f"creature {event['source']} paid its own exhaust cost")
            for number in paid:
                if self.zone.get(number) != (IN_PLAY, player) or self.exhausted.get(number):
                    self.fail(PAYING, f"creature {number} is not an unexhausted one of theirs")
                self.exhausted[number] = True
        elif op in ("sacrifice_hand", "sacrifice_deck", "destroy_resources"):
            for number in paid:
                self._to_graveyard(number)
        elif op == "pay_hitpoints":
            self.hp[player] = event["hp"]
            if event["hp"] <= 0:
                self.fail(LOSING, f"player {player} paid hitpoints down to {event['hp']}")
        self.check_resources(event)

    def on_cost(self, event: dict) -> None:
        self.check_resources(event)

    def on_exhaust_resource(self, event: dict) -> None:
        self.check_resources(event)

    def check_resources(self, event: dict) -> None:
        """Paying a resource cost exhausts unexhausted resources: never more exhausted
        resources than the zone holds."""
        if "spent" in event and not 0 <= event["spent"] <= event["resources"]:
            self.fail(
                RESOURCES,
                f"player {event['player']} has {event['spent']} exhausted resources of "
                f"{event['resources']} ({event['event']})",
            )

    # -- targets ----------------------------------------------------------------------------

    def on_targets(self, event: dict) -> None:
        self.targets.append(event["cards"])

    def on_resolved(self, event: dict) -> None:
        if self.targets:
            self.targets.pop()

    def on_effect(self, event: dict) -> None:
        if event["op"] == "destroy" and self.targets:
            targets = self.targets[-1]
            where = {n: self.zone.get(n, ("?", 0))[0] for n in targets}
            self.destroying = (targets, where, len(self.span))

    def check_destroyed(self) -> None:
        """ "Destroy all targets": every target still in play, a hand, a deck or a Resource
        Zone is destroyed, wherever an earlier effect moved it (or saved by immortality)."""
        assert self.destroying is not None
        targets, where, start = self.destroying
        self.destroying = None
        seen = {
            e["n"]
            for e in self.span[start:]
            if e["event"] == "destroyed"
            or (e["event"] == "counter_used" and e["kind"] == "immortality")
        }
        for number in targets:
            if where[number] in DESTROYABLE and number not in seen:
                self.fail(TARGETS, f"target {number} in {where[number]} escaped destruction")

    # -- triggers ---------------------------------------------------------------------------

    def on_window(self, event: dict) -> None:
        self.window, self.span = self.span, [event]

    def on_triggered(self, event: dict) -> None:
        when, x, me, number = event["when"], event.get("x", 0), event["player"], event["n"]
        damaged = {e["n"]: e for e in self.window if e["event"] == "damage"}
        destroyed = {e["n"] for e in self.window if e["event"] == "destroyed"}
        # Damaged, but not destroyed: each card once, and only the trigger's player's.
        survivors = {n for n in damaged if n not in destroyed and self.controller_of(n) == me}
        if when == "others_damaged" and len(survivors - {number}) < x:
            self.fail(
                CONDITION,
                f"'at least {x} of your cards in play (excluding this card) are damaged, but "
                f"not destroyed' met by {len(survivors - {number})} card(s)",
            )
        if when == "self_damaged" and number not in survivors:
            self.fail(CONDITION, f"'this card is damaged, but not destroyed' without card {number}")
        mine = [e for e in self.window if e["player"] == me]
        counted = {
            "in_play_damage": sum(e["amount"] for e in mine if e["event"] == "damage"),
            "hand_destroyed": sum(
                1 for e in mine if e["event"] == "destroyed" and e.get("from") == "hand"
            ),
            "deck_destroyed": sum(
                1 for e in mine if e["event"] == "destroyed" and e.get("from") == "deck"
            ),
        }
        if when in counted and counted[when] < x:
            self.fail(CONDITION, f"'{when}' of at least {x} met by {counted[when]}")
        if when == "player_damage":
            taken = -sum(
                e["change"]
                for e in self.window
                if e["event"] == "hp" and e["player"] == me and e["change"] < 0
            )
            if taken < x:
                self.fail(CONDITION, f"'you take at least {x} damage' after {taken}")

    def controller_of(self, number: int) -> int | None:
        zone, player = self.zone.get(number, ("?", None))
        return player if zone in (IN_PLAY, "graveyard") else None

    # -- control, re-rolls and the Recovery Phase -------------------------------------------

    def on_control(self, event: dict) -> None:
        number = event["n"]
        if event["why"] == "effect":
            self.origin.setdefault(number, self.zone[number][1])
        self.zone[number] = (IN_PLAY, event["player"])

    def on_stays_exhausted(self, event: dict) -> None:
        self.stays.add(event["n"])

    def on_rerolls(self, event: dict) -> None:
        self.allowance[event["player"]] = (event["dice"], event["times"])

    def on_reroll(self, event: dict) -> None:
        if event["why"] != "allowance":
            return
        player = event["player"]
        key = (player, self.battles, event["die"])
        self.rerolled[key] = self.rerolled.get(key, 0) + 1
        dice, times = self.allowance.get(player, (0, 0))
        used = sum(1 for p, _, _ in self.rerolled if p == player)
        if used > dice or self.rerolled[key] > times:
            self.fail(
                REROLLS,
                f"player {player} re-rolled {used} dice (one {self.rerolled[key]} times) this "
                f"turn with an allowance of {dice} dice, {times} times each",
            )

    def on_recovery(self, event: dict) -> None:
        still = set(event["exhausted"])
        for number in still:
            if not self.exhausted.get(number) or number not in self.stays:
                self.fail(
                    RECOVERY,
                    f"card {number} left exhausted by the Recovery Phase"
                    + ("" if self.exhausted.get(number) else " though it was unexhausted"),
                )
        for number, zone in self.zone.items():
            if zone[0] == IN_PLAY:
                self.exhausted[number] = number in still
        for number, back in self.origin.items():
            zone, controller = self.zone[number]
            if zone == IN_PLAY and controller != back:
                self.fail(CONTROL, f"creature {number} stayed with player {controller}")
        self.origin.clear()
        self.stays.clear()
        self.allowance.clear()
        self.rerolled.clear()


def check_log(log: list[dict]) -> list[tuple[str, str]]:
    """Every rule the logged game broke, as (rule, what happened)."""
    return Replay().run(log)
