"""The request and answer shapes of POST /api/v1/battle-odds/. NeopetInput, one Neopet's stats,
is also how the website's battle-odds form checks its fields (web.forms.battle_odds)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from rulebook.neopets.cards import GAME
from rulebook.neopets.odds import STAT_CAP

MAX_HP = GAME.attributes["hp"].maximum


class RerollsOutput(serializers.Serializer):
    side = serializers.CharField(allow_null=True, help_text="attacker, defender, or none.")
    dice = serializers.IntegerField()


class DamageOutput(serializers.Serializer):
    damage = serializers.DictField(child=serializers.FloatField(), help_text="Damage: chance.")
    damage_exact = serializers.DictField(child=serializers.CharField(), help_text="As fractions.")
    expected_damage = serializers.FloatField()
    expected_damage_exact = serializers.CharField()
    rerolls = RerollsOutput()


class RaceExactOutput(serializers.Serializer):
    attacker_wins = serializers.CharField()
    defender_wins = serializers.CharField()


class RaceOutput(serializers.Serializer):
    attacker_wins = serializers.FloatField()
    defender_wins = serializers.FloatField()
    never_ends = serializers.BooleanField()
    exact = RaceExactOutput(required=False, help_text="With exact: as fractions.")


class RacesOutput(serializers.Serializer):
    attacker_first = RaceOutput()
    defender_first = RaceOutput()


class BattleOddsOutput(DamageOutput):
    reroll_policy = serializers.CharField()
    counterattack = DamageOutput()
    race = RacesOutput()


class StrictIntegerField(serializers.IntegerField):
    """A JSON integer: not true, not 2.0, not "2"."""

    def to_internal_value(self, data: Any) -> int:
        if not isinstance(data, int) or isinstance(data, bool):
            self.fail("invalid")
        return super().to_internal_value(data)


def _stat(help_text: str) -> StrictIntegerField:
    return StrictIntegerField(min_value=0, max_value=STAT_CAP, help_text=help_text)


class NeopetInput(serializers.Serializer):
    hp = StrictIntegerField(min_value=1, max_value=MAX_HP)
    attack = _stat("attack dice (CR 5.5.4b); at most 10 (6.2.4)")
    defence = _stat("defence dice (CR 5.5.5b); at most 10 (6.2.4)")
    agility = _stat("the faster Neopet rerolls up to the difference (CR 5.5.6b)")
    damage = StrictIntegerField(min_value=0, default=0, help_text="damage already taken")

    def validate(self, data: dict[str, int]) -> dict[str, int]:
        if data["damage"] >= data["hp"]:
            raise serializers.ValidationError(
                {"damage": [f"must be less than hp ({data['hp']}): the Neopet is knocked out"]}
            )
        return data
