"""An independent judge of MetaZoo games: it replays a game's log (docs/game-logs.md) with its
own reading of the 2023 rulebook (and the README's rules notes for what the seed lost) and
reports every rule the game broke: what happened must be well formed, and what must happen
must happen (obligations: every Burn and Poison a Caster's Pages and the Caster carry resolves at
the end of its turn, every sleeping Page's coin is flipped at the start of its controller's turn
and only heads wakes it, a Terra Contracted into six full slots replaces the slot the rotation
has reached, and the rotation moves on; an effect that names a target and resolves where no
Action chose one, a Terra's or an Aura Page's ENTER, DESTROYED, start and end of turn, has its
target chosen then: a legal one, and none only when none was legal).

It imports nothing of the engine: what it knows of the game is the log (and, given them, the
Pages' printed `effects` by name, from the Spellbooks' own data), what it knows of the rules is
written here. A violation is (rule, message); rules are named by the rulebook's
headings and pages.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

STARTING_LP = 1000
OPENING = 7
SLOTS = 6
STATUS_AMOUNT = 10  # README rules notes: Burn 10 Damage, Poison 10 LP Loss an indicator

SETUP = "Win Condition: setting up (p. 16)"
MULLIGAN = "Mulligan: N-1 Pages (p. 16)"
TURNS = "Turn Steps (p. 16): turns alternate, Bookmark, Awaken"
AURA_ONCE = "Turn Steps: one Aura Page a turn (p. 17)"
GENERATE = "Generating Aura: Fatigue an Awakened Aura Page (p. 18)"
PAYING = "How to Contract a Page: pay its Aura Cost with generated Aura (p. 18)"
CHAPTER = "How to Contract a Page: from the Chapter (p. 18)"
ATTACKING = "Combat step 1: an Awakened Beastie you control declares the Attack (p. 25)"
TARGETS = "Combat step 1: the Attack's target (p. 25)"
DEFENDING = "Combat step 4: Defenders are Awakened Beasties of the target's Caster (p. 27)"
ALLOCATION = "Resolving a chosen Attack: Damage allocation (p. 28)"
LIFE = "Life Points: Damage and LP Loss (Glossary)"
DESTROYED = "Life Points: a Page at 0 LP is Destroyed (Glossary)"
ZONES = "Destroyed: Limbo, Cemetery, Afterlife by Page type (Glossary)"
STATUS = "Status Effects: one indicator of each type but Poison (p. 29)"
STATUS_TICK = "Status Effects: Burn and Poison amounts (README rules notes)"
STATUS_OWED = (
    "Status Effects: every Burn and Poison resolves at its turn's end (README rules notes)"
)
SLEEP = "Status Effects: a coin for each sleeping Page at its turn's start, heads wakes it (README)"
CASTER_STATUS = "Status Effects: a Caster suffers Burn and Poison only (README rules notes)"
SHROUD = "Bottled Fog: no Beastie targeted, by an effect or an Attack, that turn (README)"
TERRA = "Terra Pages and Rotation (p. 13)"
TRAPS = "Trap Pages: moved once (p. 17)"
ENDING = "Win Condition and Running out of Pages (p. 16, 43)"
BARRED = "Earth's Binding: no Attacks until its Caster's next turn"
TRIGGERED = (
    "Targeting Defined (p. 23): an effect resolving at ENTER, DESTROYED, the start or the end "
    "of a turn (Keywords, p. 25; Turn Steps, p. 16-17) takes a legal target if there is one"
)

# The kinds of target an effect chooses (the vocabulary as the README and the importer's help
# tell a user); the judge replays which Pages are legal for those on Beasties and Artifacts
# (not a Spell on the chain, nor the Attacker: it does not follow the chain).
CHOSEN = frozenset(
    {"beastie", "opposing_beastie", "own_beastie", "artifact", "opposing_artifact", "spell",
     "attacker"}
)  # fmt: skip
# kind -> (the Page type, whose: None either Caster's, True the effect's controller's, False
# the other Caster's)
JUDGED: dict[str, tuple[str, bool | None]] = {
    "beastie": ("Beastie", None),
    "opposing_beastie": ("Beastie", False),
    "own_beastie": ("Beastie", True),
    "artifact": ("Artifact", None),
    "opposing_artifact": ("Artifact", False),
}

DISCARD = {
    "Beastie": "limbo",
    "Artifact": "limbo",
    "Aura": "afterlife",
    "Terra": "afterlife",
    "Spell": "cemetery",
    "Potion": "cemetery",
}


@dataclass
class Replay:
    violations: list[tuple[str, str]] = field(default_factory=list)
    types: dict[int, str] = field(default_factory=dict)
    owner: dict[int, int] = field(default_factory=dict)
    spellbook: list[int] = field(default_factory=lambda: [0, 0])
    chapter: list[set[int]] = field(default_factory=lambda: [set(), set()])
    arena: dict[int, int] = field(default_factory=dict)  # page -> controller
    fatigued: set[int] = field(default_factory=set)
    thawing: set[int] = field(default_factory=set)
    awakened: bool = True  # this turn's Awaken step came
    statuses: dict[Any, Counter] = field(default_factory=dict)
    lp: list[int] = field(default_factory=lambda: [STARTING_LP, STARTING_LP])
    pool: list[Counter] = field(default_factory=lambda: [Counter(), Counter()])
    paid: Any = None
    active: int | None = None
    turn: int = 0
    first: int | None = None
    aura_pages: Counter = field(default_factory=Counter)  # (turn, player) -> Aura Pages
    slots: list[int | None] = field(default_factory=lambda: [None] * SLOTS)
    rotation: int = 0
    traps: set[int] = field(default_factory=set)
    moved: set[int] = field(default_factory=set)
    zero: set[int] = field(default_factory=set)  # Pages reported at 0 LP, not yet Destroyed
    combat: dict = field(default_factory=dict)
    barred: int | None = None
    shrouded: int | None = None  # the turn Beasties cannot be targeted
    generated: list[int] = field(default_factory=list)  # Aura Pages Fatigued since the last pay
    ended: bool = True  # this turn's end-of-turn step came (none before the first turn)
    owed: list[tuple[str, Any]] = field(default_factory=list)  # Burn/Poison due, in order
    sleep_owed: set[int] = field(default_factory=set)  # sleeping Pages whose coin is due
    waking: set[int] = field(default_factory=set)  # sleeping Pages whose coin came heads
    mulligan_left: int | None = None
    bookmarked_this_turn: int = 0
    over: bool = False
    effects: dict[str, list] = field(default_factory=dict)  # printed effects, by Page name
    names: dict[int, str] = field(default_factory=dict)
    triggers: Counter = field(default_factory=Counter)  # (page, when) owed a `trigger` event

    def broke(self, rule: str, message: str) -> None:
        self.violations.append((rule, f"turn {self.turn}: {message}"))


def check_log(log: list[dict], effects: dict[str, list] | None = None) -> list[tuple[str, str]]:
    """The rules the game of this log broke; given `effects` (each Page's printed effects, by
    name), also each effect that names a target and resolved without its `trigger` event."""
    replay = Replay(effects=dict(effects or {}))
    for event in log:
        if replay.over and event["event"] != "game_over":
            replay.broke(ENDING, f"an event after a Caster reached 0 LP: {event['event']}")
            break
        handler = HANDLERS.get(event["event"])
        if handler is not None:
            handler(replay, event)
    return replay.violations


def _setup(r: Replay, e: dict) -> None:
    if e["lp"] != [STARTING_LP, STARTING_LP]:
        r.broke(SETUP, f"LP {e['lp']}")
    for seat, pages in enumerate(e["pages"]):
        r.spellbook[seat] = len(pages)
        for uid, page in pages.items():
            r.types[int(uid)] = page["type"]
            r.owner[int(uid)] = seat
            r.names[int(uid)] = page["name"]


def _first(r: Replay, e: dict) -> None:
    called_right = e["call"] == e["flip"]
    if e["chooser"] != (e["caller"] if called_right else 1 - e["caller"]):
        r.broke(SETUP, "the wrong Caster chose who goes first")
    r.first = e["player"]


def _bookmark(r: Replay, e: dict) -> None:
    seat = e["player"]
    r.spellbook[seat] -= 1
    if e["left"] != r.spellbook[seat]:
        r.broke(TURNS, f"Spellbook count {e['left']}, replayed {r.spellbook[seat]}")
    r.chapter[seat].add(e["page"])
    if r.mulligan_left is not None:
        r.mulligan_left -= 1
    r.bookmarked_this_turn += 1


def _mulligan(r: Replay, e: dict) -> None:
    seat = e["player"]
    if r.mulligan_left not in (None, 0):
        r.broke(MULLIGAN, f"{r.mulligan_left} Pages short of N-1")
    if e["returned"] != len(r.chapter[seat]):
        r.broke(MULLIGAN, f"returned {e['returned']} of a Chapter of {len(r.chapter[seat])}")
    r.spellbook[seat] += len(r.chapter[seat])
    r.chapter[seat].clear()
    r.mulligan_left = e["returned"] - 1


def _turn(r: Replay, e: dict) -> None:
    if r.mulligan_left not in (None, 0):
        r.broke(MULLIGAN, f"{r.mulligan_left} Pages short of N-1")
    r.mulligan_left = None
    if r.turn == 0:
        for seat in (0, 1):
            if len(r.chapter[seat]) > OPENING:
                r.broke(SETUP, f"an opening Chapter of {len(r.chapter[seat])}")
    expected = r.first if r.active is None else 1 - r.active
    if e["player"] != expected:
        r.broke(TURNS, f"Caster {e['player']} took the turn of Caster {expected}")
    _turn_ended(r)
    _triggers_due(r, "start_of_turn", "end_of_turn", "enter", "destroyed")
    r.ended = False
    r.active = e["player"]
    r.turn = e["turn"]
    r.bookmarked_this_turn = 0
    r.thawing.clear()
    r.awakened = False
    r.pool[r.active].clear()
    if r.barred == r.active:
        r.barred = None
    _zero_cleared(r)
    r.sleep_owed = {
        page
        for page, side in r.arena.items()
        if side == r.active and r.statuses.get(page, Counter())["sleep"]
    }
    r.waking.clear()
    for page, side in r.arena.items():
        if side == r.active:
            _owe(r, page, "start_of_turn", bool(_targeting(r, page, "start_of_turn")))


def _targeting(r: Replay, page: int, when: str) -> list[dict]:
    """The Page's printed effects resolving `when` that choose a target."""
    return [
        effect
        for effect in r.effects.get(r.names.get(page, ""), ())
        if effect.get("when", "contract") == when and effect.get("target") in CHOSEN
    ]


def _owe(r: Replay, page: int, when: str, due: bool) -> None:
    """A `trigger` event is due if `due`: the Page's effects resolving now name a target (one
    event for all of a Page's effects resolving together; one an end-of-turn effect)."""
    if due:
        r.triggers[(page, when)] += 1


def _triggers_due(r: Replay, *whens: str) -> None:
    """Each `trigger` owed at these moments came: a turn's start and end effects only while
    their Page is still in the Arena (it may leave first: they then do nothing)."""
    for (page, when), count in list(r.triggers.items()):
        if when not in whens:
            continue
        del r.triggers[(page, when)]
        if count > 0 and (when in ("enter", "destroyed") or page in r.arena):
            r.broke(TRIGGERED, f"page {page}'s {when} effect resolved without choosing a target")


def _trigger(r: Replay, e: dict) -> None:
    """A target chosen as an effect no Action started resolved: a legal one, or none (null)
    only when none was legal."""
    page, when, seat = e["page"], e["when"], e["player"]
    if r.effects and when != "attack":
        if r.triggers[(page, when)] <= 0:
            r.broke(TRIGGERED, f"a {when} target chosen for page {page}, none owed")
        r.triggers[(page, when)] -= 1
    for kind, target in e["targets"].items():
        if kind not in JUDGED:
            continue
        legal = _legal_targets(r, kind, seat)
        if target is None and legal:
            r.broke(TRIGGERED, f"page {page}'s {when} effect took no {kind}, among {legal}")
        elif target is not None and target not in legal:
            r.broke(TRIGGERED, f"page {page}'s {when} effect took {target}: no legal {kind}")


def _legal_targets(r: Replay, kind: str, seat: int) -> list[int]:
    """Face-up Pages in the Arena of the kind's type and side; no Beastie in the turn Beasties
    cannot be targeted (Bottled Fog, README)."""
    page_type, own = JUDGED[kind]
    if page_type == "Beastie" and r.shrouded == r.turn:
        return []
    return sorted(
        page
        for page, side in r.arena.items()
        if r.types.get(page) == page_type and (own is None or (side == seat) == own)
    )


def _turn_ended(r: Replay) -> None:
    """The turn that ends now had its end-of-turn step, and every Burn and Poison owed at it
    resolved (or its subject left the Arena first)."""
    if not r.ended:
        r.broke(STATUS_OWED, "a turn passed without its end-of-turn step")
    _skipped(r, len(r.owed))
    r.owed.clear()


def _there(r: Replay, subject: Any) -> bool:
    return isinstance(subject, str) or subject in r.arena


def _skipped(r: Replay, count: int) -> None:
    """The first `count` items owed were passed over: each only if its subject had gone."""
    for status, subject in r.owed[:count]:
        if _there(r, subject):
            r.broke(STATUS_OWED, f"{status} on {subject} did not resolve in its turn's end order")
    del r.owed[:count]


def _end_of_turn(r: Replay, e: dict) -> None:
    """End of Turn (p. 17; Simultaneous Effects, p. 23): the active Caster orders every end
    effect; among them each Burn and each Poison of its Pages and of itself, owed now."""
    seat = e["player"]
    if seat != r.active or r.ended:
        r.broke(STATUS_OWED, f"an end-of-turn step for Caster {seat} out of turn")
    r.ended = True
    caster = f"caster:{seat}"
    carried = {
        (status, subject)
        for subject, statuses in r.statuses.items()
        if subject == caster or (isinstance(subject, int) and r.arena.get(subject) == seat)
        for status in ("burn", "poison")
        if statuses[status]
    }
    ordered = [(item[0], item[1]) for item in e["order"] if item[0] in ("burn", "poison")]
    for status, subject in sorted(carried - set(ordered), key=str):
        r.broke(STATUS_OWED, f"{status} on {subject} left out of the end-of-turn order")
    for status, subject in sorted(set(ordered) - carried, key=str):
        r.broke(STATUS_OWED, f"{status} on {subject} ordered, but not carried")
    r.owed = ordered  # each resolves in this order, unless its subject has gone by then
    for item in e["order"]:
        if item[0] == "effect":
            page, index = item[1], item[2]
            ends = [
                effect
                for effect in r.effects.get(r.names.get(page, ""), ())
                if effect.get("when") == "end_of_turn"
            ]
            _owe(r, page, "end_of_turn", ends[index].get("target") in CHOSEN)


def _coin(r: Replay, e: dict) -> None:
    why = e["why"]
    if not why.startswith("sleep:"):
        return
    page = int(why.split(":")[1])
    if page not in r.sleep_owed:
        r.broke(SLEEP, f"a Sleep coin for page {page}, not a sleeping Page of the turn's Caster")
    r.sleep_owed.discard(page)
    if e["result"] == "heads":
        r.waking.add(page)


def _shroud(r: Replay, e: dict) -> None:
    r.shrouded = r.turn


def _awaken(r: Replay, e: dict) -> None:
    seat = e["player"]
    for page in sorted(r.sleep_owed):
        r.broke(SLEEP, f"no Sleep coin for page {page} at the start of its controller's turn")
    for page in sorted(r.waking):
        r.broke(SLEEP, f"page {page} still asleep after its coin came heads")
    r.sleep_owed.clear()
    r.waking.clear()
    _triggers_due(r, "start_of_turn")
    if r.bookmarked_this_turn != 1 and r.spellbook[seat] > 0:
        r.broke(TURNS, "Awaken without one Bookmark first")
    expected = {
        page
        for page, side in r.arena.items()
        if side == seat
        and page in r.fatigued
        and page not in r.thawing
        and "frozen" not in r.statuses.get(page, ())
    }
    r.thawing.clear()
    if set(e["pages"]) != expected:
        r.broke(TURNS, f"Awakened {sorted(e['pages'])}, not {sorted(expected)}")
    r.fatigued -= set(e["pages"])
    r.awakened = True


def _status_removed(r: Replay, e: dict) -> None:
    statuses = r.statuses.get(e["target"], Counter())
    if e["status"] == "sleep":
        if e["target"] not in r.waking:
            r.broke(SLEEP, f"page {e['target']} woke without heads on its coin")
        r.waking.discard(e["target"])
    if e["status"] == "frozen" and e["target"] in r.fatigued:
        r.thawing.add(e["target"])  # a Frozen Page stays Fatigued this Awaken, then thaws
    statuses.pop(e["status"], None)


def _enter(r: Replay, e: dict) -> None:
    seat, page = e["player"], e["page"]
    if e["type"] == "Aura" and page in r.chapter[seat]:
        r.aura_pages[(r.turn, seat)] += 1
        if r.aura_pages[(r.turn, seat)] > 1 or seat != r.active:
            r.broke(AURA_ONCE, f"a second Aura Page, or on another's turn: {page}")
        r.chapter[seat].discard(page)
        if e["fatigued"]:
            r.broke(AURA_ONCE, "an Aura Page entered Fatigued")
        _owe(r, page, "enter", bool(_targeting(r, page, "enter")))
    r.arena[page] = seat
    if e["fatigued"]:
        r.fatigued.add(page)


def _generate(r: Replay, e: dict) -> None:
    seat, page = e["player"], e["page"]
    if r.types.get(page) != "Aura" or r.arena.get(page) != seat or page in r.fatigued:
        r.broke(GENERATE, f"Aura from page {page}, not an Awakened Aura Page of Caster {seat}")
    r.fatigued.add(page)
    r.pool[seat][e["aura"]] += e["n"]
    r.generated.append(page)


def _pay(r: Replay, e: dict) -> None:
    seat = e["player"]
    pool = r.pool[seat]
    for kind, need in e["cost"].items():
        if kind == "neutral":
            continue
        from_kind = min(pool[kind], need)
        pool[kind] -= from_kind
        if need - from_kind > pool["any"]:
            r.broke(PAYING, f"{need} {kind} Aura from {dict(pool)}")
        pool["any"] -= max(need - from_kind, 0)
    neutral = e["cost"].get("neutral", 0)
    if neutral > sum(pool.values()):
        r.broke(PAYING, f"{neutral} Neutral Aura from {dict(pool)}")
    if sum(pool.values()) - neutral != sum(e["left"].values()):
        r.broke(PAYING, f"left {e['left']} after paying {e['cost']}")
    r.pool[seat] = Counter(e["left"])
    r.paid = e["cost"]
    if sorted(e["pages"]) != sorted(r.generated):
        r.broke(PAYING, f"paid with Aura Pages {e['pages']}, Fatigued {r.generated}")
    r.generated = []


def _contract(r: Replay, e: dict) -> None:
    seat, page = e["player"], e["page"]
    if page in r.traps:
        r.traps.discard(page)
        r.arena.pop(page, None)
    elif page not in r.chapter[seat]:
        r.broke(CHAPTER, f"page {page} Contracted from outside the Chapter")
    r.chapter[seat].discard(page)
    if e["cost"] and r.paid != e["cost"]:
        r.broke(PAYING, f"{e['name']} Contracted for {r.paid}, costs {e['cost']}")
    r.paid = None


def _terra(r: Replay, e: dict) -> None:
    seat, page = e["player"], e["page"]
    r.chapter[seat].discard(page)
    empty = [index for index, slot in enumerate(r.slots) if slot is None]
    if empty:
        expected = empty[0]
    else:  # six full: the rotation's slot is replaced, and the rotation moves on
        expected = r.rotation
        r.rotation = (r.rotation + 1) % SLOTS
    if e["slot"] != expected + 1:
        r.broke(TERRA, f"Terra into slot {e['slot']}, not {expected + 1}")
    if e["replaced"] != r.slots[expected]:
        r.broke(
            TERRA, f"Terra replaced {e['replaced']}, not slot {expected + 1}'s {r.slots[expected]}"
        )
    r.slots[e["slot"] - 1] = page
    _owe(r, page, "enter", bool(_targeting(r, page, "enter")))


def _trap(r: Replay, e: dict) -> None:
    seat, page = e["player"], e["page"]
    if page not in r.chapter[seat] or seat != r.active:
        r.broke(CHAPTER, f"a Trap {page} placed from outside the Chapter or off-turn")
    r.chapter[seat].discard(page)
    r.traps.add(page)


def _trap_moved(r: Replay, e: dict) -> None:
    if e["page"] in r.moved:
        r.broke(TRAPS, f"Trap {e['page']} moved twice")
    r.moved.add(e["page"])
    if r.arena.get(e["under"]) != e["player"]:
        r.broke(TRAPS, f"Trap moved under page {e['under']}, not the Caster's")


def _power(r: Replay, e: dict) -> None:
    """Use Powers: Fatigue an Awakened Beastie or Artifact you control (p. 17)."""
    page = e["page"]
    if e["player"] != r.active or r.arena.get(page) != e["player"] or page in r.fatigued:
        r.broke(ATTACKING, f"a Power of page {page} used while Fatigued or not controlled")
    r.fatigued.add(page)


def _attacks_barred(r: Replay, e: dict) -> None:
    r.barred = e["until_turn_of"]


def _attack(r: Replay, e: dict) -> None:
    seat, attacker = e["player"], e["attacker"]
    if not r.awakened:
        r.broke(TURNS, "an Attack before the Awaken step")
    if seat != r.active or r.arena.get(attacker) != seat or r.types.get(attacker) != "Beastie":
        r.broke(ATTACKING, f"page {attacker} Attacking for Caster {seat}")
    if attacker in r.fatigued:
        r.broke(ATTACKING, f"page {attacker} Attacking while Fatigued")
    if {"paralyze", "sleep"} & set(r.statuses.get(attacker, ())):
        r.broke(ATTACKING, f"page {attacker} Attacking while Paralyzed or Asleep")
    if attacker in r.zero:
        r.broke(DESTROYED, f"page {attacker} at 0 LP Attacking")
    if r.barred is not None:
        r.broke(BARRED, f"page {attacker} Attacking")
    target = e["target"]
    if r.shrouded == r.turn and r.types.get(target) == "Beastie" and target not in r.traps:
        r.broke(SHROUD, f"an Attack on Beastie {target}")
    if isinstance(target, str):
        if target != f"caster:{1 - seat}":
            r.broke(TARGETS, f"Attack on {target}")
    elif r.arena.get(target) != 1 - seat and target not in r.traps:
        r.broke(TARGETS, f"Attack on page {target}, not an opposing Page in the Arena")
    r.fatigued.add(attacker)
    r.combat = {"attacker": attacker, "target": target, "defenders": []}


def _defend(r: Replay, e: dict) -> None:
    seat = e["player"]
    for page in e["defenders"]:
        if page in r.combat.get("joined", ()):
            continue  # a Trap Beastie Contracted as a Defender
        if r.arena.get(page) != seat or r.types.get(page) != "Beastie" or page in r.fatigued:
            r.broke(DEFENDING, f"page {page} defending for Caster {seat}")
        if page == r.combat.get("target"):
            r.broke(DEFENDING, "the original target declared as a Defender")
        if {"paralyze", "sleep", "scared"} & set(r.statuses.get(page, ())):
            r.broke(DEFENDING, f"page {page} defending while unable")
        r.fatigued.add(page)
    r.combat["defenders"] = list(e["defenders"])


def _allocate(r: Replay, e: dict) -> None:
    damage, to, lps = e["damage"], e["to"], e["lps"]
    amounts = [amount for _, amount in to]
    if damage % 5 or any(amount % 5 or amount < 0 for amount in amounts):
        r.broke(ALLOCATION, f"Damage {damage} as {amounts}: not multiples of 5")
    if sum(amounts) != damage:
        r.broke(ALLOCATION, f"{amounts} do not add up to {damage}")
    receivers = len(lps)
    if receivers > 1 and damage >= 5 * receivers and min(amounts[:receivers]) < 5:
        r.broke(ALLOCATION, f"{amounts}: a Defender allocated less than 5")
    if len(to) > receivers and amounts[-1]:
        if any(amount < lp for amount, lp in zip(amounts, lps, strict=False)):
            r.broke(ALLOCATION, f"{amounts} overflow before each Defender had its LP {lps}")
        if to[-1][0] != r.combat.get("target"):
            r.broke(ALLOCATION, "overflow to a Page other than the original target")


def _damage(r: Replay, e: dict) -> None:
    target, amount = e["target"], e["amount"]
    if amount <= 0 or amount % 5:
        r.broke(LIFE, f"Damage {amount}")
    if isinstance(target, str):
        seat = int(target.split(":")[1])
        r.lp[seat] = max(r.lp[seat] - amount, 0)
        if e["lp"] != r.lp[seat]:
            r.broke(LIFE, f"Caster {seat} at {e['lp']} LP, replayed {r.lp[seat]}")
        if r.lp[seat] == 0:
            r.over = True
        _status_tick(r, e)
        return
    if target not in r.arena:
        r.broke(LIFE, f"Damage to page {target}, not in the Arena")
    if e["lp"] == 0:
        r.zero.add(target)
    _status_tick(r, e)


def _status_tick(r: Replay, e: dict) -> None:
    if e.get("why") in ("burn", "poison"):
        item = (e["why"], e["target"])
        if item in r.owed:
            _skipped(r, r.owed.index(item))
            r.owed.pop(0)
        else:
            r.broke(STATUS_OWED, f"{e['why']} on {e['target']} outside its turn's end order")
    if e.get("why") == "burn" and e["amount"] != STATUS_AMOUNT:
        r.broke(STATUS_TICK, f"Burn for {e['amount']}")
    if e.get("why") == "poison":
        count = r.statuses.get(e["target"], Counter())["poison"]
        if e["amount"] != STATUS_AMOUNT * count:
            r.broke(STATUS_TICK, f"Poison for {e['amount']} with {count} indicators")


def _lp_loss(r: Replay, e: dict) -> None:
    _damage(r, e)


def _recover(r: Replay, e: dict) -> None:
    target = e["target"]
    if isinstance(target, str):
        seat = int(target.split(":")[1])
        r.lp[seat] += e["amount"]
        if r.lp[seat] > STARTING_LP or e["lp"] != r.lp[seat]:
            r.broke(LIFE, f"Caster {seat} recovered to {e['lp']}")
    elif e["lp"] > 0:
        r.zero.discard(target)


def _inflict(r: Replay, e: dict) -> None:
    target, status = e["target"], e["status"]
    statuses = r.statuses.setdefault(target, Counter())
    if status != "poison" and statuses[status]:
        r.broke(STATUS, f"a second {status} indicator on {target}")
    statuses[status] += 1
    if isinstance(target, str):
        if status not in ("burn", "poison"):
            r.broke(CASTER_STATUS, f"{status} inflicted on {target}")
        return
    if target not in r.arena:
        r.broke(STATUS, f"{status} inflicted on page {target}, not in the Arena")
    if status == "frozen":
        r.fatigued.add(target)  # Frozen Fatigues it (README rules notes)


def _destroyed(r: Replay, e: dict) -> None:
    page = e["page"]
    r.zero.discard(page)
    r.combat.setdefault("destroyed", []).append(page)
    _leave(r, page)
    _owe(r, page, "destroyed", bool(_targeting(r, page, "destroyed")))


def _leave(r: Replay, page: int) -> None:
    r.arena.pop(page, None)
    r.fatigued.discard(page)
    r.statuses.pop(page, None)
    r.sleep_owed.discard(page)
    r.waking.discard(page)


def _placed_under(r: Replay, e: dict) -> None:
    r.zero.discard(e["page"])
    _leave(r, e["page"])


def _zone(r: Replay, e: dict) -> None:
    page, zone = e["page"], e["zone"]
    if e["player"] != r.owner.get(page):
        r.broke(ZONES, f"page {page} into Caster {e['player']}'s {zone}, not its owner's")
    if page in r.traps:  # a flipped Trap not Contracted goes to the Afterlife
        r.traps.discard(page)
        if zone != "afterlife":
            r.broke(ZONES, f"a refused Trap into the {zone}")
    elif zone != DISCARD.get(r.types.get(page)):
        r.broke(ZONES, f"a {r.types.get(page)} into the {zone}")
    if page in r.slots:
        r.slots[r.slots.index(page)] = None
    r.zero.discard(page)
    _leave(r, page)


def _resolved(r: Replay, e: dict) -> None:
    if e["kind"] == "contract" and r.combat.get("attacker") is not None:
        r.combat.setdefault("joined", []).append(e["page"])


def _zero_cleared(r: Replay) -> None:
    if r.zero:
        r.broke(DESTROYED, f"pages {sorted(r.zero)} at 0 LP stayed in the Arena")
        r.zero.clear()


def _game_over(r: Replay, e: dict) -> None:
    reason = e["reason"]
    if reason == "lp":
        losers = [seat for seat in (0, 1) if r.lp[seat] == 0]
        expected = None if len(losers) != 1 else 1 - losers[0]
        if not losers or e["player"] != expected:
            r.broke(ENDING, f"winner {e['player']} with LP {r.lp}")
    elif reason == "out_of_pages":
        if any(r.spellbook) or e["player"] is not None:
            r.broke(ENDING, f"a draw for running out with Spellbooks {r.spellbook}")
    elif reason == "" and (not e["capped"] or e["player"] is not None):
        r.broke(ENDING, "the game ended with no reason")
    if reason == "":  # the turn cap comes between turns: the last turn ended whole
        _turn_ended(r)
        _triggers_due(r, "start_of_turn", "end_of_turn", "enter", "destroyed")
    r.over = False


HANDLERS = {
    "setup": _setup,
    "first": _first,
    "bookmark": _bookmark,
    "mulligan": _mulligan,
    "turn": _turn,
    "awaken": _awaken,
    "status_removed": _status_removed,
    "enter": _enter,
    "generate": _generate,
    "pay": _pay,
    "contract": _contract,
    "terra": _terra,
    "trap": _trap,
    "trap_moved": _trap_moved,
    "attacks_barred": _attacks_barred,
    "power": _power,
    "attack": _attack,
    "defend": _defend,
    "allocate": _allocate,
    "damage": _damage,
    "lp_loss": _lp_loss,
    "recover": _recover,
    "inflict": _inflict,
    "destroyed": _destroyed,
    "placed_under": _placed_under,
    "zone": _zone,
    "resolve": _resolved,
    "game_over": _game_over,
    "end_of_turn": _end_of_turn,
    "coin": _coin,
    "shroud": _shroud,
    "trigger": _trigger,
}
