"""POST /api/v1/battle-odds/: the exact odds of a Neopets battle, computed, never sampled."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from rulebook.neopets.odds import (
    REROLL_POLICY,
    BattleOdds,
    DamageOdds,
    Fighter,
    RaceOdds,
    battle_odds,
)

from .serializers import BattleOddsOutput, NeopetInput

# Exact race fractions are offered while both Neopets have at most this much HP left: their
# numerators and denominators already run to hundreds of digits there, and grow with the HP.
EXACT_RACE_MAX_HP = 10


class BattleOddsApi(APIView):
    """One attack's exact damage distribution each way under the Agility reroll rule, and the
    chance each Neopet wins a knock-out race from the HP they have left."""

    authentication_classes: list = []
    permission_classes: list = []

    class InputSerializer(serializers.Serializer):
        attacker = NeopetInput()
        defender = NeopetInput()
        exact = serializers.BooleanField(
            default=False, help_text="also give the race as exact fractions (small HP only)"
        )

        def validate(self, data: dict[str, Any]) -> dict[str, Any]:
            hp_left = max(
                side["hp"] - side["damage"] for side in (data["attacker"], data["defender"])
            )
            if data["exact"] and hp_left > EXACT_RACE_MAX_HP:
                raise serializers.ValidationError(
                    {
                        "exact": [
                            f"exact race fractions are offered up to {EXACT_RACE_MAX_HP} HP left; "
                            f"this race has {hp_left}: ask without exact for floats"
                        ]
                    }
                )
            return data

    @extend_schema(
        request=InputSerializer,
        responses={200: BattleOddsOutput},
        description="`damage` (and `damage_exact` as fractions) maps the damage of the "
        "attacker's attack to its probability; `counterattack` is the same for the defender's "
        "attack back (its `rerolls.side` names the side in that attack); `race` gives each "
        "Neopet's chance to win with either attacking first.",
    )
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        odds = battle_odds(
            Fighter(**data["attacker"]), Fighter(**data["defender"]), exact=data["exact"]
        )
        return Response(_answer(odds, exact=data["exact"]))


def _answer(odds: BattleOdds, *, exact: bool) -> dict[str, Any]:
    return {
        **_damage(odds.attack),
        "reroll_policy": REROLL_POLICY,
        "counterattack": _damage(odds.counterattack),
        "race": {
            "attacker_first": _race(odds.attacker_first, exact),
            "defender_first": _race(odds.defender_first, exact),
        },
    }


def _damage(damage: DamageOdds) -> dict[str, Any]:
    return {
        "damage": {str(d): float(p) for d, p in enumerate(damage.probabilities)},
        "damage_exact": {str(d): str(p) for d, p in enumerate(damage.probabilities)},
        "expected_damage": float(damage.expected),
        "expected_damage_exact": str(damage.expected),
        "rerolls": {"side": damage.rerolls.side, "dice": damage.rerolls.dice},
    }


def _race(race: RaceOdds, exact: bool) -> dict[str, Any]:
    answer: dict[str, Any] = {
        "attacker_wins": float(race.first_wins),
        "defender_wins": float(race.second_wins),
        "never_ends": race.never_ends,
    }
    if exact:
        answer["exact"] = {
            "attacker_wins": str(Fraction(race.first_wins)),
            "defender_wins": str(Fraction(race.second_wins)),
        }
    return answer
