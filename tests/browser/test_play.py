"""Playing against the bot in a browser (issue 42): a scripted person plays a whole game of each
of the four games through the page, choosing the first option each time (Enter on the focused
first button, the keyboard alone), at desktop and phone widths; a reload and a second tab
mid-game lose nothing, and the second tab's stale answer is refused with a message."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from jobs.models import Play

# The next step's number, or the game's end: what an answer waits for.
MOVED_ON = """(before) => {
  const number = document.querySelector("#decision input[name=number]");
  return number ? number.value !== before : !!document.querySelector("#result");
}"""


def start(page, game: str, players: int | None = None) -> None:
    page.goto(f"/play/?game={game}")
    if players:
        page.get_by_label("Players at the table").select_option(str(players))
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url("**/play/*-*/")


def answer_first(page) -> None:
    """The first option, by the keyboard: it has the focus (autofocus), Enter presses it."""
    before = page.locator("#decision input[name=number]").get_attribute("value")
    first = page.locator(".play-options button").first
    expect(first).to_be_focused()
    page.keyboard.press("Enter")
    page.wait_for_function(MOVED_ON, arg=before)


def play_to_the_end(page, limit: int = 400) -> int:
    answers = 0
    while page.locator("#decision").count():
        answer_first(page)
        answers += 1
        assert answers < limit, "the game did not end"
    return answers


@pytest.mark.parametrize(
    ("game", "players"),
    [("neopets", None), ("keeper", None), ("metazoo", None), ("millennium-blades", 3)],
)
def test_a_person_plays_a_whole_game_to_its_end(
    page, sample_cards, viewport, fits, shot, game, players
):
    start(page, game, players)
    expect(page.locator("#decision-title")).not_to_be_empty()
    expect(page.locator("#seats > section")).to_have_count(players or 2)
    fits()
    shot(f"play-{game}")
    answers = play_to_the_end(page)
    assert answers > 0
    expect(page.locator("#result-title")).to_contain_text("The game is over")
    log = page.locator("#play-log > li")
    assert log.count() >= answers
    # the engines' events in words among the answers, the game's end last
    assert page.locator("#play-log > li.play-event").count() > 0
    expect(page.locator("#play-log > li").last).to_contain_text("over")
    play = Play.objects.get()
    assert play.status == "finished" and len(play.picks) == answers
    # a finished game keeps its log, and its link shows it to anyone
    shared = page.locator("#share-link").get_attribute("href")
    count = log.count()
    page.context.clear_cookies()
    page.goto(shared)
    expect(page.locator("#play-log > li")).to_have_count(count)
    fits()
    shot(f"play-{game}-over")


def test_a_reload_and_a_second_tab_mid_game_lose_nothing(page, sample_cards, fits):
    page.set_viewport_size({"width": 360, "height": 740})  # the narrowest phone the site serves
    start(page, "neopets")
    for _ in range(3):
        answer_first(page)
    fits()
    log = page.locator("#play-log > li").all_inner_texts()
    prompt = page.locator("#decision-title").inner_text()
    page.reload()
    assert page.locator("#play-log > li").all_inner_texts() == log
    expect(page.locator("#decision-title")).to_have_text(prompt)

    second = page.context.new_page()
    second.goto(page.url)
    second.locator(".play-options button").first.click()
    second.wait_for_function(
        MOVED_ON, arg=page.locator("input[name=number]").get_attribute("value")
    )
    # the first tab still shows the decision the second answered: its answer is refused with
    # its true status, and the page shows why and the game as the server has it (htmx swaps
    # the 409's page: web/static/web/refusals.js)
    with page.expect_response(lambda r: r.url.endswith("/answer/")) as refused:
        page.locator(".play-options button").first.click()
    assert refused.value.status == 409
    expect(page.locator("#play-problem")).to_contain_text("answered already")
    now = second.locator("input[name=number]").get_attribute("value")
    expect(page.locator("#decision input[name=number]")).to_have_value(now)
    assert page.locator("#play-log > li").all_inner_texts() == (
        second.locator("#play-log > li").all_inner_texts()
    )
    assert len(Play.objects.get().picks) == 4
    page.reload()
    assert page.locator("#play-log > li").count() == second.locator("#play-log > li").count()
    second.close()


def test_my_games_lists_a_game_to_resume(page, sample_cards):
    start(page, "keeper")
    answer_first(page)
    url = page.url
    page.goto("/play/mine/")
    game = "Keeper of the Cards (11th edition)"
    page.get_by_role("link", name=f"{game} against the default bot").click()
    page.wait_for_url(url)
    expect(page.locator("#decision")).to_be_visible()
