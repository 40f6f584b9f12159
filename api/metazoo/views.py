"""POST /api/v1/metazoo/archive-swap/: is the change between two games a legal Archive swap?"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from rules.services.archive_swap import archive_swap_answer, archive_swap_check

from .requests import read_swap_request
from .serializers import ArchiveSwapInputSerializer, ArchiveSwapOutputSerializer


class ArchiveSwapApi(APIView):
    """Both sizes unchanged and Pages only moved between Spellbook and Archive (Archive, p. 41).

    The answer lists what moved each way, every problem with its code and citation, and the
    new list's own validation report (a swap may be legal while the new Spellbook is not).
    """

    authentication_classes: list = []
    permission_classes: list = []

    @extend_schema(
        request=ArchiveSwapInputSerializer,
        responses={200: ArchiveSwapOutputSerializer},
    )
    def post(self, request: Request) -> Response:
        parsed = read_swap_request(request.data)
        swap = archive_swap_check(before=parsed.before, after=parsed.after, format=parsed.format)
        return Response(archive_swap_answer(swap))
