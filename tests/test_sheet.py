"""`deckwright print`: nine cards to a page, each with its name, type, corner and text."""
import re
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

from deckwright.dsl.cli import main
from deckwright.dsl.loader import load_program, load_text
from deckwright.dsl.sheet import (PER_PAGE, corner_property, printed_cards, sheet_html,
                                  to_pdf)

BUNDLED = ["example", "dueling_runes", "dveck_builder", "urban_dead"]


def pages(html: str) -> list:
    return re.findall(r'<section class="page">(.*?)</section>', html)


@pytest.mark.parametrize("deck", BUNDLED)
def test_every_card_is_on_a_page_nine_to_a_page(deck):
    program = load_program(deck)
    html = sheet_html(program)
    cards = [p.count('<div class="card') for p in pages(html)]
    n = len(printed_cards(program))
    assert sum(cards) == n == sum(c.copies for c in program.library()) + \
        sum(1 for c in program.cards.values() if c.token)
    assert cards[:-1] == [PER_PAGE] * (len(cards) - 1) and 1 <= cards[-1] <= PER_PAGE


def test_a_card_shows_its_name_type_corner_and_text():
    program = load_program("dveck_builder")
    assert corner_property(program) == "cost"
    html = sheet_html(program)
    card = program.cards["Twilight Sparkle"]
    (shown,) = set(re.findall(r'<div class="card[^"]*"><div class="name">Twilight Sparkle</div>'
                              r'.*?</div></div>', html))
    assert '<div class="type">Thing — Pony</div>' in shown
    assert f'<div class="corner">{card.props["cost"]}</div>' in shown
    assert "Once during your turn, you may play an Action instead of a Thing." in shown


def test_the_corner_is_the_first_property_most_cards_number():
    assert corner_property(load_program("dueling_runes")) == "rank"
    assert corner_property(load_program("example")) is None        # no properties at all
    assert 'class="corner"' not in sheet_html(load_program("dveck_builder"), corner=None)


def test_deck_text_is_escaped_never_markup():
    program = load_text('game "T" extends "dvorak"\n'
                        'card "<b>Bold</b>": Thing { text "<script>alert(1)</script> & more" }\n',
                        "t.deck")
    html = sheet_html(program)
    assert "<script>" not in html and "<b>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; more" in html


def test_letter_paper_has_its_own_page_size():
    html = sheet_html(load_program("example"), paper="letter")
    assert "@page { size: letter;" in html


def test_print_writes_the_sheet_and_says_how_many_pages(tmp_path, capsys):
    out = tmp_path / "sheet.html"
    assert main(["print", "example", "-o", str(out)]) == 0
    assert capsys.readouterr().err == f"{out}: 38 cards on 5 pages\n"
    assert out.read_text().startswith("<!DOCTYPE html>")


def test_print_with_an_unknown_corner_says_what_it_may_mean(tmp_path, capsys):
    assert main(["print", "dveck_builder", "-o", str(tmp_path / "s.html"), "--corner", "cots"]) == 1
    assert capsys.readouterr().err == ("deckwright print: the deck has no property `cots` "
                                       "(did you mean `cost`?)\n")


def test_pdf_without_chromium_says_so(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("deckwright.dsl.sheet.chromium", lambda: None)
    assert main(["print", "example", "-o", str(tmp_path / "s.pdf"), "--pdf"]) == 1
    assert "--pdf needs Chromium" in capsys.readouterr().err
    assert not (tmp_path / "s.pdf").exists()


# --- in a real browser (slow; needs Chromium) ----------------------------------------

# Run in the page once it is laid out: every card inside its page's box and no card's
# text cut off; the answer is written into the DOM, which `--dump-dom` prints.
PROBE = """<script>
window.addEventListener("load", () => {
  const bad = [];
  for (const card of document.querySelectorAll(".card")) {
    const text = card.querySelector(".text");
    if (text.scrollHeight > text.clientHeight + 1 || card.scrollWidth > card.clientWidth + 1)
      bad.push(card.querySelector(".name").textContent);
  }
  const out = document.createElement("pre");
  out.id = "probe";
  out.textContent = JSON.stringify({cards: document.querySelectorAll(".card").length, bad});
  document.body.appendChild(out);
});
</script>"""

@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("deck", BUNDLED)
def test_in_chromium_no_card_text_overflows_and_each_page_holds_nine(deck, paper, tmp_path,
                                                                     chromium):
    import json
    program = load_program(deck)
    html = sheet_html(program, paper=paper)
    page = tmp_path / "sheet.html"
    page.write_text(html.replace("</body>", PROBE + "</body>"), encoding="utf-8")
    dom = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu",
                          f"--user-data-dir={tmp_path}/profile", "--virtual-time-budget=5000",
                          "--dump-dom", page.as_uri()],
                         capture_output=True, text=True, timeout=180, stdin=subprocess.DEVNULL).stdout
    probe = json.loads(re.search(r'<pre id="probe">(.*?)</pre>', dom).group(1))
    assert probe == {"cards": len(printed_cards(program)), "bad": []}
    pdf = tmp_path / "sheet.pdf"
    to_pdf(html, pdf, chromium)
    n_pages = len(re.findall(rb"/Type\s*/Page(?!s)", pdf.read_bytes()))
    assert n_pages == -(-len(printed_cards(program)) // PER_PAGE)


@pytest.mark.slow
def test_a_hundred_card_sheet_prints(capsys, chromium):
    cards = "\n".join(f'card "Card {i}": Thing {{ text "Card number {i} of a hundred." }}'
                      for i in range(100))
    program = load_text(f'game "Hundred" extends "dvorak"\n{cards}\n', "hundred.deck")
    with tempfile.TemporaryDirectory() as tmp:
        t = time.perf_counter()
        to_pdf(sheet_html(program), Path(tmp) / "s.pdf", chromium)
        took = time.perf_counter() - t
        pdf = (Path(tmp) / "s.pdf").read_bytes()
    assert len(re.findall(rb"/Type\s*/Page(?!s)", pdf)) == 12          # 100 = 11 × 9 + 1
    with capsys.disabled():
        print(f"\n100-card sheet to PDF: {took:.1f} s")                 # a figure, not a test


@pytest.mark.slow
def test_the_overflow_probe_sees_a_card_whose_text_does_not_fit(tmp_path, chromium):
    import json
    wordy = "word " * 600
    program = load_text(f'game "T" extends "dvorak"\ncard "Wordy": Thing {{ text "{wordy}" }}\n'
                        'card "Short": Thing { text "ok" }\n', "t.deck")
    page = tmp_path / "sheet.html"
    page.write_text(sheet_html(program).replace("</body>", PROBE + "</body>"), encoding="utf-8")
    dom = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu",
                          f"--user-data-dir={tmp_path}/profile", "--virtual-time-budget=5000",
                          "--dump-dom", page.as_uri()],
                         capture_output=True, text=True, timeout=180, stdin=subprocess.DEVNULL).stdout
    assert json.loads(re.search(r'<pre id="probe">(.*?)</pre>', dom).group(1)) == \
        {"cards": 2, "bad": ["Wordy"]}
