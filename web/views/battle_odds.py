"""Exact battle odds for two Neopets, with the damage distributions drawn."""

from __future__ import annotations

from urllib.parse import urlencode

from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from cards.models import Card
from cards.selectors import card_queryset
from rulebook.neopets.cards import GAME, NEOPET, RAINBOW_POOL_NEOPET
from rulebook.neopets.odds import REROLL_POLICY, Fighter, battle_odds
from web.figures import damage_chart
from web.forms.battle_odds import BattleOddsForm, NeopetPickForm


def battle_odds_page(request: HttpRequest) -> HttpResponse:
    """The odds for the stats in the query string; choosing two Neopet cards fills them in."""
    pick = NeopetPickForm(
        request.GET if "attacker_card" in request.GET else None, neopets=_neopets(request)
    )
    if pick.is_valid():
        return redirect(f"{reverse('tools:battle-odds')}?{urlencode(pick.stats())}")
    form = BattleOddsForm(request.GET if "attacker_hp" in request.GET else None)
    sides = [(side, form.side_fields(side)) for side in form.SIDES]
    context: dict = {"form": form, "pick": pick, "sides": sides, "reroll_policy": REROLL_POLICY}
    if form.is_valid() and len(form.cleaned_data["fighters"]) == 2:
        fighters = form.cleaned_data["fighters"]
        odds = battle_odds(Fighter(**fighters["attacker"]), Fighter(**fighters["defender"]))
        context.update(
            odds=odds,
            attack_chart=damage_chart(odds.attack, "The attacker's attack"),
            counter_chart=damage_chart(odds.counterattack, "The defender's counterattack"),
        )
    return render(request, "web/tools/battle_odds.html", context)


def _neopets(request: HttpRequest) -> QuerySet[Card]:
    fighters = card_queryset(request.user).filter(
        game__slug=GAME.slug, type__in=(NEOPET, RAINBOW_POOL_NEOPET)
    )
    return fighters.only("id", "name", "attributes")
