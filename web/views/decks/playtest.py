"""Playtest a saved deck beyond its opening hand: goldfish (draw turn by turn, put cards into
play) and the exact chance of having drawn a card, or any card of a group, by each turn.

The goldfish game is all in the page's address (seed, mulligans, turn, extra draws, cards put
into play), so it needs no JavaScript, survives a reload and can be shared; the deal is the
editor's sample hand (rulebook.opening_hands), continued."""

from __future__ import annotations

import secrets
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from urllib.parse import urlencode

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from basics.ids import integer_text
from decks import selectors
from decks.links import DeckLink
from rulebook.draw_odds import chances_by_turn, draw_pile_size
from rulebook.opening_hands import HandRule, cards_drawn_by, opening_hand
from rulebook.registry import HAND_RULES
from web.scratch import as_visitor

from .editor import hand_pile, readable_deck

ODDS_TURNS = 6  # the table shows the opening hand and the first six turns
MOST_TURNS = 99
MOST_EXTRA_DRAWS = 999


@dataclass(frozen=True)
class Goldfish:
    """A goldfish game's state, read from the address; every figure bounded."""

    seed: int
    mulligans: int
    turn: int  # 0: the opening hand, before the first turn's draw
    extra: int  # cards drawn with "Draw a card" beyond the turns' draws
    played: frozenset[int]  # positions (in the order seen) of cards put into play
    going_first: bool

    @classmethod
    def of(cls, params) -> Goldfish:
        def number(name: str, most: int) -> int:
            value = integer_text(params.get(name, ""))
            return min(max(value or 0, 0), most)

        played = {integer_text(part) for part in params.get("played", "").split(",") if part}
        return cls(
            seed=number("seed", 10**9) or secrets.randbelow(10**9) + 1,
            mulligans=number("mulligans", MOST_TURNS),
            turn=number("turn", MOST_TURNS),
            extra=number("extra", MOST_EXTRA_DRAWS),
            played=frozenset(p for p in played if p is not None and 0 <= p < 10_000),
            going_first=params.get("first", "1") != "0",
        )

    def address(self, **changes) -> str:
        state = {
            "seed": self.seed,
            "mulligans": self.mulligans,
            "turn": self.turn,
            "extra": self.extra,
            "played": _joined(self.played),
            "first": int(self.going_first),
        } | changes
        return "?" + urlencode(state)


@as_visitor()
def deck_playtest(request: HttpRequest, pk: int | DeckLink) -> HttpResponse:
    deck = readable_deck(request, pk)
    rule = HAND_RULES.get(deck.game.slug)
    if rule is None:
        raise Http404(f"{deck.game.spec.name} decks have no hand to playtest.")
    lines = selectors.deck_lines(deck=deck, viewer=request.user)
    pile = hand_pile(rule, lines)
    state = Goldfish.of(request.GET)
    in_deck = set(pile)
    asked = request.GET.getlist("group")
    group = [name for name in asked if name in in_deck]
    context = {
        "deck": deck,
        # a link kept from before the deck changed may name cards it no longer holds: say so
        "group_not_in_deck": sorted({name for name in asked if name not in in_deck}),
        "rule": rule,
        "state": state,
        **_goldfish(rule, pile, state),
        **_odds(rule, pile, state.going_first, group),
    }
    return render(request, "web/decks/playtest.html", context)


def _goldfish(rule: HandRule, pile: list[str], state: Goldfish) -> dict:
    dealt = opening_hand(rule, pile, seed=state.seed, mulligans=state.mulligans)
    drawn = cards_drawn_by(rule, state.turn, going_first=state.going_first) + state.extra
    seen = [*dealt.hand, *dealt.library[:drawn]]
    return {
        "dealt": dealt,
        "hand": [
            {"name": name, "play": state.address(played=_joined(state.played | {at}))}
            for at, name in enumerate(seen)
            if at not in state.played
        ],
        "in_play": [seen[position] for position in sorted(state.played) if position < len(seen)],
        "library_left": max(0, len(dealt.library) - drawn),
        "links": {
            "new_game": state.address(
                seed=secrets.randbelow(10**9) + 1, mulligans=0, turn=0, extra=0, played=""
            ),
            "mulligan": state.address(mulligans=state.mulligans + 1, turn=0, extra=0, played=""),
            "next_turn": state.address(turn=min(state.turn + 1, MOST_TURNS)),
            "draw": state.address(extra=min(state.extra + 1, MOST_EXTRA_DRAWS)),
            "other_player": state.address(first=int(not state.going_first)),
        },
    }


def _joined(positions: frozenset[int]) -> str:
    return ",".join(map(str, sorted(positions)))


def _odds(rule: HandRule, pile: list[str], going_first: bool, group: list[str]) -> dict:
    copies = Counter(pile)
    rows = [
        {"name": name, "copies": count, "chances": _shown(rule, len(pile), count, going_first)}
        for name, count in sorted(copies.items())
    ]
    group_row = None
    if group:
        count = sum(copies[name] for name in set(group))
        group_row = {
            "names": sorted(set(group)),
            "copies": count,
            "chances": _shown(rule, len(pile), count, going_first),
        }
    return {
        "odds_rows": rows,
        "group_row": group_row,
        "group": group,
        "turns": range(1, ODDS_TURNS + 1),
        "draw_pile": draw_pile_size(rule, len(pile)),
    }


def _shown(rule: HandRule, deck_size: int, copies: int, going_first: bool) -> list[dict]:
    return [
        {"percent": f"{float(chance) * 100:.1f}", "exact": _exact(chance)}
        for chance in chances_by_turn(rule, deck_size, copies, ODDS_TURNS, going_first=going_first)
    ]


def _exact(chance: Fraction) -> str:
    return f"{chance.numerator}/{chance.denominator}" if chance.denominator != 1 else str(chance)
