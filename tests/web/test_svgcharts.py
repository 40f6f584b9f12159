"""The server-drawn SVG charts: well-formed, accessible, and drawn to scale."""

import xml.etree.ElementTree as ET

from web.svgcharts import Bar, Interval, bar_chart, histogram, interval_plot, percent

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def bars_of(root: ET.Element) -> list[ET.Element]:
    return [rect for rect in root.iter(f"{SVG}rect") if rect.get("class") == "chart-bar"]


def test_it_names_the_chart_for_screen_readers():
    root = parse(bar_chart([Bar("Hot Dog", 3)], title="Cards played", desc="Times played."))
    assert root.get("role") == "img"
    title_id, desc_id = root.get("aria-labelledby").split()
    assert root.find(f"{SVG}title").get("id") == title_id
    assert root.find(f"{SVG}title").text == "Cards played"
    assert root.find(f"{SVG}desc").get("id") == desc_id


def test_two_charts_on_one_page_never_share_an_id():
    first, second = (parse(bar_chart([], title="Same", desc="")) for _ in range(2))
    assert first.get("aria-labelledby") != second.get("aria-labelledby")


def test_bar_lengths_are_proportional_to_their_values():
    root = parse(bar_chart([Bar("a", 10), Bar("b", 5), Bar("c", 0)], title="t", desc="d"))
    widths = [float(rect.get("width")) for rect in bars_of(root)]
    assert widths[0] == 2 * widths[1] and widths[2] == 0


def test_it_escapes_labels_so_a_card_name_cannot_inject_markup():
    svg = bar_chart([Bar("<script>alert(1)</script>", 1)], title="a & b", desc="<d>")
    root = parse(svg)  # still well-formed
    assert "<script>" not in svg
    assert root.find(f"{SVG}title").text == "a & b"


def test_a_histogram_draws_gaps_as_empty_bars_and_prints_the_values():
    root = parse(histogram({3: 4, 5: 2}, title="Rounds", desc="d", x_label="rounds"))
    heights = [float(rect.get("height")) for rect in bars_of(root)]
    assert heights[0] == 2 * heights[2] and heights[1] == 0
    texts = [text.text for text in root.iter(f"{SVG}text")]
    assert {"3", "4", "5", "2"} <= set(texts)


def test_an_empty_histogram_says_so():
    root = parse(histogram({}, title="Rounds", desc="d", x_label="rounds"))
    assert [text.text for text in root.iter(f"{SVG}text")] == ["No data."]


def test_an_interval_is_drawn_from_its_low_to_its_high_bound():
    root = parse(interval_plot([Interval("Deck A", 0.5, 0.25, 0.75)], title="t", desc="d"))
    whisker = root.find(f"{SVG}line")
    dot = root.find(f"{SVG}circle")
    low, high = float(whisker.get("x1")), float(whisker.get("x2"))
    assert float(dot.get("cx")) == (low + high) / 2
    assert "50.0% (25.0% to 75.0%)" in [text.text for text in root.iter(f"{SVG}text")]


def test_percent_formats_a_rate():
    assert percent(0.1234) == "12.3%"
