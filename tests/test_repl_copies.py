"""Every line a player reads says which copy it means (issue "The designer's workbench":
copies of a card get distinct labels). A log line that names a card in play — an ability
used, a target, an attachment, a card turned, taken or leaving play — tells it from the
alike cards in play by what tells options apart (the host, the zone, what it carries,
counters, marks, how it lies), as each seat may read them; copies nothing tells apart keep
one name. Exact text, as the user reads it."""
from deckwright.repl.render import log_lines
from scenario import TAGGER, repl

THEIRS = "area of next_player(you)"
WINDMILLS = (f'eval create 2 "Windmill" in {THEIRS}', f'eval create 1 "Music Box" in {THEIRS}',
             f'eval attach top({THEIRS}) to last(cards in {THEIRS} where it.name == "Windmill")')


def said(proc, line: str) -> list:
    """What a command prints of the log (the lines before the next decision's question
    and its options)."""
    out = proc.execute(line)
    assert out.ok, out.text()
    text = out.text().splitlines()
    return text[:next((i - 1 for i, t in enumerate(text) if t.startswith("  [0] ")),
                      len(text))]


def test_an_ability_used_names_the_copy_by_what_is_on_it():
    proc = repl("example", 'eval create 1 "Spring Press" in your area',
                "eval put 1 charge on top(your area)", 'eval create 1 "Spring Press" in your area')
    assert said(proc, "wind [charge 1]") == [
        "P1 chooses Spring Press: Wind [charge 1] — your move",
        "P1 uses Spring Press [charge 1]: Wind"]               # not "P1 uses Spring Press: Wind"


def test_an_ability_of_copies_nothing_tells_apart_names_the_card_alone():
    proc = repl("example", 'eval create 2 "Spring Press" in your area')
    assert said(proc, "wind #2") == ["P1 chooses Spring Press: Wind — your move",
                                     "P1 uses Spring Press: Wind"]


def test_a_target_and_the_words_that_show_it_name_the_copy_by_what_it_carries():
    proc = repl("example", TAGGER, 'eval create 1 "Tagger" in your area', *WINDMILLS)
    assert said(proc, "tag") == ["P1 chooses Tagger: Tag — your move", "P1 uses Tagger: Tag"]
    assert said(proc, "with music") == [
        "P1 chooses Windmill (with Music Box) — Tag what? (Tagger)",
        "P1: Tag targeting Windmill (with Music Box)",
        "P1: tags Windmill (with Music Box)"]                   # `say "tags {t}"`


def test_an_attachment_names_its_host_as_it_was_before():
    proc = repl("example", 'eval create 2 "Windmill" in your area',
                "eval put 1 charge on first(cards in your area)",
                'eval create 1 "Music Box" in your area')
    assert said(proc, 'eval attach top(your area) to first(cards in your area)')[1:] == [
        "Music Box attached to Windmill [charge 1]"]      # not yet "(with Music Box)"
    proc = repl("example", f'eval create 1 "Windmill" in {THEIRS}',
                'eval create 1 "Windmill" in your area', 'eval create 1 "Music Box" in your area')
    assert said(proc, 'eval attach top(your area) to first(cards in your area)')[1:] == [
        "Music Box attached to Windmill in P1's area"]


def test_a_card_turned_or_taken_is_named_as_it_lay():
    proc = repl("example", 'eval create 2 "Spring Press" in your area',
                "eval put 2 charge on top(your area)", 'eval create 1 "Windmill" in your area',
                *WINDMILLS)
    assert said(proc, "eval turn last(cards in your area where charge on it > 0) sideways")[1:] \
        == ["Spring Press [charge 2] is turned sideways"]
    assert said(proc, f"eval give control of last(cards in {THEIRS} where "
                      'it.name == "Windmill") to you')[1:] == [
        "P1 gains control of Windmill in P2's area (with Music Box)",
        "Music Box: P2's area → P1's area"]


def test_a_card_leaving_play_says_which_copy_left_and_its_copies_do_not():
    proc = repl("example", *WINDMILLS, 'eval create 2 "Wrench" in your hand')
    assert said(proc, "wrench")[-1] == "Wrench: P1's hand → P1's resolving"
    assert said(proc, "with music")[:3] == [
        "P1 chooses Windmill (with Music Box) — Destroy (Wrench)",
        "Windmill (with Music Box): P2's area → discard_pile",
        "Music Box: P2's area → discard_pile"]
    proc = repl("example", *WINDMILLS, 'eval create 1 "Wrench" in your hand', "wrench")
    assert said(proc, "choose 1")[:2] == ["P1 chooses Windmill — Destroy (Wrench)",
                                          "Windmill: P2's area → discard_pile"]


def test_each_seat_reads_the_same_line_when_it_sees_the_same():
    proc = repl("example", TAGGER, 'eval create 1 "Tagger" in your area', *WINDMILLS,
                "tag", "with music")
    game = proc.game
    for seat in game.state.players:
        assert log_lines(game, seat)[-2:] == ["P1: Tag targeting Windmill (with Music Box)",
                                              "P1: tags Windmill (with Music Box)"]


def test_a_question_names_the_copy_that_asks_it_and_the_copy_it_answers():
    from deckwright.dsl.loader import load_text
    from deckwright.repl.render import decision_view
    from tests.scenario import given, play
    from tests.test_targets_and_windows import DECK
    s = given(load_text(DECK, "targets.deck"), deck_cards=["Dynamite"] * 30,
              areas={0: ["Slingshot", "Slingshot"], 1: ["Phoenix", "Beacon"]},
              res={1: {"shields": 1}})
    s.state.zones["area:0"].cards[1].orient = 1           # the second lies turned sideways
    while s.decision.player.index == 1:
        play(s, "pass")
    play(s, "Slingshot: Sling [sideways]")
    assert decision_view(s.decision, game=s.game).splitlines()[0] == \
        "P1: Sling at what? (Slingshot [sideways])"
    play(s, "Beacon")
    assert s.decision.prompt == "Respond to P1 using Slingshot [sideways]: Sling (targeting Beacon)?"
    play(s, "pass")
    assert [line for seat in s.state.players for line in log_lines(s.game, seat)
            if "Slingshot" in line] == 2 * [
        "P1 chooses Slingshot: Sling [sideways] — your move",
        "P1 uses Slingshot [sideways]: Sling",
        "P1 chooses Beacon — Sling at what? (Slingshot [sideways])",
        "P2 chooses pass — Respond to P1 using Slingshot [sideways]: Sling (targeting Beacon)?"]
