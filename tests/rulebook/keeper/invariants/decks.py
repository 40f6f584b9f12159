"""Random legal user-made Keeper decks, built from every component the engine plays.

Cards are written the way a user writes them in the card builder: the guide's own component
sentences with variables within their printed limits, costed by the guide's formula, and kept
only when the construction rules find no problem with them (no redacted text, the right edition,
the printed cost the formula gives, nothing unread). Every played component that a legal card
may carry is on at least one card of the pool.
"""

from __future__ import annotations

import random

from rulebook.core.cards import CardInfo
from rulebook.core.report import Report
from rulebook.keeper.components import COMPONENTS, Component, Kind
from rulebook.keeper.construction import KeeperRuleset
from rulebook.keeper.cost import explain_cost
from rulebook.keeper.engine import PLAYED_KEYS, KeeperCard, KeeperDeck
from rulebook.keeper.tables import ELEVENTH_EDITION

REDACTED = {redacted.template.key for redacted in ELEVENTH_EDITION.redacted}
PLAYABLE = [
    c for c in COMPONENTS if c.template.key in PLAYED_KEYS and c.template.key not in REDACTED
]
BY_KIND = {kind: [c for c in PLAYABLE if c.kind == kind] for kind in Kind}
RULESET = KeeperRuleset()
MAX_VARIABLE = 4  # small variables keep costs playable and games short
MAX_COST = 8


def _sentence(rng: random.Random, component: Component) -> str:
    # One die re-rolled once is the allowance whose misuse shows soonest over several battles.
    top = 1 if component.text.startswith("You may re-roll") else MAX_VARIABLE
    values = {
        name: rng.randint(1, min(component.limits.get(name, top), top))
        for name in component.template.variables
    }
    return component.template.fill(values)


def _ability(rng: random.Random, forced: tuple[Component, ...]) -> str:
    """condition? cost? target effect+ (guide, "Constructing Abilities"); the forced
    components in their places, forced effects first and in the order given."""
    pick: dict[Kind, Component | None] = {kind: None for kind in Kind}
    for kind, chance in ((Kind.CONDITION, 0.35), (Kind.COST, 0.35)):
        if rng.random() < chance and len(forced) < 2:  # a forced pair is played as it is
            pick[kind] = rng.choice(BY_KIND[kind])
    effects = [c for c in forced if c.kind == Kind.EFFECT]
    for component in forced:
        if component.kind not in (Kind.EFFECT, Kind.CAVEAT):
            pick[component.kind] = component
    parts = [_sentence(rng, c) for c in (pick[Kind.CONDITION], pick[Kind.COST]) if c]
    parts.append(_sentence(rng, pick[Kind.TARGET] or rng.choice(BY_KIND[Kind.TARGET])))
    for _ in range(2):
        if not effects or (rng.random() < 0.3 and len(forced) < 2):
            effects.append(rng.choice(BY_KIND[Kind.EFFECT]))
    parts += [_sentence(rng, effect) for effect in effects]
    return " ".join(parts)


def _legal(card: CardInfo) -> bool:
    report = Report(game="keeper", format="")
    RULESET.check_card(card, report)
    return report.legal


def random_card(rng: random.Random, name: str, forced: tuple[Component, ...] = ()) -> CardInfo:
    """A legal user-made card (drawn again until the construction rules accept it), mostly
    cheap enough to be played in a game."""
    for attempt in range(1000):
        caveat = next((c for c in forced if c.kind == Kind.CAVEAT), None)
        creature = caveat is not None or rng.random() < 0.6
        if creature:
            lines = []
            if caveat is None and rng.random() < 0.3:
                caveat = rng.choice(BY_KIND[Kind.CAVEAT])
            if caveat is not None:
                lines.append(_sentence(rng, caveat))
            count = rng.randint(1 if len(forced) > (caveat in forced) else 0, 2)
            lines += [_ability(rng, forced if i == 0 else ()) for i in range(count)]
            text = "\n".join(lines) or "This card has no abilities."
            offense, defense = rng.randint(0, 4), rng.randint(1, 12)
            card_type = "Creature"
        else:
            text, offense, defense, card_type = _ability(rng, forced), 0, 0, "Spell"
        cost = explain_cost(card_type, text, offense, defense).cost
        attributes = {"cost": cost, "edition": 11}
        if creature:
            attributes |= {"offense": offense, "defense": defense}
        card = CardInfo(key=name, name=name, type=card_type, text=text, attributes=attributes)
        if (cost <= MAX_COST or attempt > 200) and _legal(card):
            return card
    raise AssertionError(f"no legal card with {forced}")


def _effect(text: str) -> Component:
    return next(c for c in BY_KIND[Kind.EFFECT] if c.text.startswith(text))


# Effects that move a target or change who controls it, and those that then act on the target:
# the pairs the rulebook's "Target" ruling and the control effect speak of.
MOVERS = ("Send all targets", "Place all targets on top", "Reveal all targets", "Draw", "Switch")
FOLLOWERS = ("Destroy", "Exhaust all", "Send all", "Place all targets on", "Switch", "Target in")


def forced_parts() -> list[tuple[Component, ...]]:
    """What the pool's first cards carry: each playable component alone, each target
    selection with the summoning effect, each mover followed by each follower."""
    summon = _effect("Reveal all targets")
    in_play = next(c for c in BY_KIND[Kind.TARGET] if c.text == "Target up to [x] cards in play.")
    forced: list[tuple[Component, ...]] = [(c,) for c in PLAYABLE]
    forced += [(target, summon) for target in BY_KIND[Kind.TARGET]]
    forced += [
        (in_play, _effect(mover), _effect(follower))
        for mover in MOVERS
        for follower in FOLLOWERS
        if mover != follower or mover == "Switch"  # switched twice in one turn
    ]
    # A re-roll allowance only shows over several battles in its turn: more decks carry it.
    forced += [(in_play, _effect("You may re-roll"))] * 4
    return forced


def card_pool(seed: int, size: int) -> list[KeeperCard]:
    """`size` legal cards, the first ones carrying forced_parts() in turn, the rest random."""
    rng = random.Random(seed)
    forced = forced_parts()
    pool = []
    for index in range(size):
        parts = forced[index] if index < len(forced) else ()
        info = random_card(rng, f"Card {seed}-{index}", parts)
        pool.append(KeeperCard(info.name, info.type, info.text, dict(info.attributes)))
    return pool


def random_decks(seed: int, count: int, pool: list[KeeperCard]) -> list[KeeperDeck]:
    """Legal 40-card decks (no limit on copies): one built around each card carrying forced
    parts (12 copies of it, so that its parts are played often), then `count` of 6-14 distinct
    cards from the whole pool."""
    rng = random.Random(seed)
    decks = []
    for theme in pool[: len(forced_parts())]:
        others = rng.sample(pool, rng.randint(4, 8))
        decks.append(KeeperDeck([theme] * 12 + [rng.choice(others) for _ in range(28)]))
    for _ in range(count):
        cards = rng.sample(pool, rng.randint(6, 14))
        decks.append(KeeperDeck([rng.choice(cards) for _ in range(40)]))
    return decks
