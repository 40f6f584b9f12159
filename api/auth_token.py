"""API tokens over the API: `POST /api/v1/auth/token/` trades a username and password for a new
token (`{"token": KEY, ...}`, sent as "Authorization: Token KEY"); `DELETE` on it revokes the
token the request is made with; `/api/v1/auth/tokens/` lists the user's tokens and
`DELETE /api/v1/auth/tokens/ID/` revokes one. The same tokens as the website's account page
(api.models.ApiToken, hashed at rest).

The password check is DRF's serializer with the login rate limit and django-axes' lock-out.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.signals import user_logged_in
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.exceptions import NotAuthenticated
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.errors import ApiError
from api.models import ApiToken
from api.throttling import LoginRateThrottle
from api.tokens import MAX_TOKENS_PER_USER, TooManyTokens, token_create, token_list, token_revoke

DEFAULT_NAME = "API token"


class TokenInput(AuthTokenSerializer):
    name = serializers.CharField(
        max_length=100, required=False, default=DEFAULT_NAME, help_text="What will use it."
    )


class TokenOutput(serializers.ModelSerializer):
    class Meta:
        model = ApiToken
        fields = ["id", "name", "prefix", "created", "last_used"]


class NewTokenOutput(TokenOutput):
    token = serializers.CharField(help_text="The key: shown this once, never stored.")

    class Meta(TokenOutput.Meta):
        fields = ["token", *TokenOutput.Meta.fields]


class TokenApi(APIView):
    def get_authenticators(self) -> list[Any]:
        # Getting a token takes a password, not credentials (the schema says so: generated
        # clients need no token to get one), and a stale token sent along is not refused;
        # revoking one (DELETE) is made with the token itself.
        request = getattr(self, "request", None)  # None while the schema is generated
        posting = request is not None and request.method == "POST"
        return [] if posting else super().get_authenticators()

    def get_throttles(self) -> list[Any]:
        return [LoginRateThrottle()] if self.request.method == "POST" else super().get_throttles()

    @extend_schema(request=TokenInput, responses={200: NewTokenOutput}, auth=[])
    def post(self, request: Request) -> Response:
        # Django's request, not DRF's wrapper, goes to the password check: django-axes marks a
        # locked-out request on it, and its middleware answers for it (deckwarden/login_lockout).
        check = TokenInput(data=request.data, context={"request": request._request})
        check.is_valid(raise_exception=True)
        user = check.validated_data["user"]
        # A password proven here is a log-in: its address joins those the user has signed in
        # from, which the lock-out never slows (basics.login_lockout), and last_login moves.
        user_logged_in.send(sender=user.__class__, request=request._request, user=user)
        try:
            token, key = token_create(user=user, name=check.validated_data["name"])
        except TooManyTokens:
            raise ApiError(
                f"You have {MAX_TOKENS_PER_USER} tokens; revoke one first "
                "(DELETE /api/v1/auth/tokens/ID/, or on your account page).",
                code="too_many_tokens",
            ) from None
        return Response({"token": key, **TokenOutput(token).data})

    @extend_schema(request=None, responses={204: None})
    def delete(self, request: Request) -> Response:
        """Revoke the token this request is made with (a script signing out)."""
        if not isinstance(request.auth, ApiToken):
            raise NotAuthenticated("Send the token to revoke as Authorization: Token KEY.")
        request.auth.delete()
        return Response(status=status.HTTP_204_NO_CONTENT)


class TokenListApi(APIView):
    permission_classes = (IsAuthenticated,)

    @extend_schema(responses=TokenOutput(many=True))
    def get(self, request: Request) -> Response:
        return Response(TokenOutput(token_list(user=request.user), many=True).data)


class TokenDetailApi(APIView):
    permission_classes = (IsAuthenticated,)

    @extend_schema(request=None, responses={204: None})
    def delete(self, request: Request, token_id: int) -> Response:
        if not token_revoke(user=request.user, token_id=token_id):
            raise ApiError("You have no token with this id.", code="not_found", status_code=404)
        return Response(status=status.HTTP_204_NO_CONTENT)
