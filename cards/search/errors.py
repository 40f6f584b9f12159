"""The one error the search language raises: what is wrong, and where."""


class QuerySyntaxError(ValueError):
    """A query that cannot be read; `position` is the 0-based index of the offending character."""

    def __init__(self, message: str, position: int) -> None:
        super().__init__(message)
        self.message = message
        self.position = position

    def __str__(self) -> str:
        return f"{self.message} (at character {self.position})"


class OwnedNeedsSignIn(QuerySyntaxError):
    """`owned:` asks about the caller's own collection, and an anonymous caller has none: the
    API answers 401, the website asks them to sign in."""
