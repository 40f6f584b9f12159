"""Exact battle odds for two Neopets, with the damage distributions drawn."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from rules.neopets.odds import REROLL_POLICY, Fighter, battle_odds

from ..figures import damage_chart
from ..forms import BattleOddsForm


def battle_odds_page(request: HttpRequest) -> HttpResponse:
    form = BattleOddsForm(request.GET if "attacker_hp" in request.GET else None)
    sides = [(side, form.side_fields(side)) for side in form.SIDES]
    context: dict = {"form": form, "sides": sides, "reroll_policy": REROLL_POLICY}
    if form.is_valid() and len(form.cleaned_data["fighters"]) == 2:
        fighters = form.cleaned_data["fighters"]
        odds = battle_odds(Fighter(**fighters["attacker"]), Fighter(**fighters["defender"]))
        context.update(
            odds=odds,
            attack_chart=damage_chart(odds.attack, "The attacker's attack"),
            counter_chart=damage_chart(odds.counterattack, "The defender's counterattack"),
        )
    return render(request, "tools/battle_odds.html", context)
