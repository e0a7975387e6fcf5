"""Generated code is safe by construction: the identifiers are the generator's own, deck
values are only literals or table indexes, and the namespace holds nothing else.

Every bundled deck's module, in both forms, and decks whose names, strings and prompts
carry Python injection text, are parsed with `ast` and checked: every name is in the
generator's vocabulary, every attribute is a field of the model, every string constant
is a value written in the deck or one of the generator's own words. The injection decks
are then played, and nothing they hold ever runs.
"""
import ast
import os
import re
import types

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from deckwright.dsl import ast as A
from deckwright.dsl.codegen import generate, load
from deckwright.dsl.codegen.lazy import compile_all
from deckwright.dsl.codegen.runtime import BUILTINS, HELPERS, PROGRAM_NAMES
from deckwright.dsl.codegen.writer import ATTRIBUTES, GENERATED, NAMES, literal
from deckwright.dsl.loader import bundled_games, load_program, load_text
from deckwright.dsl.engine.game import Game
from deckwright.dsl.sim import bots_for, game_seed, play_one

# Words of the generator's own that appear in generated source as strings.
GENERATOR_STRINGS = {
    "top", "bottom", "random", "index", "card", "from", "to", "player", "resource",
    "amount", "counter", "host", "phase", "old", "new", "zone", "choose", "move", "your move",
    "choose one", "yes", "no", "rule", "trigger", "ability", "draw", "this_turn", "next_turn",
    "turns", "first_player", " uses ", ": ", " made more than 500 moves in one turn",
    "— turn ", "— round ", " —", "when", "before", "prevent", "instead", "forbid",
    "a `whenever` rule keeps firing: its effect never makes its condition false",
    "modify", "substitute", "copy", "you may", "ability", "source", "targets",
    "respond", "response", "answers", "more than 100 responses in one window", "may", "one",
    "sideways", "upside down", "upright", "Use which ability of ", "?",
    "reason", "tied", "tied on ", ", tied on ", "divide",
}
GENERATED_NAME = re.compile(GENERATED)
ALLOWED = NAMES | set(HELPERS) | set(BUILTINS) | set(PROGRAM_NAMES)


def deck_strings(program) -> set:
    """Every string written in the program's deck files, and the names it declares."""
    out = set()
    for deck in program.files:
        stack = [deck]
        while stack:
            node = stack.pop()
            if isinstance(node, str):
                out.add(node)
            elif isinstance(node, (list, tuple)):
                stack.extend(node)
            elif isinstance(node, A.Node):
                stack.extend(getattr(node, f) for f in node._fields)
    for d in program.cards.values():
        for v in d.props.values():
            out.update(x for x in (v if isinstance(v, list) else [v]) if isinstance(x, str))
    return out


def unsafe_parts(program, source: str) -> list:
    """What in the generated source is not the generator's own or a deck value."""
    values = deck_strings(program)
    composed = {f"move {m}" for m in program.moves}
    problems = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name) and node.id not in ALLOWED \
                and not GENERATED_NAME.match(node.id):
            problems.append(f"name {node.id!r}")
        elif isinstance(node, (ast.FunctionDef, ast.arg)):
            ident = node.name if isinstance(node, ast.FunctionDef) else node.arg
            if ident not in ALLOWED and not GENERATED_NAME.match(ident):
                problems.append(f"identifier {ident!r}")
        elif isinstance(node, ast.Attribute) and node.attr not in ATTRIBUTES:
            problems.append(f"attribute {node.attr!r}")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            v = node.value
            if v not in values and v not in GENERATOR_STRINGS and v not in composed \
                    and not v.startswith(("rule at ", "whenever at ", "choose ")):
                problems.append(f"string {v!r}")
        elif isinstance(node, (ast.Import, ast.ImportFrom, ast.Global, ast.Nonlocal,
                               ast.ClassDef, ast.AsyncFunctionDef, ast.With, ast.Raise,
                               ast.Delete)):
            problems.append(f"statement {type(node).__name__}")
    return problems


@pytest.mark.parametrize("deck", [n for n, why in bundled_games().items() if why is None])
@pytest.mark.parametrize("stepped", [False, True])
def test_every_bundled_decks_module_uses_only_the_generators_words(deck, stepped):
    program = load_program(deck)
    source, _ = generate(program, resumable=stepped)
    assert unsafe_parts(program, source) == []


@pytest.mark.parametrize("deck", [n for n, why in bundled_games().items() if why is None])
def test_a_scenarios_code_that_tells_of_phase_ends_uses_only_the_generators_words(deck):
    program = load_program(deck)
    source, _ = generate(program, resumable=True, points=True)
    assert unsafe_parts(program, source) == []


@pytest.mark.parametrize("deck", [n for n, why in bundled_games().items() if why is None])
@pytest.mark.parametrize("stepped", [False, True])
def test_every_function_compiles_when_called_from_the_emitted_source_at_its_own_lines(
        deck, stepped):
    # Functions are compiled on their first call (deckwright.dsl.codegen.lazy): compile them all
    # here, so a slip of the generator in a rarely reached card shows in the suite.
    code = load(load_program(deck), resumable=stepped)
    ns = code.namespace
    lines = code.source.split("\n")
    names = [n for n in ns if GENERATED_NAME.match(n) and isinstance(ns[n], types.FunctionType)]
    assert names
    compile_all(ns)
    for name in names:
        fn = ns[name]
        assert "LAZY_CODE" not in fn.__code__.co_names, name
        assert lines[fn.__code__.co_firstlineno - 1].startswith(f"def {name}("), name


def test_the_same_deck_always_gives_the_same_source():
    a, _ = generate(load_program("dveck_builder"), resumable=True)
    b, _ = generate(load_program("dveck_builder"), resumable=True)
    assert a == b


def test_the_namespace_holds_the_helpers_the_tables_and_a_cut_down_builtins():
    code = load(load_program("example"), resumable=False)
    ns = code.namespace
    assert set(ns["__builtins__"]) == set(BUILTINS)
    assert "__import__" not in ns["__builtins__"] and "open" not in ns["__builtins__"]
    for name in ns:
        assert name in ALLOWED or GENERATED_NAME.match(name) or name == "__builtins__", name


def test_literal_refuses_anything_whose_repr_is_not_the_value():
    assert literal("a'\"\n\\\u2028") == repr("a'\"\n\\\u2028")
    assert literal([1, None, True, "x"]) == "[1, None, True, 'x']"
    for bad in (1.5, b"x", object(), (1, 2), {"a": 1}, 10 ** 20):
        with pytest.raises(Exception):
            literal(bad)


# --- decks full of injection attempts -------------------------------------------------

INJECTIONS = [
    "'", '"', "'''", '"""', "\\", "\\n", "\\t", "\\\"", "__import__('os').system('touch X')",
    "os.system('x')", "); import os; os.system('x'); (", "{__import__}", "\u2028\u2029",
    "ех", "\u200b", "\\x00", "#", "%s", "{0}", "\\N{LATIN SMALL LETTER A}", "\\u0027",
]

text = st.one_of(st.sampled_from(INJECTIONS), st.text(
    alphabet=st.characters(blacklist_categories=("Cs", "Cc")), max_size=12)).map(
    lambda s: s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    .replace("{", "\\{").replace("}", "\\}"))
# Names the grammar allows for zones, resources and actions that are also Python's or the
# generator's own identifiers.
ident = st.sampled_from(["__import__", "__class__", "__globals__", "__builtins__", "eval",
                         "exec", "os", "sys", "g", "t0", "l0", "a0", "c0", "z0", "ev", "x",
                         "__init__", "open", "_"])


def injection_deck(card: str, other: str, prompt: str, said: str, var: str, action: str,
                   zone: str) -> str:
    return f'''game "{card}" extends "dvorak"
resource {var}: start 0
zone {zone}: shared, public
action {action}(x) if x > 0 else "{said}" {{ gain x {var} }}
action {action}_to(c) if c != none else "{prompt}", true else "{said} {{c}}" {{ move c to {zone} }}
move {action}_move if true else "{said} {{{var} + 1}} {{you}}" {{ pass }}
move {action}_any if {var} < 0 and "{said}" != "{prompt}" any time {{ pass }}
action aim_{action}(x, y) target x where it != "{said}" "{said} {{x}}" {{ say "{prompt}" }}
card "{card}": Action {{
  text "{said}"
  require true else "{prompt} {{this}}"
  to use {{ say "{said}" }}
  effect {{
    say "{said}"
    say "{{you}}{said}{{{var} + 1}}{{cards in your hand}}{{this}}"
    {action} 1
    aim_{action} you, "{said}"
    choose c from cards in your hand optional prompt "{prompt}" {{ move c to {zone} }}
    choose c from cards in your hand prompt "{prompt}" {{ {action}_to c }}
    may "{prompt}" {{ draw 1 }}
  }}
}}
card "{other}": Thing {{
  text "{prompt}"
  ability "{said}": if true else "{prompt} {{this.{var}_n}}" {{ pass }}
  ability "{said} again": any time, once per turn, if this.{var}_n >= 0 and "{said}" != "{prompt}" {{ pass }}
  ability "{said} aimed": target ps from players where it.{var} >= 0 up to this.{var}_n + 2 \
      prompt "{prompt}" {{ for each p in ps {{ as p {{ gain 1 {var} }} }} }}
  when enter where event.card == this and "{said}" != "{prompt}" {{ say "{prompt}" }}
  when leave where event.source == this or event.source.name == "{said}" {{ say "{prompt}" }}
  when gain where event.ability == "{said}" or event.ability == "{said} aimed" {{ say "{prompt}" }}
  static modify {var}_n by 1 for this
  static grant this ability "{prompt}": once per turn {{ turn this sideways }}
  static abilities of this always usable
  static untargetable for this by event.ability != "{said}" and event.source != none
  when orient where event.card == this and event.new != "{said}" {{
    use ability "{prompt}" of this
    create 1 copy of this in {zone}
    gain this.{var}_n {var}
  }}
}}
card "{card} aimed": Action {{
  text "{said}"
  target ts from Thing cards where it.{var}_n >= 0 up to 2 prompt "{prompt}"
  effect {{ for each t in ts {{ {action}_to t }} }}
}}
property {var}_n = 0
whenever count (players where it.{var} < 0) > 0 {{
  end game "{card}" by most {var}
}}
whenever count (players where it.{var} < -1) > 0 {{
  end game "{{{var}}}{card}" winner you
}}
when win where event.source == none {{ pass }}
whenever count (players where it.{var} < -2) > 0 {{
  end game "{{{var}}}{card}" by most {var}
}}
'''


@settings(max_examples=int(os.environ.get("DECKWRIGHT_INJECTIONS", "25")), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(card=text, other=text, prompt=text, said=text, var=ident, action=ident, zone=ident)
def test_decks_of_injection_text_generate_only_literals_and_play_harmlessly(
        tmp_path_factory, card, other, prompt, said, var, action, zone):
    assume(card != other and card.strip() and other.strip() and len({var, action, zone}) == 3)
    program = load_text(injection_deck(card, other, prompt, said, var, action, zone),
                        "inject.deck")
    for stepped in (False, True):
        source, _ = generate(program, resumable=stepped)
        assert unsafe_parts(program, source) == []
    marker = tmp_path_factory.mktemp("m")
    cwd = os.getcwd()
    os.chdir(marker)
    try:
        for i in range(3):              # 100 turns: these games have no end but the limit
            gs = game_seed(1, i)
            Game(program, seed=gs, agents=bots_for(["random"], gs, 2), players=2,
                 max_turns=100).run()
    finally:
        os.chdir(cwd)
    assert list(marker.iterdir()) == []          # `touch X` never ran


def _deck_string(s: str) -> str:
    return s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") \
        .replace("{", "\\{").replace("}", "\\}")


@pytest.mark.parametrize("s", INJECTIONS + ["a\nb", 'x"""y', "\\'''\\"])
def test_a_deck_string_reaches_the_source_only_as_its_repr(s):
    said = _deck_string(s)
    program = load_text(injection_deck("Card", "Other", said, said, "gears", "act", "pile"),
                        "inject.deck")
    source, _ = generate(program, resumable=False)
    assert repr(s) in source                       # the value, as a literal
    assert unsafe_parts(program, source) == []
    if len(s) >= 6:                                # and nowhere as code
        # (or inside another deck string that holds it: the ability "S aimed")
        holding = [repr(v) for v in deck_strings(program) if s in v]
        for line in source.splitlines():
            if s in line:
                assert any(r in line for r in holding), line


@pytest.mark.parametrize("s", INJECTIONS)
def test_scenario_text_never_reaches_the_generated_source(s):
    # Scenarios are set aside by the checker: their strings (labels, card names, log
    # texts) are read by the scenario runner, never generated into the deck's module.
    said = _deck_string(s)
    base = injection_deck("Card", "Other", "p", "q", "gears", "act", "pile")
    scenario = (f'scenario "{said}" {{\n  given {{ hand of P1: "Card" }}\n'
                f'  when {{ P1 chooses "{said}" }}\n  then {{ log says "{said}" }}\n}}\n')
    program = load_text(base + scenario, "inject.deck")
    assert len(program.scenarios) == 1
    for stepped in (False, True):
        source, _ = generate(program, resumable=stepped)
        assert source == generate(load_text(base, "inject.deck"), resumable=stepped)[0]
        assert unsafe_parts(program, source) == []


TURN_ORDER_DECK = '''game "Order" extends "dvorak"
override players 2 to 4
side red: players 1 to 2
side blue: players 1 to 2
turn order by side
resource pool: per side, start 1
card "Time Walk": Action {
  text "Take an extra turn, skip the next player's next turn, reverse the order."
  effect {
    extra turn
    skip next turn of next_player(you)
    reverse turn order
    if current_phase == "main" { gain 1 pool }
    end game winner opponents
  }
}
card "Idol": Thing {
  text "When you would win, you are out instead; you can't be eliminated otherwise."
  static instead win where event.player == this.controller { eliminate this.controller }
  before eliminate where event.player != this.controller { negate }
}
'''


@pytest.mark.parametrize("stepped", [False, True])
def test_turn_order_and_win_events_generate_only_the_generators_words(stepped):
    program = load_text(TURN_ORDER_DECK, "order.deck")
    source, _ = generate(program, resumable=stepped)
    assert unsafe_parts(program, source) == []
    assert "NEXT_TURN" in source and "'win'" in source and "'eliminate'" in source
    for i in range(3):
        play_one(program, 1, i, 4, ["random"])


# A forbid of the play that reads its targets: moves choose them as they start (AIMS).
AIMED_FORBID_DECK = '''game "Aimed forbid" extends "example"
card "Aegis": Thing {
  text "No one can play an Action that targets a Thing you control."
  static forbid play where event.card is Action \\
      and count (Thing cards you control where it is in event.targets) > 0
}
card "Wrecking Ball": Action {
  target t from Thing cards prompt "Wreck what?"
  effect { destroy t }
}
card "Firestorm": Action {
  target ts from Thing cards up to 2 prompt "Destroy what?"
  effect { for each t in ts { destroy t } }
}
'''


@pytest.mark.parametrize("stepped", [False, True])
def test_a_forbid_of_the_play_on_its_targets_generates_only_the_generators_words(stepped):
    program = load_text(AIMED_FORBID_DECK, "aimed.deck")
    source, _ = generate(program, resumable=stepped)
    assert unsafe_parts(program, source) == []
    assert "def AIMS(" in source and "PLAY_REFUSAL" in source
    for i in range(3):
        play_one(program, 1, i, 2, ["random"])
