"""bench/urban_by_hand.py, Urban Dead written by hand: whole games, the engine's very
games decision for decision, and the figures of both, printed (timing belongs to bench/,
not to tests). That it stands alone is tested in tests/test_bench.py."""
from test_bench import ROOT, run_bench


def test_its_cards_are_the_decks_library():
    """The same cards, copies and numbers, in the engine's library order (the order
    `create library` makes them in, which the shuffles permute)."""
    from bench.urban_by_hand import DEFS
    from deckwright.dsl.loader import load_program
    program = load_program("urban_dead")
    library = [(d.name, d.props["deck"], d.copies, d.props.get("health", 0),
                d.props.get("attack", 0), d.props.get("uses", 0), d.props.get("cooldown", 0),
                d.props.get("value", 0), d.props.get("strike", 0))
               for _, d in program.info().library]
    mine = [(name, ("SD", "ZD", "ZSD")[deck], copies, health, attack, uses, cooldown, value,
             strike)
            for name, deck, _, health, attack, uses, cooldown, value, strike, _, _, copies in DEFS]
    assert mine == library


def test_it_plays_whole_games():
    from bench.urban_by_hand import play_game
    for seed in range(6):
        r = play_game(seed)
        assert r["reason"] in ("rescue", "overrun", "held out"), r
        assert r["winners"] == ([1] if r["reason"] == "overrun" else [0]) and not r["draw"]
        assert 5 <= r["turns"] <= 40 and r["turns"] <= r["decisions"], r
    assert play_game(7) == play_game(7)          # a seed is one game


def test_it_plays_the_engines_games_decision_for_decision():
    """The same seed, the same game: the engine's random bots face as many options at
    every decision, with as many picks, and take the same; the games end alike. A
    difference means the deck or the engine changed what the rules do, or how a random
    bot or the game draws: bench/urban_by_hand.py must follow it."""
    from bench.urban_by_hand import engine_trace, first_difference
    for seed in range(2):
        assert first_difference(seed) is None
    _, trace = engine_trace(0)
    kinds = {kind for _, kind, *_ in trace}
    assert {"move", "choose", "one"} <= kinds, kinds


def test_the_script_prints_its_figures_and_the_engines():
    text = run_bench("bench/urban_by_hand.py", "--games", "3", "--engine-games", "2")
    assert "by hand, 3 games:" in text and "engine, 2 games:" in text
    for figure in ("games/s", "turns/s", "avg turns", "decisions", "us each", "survivors win",
                   "end reasons", "engine / by hand", "same games, played in turn"):
        assert figure in text, figure


def test_the_script_checks_seeds_against_the_engine():
    text = run_bench("bench/urban_by_hand.py", "--check", "2", "--seed", "5")
    assert "seeds 5-6: 2 of 2 games the same, decision for decision" in text


def test_its_counted_ratio_plays_like_with_like():
    """bench/by_hand_instructions.py's Urban Dead children, run without callgrind: the
    engine's games and the hand-written ones of the same seeds take as many decisions."""
    from bench.by_hand_instructions import BY_HAND, ENGINE, GAMES
    fields = GAMES["Urban Dead, per decision"]
    engine, hand = (int(run_bench("-c", template.format(
        root=str(ROOT), bench=str(ROOT / "bench"), games=3, **fields)))
        for template in (ENGINE, BY_HAND))
    assert engine == hand > 3 * 10, (engine, hand)
