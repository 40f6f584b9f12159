"""POST /api/v1/auth/token/: a REST client trades a username and password for the token it
sends as "Authorization: Token <key>".

DRF's view, with the project's JSON parser (DRF's own lets deep nesting through as a 500) and
the login rate limit (DRF's view has none, so passwords could be guessed at full speed).
"""

from rest_framework import parsers
from rest_framework.authtoken.views import ObtainAuthToken

from api.parsers import JSONParser
from api.throttling import LoginRateThrottle


class TokenApi(ObtainAuthToken):
    parser_classes = (JSONParser, parsers.FormParser, parsers.MultiPartParser)
    throttle_classes = (LoginRateThrottle,)
