"""GET /api/v1/health/ (readiness: may this process take requests?) and GET
/api/v1/health/live/ (liveness: is it running at all?), for load balancers and orchestrators.

Neither is throttled (a probe must never get a 429) nor authenticated. Readiness answers 503
with Retry-After when the database, the cache or the broker is unavailable, naming which;
liveness touches none of them, so an outage elsewhere does not get healthy processes
restarted.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from basics.dependencies import OK, dependencies_status

RETRY_AFTER_SECONDS = 10


class LiveSerializer(serializers.Serializer):
    status = serializers.CharField()


class ReadySerializer(LiveSerializer):
    checks = serializers.DictField(
        child=serializers.ChoiceField(["ok", "unavailable"]),
        help_text="database, cache and broker: each ok or unavailable.",
    )


class _Probe(APIView):
    authentication_classes: list = []
    permission_classes: list = []
    throttle_classes: list = []


class HealthApi(_Probe):
    """Readiness: 200 when the database, the cache and the broker all answer, else 503."""

    @extend_schema(responses={200: ReadySerializer, 503: ReadySerializer})
    def get(self, request: Request) -> Response:
        checks = dependencies_status()
        if all(value == OK for value in checks.values()):
            return Response({"status": "ok", "checks": checks})
        return Response(
            {"status": "unavailable", "checks": checks},
            status=status.HTTP_503_SERVICE_UNAVAILABLE,
            headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
        )


class LiveApi(_Probe):
    """Liveness: the process answers; no dependency is consulted."""

    @extend_schema(responses=LiveSerializer)
    def get(self, request: Request) -> Response:
        return Response({"status": "ok"})
