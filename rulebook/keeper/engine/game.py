"""One game of Keeper of the Cards between two players, by the 11th-edition rulebook.

Sections cited are the rulebook's ("Turn Order", "Battles", ...) unless the guide is named.
The game seats two players (`seats`), whose turns go round the seats from a first player chosen
at random. Every decision is a `Decision` the game builds with the legal options (legal.py),
answered by the deciding player's Policy (policy.py) and checked before the game acts on it;
every chance step is a named draw of the game's one `Chance(seed)` (who goes first, the shuffle,
dice, cards at random), so a seed replays the same game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any, cast

from rulebook.core.chance import Chance
from rulebook.core.decisions import YES_NO, Decision
from rulebook.core.outcome import Outcome, two_seat_placements
from rulebook.core.stepping import TURN_CAP_RULE, Ref, each_part
from rulebook.core.views import game_objects

from .cards import RESERVES, KeeperAbility, KeeperCard, KeeperDeck
from .effects import apply_effect
from .legal import ActionOptions, BattleOptions, Swaps
from .payments import can_pay, pay
from .state import (
    ACTION,
    BATTLE,
    DEFENDERS,
    HAND_SIZE,
    QUESTIONS,
    RESERVES_CHOICE,
    RESOURCES,
    SWAPS,
    TARGETS,
    TRIGGER,
    Permanent,
    Player,
    SeatView,
    ZoneCard,
)
from .targets import select_targets

TRIGGER_ROUNDS = 20  # triggers raising triggers: bounded so that no card loop runs forever

# The rules this engine plays simpler than the rulebook reads them, stated in every result
# (rulebook.simulation.stats), as the components it cannot play are.
SIMPLIFICATIONS = (
    TURN_CAP_RULE,
    "Named counters (offense, defense, weakness, damage, exhaustion, dice, immortality) can be "
    "removed at any time; the engine removes them only at fixed moments: offense and weakness "
    "as a battle's dice are rolled, defense as the creature would be destroyed, damage at the "
    "placer's Action Phase, exhaustion as the placer's Battle Phase begins, dice after a roll, "
    "immortality as an effect would destroy or move the creature.",
    "Activation conditions are checked after each action, battle and trigger, in batches "
    "(the active player's triggers first, at most 20 rounds of triggers raising triggers), not "
    "the moment each event happens.",
    "A player loses with an empty deck when it is checked (after each action, battle and "
    "trigger), not at the instant the last card leaves it.",
    "A cost paid in hitpoints or with cards from the top of the deck is offered only when it "
    "leaves its player above 0 hitpoints and with a card in the deck: the rulebook lets a "
    "player pay down to 0 and lose at once (Winning and Losing), which the engine never offers.",
    '"A total of" is spread by the engine, not asked of the caster (the rulebook lets the '
    "caster spread it any way that stays within the ruling): an increase evenly over the "
    "targets, the first taking any remainder; a decrease of offense from the highest offense "
    "down; damage target by target, in the order the targets were chosen, each taking as much "
    "as its defense allows.",
    "Other choices the rulebook gives a player are made by the engine, not asked: the cards a "
    "cost gives up (the payer's least valuable first; when an opponent of the payer's choice "
    "picks, the most valuable first; resources destroyed as a cost, exhausted ones first for "
    "the payer and unexhausted ones for an opponent); targets selected by an opponent (those "
    "worst for the caster); a card's value in these choices being a creature's offense plus a "
    "fifth of its defense (as they stand while it is in play), a spell's cost (half of it for a "
    "set trap); the order of a battle's dice (for each "
    "creature in the defending order, the fewest dice of the smallest total that destroys it); "
    "the target of each die of dice damage (the first target still standing); the dice "
    "re-rolled (an allowance re-rolls each die of 3 or less, a dice counter the lowest die "
    'while it is 2 or less); and the order of targets placed on top of a deck "in any order" '
    "(the order they were chosen).",
)


def dice_to_destroy(defense: int, values: list[int]) -> list[int]:
    """The indices of the dice that bring `defense` to 0 with the smallest total, then the
    fewest dice (so the most is left over for the target); all of them when even all cannot."""
    if sum(values) < defense:
        return list(range(len(values)))
    if defense in values:
        return [values.index(defense)]
    # Largest first: of several sets of the same total and number of dice, the search keeps
    # the first it finds, so this order decides which dice (and so which creature's) are spent.
    order = sorted(range(len(values)), key=lambda i: -values[i])
    # reachable total -> the dice reaching it, as a bit mask over `order`; a total at or past
    # `defense` is never extended, so there are fewer than defense + 6 of them.
    best: dict[int, int] = {0: 0}
    for position, index in enumerate(order):
        value, bit = values[index], 1 << position
        for total, used in list(best.items()):
            if total >= defense:
                continue
            reached, candidate = total + value, used | bit
            known = best.get(reached)
            if known is None or candidate.bit_count() < known.bit_count():
                best[reached] = candidate
    finishing = best[min(total for total in best if total >= defense)]
    return [index for position, index in enumerate(order) if finishing >> position & 1]


class GameOver(Exception):
    def __init__(self, winner: int | None) -> None:
        self.winner = winner


def _abilities(subject: KeeperCard | Permanent) -> tuple[KeeperAbility, ...]:
    """The abilities of an action's subject: a card in hand, or a creature or trap in play."""
    return subject.abilities if isinstance(subject, KeeperCard) else subject.card.abilities


class Game:
    seats = range(2, 3)  # the rulebook's game for two players
    QUESTIONS = QUESTIONS  # each kind of decision in the rulebook's words
    # Answers that name cards the other seat may not see (rulebook.simulation.person): the
    # reserves (Setup), the swaps with them and the cards placed face-down as resources (Turn
    # Order 1: the Resource Zone is not public knowledge), a spell set face down as a trap.
    PRIVATE_ANSWERS = frozenset((RESERVES_CHOICE, SWAPS, RESOURCES, f"{ACTION}:set"))

    def __init__(
        self,
        decks: Sequence[KeeperDeck],
        seed: int,
        ask: Callable[[Decision], Any],
        record_log: bool = False,
    ) -> None:
        self.chance = Chance(seed)
        self.roll: Callable[[], int] = self.chance.die  # a six-sided die (GameView.roll)
        self.decks = tuple(decks)
        self.ask = ask  # a player's answer to a decision (rulebook.core.stepping), checked
        self.players = tuple(Player(seat) for seat in range(len(self.decks)))
        self.seat_views: dict[int, SeatView] = {}  # each seat's view, once asked (SeatView.of)
        # Each seat's recurring decision points; their options are live views of the game.
        # (Swaps and battles are only checked, never listed: they answer `in` but are no
        # Collection, which Decision takes for the options a policy may list.)
        self.decisions = tuple(
            {
                SWAPS: Decision(player.index, SWAPS, Swaps(player)),  # type: ignore[arg-type]  # see above
                RESOURCES: Decision(player.index, RESOURCES, player.hand, most=2),
                ACTION: Decision(player.index, ACTION, ActionOptions(self, player), True),  # type: ignore[arg-type]  # see above
                BATTLE: Decision(player.index, BATTLE, BattleOptions(self, player), True),  # type: ignore[arg-type]  # see above
            }
            for player in self.players
        )
        self.log: list[dict[str, Any]] | None = [] if record_log else None
        self.turn = 0
        self.active = 0
        self.battles = 0
        self.damage = 0
        self.card_damage: tuple[Counter[str], Counter[str]] = (Counter(), Counter())
        self.signals: list[tuple[Any, ...]] = []
        self.switched: list[tuple[Permanent, int]] = []  # (creature, controller to return to)
        self.opening: list[dict[str, bool]] = []
        self.first = 0
        self.winner: int | None = None
        self.numbers: dict[int, int] = {}  # id(card) -> its number in the log
        self.in_battle = False  # during a battle's steps 4-6, which happen at once

    # -- what the state asks of its game (rulebook.core.stepping.SteppedGame) --------------

    def view(self, seat: int) -> SeatView:
        return SeatView.of(self, seat)  # type: ignore[no-any-return]  # the engine's SeatView

    def portable(self, decision: Decision, answer: Any) -> Any:
        """Each card by its number (a game may hold its own copies of a deck's cards), each
        creature or trap by its card's, each player by its seat, a card outside play by its
        player and number; an action's ability by its place on the card."""
        if answer is None:  # a pass (about a third of a game's answers), named as it is
            return None
        if decision.kind == ACTION:
            kind, subject, ability = answer
            place = None
            if ability is not None:
                place = next(i for i, own in enumerate(_abilities(subject)) if own is ability)
            return (kind, self._ref(subject), place)
        return each_part(answer, self._ref)

    def _ref(self, part: Any) -> Any:
        if isinstance(part, KeeperCard):
            return Ref(("card", self.numbers[id(part)]))
        if isinstance(part, Permanent):
            return Ref(("in_play", self.numbers[id(part.card)]))
        if isinstance(part, Player):
            return Ref(("player", part.index))
        if isinstance(part, ZoneCard):
            return Ref(("zone", part.player.index, self.numbers[id(part.card)]))
        return part

    def restore(self, decision: Decision, ref: Any) -> Any:
        if decision.kind == ACTION and ref is not None:
            kind, subject, place = ref
            subject = self._part(subject)
            abilities = _abilities(subject)
            return (kind, subject, None if place is None else abilities[place])
        if decision.kind == TARGETS:  # a target outside play is the pool's own ZoneCard
            pool = [game_objects(t) for t in decision.options]  # as the game holds them
            return [next(t for t in pool if self._ref(t) == part) for part in ref]
        return each_part(ref, self._part)

    def _part(self, part: Any) -> Any:
        if not isinstance(part, Ref):
            return part
        kind, *where = part
        if kind == "player":
            return self.players[where[0]]
        card = self.cards[where[-1]]
        if kind == "card":
            return card
        return next(  # in play: the creature or trap of that card
            permanent
            for player in self.players
            for permanent in (*player.creatures, *player.traps)
            if permanent.card is card
        )

    # -- the game ---------------------------------------------------------------------------

    def begin(self) -> None:
        # "You must also determine who goes first."
        self.first = self.chance.first_player(len(self.players))
        self.set_up()

    def next_turn(self) -> bool:
        try:
            self.take_turn(self.players[(self.first + self.turn) % len(self.players)])
        except GameOver as over:
            self.winner = over.winner
            return False
        return True

    def finish(self, capped: bool) -> Outcome:
        self.event("end", None, winner=self.winner, turns=self.turn, capped=capped)
        self.decisions = ()  # their options refer back to the game: freed with it, not by the GC
        return self.outcome(capped)

    def set_up(self) -> None:
        """Setup and Deck Building: 10 cards to the reserves, 30 shuffled, a hand of 5."""
        cards = [list(deck.cards) for deck in self.decks]
        ids = {id(card) for card in cards[0]}
        if any(id(card) in ids for card in cards[1]):  # decks sharing cards: each their own
            cards[1] = list(self.decks[1].twin().cards)
        # Every card is named by its number, in the log and in the history of answers: 0-39
        # deck A's, 40-79 deck B's.
        self.cards = cards[0] + cards[1]
        self.numbers = {id(card): n for n, card in enumerate(self.cards)}
        for player, own in zip(self.players, cards, strict=True):
            if self.log is not None:
                # The deck's cards by number: own[0] is numbered `first`, own[1] first + 1, ...
                self.event(
                    "deck", player.index, first=self.ref(own[0]), names=[c.name for c in own]
                )
            decision = Decision(
                player.index, RESERVES_CHOICE, list(own), least=RESERVES, most=RESERVES
            )
            reserves = list(self.ask(decision))
            rest = list(own)
            for card in reserves:
                rest.remove(card)
            player.reserves = reserves
            self.chance.shuffle(rest)
            player.deck = rest
            self.draw(player, HAND_SIZE)
            self.opening.append({"creature": any(card.is_creature for card in player.hand)})
            if self.log is not None:
                self.event(
                    "setup",
                    player.index,
                    reserves=self.refs(player.reserves),
                    hand=self.refs(player.hand),
                    deck=len(player.deck),
                    hp=player.hp,
                )

    def take_turn(self, me: Player) -> None:
        """Turn Order: Resource, Action, Battle and Recovery Phases."""
        self.active = me.index
        self.turn += 1
        if self.log is not None:
            self.event("turn", me.index)  # (every event carries its turn)
        self.resource_phase(me, first_turn=self.turn == 1)
        self.check()
        self.action_phase(me)
        self.battle_phase(me)
        self.recovery_phase()

    def opponent(self, player: Player) -> Player:
        return self.players[1 - player.index]

    def check(self) -> None:
        """Winning and Losing: at 0 hitpoints or with an empty deck a player loses; both at
        once is a draw. (Asked after every action, battle and trigger: no list made when no
        one has lost.)"""
        for player in self.players:
            if player.hp <= 0 or not player.deck:
                lost = [p.index for p in self.players if p.hp <= 0 or not p.deck]
                raise GameOver(None if len(lost) == 2 else 1 - lost[0])

    # -- Resource Phase ---------------------------------------------------------------------

    def resource_phase(self, me: Player, *, first_turn: bool) -> None:
        """Turn Order 1: swap hand cards with reserves, then place up to two resources and draw
        two minus that many; the starting player's first turn places one OR draws one."""
        decisions = self.decisions[me.index]
        swaps = decisions[SWAPS]
        for given, taken in self.ask(swaps):  # each as the swaps before it left the cards
            me.hand.remove(given)
            me.reserves.remove(taken)
            me.reserves.append(given)
            me.hand.append(taken)
            me.drawn.add(taken.name)
            if self.log is not None:
                self.event("swap", me.index, given=self.ref(given), taken=self.ref(taken))
        limit = 1 if first_turn else 2
        resources = decisions[RESOURCES]
        resources.options, resources.most = me.hand, limit
        placed = list(self.ask(resources))
        for card in placed:
            me.hand.remove(card)
            me.resources.append(card)  # placed unexhausted
        if self.log is not None:
            self.event("place", me.index, cards=self.refs(placed), **self.resource_state(me))
        self.draw(me, limit - len(placed))

    def draw(self, player: Player, count: int) -> None:
        drawn = []
        for _ in range(count):
            if not player.deck:
                break
            card = player.deck.pop()
            player.hand.append(card)
            player.drawn.add(card.name)
            drawn.append(card)
        if self.log is not None and count:
            self.event("draw", player.index, cards=self.refs(drawn), deck=len(player.deck))

    # -- Action Phase -----------------------------------------------------------------------

    def action_phase(self, me: Player) -> None:
        """Turn Order 2: play cards and activate abilities and traps without conditions."""
        self.use_damage_counters(me)
        decision = self.decisions[me.index][ACTION]
        options = cast(ActionOptions, decision.options)  # the Action decision's own
        for _ in range(60):  # every action spends something; the bound only guards policies
            options.vouched = None  # nothing answered for yet in this ask
            action = self.ask(decision)
            if action is None:  # a pass
                return
            kind, subject, ability = action
            if kind == "summon":
                self.summon(me, subject)
            elif kind == "cast":
                self.cast(me, subject)
            elif kind == "set":
                self.set_trap(me, subject)
            elif kind == "ability":
                self.activate_creature(me, subject, ability)
            else:
                self.activate_trap(me, subject)
            self.settle()

    def can_summon(self, me: Player, card: KeeperCard) -> bool:
        if card.cost > me.unspent or not self.affordable(me, card):
            return False
        payment = card.summon_payment
        if payment is None:
            return True
        # Paid as if summoned: out of the hand while its caveat's payment is looked for, then
        # back where it was (a question changes nothing: a replay, which never asks it, plays
        # the same game). No summoning caveat's check reads the resources spent: a caveat that
        # destroys resources may take exhausted ones (guide, "Caveats").
        hand = me.hand
        place = hand.index(card) if card in hand else None  # as list.remove finds it
        held = None if place is None else hand.pop(place)
        payable = can_pay(me, payment, card.summon_x, None)
        if place is not None:
            hand.insert(place, held)  # type: ignore[arg-type]  # held whenever there is a place
        return payable

    def summon(self, me: Player, card: KeeperCard, zone: list[KeeperCard] | None = None) -> None:
        """Creatures: pay the resource cost (and any caveat's requirement), then place the
        creature in the Creature Zone exhausted."""
        source = me.hand if zone is None else zone
        if self.log is not None:
            self.event("summon", me.index, n=self.ref(card), **self.zone_of(source))
        self.take(source, card)
        me.spent += card.cost
        if self.log is not None:
            self.event("cost", me.index, paid=card.cost, **self.resource_state(me))
        if card.summon_payment is not None:
            pay(self, me, card.summon_payment, card.summon_x, None)
        creature = Permanent(card, owner=self.owner_of(source), controller=me.index)
        me.creatures.append(creature)
        me.plays[card.name] += 1

    def owner_of(self, zone: list[KeeperCard]) -> int:
        """Who owns a card taken from `zone`, one of a player's ("Your" ruling: summoning does
        not change it)."""
        return next(
            p.index
            for p in self.players
            if zone is p.graveyard or zone is p.hand or zone is p.deck or zone is p.resources
        )

    def take(self, zone: list[KeeperCard], card: KeeperCard) -> None:
        """Take a card out of a zone; out of a Resource Zone it takes its exhaustion with it."""
        for player in self.players:
            if zone is player.resources:
                player.remove_resource(card)
                return
        zone.remove(card)

    def affordable(self, me: Player, card: KeeperCard) -> bool:
        """Resources, Exhaustion, and Recovery: a cost is paid by exhausting unexhausted
        resources, and a card summoned or cast out of one's own Resource Zone is no longer
        one of them, so it cannot pay for itself."""
        return card.cost <= me.unspent - me.unexhausted_resource(card)

    def can_cast(self, me: Player, card: KeeperCard) -> bool:
        return not card.is_creature and bool(card.abilities) and self.affordable(me, card)

    def cast(self, me: Player, card: KeeperCard, zone: list[KeeperCard] | None = None) -> None:
        """Casting Spells: pay the cost, follow the card at once, send it to the graveyard."""
        source = me.hand if zone is None else zone
        owner = self.players[self.owner_of(source)]
        if self.log is not None:
            self.event("cast", me.index, n=self.ref(card), **self.zone_of(source))
        self.take(source, card)
        me.spent += card.cost
        me.plays[card.name] += 1
        if self.log is not None:
            self.event("cost", me.index, paid=card.cost, **self.resource_state(me))
        self.resolve(me, card.abilities[0], card, None)
        owner.graveyard.append(card)
        if self.log is not None:
            self.event("spent", owner.index, n=self.ref(card))

    def set_trap(self, me: Player, card: KeeperCard) -> None:
        """Setting Traps: pay the cost now, place it face-down and exhausted in the Trap Zone."""
        me.hand.remove(card)
        me.spent += card.cost
        me.traps.append(Permanent(card, owner=me.index, controller=me.index))
        me.plays[card.name] += 1
        if self.log is not None:
            self.event("set", me.index, n=self.ref(card))
            self.event("cost", me.index, paid=card.cost, **self.resource_state(me))

    def activate_trap(self, me: Player, trap: Permanent) -> None:
        """Activating a trap: no further cost; it leaves play, resolves, goes to the graveyard."""
        me.traps.remove(trap)
        if self.log is not None:
            self.event("trap", me.index, n=self.ref(trap.card))
        self.resolve(me, trap.card.abilities[0], trap.card, None)
        self.players[trap.owner].graveyard.append(trap.card)
        if self.log is not None:
            self.event("spent", trap.owner, n=self.ref(trap.card))

    def can_use(self, me: Player, creature: Permanent) -> bool:
        """Whether a creature may act: unexhausted, and its "to attack with, defend with, or use
        an ability" caveat can be paid ("You must [do X] to attack with ..." ruling)."""
        card = creature.card
        return not creature.exhausted and (
            card.use_payment is None or can_pay(me, card.use_payment, card.use_x, creature)
        )

    def exhaust_to_act(self, me: Player, creature: Permanent) -> None:
        creature.exhausted = True
        if self.log is not None:
            self.event("exhaust", me.index, n=self.ref(creature.card), why="act")
        if creature.card.use_payment is not None:
            pay(self, me, creature.card.use_payment, creature.card.use_x, creature)

    def can_activate(self, me: Player, ability: KeeperAbility, source: Permanent | None) -> bool:
        """An activation cost that cannot be fully paid makes the effect disappear (Creature
        Abilities), so an ability is activated only when its cost can be paid."""
        return ability.cost is None or can_pay(me, ability.cost, ability.cost_x, source)

    def activate_creature(self, me: Player, creature: Permanent, ability: KeeperAbility) -> None:
        """Creature Abilities: activated by exhausting the creature, one at a time."""
        if self.log is not None:
            self.event("ability", me.index, n=self.ref(creature.card))
        self.exhaust_to_act(me, creature)
        self.resolve(me, ability, creature.card, creature)

    def resolve(
        self, me: Player, ability: KeeperAbility, card: KeeperCard, source: Permanent | None
    ) -> None:
        """An ability: its activation cost paid on activation, its targets selected as the
        target selection says, then each effect in order (guide, "Constructing Abilities")."""
        if ability.cost is not None:
            if not can_pay(me, ability.cost, ability.cost_x, source):
                return
            pay(self, me, ability.cost, ability.cost_x, source)
        targets = select_targets(self, me, ability, source)
        if targets is None:  # "exactly [x] cards" that are not there: no effect
            return
        if self.log is not None and ability.selection is not None:
            self.event("targets", me.index, cards=self.refs(t.card for t in targets))
        for effect in ability.effects:
            if self.log is not None:
                self.event("effect", me.index, op=effect.op, x=effect.x, y=effect.y)
            apply_effect(self, me, effect, targets, card)
        if self.log is not None:
            self.event("resolved", me.index)

    def use_damage_counters(self, me: Player) -> None:
        """Damage counters: their placer removes them (here, at the start of their own Action
        Phase) to roll a die and inflict that much damage to the creature."""
        for other in self.players:
            for creature in [c for c in other.creatures if c.marks]:
                while creature in other.creatures and creature.take_mark("damage", me.index):
                    if self.log is not None:
                        self.event(
                            "counter_used", me.index, n=self.ref(creature.card), kind="damage"
                        )
                    self.damage_creature(creature, self.roll(), me.index, None)
        self.settle()

    # -- damage, destruction and moving cards -------------------------------------------------

    def damage_creature(
        self, creature: Permanent, amount: int, by: int | None, card: KeeperCard | None
    ) -> int:
        """Battles: subtract the damage from defense; at 0 or less the creature is destroyed.
        Its controller first spends defense counters they placed (+5 each) to save it."""
        controller = self.players[creature.controller]
        before = creature.defense
        creature.defense -= amount
        if self.log is not None:
            self.event(
                "damage",
                controller.index,
                n=self.ref(creature.card),
                amount=amount,
                defense=creature.defense,
            )
        while creature.defense <= 0 and creature.take_mark("defense", controller.index):
            creature.defense += 5
            if self.log is not None:
                self.event(
                    "counter_used",
                    controller.index,
                    n=self.ref(creature.card),
                    kind="defense",
                    defense=creature.defense,
                )
        dealt = min(amount, max(before, 0))
        if by is not None and card is not None:
            self.card_damage[by][card.name] += dealt
        self.signals.append(("in_play_damage", controller.index, amount))
        if creature.defense <= 0:
            self.destroy(creature, explicit=False)
        else:
            self.signals.append(("damaged", creature))
        return dealt

    def damage_player(
        self, player: Player, amount: int, by: int | None = None, card: KeeperCard | None = None
    ) -> None:
        player.hp -= amount
        if self.log is not None:
            self.event("hp", player.index, change=-amount, hp=player.hp, why="damage")
        if by is not None and card is not None:
            self.card_damage[by][card.name] += amount
        if amount:
            self.signals.append(("player_damage", player.index, amount))
        # Winning and Losing: at 0 hitpoints a player has lost at once and "can no longer
        # affect the game" (no trigger heals them back); only a battle's steps 4-6 are
        # simultaneous, so there the battle decides (Game.battle).
        if player.hp <= 0 and not self.in_battle:
            raise GameOver(1 - player.index)

    def survives_explicit(self, creature: Permanent) -> bool:
        """Immortality counters: their placer may remove one to prevent an effect from
        explicitly destroying or moving the creature (used when the placer controls it)."""
        saved = creature.is_creature and creature.take_mark("immortality", creature.controller)
        if saved and self.log is not None:
            self.event(
                "counter_used", creature.controller, n=self.ref(creature.card), kind="immortality"
            )
        return saved

    def leave_play(self, permanent: Permanent) -> None:
        controller = self.players[permanent.controller]
        zone = controller.creatures if permanent.is_creature else controller.traps
        zone.remove(permanent)
        self.switched = [(c, back) for c, back in self.switched if c is not permanent]

    def destroy(self, permanent: Permanent, *, explicit: bool) -> None:
        """Destroyed cards go to their owner's graveyard ("Your" ruling); counters go with them.
        "Activate when this in-play card is destroyed" is then used from the graveyard by the
        player whose zone it was in."""
        if explicit and self.survives_explicit(permanent):
            return
        self.leave_play(permanent)
        self.players[permanent.owner].graveyard.append(permanent.card)
        self.signals.append(("destroyed", permanent))
        if self.log is not None:
            self.event("destroyed", permanent.controller, n=self.ref(permanent.card))

    def sacrifice(self, permanent: Permanent) -> None:
        """Sacrifice: to the graveyard as a cost, not destroyed (no destruction triggers)."""
        if self.log is not None:
            self.event("sacrificed", permanent.controller, n=self.ref(permanent.card))
        self.leave_play(permanent)
        self.players[permanent.owner].graveyard.append(permanent.card)

    def destroy_from(self, player: Player, zone: list[KeeperCard], card: KeeperCard) -> None:
        """A card destroyed from a hand, deck or the Resource Zone goes to the graveyard."""
        if card not in zone:
            return
        if self.log is not None:
            self.event("destroyed", player.index, n=self.ref(card), **self.zone_of(zone))
        self.take(zone, card)
        player.graveyard.append(card)
        if zone is player.hand:
            self.signals.append(("hand_destroyed", player.index, 1))
        elif zone is player.deck:
            self.signals.append(("deck_destroyed", player.index, 1))

    # -- triggers ---------------------------------------------------------------------------

    def settle(self) -> None:
        """After each action: use the abilities whose activation conditions it met, then check
        whether the game is over."""
        if not self.signals:
            self.check()
            return
        for _ in range(TRIGGER_ROUNDS):
            if not self.signals:
                break
            signals, self.signals = self.signals, []
            if self.log is not None:
                self.event("window", None)  # the triggers the events since the last one met
            for player in sorted(self.players, key=lambda p: p.index != self.active):
                self._triggers(player, signals)
        self.signals.clear()
        self.check()

    def _triggers(self, me: Player, signals: list[tuple[Any, ...]]) -> None:
        totals: Counter[str] = Counter()
        damaged: list[Permanent] = []
        destroyed: list[Permanent] = []
        for signal in signals:
            kind = signal[0]
            if kind == "damaged":
                if signal[1].controller == me.index:
                    damaged.append(signal[1])
            elif kind == "destroyed":
                if signal[1].controller == me.index:
                    destroyed.append(signal[1])
            elif signal[1] == me.index:
                totals[kind] += signal[2]
        if not (totals or damaged or destroyed):
            return

        # "Damaged, but not destroyed": each card once, however often it was hit, and not one
        # that the same events then destroyed.
        destroyed_ids = {id(c) for c in destroyed}
        survivors = {id(c): c for c in damaged if id(c) not in destroyed_ids}.values()

        def met(ability: KeeperAbility, this: Permanent | None) -> bool:
            condition = ability.condition
            if condition == "self_damaged":
                return this is not None and any(c is this for c in survivors)
            if condition == "others_damaged":
                return sum(c is not this for c in survivors) >= ability.condition_x
            if condition == "others_destroyed":
                return sum(c is not this for c in destroyed) >= ability.condition_x
            if condition in ("hand_destroyed", "deck_destroyed", "in_play_damage", "player_damage"):
                return totals[condition] >= ability.condition_x
            return False

        ability: KeeperAbility | None  # each creature's, then a trap's or a spell's if any
        for gone in destroyed:
            for ability in gone.card.abilities:
                if ability.condition == "self_destroyed" and self.use_trigger(me, ability, None):
                    if self.log is not None:
                        self.event(
                            "triggered", me.index, n=self.ref(gone.card), when=ability.condition
                        )
                    self.resolve(me, ability, gone.card, None)
        for creature in list(me.creatures):
            for ability in creature.card.abilities:
                if (
                    ability.condition
                    and creature in me.creatures
                    and met(ability, creature)
                    and self.can_use(me, creature)
                    and self.can_activate(me, ability, creature)
                    and self.use_trigger(me, ability, creature)
                ):
                    if self.log is not None:
                        self.event(
                            "triggered",
                            me.index,
                            n=self.ref(creature.card),
                            when=ability.condition,
                            x=ability.condition_x,
                        )
                    self.activate_creature(me, creature, ability)
        for trap in list(me.traps):
            ability = trap.card.abilities[0]  # a spell is set only with its ability (legal.py)
            if (
                ability.condition
                and not trap.exhausted
                and trap in me.traps
                and met(ability, None)
                and self.use_trigger(me, ability, None)
            ):
                if self.log is not None:
                    self.event(
                        "triggered",
                        me.index,
                        n=self.ref(trap.card),
                        when=ability.condition,
                        x=ability.condition_x,
                    )
                self.activate_trap(me, trap)
        for card in list(me.hand):
            ability = card.abilities[0] if not card.is_creature and card.abilities else None
            if (
                ability is not None
                and ability.condition
                and card in me.hand
                and self.can_cast(me, card)
                and met(ability, None)
                and self.use_trigger(me, ability, None)
            ):
                if self.log is not None:
                    self.event(
                        "triggered",
                        me.index,
                        n=self.ref(card),
                        when=ability.condition,
                        x=ability.condition_x,
                    )
                self.cast(me, card)

    def use_trigger(self, me: Player, ability: KeeperAbility, source: Permanent | None) -> bool:
        """Whether the player uses an ability whose activation condition was met (it may)."""
        used: bool = self.ask(Decision(me.index, TRIGGER, YES_NO, context=(ability, source)))
        return used

    # -- Battle Phase -----------------------------------------------------------------------

    def can_attack(self, me: Player, creature: Permanent) -> bool:
        return not creature.card.restriction.cannot_attack and self.can_use(me, creature)

    def can_defend(self, me: Player, creature: Permanent) -> bool:
        return not creature.card.restriction.cannot_defend and self.can_use(me, creature)

    def battle_phase(self, me: Player) -> None:
        """Battles: as many battles as the player wants, each target once per phase; then the
        "unexhausted at the end of your own Battle Phase" caveat."""
        self.use_exhaustion_counters(me)
        me.battle_targets.clear()
        decision = self.decisions[me.index][BATTLE]
        for _ in range(20):
            plan = self.ask(decision)
            if plan is None:  # no more battles
                break
            attackers, target = plan
            self.battle(me, attackers, target)
            self.settle()
        for creature in list(me.creatures):
            if creature.card.restriction.destroyed_if_idle and not creature.exhausted:
                self.destroy(creature, explicit=True)
        self.settle()

    def use_exhaustion_counters(self, me: Player) -> None:
        """Exhaustion counters: their placer removes one (here, as their Battle Phase begins)
        to exhaust a creature that could otherwise defend."""
        for creature in self.opponent(me).creatures:
            if (
                creature.marks
                and not creature.exhausted
                and creature.take_mark("exhaustion", me.index)
            ):
                creature.exhausted = True
                if self.log is not None:
                    self.event(
                        "counter_used", me.index, n=self.ref(creature.card), kind="exhaustion"
                    )
                    self.event("exhaust", me.index, n=self.ref(creature.card), why="counter")

    def battle(self, me: Player, attackers: list[Permanent], target: Permanent | Player) -> None:
        """Battles, steps 1-6; steps 4-6 at once (both players at 0 hitpoints: a draw)."""
        target_id = id(target)
        if target_id in me.battle_targets:
            return
        attackers = self.form_team(me, attackers, self.can_attack)  # step 1
        if not attackers:
            return
        me.battle_targets.add(target_id)
        defender = self.opponent(me)
        able = [creature for creature in defender.creatures if self.can_defend(defender, creature)]
        chosen = self.ask(
            Decision(defender.index, DEFENDERS, able, most=len(able), context=(attackers, target))
        )
        defenders = self.form_team(defender, chosen, self.can_defend)  # step 2
        self.battles += 1
        for team, side, other in ((attackers, me, defender), (defenders, defender, me)):
            for creature in team:
                if not creature.marks:
                    continue
                while creature.take_mark("offense", side.index):
                    creature.offense += 1
                    if self.log is not None:
                        self.event(
                            "counter_used",
                            side.index,
                            n=self.ref(creature.card),
                            kind="offense",
                            offense=creature.offense,
                        )
                while creature.offense > 0 and creature.take_mark("weakness", other.index):
                    creature.offense -= 1
                    if self.log is not None:
                        self.event(
                            "counter_used",
                            other.index,
                            n=self.ref(creature.card),
                            kind="weakness",
                            offense=creature.offense,
                        )
        attack_dice = self.team_dice(me, attackers)  # step 3
        defense_dice = self.team_dice(defender, defenders)
        if self.log is not None:
            self.event(
                "battle",
                me.index,
                attackers=self.refs(c.card for c in attackers),
                target="player" if isinstance(target, Player) else self.ref(target.card),
                defenders=self.refs(c.card for c in defenders),
                attack_dice=[v for v, _ in attack_dice],
                defense_dice=[v for v, _ in defense_dice],
            )
        self.in_battle = True  # steps 4-6 at once
        left_attack = self.apply_dice(attack_dice, defenders, me.index)  # step 4
        left_defense = self.apply_dice(defense_dice, attackers, defender.index)
        if left_attack:  # step 5
            total = sum(v for v, _ in left_attack)
            if isinstance(target, Player):
                self.damage_player(target, total)
                self._credit(me.index, left_attack)
                self.damage += total
            elif target in defender.creatures:
                self.damage += self.damage_creature(target, total, None, None)
                self._credit(me.index, left_attack)
        if left_defense and isinstance(target, Player):  # step 6
            total = sum(v for v, _ in left_defense)
            self.damage_player(me, total)
            self._credit(defender.index, left_defense)
            self.damage += total
        self.in_battle = False
        lost = [p.index for p in self.players if p.hp <= 0]  # both at once: a draw
        if lost:
            raise GameOver(None if len(lost) == 2 else 1 - lost[0])

    def form_team(
        self, side: Player, chosen: list[Permanent], able: Callable[[Player, Permanent], bool]
    ) -> list[Permanent]:
        """Exhaust the chosen creatures that are able, one by one (each paying its "to attack
        with, defend with" caveat, which can leave the next unable to pay); the team, in the
        chosen (defending) order, of those still in play."""
        team = []
        for creature in chosen:
            if creature in side.creatures and able(side, creature):
                self.exhaust_to_act(side, creature)
                team.append(creature)
        return [creature for creature in team if creature in side.creatures]

    def _credit(self, side: int, dice: list[tuple[int, KeeperCard]]) -> None:
        for value, card in dice:
            self.card_damage[side][card.name] += value

    def team_dice(self, side: Player, team: list[Permanent]) -> list[tuple[int, KeeperCard]]:
        """Dice equal to the team's total offense, each remembered with the creature it came
        from (for the per-card damage figures); re-rolls ("You may re-roll up to [x] dice")
        and dice counters then improve the lowest."""
        dice = [(self.roll(), c.card) for c in team for _ in range(max(c.offense, 0))]
        chances, times = side.rerolls
        counters = sum(c.mark("dice", side.index) for c in team if c.marks)
        if not dice or not (chances or counters):
            return dice
        dice.sort(key=lambda die: die[0])
        # "Re-roll up to [x] dice for the rest of this turn": x dice in all the turn's battles,
        # so each die re-rolled here is spent from the allowance.
        used = sum(1 for value, _ in dice[: min(chances, len(dice))] if value <= 3)
        side.rerolls = (chances - used, times)
        for index in range(min(chances, len(dice))):
            for _ in range(times):
                if dice[index][0] > 3:
                    break
                was = dice[index][0]
                dice[index] = (self.roll(), dice[index][1])
                if self.log is not None:
                    self.event(
                        "reroll",
                        side.index,
                        die=index,
                        was=was,
                        now=dice[index][0],
                        why="allowance",
                    )
        for creature in team:
            while creature.mark("dice", side.index):
                low = min(range(len(dice)), key=lambda i: dice[i][0])
                if dice[low][0] > 2:
                    break
                creature.take_mark("dice", side.index)
                was = dice[low][0]
                dice[low] = (self.roll(), dice[low][1])
                if self.log is not None:
                    self.event(
                        "reroll",
                        side.index,
                        die=low,
                        was=was,
                        now=dice[low][0],
                        why="counter",
                        n=self.ref(creature.card),
                    )
        return dice

    def apply_dice(
        self, dice: list[tuple[int, KeeperCard]], order: list[Permanent], side: int
    ) -> list[tuple[int, KeeperCard]]:
        """Battles step 4: each die, one at a time, to the next surviving creature of the other
        team in its defending order; the dice left over. The rolling player picks the order of
        the dice: for each creature the fewest dice of the smallest total that destroys it, so
        as many dice as possible are left for the target."""
        left = list(dice)
        for creature in order:
            standing = self.players[creature.controller].creatures
            # A defense counter can save the creature mid-way: it then takes the next dice too.
            while left and creature in standing:
                chosen = dice_to_destroy(max(creature.defense, 1), [value for value, _ in left])
                for index in sorted(chosen, reverse=True):
                    value, card = left.pop(index)
                    if creature in standing:
                        self.damage += self.damage_creature(creature, value, side, card)
        return left

    # -- Recovery Phase ---------------------------------------------------------------------

    def recovery_phase(self) -> None:
        """Recovery Phase: every card in play and every resource unexhausted, every creature's
        offense and defense reset to the printed values; "until the end of this turn" ends."""
        for creature, back in self.switched:
            if creature.controller == back:
                continue  # switched back already within the turn
            self.players[creature.controller].creatures.remove(creature)
            creature.controller = back
            self.players[back].creatures.append(creature)
            if self.log is not None:
                self.event("control", back, n=self.ref(creature.card), why="recovery")
        self.switched = []
        for player in self.players:
            player.spent = 0
            player.rerolls = (0, 0)
            # "will not be unexhausted during this turn's Recovery Phase": an exhausted card
            # stays exhausted; an unexhausted one is left as it is.
            for creature in player.creatures:
                creature.exhausted = creature.exhausted and creature.stay_exhausted
                creature.stay_exhausted = False
                creature.offense = creature.card.offense
                creature.defense = creature.card.defense
            for trap in player.traps:
                trap.exhausted = trap.exhausted and trap.stay_exhausted
                trap.stay_exhausted = False
        if self.log is not None:
            self.event(
                "recovery",
                None,
                exhausted=self.refs(
                    p.card for side in self.players for p in side.in_play() if p.exhausted
                ),
            )

    # -- the log ----------------------------------------------------------------------------

    def ref(self, card: KeeperCard) -> int:
        """A card's number in the log (its deck's "deck" event names every number; a card put
        into a game from outside its decks, as tests do, is named by a "card" event)."""
        number = self.numbers.get(id(card))
        if number is None:
            number = self.numbers[id(card)] = len(self.numbers)
            self.event("card", None, n=number, name=card.name)
        return number

    def refs(self, cards: Iterable[KeeperCard]) -> list[int]:
        return [self.ref(card) for card in cards]

    def resource_state(self, player: Player) -> dict[str, int]:
        return {"resources": len(player.resources), "spent": player.spent}

    def zone_of(self, zone: list[KeeperCard]) -> dict[str, Any]:
        """Where a card is taken from, for the log: {"from": "hand", "of": 0}."""
        for player in self.players:
            for name in ("hand", "deck", "graveyard", "resources", "reserves"):
                if getattr(player, name) is zone:
                    return {"from": name, "of": player.index}
        return {}

    # -- the record -------------------------------------------------------------------------

    def event(self, event: str, player: int | None, **data: object) -> None:
        """One entry of the log (docs/game-logs.md); callers on hot paths check `self.log`
        first, so that a game without a log builds none of it."""
        if self.log is not None:
            self.log.append({"turn": self.turn, "event": event, "player": player, **data})

    def outcome(self, capped: bool) -> Outcome:
        unsupported = {**self.decks[0].unsupported, **self.decks[1].unsupported}
        return Outcome(
            placements=two_seat_placements(self.winner),
            first=self.first,
            figures={
                "turns": self.turn,
                "rounds": (self.turn + 1) // 2,  # rounds of turns (each player one turn)
                "battles": self.battles,
                "damage": self.damage,  # total battle damage dealt, to creatures and players
            },
            seats=tuple(
                {
                    "plays": dict(player.plays),  # card name -> times summoned, cast or set
                    "card_damage": dict(self.card_damage[player.index]),  # name -> damage dealt
                    "drawn": frozenset(player.drawn),  # the cards the player drew
                    "opening": self.opening[player.index],  # {"creature": the hand held one}
                }
                for player in self.players
            ),
            unsupported=unsupported,
            simplifications=SIMPLIFICATIONS,
            capped=capped,
            log=tuple(self.log) if self.log is not None else None,
        )
