"""Issue 18 item 3: `Issue.code` and `Error.code` are the stable contract, so the schema
enumerates them (a generated client types them and refuses any other), every code comes with
its meaning, and nothing can send a code the enumeration lacks (tests/conftest.py checks every
report and error answer of the suite)."""

from __future__ import annotations

import pytest
from rest_framework import exceptions

from api.codes import ERROR_CODES, issue_codes
from rulebook.core.report import Report
from rulebook.registry import RULESETS


def _schemas(api) -> dict:
    return api.get("/api/v1/schema/", {"format": "json"}).json()["components"]["schemas"]


def test_the_schema_enumerates_every_issue_and_error_code_with_its_meaning(api, db):
    schemas = _schemas(api)
    for name, codes in (("IssueCodeEnum", issue_codes()), ("ErrorCodeEnum", ERROR_CODES)):
        assert schemas[name]["enum"] == sorted(codes)
        for code, meaning in codes.items():
            assert f"* `{code}` - {meaning}" in schemas[name]["description"]
    assert schemas["Issue"]["properties"]["code"]["allOf"] == [
        {"$ref": "#/components/schemas/IssueCodeEnum"}
    ]
    assert schemas["Error"]["properties"]["code"]["allOf"] == [
        {"$ref": "#/components/schemas/ErrorCodeEnum"}
    ]


def test_every_code_drf_itself_answers_with_is_listed():
    """DRF's own errors (a bad token, an unreadable body, a throttle) keep their codes."""
    drf_codes = {
        cls.default_code
        for cls in vars(exceptions).values()
        if isinstance(cls, type) and issubclass(cls, exceptions.APIException)
    }
    assert drf_codes - {"invalid"} <= set(ERROR_CODES)  # a ValidationError is always `invalid`


@pytest.mark.parametrize("game", sorted(RULESETS))
def test_every_game_lists_the_shared_codes_and_its_own(game):
    codes = RULESETS[game].codes
    assert {"card.unknown", "card.banned", "card.section", "decklist.unreadable"} <= set(codes)
    assert set(codes) <= set(issue_codes())
    assert all(meaning.strip() for meaning in codes.values())


def test_a_report_with_a_code_its_game_does_not_list_fails_the_suite():
    """The check that keeps the enumeration true catches a code that is only another game's."""
    report = Report(game="neopets", format="standard")
    with pytest.raises(AssertionError, match=r"card\.token"):
        report.error("card.token", "p. 7", "A MetaZoo code in a Neopets report.")


def test_an_error_answer_with_an_unlisted_code_fails_the_suite(client, db, monkeypatch):
    from api import errors

    listed_body = errors.error_body

    def unlisted_body(status, code, *args, **kwargs):
        return listed_body(status, "made_up", *args, **kwargs)

    monkeypatch.setattr(errors, "error_body", unlisted_body)
    with pytest.raises(AssertionError, match="made_up"):
        client.get("/api/v1/no-such-path/")
