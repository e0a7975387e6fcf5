"""Balance figures: `deckwright sim DECK --report out.html` (one self-contained page with
SVG plots), `--csv` / `--jsonl` (a record per game), the flags that point at a card, and
the progress line of a long run."""
import io
import json
import subprocess
from html.parser import HTMLParser

import pytest

from deckwright.dsl.cli import main
from deckwright.dsl.loader import load_program
from deckwright.dsl.progress import Progress
from deckwright.dsl.report import figures
from deckwright.dsl.sim import simulate

SECTIONS = {"flags", "wins", "first", "length", "ends", "cards", "never-played", "never-fired"}


def run(capsys, *argv) -> tuple:
    try:
        status = main(list(argv))
    except SystemExit as stop:
        status = stop.code
    out = capsys.readouterr()
    return status, out.out, out.err


class Page(HTMLParser):
    """What a page is made of: element ids, tags counted, and outside references."""

    def __init__(self):
        super().__init__()
        self.ids, self.tags, self.outside = set(), {}, []

    def handle_starttag(self, tag, attrs):
        self.tags[tag] = self.tags.get(tag, 0) + 1
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        for key in ("src", "href"):
            if key in attrs and not str(attrs[key]).startswith("#"):
                self.outside.append(attrs[key])


def test_the_report_is_one_page_with_every_section_and_its_plots(capsys, tmp_path):
    pytest.importorskip("matplotlib", reason="the report's plots need matplotlib")
    out = tmp_path / "out.html"
    status, text, err = run(capsys, "sim", "example", "--games", "30", "--seed", "4",
                            "--report", str(out))
    assert status == 0, err
    page = Page()
    page.feed(out.read_text(encoding="utf-8"))
    assert SECTIONS <= page.ids
    assert page.tags["svg"] == 4                   # wins, length, end conditions, cards
    assert page.outside == []                      # nothing to fetch: it opens anywhere
    assert "deckwright sim example --games 30 --seed 4 --bots random" in out.read_text()


def test_csv_and_jsonl_hold_a_record_per_game(capsys, tmp_path):
    csv, jsonl = tmp_path / "g.csv", tmp_path / "g.jsonl"
    status, _, err = run(capsys, "sim", "example", "--games", "5", "--seed", "2",
                         "--csv", str(csv), "--jsonl", str(jsonl))
    assert status == 0, err
    rows = csv.read_text().splitlines()
    assert rows[0].startswith("game,seed,turns,reason,draw,winners,first,P1_side,P1_won")
    assert [r.split(",")[:2] for r in rows[1:]] == [[str(i), str(2 + i)] for i in range(5)]
    records = [json.loads(line) for line in jsonl.read_text().splitlines()]
    assert [r["seed"] for r in records] == [2, 3, 4, 5, 6]
    assert all(len(r["seats"]) == 2 for r in records)


def test_the_records_are_the_same_from_one_process_or_two():
    program = load_program("example")
    one = simulate(program, games=12, seed=9, records=True, jobs=1)["records"]
    two = simulate(program, games=12, seed=9, records=True, jobs=2)["records"]
    assert one == two


def test_a_seat_that_draws_and_plays_a_card_is_counted():
    program = load_program("example")
    record = simulate(program, games=1, seed=3, records=True)["records"][0]
    names = {d.name for d in program.library()}
    for seat in record["seats"]:
        assert set(seat["played"]) <= names and set(seat["drawn"]) <= names
        assert sum(seat["played"].values()) > 0 and sum(seat["drawn"].values()) > 0


def fake_run(games: int, strong: str) -> dict:
    """Games in which the seat that plays ``strong`` always wins."""
    records = []
    for i in range(games):
        winner = i % 2
        seats = [{"seat": f"P{k + 1}", "side": None, "won": k == winner,
                  "played": {strong: 1} if k == winner else {"Windmill": 1},
                  "used": {}, "bought": {}, "drawn": {}} for k in range(2)]
        records.append({"game": i, "seed": i, "turns": 10, "reason": "most gears",
                        "draw": False, "winners": [f"P{winner + 1}"], "first": "P1",
                        "seats": seats, "used": {}, "fired": []})
    return {"records": records, "seed": 0, "bots": ["random"], "players": 2}


def test_a_card_whose_players_win_clearly_more_is_flagged_with_its_figures():
    f = figures(load_program("example"), fake_run(20, "Music Box"))
    texts = [x["text"] for x in f["flags"] if x["card"] == "Music Box"]
    assert texts == ["the seat that played Music Box wins more: 100% [84%, 100%] over 20 "
                     "seat-games, against 0% [0%, 16%] over 20 without it"]
    assert "Sabotage was never played or used in 20 games" in [x["text"] for x in f["flags"]]


def test_a_card_is_not_flagged_on_too_few_games():
    f = figures(load_program("example"), fake_run(6, "Music Box"))
    assert not [x for x in f["flags"] if x["card"] == "Music Box" and "wins" in x["text"]]


def test_without_matplotlib_the_report_says_how_to_install_it(capsys, tmp_path, monkeypatch):
    import importlib.util
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "matplotlib" else real(name, *a))
    status, _, err = run(capsys, "sim", "example", "--games", "2",
                         "--report", str(tmp_path / "x.html"))
    assert (status, err) == (1, "error: the report's plots need matplotlib, an optional "
                                "extra: pip install 'deckwright[report]' (or: pip install "
                                "matplotlib)\n")


def test_the_progress_line_shows_games_per_second_and_the_time_left():
    stream = io.StringIO()
    bar = Progress(4, stream=stream, delay=0.0, force=True)
    for _ in range(4):
        bar(1)
    bar.close()
    last = stream.getvalue().rstrip("\n").split("\r")[-1]
    assert last.startswith("[" + "#" * 30 + "] 4/4 games, ") and last.endswith(" 0:00 left ")


def test_a_run_piped_or_with_json_shows_no_progress(capsys):
    status, out, err = run(capsys, "sim", "example", "--games", "3", "--json")
    assert status == 0 and err == ""
    assert json.loads(out)["games"] == 3


@pytest.mark.slow
def test_the_report_renders_its_plots_in_a_headless_browser(capsys, tmp_path, chromium):
    """Chromium (the `chromium` fixture: found, or installed from Debian's packages): a
    screenshot of the page has the plots' blue bars in it."""
    pytest.importorskip("matplotlib")
    browser = chromium
    out, shot = tmp_path / "out.html", tmp_path / "shot.png"
    assert run(capsys, "sim", "example", "--games", "20", "--report", str(out))[0] == 0
    subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu",
                    f"--screenshot={shot}", "--window-size=1000,3000", out.as_uri()],
                   check=True, capture_output=True, timeout=120)
    import matplotlib.image
    pixels = matplotlib.image.imread(str(shot))
    blue = ((abs(pixels[..., 0] - 0x4a / 255) < 0.05) & (abs(pixels[..., 2] - 0xb0 / 255) < 0.05))
    assert blue.sum() > 1000
