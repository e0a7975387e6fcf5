"""`deckwright sim --ray`: the games as Ray tasks give the report `--jobs 1` gives.

The default suite checks the option and its messages, and how a worker builds the
deck again from what it is sent, without Ray. The run on a real local Ray is `slow`
(Ray's start-up takes seconds) and skips where Ray is not installed."""
import json
import os
from importlib.util import find_spec

import pytest

from deckwright.dsl import __version__, sim_ray
from deckwright.dsl.cli import build_parser, main
from deckwright.dsl.errors import EngineError
from deckwright.dsl.loader import load_program
from deckwright.dsl.sim import _play_many, simulate

NO_RAY = ("error: --ray needs Ray, an optional extra: pip install 'deckwright[ray]' "
          "(or: pip install ray)\n")


def test_without_ray_the_option_is_one_line_saying_how_to_install_it(monkeypatch, capsys):
    monkeypatch.setattr(sim_ray, "available", lambda: False)
    assert main(["sim", "example", "--games", "2", "--ray"]) == 1
    captured = capsys.readouterr()
    assert captured.err == NO_RAY and captured.out == ""
    with pytest.raises(EngineError) as err:                # from Python, the same words
        simulate(load_program("example"), games=2, ray="")
    assert f"error: {err.value}\n" == NO_RAY


@pytest.mark.parametrize("argv, address", [
    ([], None),                                  # no Ray
    (["--ray"], ""),                             # a local Ray, started for the run
    (["--ray", "auto"], "auto"),
    (["--ray=ray://head:10001"], "ray://head:10001"),
])
def test_ray_takes_an_optional_address(argv, address):
    args = build_parser().parse_args(["sim", "example", *argv])
    assert args.ray == address and args.jobs is None


def test_ray_and_jobs_are_one_or_the_other(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["sim", "example", "--jobs", "2", "--ray"])
    assert stop.value.code == 2
    assert capsys.readouterr().err.endswith(
        "deckwright sim: error: argument --ray: not allowed with argument --jobs\n")


def test_an_address_where_nothing_answers_is_one_line_not_minutes_of_retries():
    import socket
    with socket.socket() as free:                 # a port that was free a moment ago
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    with pytest.raises(EngineError) as err:
        sim_ray._answers(f"127.0.0.1:{port}")
    assert str(err.value) == (
        f"could not reach the Ray cluster at 127.0.0.1:{port}: nothing answers at "
        f"127.0.0.1:{port} (Connection refused); is `ray start --head` running there?")
    sim_ray._answers("auto")                      # names no port: Ray looks for itself


def test_a_worker_builds_the_deck_from_its_sources_and_plays_the_same_games():
    program = load_program("dveck_builder")        # a deck that extends and includes
    sent = sim_ray.shipment(program)
    assert list(sent["sources"]) == ["decks/dveck_builder.deck", "decks/dvorak.deck",
                                     "decks/dveck_cards.deck"]
    rest = (4, 2, ["random", "greedy"], None, None, False, True)
    there = sim_ray.play_slice(sent, rest, range(2))
    here = _play_many((program,) + rest, range(2))
    assert there.report() == here.report() and there.records == here.records


def test_a_deck_of_the_users_own_with_an_include_beside_it(tmp_path, monkeypatch):
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "more.deck").write_text(
        'game "More"\ncard "Spare Gear": Thing - Machine x 3 {\n'
        '  text "At the start of your turn, gain 1 gear."\n'
        '  when turn_start where event.player == you { gain 1 gears }\n}\n')
    (tmp_path / "mine.deck").write_text(
        (load_program("example").sources["decks/example.deck"])
        .replace('game "Tinker\'s Fair"', 'game "Mine"', 1) + '\ninclude "cards/more"\n')
    monkeypatch.chdir(tmp_path)
    program = load_program("mine")
    sent = sim_ray.shipment(program)
    assert list(sent["sources"])[0] == "mine.deck" and "cards/more.deck" in sent["sources"]
    rest = (1, 2, ["random"], None, None, False, False)
    there = sim_ray.play_slice(sent, rest, range(5))
    assert there.report() == _play_many((program,) + rest, range(5)).report()
    assert os.getcwd() == str(tmp_path)           # the worker's folder is left as it was


def test_a_worker_whose_deckwright_compiles_otherwise_is_refused():
    sent = dict(sim_ray.shipment(load_program("example")), digest="0" * 64)
    with pytest.raises(EngineError) as err:
        sim_ray.program_from(sent)
    assert str(err.value) == (
        f"the Ray worker on {os.uname().nodename} compiles the deck to other code than the "
        f"driver (Deckwright {__version__} there, {__version__} on the driver): install the "
        f"same Deckwright on every node")


def test_a_worker_that_reads_other_deck_files_is_refused(tmp_path, monkeypatch):
    (tmp_path / "mine.deck").write_text(load_program("example").sources["decks/example.deck"])
    monkeypatch.chdir(tmp_path)
    sent = sim_ray.shipment(load_program("mine"))
    sources = dict(sent["sources"])              # as if the driver's bundled base differed
    sources["decks/dvorak.deck"] += "\n# another version\n"
    with pytest.raises(EngineError) as err:
        sim_ray.program_from(dict(sent, sources=sources))
    assert str(err.value) == (
        f"the Ray worker on {os.uname().nodename} reads other deck files than the driver "
        f"(Deckwright {__version__} there, {__version__} on the driver): install the same "
        f"Deckwright on every node")


# --- on a real local Ray ----------------------------------------------------------------

needs_ray = pytest.mark.skipif(find_spec("ray") is None,
                               reason="Ray is not installed (pip install 'deckwright[ray]')")


@pytest.fixture(scope="module")
def local_ray():
    import ray
    sim_ray.connect("")                  # one local Ray for the module's tests
    yield
    ray.shutdown()


@pytest.mark.slow
@needs_ray
@pytest.mark.parametrize("deck", ["example", "urban_dead"])
def test_a_ray_run_reports_what_one_job_reports_game_for_game(deck, local_ray):
    program = load_program(deck)
    alone = simulate(program, games=40, seed=11, bots=["random", "greedy"], records=True)
    finished = []                        # the progress bar is told as each task ends
    on_ray = simulate(program, games=40, seed=11, bots=["random", "greedy"], records=True,
                      ray="", progress=finished.append)
    alone.pop("games_per_second"), on_ray.pop("games_per_second")
    assert on_ray == alone and len(alone["records"]) == 40
    assert sum(finished) == 40 and len(finished) > 1


@pytest.mark.slow
@needs_ray
def test_sim_ray_on_the_command_line_writes_the_same_report_and_records(
        tmp_path, capsys, local_ray):
    def run(*extra):
        out = tmp_path / ("ray" if extra else "alone")
        assert main(["sim", "dueling_runes", "--games", "30", "--seed", "7", "--json",
                     "--jsonl", f"{out}.jsonl", "--csv", f"{out}.csv", *extra]) == 0
        report = json.loads(capsys.readouterr().out)
        report.pop("games_per_second")
        return report, (tmp_path / f"{out}.jsonl").read_text(), (tmp_path / f"{out}.csv").read_text()
    alone, on_ray = run(), run("--ray")
    assert on_ray == alone and alone[0]["games"] == 30
