"""POST /api/v1/metazoo/archive-swap/: is the change between two games a legal Archive swap?"""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from rules.core.cards import CardInfo
from rules.core.resolve import UNRESOLVED_CODES

from .requests import read_swap_request
from .serializers import ArchiveSwapInputSerializer
from .services import ArchiveSwap, archive_swap_check


class ArchiveSwapApi(APIView):
    """Both sizes unchanged and Pages only moved between Spellbook and Archive (Archive, p. 41).

    The answer lists what moved each way, every problem with its code and citation, and the
    new list's own validation report (a swap may be legal while the new Spellbook is not).
    """

    authentication_classes: list = []
    permission_classes: list = []

    @extend_schema(
        request=ArchiveSwapInputSerializer,
        responses={200: OpenApiTypes.OBJECT},
        examples=[
            OpenApiExample(
                "Two Pages swapped in",
                request_only=True,
                value={
                    "before": {
                        "spellbook": [{"name": "Flame Aura", "quantity": 40}],
                        "archive": [{"name": "Fireball", "quantity": 2}],
                    },
                    "after": {
                        "spellbook": [
                            {"name": "Flame Aura", "quantity": 38},
                            {"name": "Fireball", "quantity": 2},
                        ],
                        "archive": [{"name": "Flame Aura", "quantity": 2}],
                    },
                },
            )
        ],
    )
    def post(self, request: Request) -> Response:
        parsed = read_swap_request(request.data)
        swap = archive_swap_check(before=parsed.before, after=parsed.after, format=parsed.format)
        return Response(_answer(swap))


def _answer(swap: ArchiveSwap) -> dict[str, Any]:
    problems = [
        {**issue.as_dict(), "list": name}
        for name, report in (("before", swap.before), ("after", swap.after))
        for issue in report.errors
        # An entry that did not resolve (unknown, ambiguous) is missing from the list the
        # swap compares, so the swap cannot be judged legal without it.
        if issue.code in UNRESOLVED_CODES
    ]
    problems += [issue.as_dict() for issue in swap.check.problems]
    return {
        "legal": not problems,
        "moved": {
            "to_spellbook": _pages(swap.check.to_spellbook),
            "to_archive": _pages(swap.check.to_archive),
        },
        "problems": problems,
        "counts": {"before": swap.before.counts, "after": swap.after.counts},
        "after": swap.after.as_dict(),
    }


def _pages(moved: dict[CardInfo, int]) -> list[dict[str, Any]]:
    return [
        {"name": card.name, "key": card.key, "quantity": quantity}
        for card, quantity in sorted(moved.items(), key=lambda item: (item[0].name, item[0].key))
    ]
