"""MetaZoo's Archive swap check and Millennium Blades' random fix: the API's answers, shown.

Both pages read their form from the query string, so a result (a fix with its seed) is a link
that gives the same answer again.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from rulebook.millennium_blades.cards import GAME as BLADES
from rules.services.archive_swap import archive_swap_answer, archive_swap_check
from rules.services.fixes import deck_fix, fix_answer
from web.forms.swaps import ArchiveSwapForm, BladesFixForm


def archive_swap(request: HttpRequest) -> HttpResponse:
    form = ArchiveSwapForm(request.GET if "before" in request.GET else None)
    answer = None
    if form.is_valid():
        swap = archive_swap_check(
            before=form.cleaned_data["before"], after=form.cleaned_data["after"]
        )
        answer = archive_swap_answer(swap)
    return render(request, "web/tools/archive_swap.html", {"form": form, "answer": answer})


def blades_fix(request: HttpRequest) -> HttpResponse:
    form = BladesFixForm(request.GET if "decklist" in request.GET else None)
    context: dict = {"form": form}
    if form.is_valid():
        fixed = deck_fix(
            game=BLADES.slug,
            entries=form.cleaned_data["decklist"],
            seed=form.cleaned_data["seed"],
            viewer=request.user,
        )
        fix = fix_answer(fixed)
        sections = fix["deck"]["sections"]
        # The page names sections as the rulebook does ("Deck Box"), not by slug ("deck_box").
        names = {section.slug: section.name for section in BLADES.sections}
        context.update(
            report=fixed.report.as_dict(),
            fix=fix,
            removed=[
                {**card, "section_name": names.get(card["section"], card["section"])}
                for card in fix["removed"]
            ],
            fixed_sections=[(names.get(slug, slug), entries) for slug, entries in sections.items()],
        )
    return render(request, "web/tools/blades_fix.html", context)
