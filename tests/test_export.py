"""`deckwright export` (LackeyCCG, MUSHcode); `deckwright import` is tests/test_wikiimport.py."""

import pytest

from deckwright.dsl.cli import main
from deckwright.dsl.loader import load_program, load_text
from deckwright.dsl.export import LACKEY_COLUMNS, lackey_carddata, mushcode, write_lackey


@pytest.fixture(scope="module")
def dveck():
    return load_program("dveck_builder")


def test_lackey_card_data_has_the_wikis_columns_one_row_per_card(dveck):
    rows = [r.split("\t") for r in lackey_carddata(dveck, "cost").splitlines()]
    assert tuple(rows[0]) == LACKEY_COLUMNS
    assert len(rows) == 1 + len(dveck.cards) and all(len(r) == 8 for r in rows)
    (twilight,) = [r for r in rows if r[0] == "Twilight Sparkle"]
    assert twilight[1:5] == ["dveck_builder", "thing_pony", "Thing - Pony",
                             str(dveck.cards["Twilight Sparkle"].props["cost"])]
    assert twilight[5].startswith("Once during your turn, you may play an Action")


def test_lackey_plugin_folder(dveck, tmp_path, capsys):
    assert main(["export", "dveck_builder", "--lackey", str(tmp_path)]) == 0
    assert sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*")) == [
        "decks", "decks/dveck_builder.dek", "plugininfo.txt", "sets", "sets/carddata.txt",
        "sets/setimages", "sets/setimages/general"]
    dek = (tmp_path / "decks/dveck_builder.dek").read_text()
    assert dek.count("<card>") == sum(c.copies for c in dveck.library())
    info = (tmp_path / "plugininfo.txt").read_text()
    assert ("<gamezone><label>hand</label><visibletoowner>yes</visibletoowner>"
            "<visibletoothers>no</visibletoothers></gamezone>") in info


def test_xml_and_tabs_in_deck_text_are_escaped(tmp_path):
    program = load_text('game "T" extends "dvorak"\n'
                        'card "A <b> & C": Thing { text "one\\ttwo\\nthree" }\n', "t.deck")
    write_lackey(program, tmp_path, None)
    assert "<name>A &lt;b&gt; &amp; C</name>" in (tmp_path / "decks/t.dek").read_text()
    (row,) = (tmp_path / "sets/carddata.txt").read_text().splitlines()[1:]
    assert row.split("\t")[5] == "one two three"
    assert mushcode(program, None).splitlines()[1] == "loadcard A <b> & C/T/one two%rthree"


def test_mushcode_loads_each_copy_and_says_so(dveck):
    lines = mushcode(dveck, "cost").splitlines()
    assert lines[0] == "cleardeck"
    n = sum(c.copies for c in dveck.library())
    assert len(lines) == n + 2
    assert lines[-1] == f"@emit The Dveck Builder deck is loaded ({n} cards)."
    cost = dveck.cards["Twilight Sparkle"].props["cost"]
    assert any(line.startswith(f"loadcard Twilight Sparkle ({cost})/T/Once during") for line in lines)
    assert any(line.split("/")[1] == "A" for line in lines[1:-1])           # Actions


def test_dvorax_mushcode_colours_each_card_by_its_kind_and_names_its_type():
    program = load_text('game "T" extends "dvorak"\n'
                        'type Rule\nsubtype Machine\n'
                        'card "Gear/Box": Thing - Machine { text "one\\ntwo" }\n'
                        'card "Zap": Action x 2 { text "Zap it." }\n'
                        'card "Turns": Rule { text "Take turns." }\n', "t.deck")
    assert mushcode(program, None, dvorax=True).splitlines() == [
        "cleardeck",
        "loadcard hb/Gear-Box/Thing - Machine/one%rtwo",
        "loadcard hr/Zap/Action/Zap it.",
        "loadcard hr/Zap/Action/Zap it.",
        "loadcard hw/Turns/Rule/Take turns.",
        "@emit The T deck is loaded (4 cards).",
    ]


def test_export_dvorax_writes_the_coloured_form(tmp_path, capsys):
    out = tmp_path / "deck.mush"
    assert main(["export", "example", "--mush", str(out), "--dvorax"]) == 0
    assert f"{out}: MUSHcode for the Dvorax Engine" in capsys.readouterr().err
    lines = out.read_text().splitlines()
    assert {line.split("/")[0] for line in lines[1:-1]} <= {"loadcard hb", "loadcard hr",
                                                            "loadcard hw"}


def test_dvorax_without_mush_is_a_usage_error(capsys):
    assert main(["export", "example", "--dvorax"]) == 2
    assert capsys.readouterr().err == ("deckwright export: --dvorax says how to write "
                                       "--mush FILE; give --mush FILE\n")


def test_export_without_a_target_is_a_usage_error(capsys):
    assert main(["export", "example"]) == 2
    assert "--lackey DIR and/or --mush FILE" in capsys.readouterr().err
