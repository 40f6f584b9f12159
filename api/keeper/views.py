"""Keeper of the Cards endpoints: the card builder's cost explanation."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from rules.keeper.builder import card_review

from .serializers import KeeperCardInput, KeeperCostOutput


class KeeperCostApi(APIView):
    """Read a Keeper card's ability text into the Card Building Guide's components, compute its
    resource cost with the guide's formula, explain it step by step and check the card."""

    @extend_schema(request=KeeperCardInput, responses=KeeperCostOutput)
    def post(self, request: Request) -> Response:
        serializer = KeeperCardInput(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        answer = card_review(
            card_type=data["type"],
            text=data["text"],
            name=data.get("name"),
            offense=data.get("offense"),
            defense=data.get("defense"),
            cost=data.get("cost"),
            edition=data.get("edition"),
        )
        return Response(answer)
