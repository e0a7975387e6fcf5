"""The card model's own rules (docs/language.md §15): ownership by zone, tokens, hosts and
their attachments, orientation, modifiers of a card's numbers.

Each test: given a state → these decisions → this outcome; the invariants
(dsl/invariants.py) are checked after every decision.
"""
import pytest

from deckwright.dsl.errors import DeckError
from deckwright.dsl.invariants import violations
from deckwright.dsl.loader import load_text
from scenario import given, names, play, res

# --- ownership is a rule of the zones ---------------------------------------------------

SCRAPYARD = '''game "Scrapyard" extends "example"
zone scrap: shared, public, ordered, unowned
card "Scrap It": Action {
  text "Put a card from your hand on the scrap heap."
  effect { choose c from cards in your hand prompt "Scrap" { move c to scrap } }
}
card "Salvage": Action {
  text "Take a card from the scrap heap into your hand. Give it to the next player."
  effect {
    choose c from cards in scrap prompt "Salvage" {
      move c to your hand
      give c to next_player(you)
    }
  }
}
card "Deed": Action {
  text "The next player now owns a card on the scrap heap."
  effect { choose c from cards in scrap prompt "Deed" { give c to next_player(you) } }
}
'''


def card(s, zone_key, name):
    return next(c for c in s.state.zones[zone_key].cards if c.name == name)


def test_a_card_in_an_unowned_zone_belongs_to_no_player():
    s = given(SCRAPYARD, hands={0: ["Scrap It", "Windmill"]}, deck_cards=["Oil Can"] * 4)
    assert card(s, "hand:0", "Windmill").owner.name == "P1"
    play(s, "play_action: Scrap It", "Windmill")
    scrapped = card(s, "scrap", "Windmill")
    assert scrapped.owner is None and scrapped.controller is None


def test_a_card_that_ends_up_in_a_players_hand_is_theirs_and_give_cannot_say_otherwise():
    s = given(SCRAPYARD, hands={0: [], 1: ["Salvage"]}, zones={"scrap": ["Windmill"]},
              first=1, deck_cards=["Oil Can"] * 4)
    play(s, "play_action: Salvage")
    taken = card(s, "hand:1", "Windmill")
    assert taken.owner.name == "P2"           # the hand decides, not `give`


def test_give_cannot_make_a_card_in_an_unowned_zone_anyones():
    s = given(SCRAPYARD, hands={0: ["Deed"]}, zones={"scrap": ["Windmill"]},
              deck_cards=["Oil Can"] * 4)
    play(s, "play_action: Deed")
    assert card(s, "scrap", "Windmill").owner is None


def test_the_invariants_name_a_card_owned_in_an_unowned_zone():
    s = given(SCRAPYARD, hands={0: []}, zones={"scrap": ["Windmill"]},
              deck_cards=["Oil Can"] * 4)
    c = card(s, "scrap", "Windmill")
    c.owner = c.controller = s.state.players[0]
    assert violations(s.game) == [f"{c!r} is in scrap, whose cards belong to no player, "
                                  f"but is owned by P1"]


def test_the_invariants_name_a_card_in_a_players_hand_owned_by_another():
    s = given(SCRAPYARD, hands={0: ["Windmill"]}, deck_cards=["Oil Can"] * 4)
    c = card(s, "hand:0", "Windmill")
    c.owner = c.controller = s.state.players[1]
    assert violations(s.game) == [f"{c!r} is out of play in hand:0 but owned by P2, "
                                  f"not by the zone's player P1"]


# --- orientation: sideways, upside down, upright ----------------------------------------

TURNSTILE = '''game "Turnstile" extends "example"
card "Weathervane": Thing {
  text "Action: turn Weathervane sideways; if it already is, turn it upside down. Thing: turn it upright."
  ability "Spin": uses action_play {
    if this.rotated { turn this upside down } else { turn this sideways }
  }
  ability "Settle": uses thing_play, if this.turned { turn this upright }
}
card "Watcher": Thing {
  text "Whenever a card is turned, gain 1 gear."
  when orient where event.old != event.new { gain 1 gears }
}
card "Gust": Action {
  text "Turn every Thing sideways, then destroy a Thing."
  effect {
    turn Thing cards sideways
    choose t from Thing cards prompt "Destroy" { destroy t }
  }
}
'''


def test_a_card_is_turned_sideways_and_upside_down_and_back_upright():
    s = given(TURNSTILE, hands={0: []}, areas={0: ["Weathervane", "Watcher"]},
              deck_cards=["Oil Can"] * 4)
    vane = card(s, "area:0", "Weathervane")
    assert not vane.turned
    play(s, "Weathervane: Spin")
    assert vane.rotated and vane.turned and not vane.inverted
    assert "Weathervane is turned sideways" in [e.text for e in s.game.log]
    play(s, "Weathervane: Settle")
    assert not vane.turned
    assert res(s, 0, "gears") == 2             # the Watcher heard both turns


def test_turning_a_card_the_way_it_already_lies_is_no_event():
    s = given(TURNSTILE, hands={0: ["Gust"]}, areas={0: ["Watcher"], 1: ["Weathervane"]},
              deck_cards=["Oil Can"] * 4)
    card(s, "area:1", "Weathervane").orient = 1          # already sideways
    play(s, "play_action: Gust", "Weathervane")
    assert res(s, 0, "gears") == 1             # only the Watcher itself turned


def test_a_card_that_leaves_play_lies_upright_again():
    s = given(TURNSTILE, hands={0: ["Gust"]}, areas={1: ["Weathervane"]},
              deck_cards=["Oil Can"] * 4)
    vane = card(s, "area:1", "Weathervane")
    play(s, "play_action: Gust")
    assert vane.zone.key == "discard_pile" and not vane.turned


def test_the_view_of_a_zone_shows_how_its_cards_lie():
    from deckwright.repl.render import zone_line
    s = given(TURNSTILE, hands={0: []}, areas={0: ["Weathervane"]}, deck_cards=["Oil Can"] * 4)
    play(s, "Weathervane: Spin")
    assert zone_line(s.state.zones["area:0"], s.state.players[1]) == \
        "P1's area: Weathervane [sideways]"


# --- hosts and their attachments --------------------------------------------------------

HARBOUR = '''game "Harbour" extends "example"
zone dock: per player, public, in play
card "Barge": Thing {
  text "Action: move Barge to your dock."
  ability "Sail": uses action_play { move this to your dock }
}
card "Crate": Thing { text "Attached to a Thing." }
card "Grab": Action {
  text "Gain control of a Thing another player controls."
  effect {
    choose t from Thing cards where it.controller != you and it.host == none prompt "Take" {
      give control of t to you
    }
  }
}
'''


def loaded(s, zone_key):
    barge, crate = card(s, zone_key, "Barge"), card(s, zone_key, "Crate")
    crate.attached_to = barge
    return barge, crate


def test_a_host_moving_within_play_takes_its_attachments_along():
    s = given(HARBOUR, hands={0: []}, areas={0: ["Barge", "Crate"]}, deck_cards=["Oil Can"] * 4)
    barge, crate = loaded(s, "area:0")
    play(s, "Barge: Sail")
    assert names(s, "dock:0") == ["Barge", "Crate"] and names(s, "area:0") == []
    assert crate.attached_to is barge


def test_a_host_changing_controller_takes_its_attachments_to_its_new_controller():
    s = given(HARBOUR, hands={0: ["Grab"]}, areas={1: ["Barge", "Crate"]},
              deck_cards=["Oil Can"] * 4)
    barge, crate = loaded(s, "area:1")
    play(s, "play_action: Grab")
    assert names(s, "area:0") == ["Barge", "Crate"]
    assert crate.attached_to is barge
    assert (crate.controller.name, crate.owner.name) == ("P1", "P2")


def test_the_invariants_name_an_attachment_left_in_another_zone_than_its_host():
    s = given(HARBOUR, hands={0: []}, areas={0: ["Barge"], 1: ["Crate"]},
              deck_cards=["Oil Can"] * 4)
    barge, crate = card(s, "area:0", "Barge"), card(s, "area:1", "Crate")
    crate.attached_to = barge
    assert violations(s.game) == [f"{crate!r} is in area:1 but attached to {barge!r} in area:0"]


# --- modifiers of a card's numbers --------------------------------------------------------

ARMOURY = '''game "Armoury" extends "example"
property toughness = 0
card "Knight": Thing - Person { toughness 3 }
card "Squire": Thing - Person { toughness 1 }
card "Shield": Thing - Trinket {
  text "The Thing Shield is attached to has 2 more toughness."
  static modify toughness by 2 for this.host
}
card "Banner": Thing - Trinket {
  text "Your Persons have 1 more toughness for each Trinket you control."
  static modify toughness by count Trinket cards you control for Person cards you control
}
card "Weigh": Action {
  text "Gain gears equal to the toughness of a Thing you control."
  effect { choose t from Thing cards you control prompt "Weigh" { gain t.toughness gears } }
}
card "Roll Call": Action {
  text "Gain a gear for each Person you control with 4 or more toughness."
  effect { gain count (Person cards you control where it.toughness >= 4) gears }
}
'''


def armoury(hand, area):
    s = given(ARMOURY, hands={0: hand}, areas={0: area}, deck_cards=["Oil Can"] * 4)
    if "Shield" in area:
        card(s, "area:0", "Shield").attached_to = card(s, "area:0", "Knight")
    return s


def test_an_attached_card_raises_its_hosts_number_while_it_is_attached():
    s = armoury(["Weigh"], ["Knight", "Shield"])
    play(s, "play_action: Weigh", "Knight")
    assert res(s, 0, "gears") == 5                 # 3 printed + 2 from the Shield


def test_a_detached_card_no_longer_raises_its_old_hosts_number():
    s = armoury(["Weigh"], ["Knight", "Shield"])
    s.run_effect("detach Trinket cards")
    play(s, "play_action: Weigh", "Knight")
    assert res(s, 0, "gears") == 3


def test_modifiers_add_up_and_selectors_see_the_modified_number():
    # Knight 3 + Shield 2 + Banner 2 (two Trinkets) = 7; Squire 1 + Banner 2 = 3
    s = armoury(["Roll Call"], ["Knight", "Squire", "Shield", "Banner"])
    play(s, "play_action: Roll Call")
    assert res(s, 0, "gears") == 1


def test_a_game_rule_that_modifies_a_cards_number_must_say_of_which_cards():
    with pytest.raises(DeckError) as err:
        load_text(ARMOURY + "static modify toughness by 1\n", "armoury.deck")
    assert str(err.value) == (
        "armoury.deck:21:8: error: a game rule that modifies the property `toughness` must "
        "say of which cards\n"
        "   21 | static modify toughness by 1\n"
        "      |        ^^^^^^^^^^^^^^^^^^^^^\n"
        "  hint: `static modify toughness by N for CARDS`")


# --- abilities given and freed ------------------------------------------------------------

STABLE = '''game "Stable" extends "example"
card "Horse": Thing { text "A horse." }
card "Saddle": Thing - Trinket {
  text "When Saddle enters play, attach it to another Thing you control. That Thing has \\"Action: gain 2 gears.\\""
  when enter where event.card == this {
    choose t from Thing cards you control where it != this prompt "Saddle" { attach this to t }
  }
  static grant this.host ability "Gallop": uses action_play { gain 2 gears }
}
card "Paddock": Thing - Building {
  text "Your other Things have \\"Once per turn: put a charge counter on this.\\""
  static grant Thing cards you control where it != this ability "Rest": once per turn {
    put 1 charge on this
  }
}
card "Old Mill": Thing - Machine {
  text "Action: gain 3 gears. Only when you have 10 or more gears."
  ability "Grind": uses action_play, if gears >= 10 { gain 3 gears }
}
card "Oiler": Thing - Person {
  text "Your Machines' abilities can always be used."
  static abilities of Machine cards you control always usable
}
'''


def test_a_card_gives_another_an_ability_while_it_is_attached():
    s = given(STABLE, hands={0: ["Saddle"]}, areas={0: ["Horse"]}, deck_cards=["Oil Can"] * 4)
    assert "Horse: Gallop" not in s.legal()
    play(s, "play_thing: Saddle")
    assert card(s, "area:0", "Saddle").attached_to is card(s, "area:0", "Horse")
    assert "Horse: Gallop" in s.legal()
    play(s, "Horse: Gallop")
    assert res(s, 0, "gears") == 2
    assert "Horse: Gallop" not in s.legal()                # it spent the Action play


def test_a_granted_ability_runs_as_the_receiving_cards_own():
    s = given(STABLE, hands={0: []}, areas={0: ["Horse", "Paddock"]}, deck_cards=["Oil Can"] * 4)
    assert [x for x in s.legal() if x.endswith("Rest")] == ["Horse: Rest"]
    play(s, "Horse: Rest")
    assert card(s, "area:0", "Horse").counters == {"charge": 1}
    assert "Horse: Rest" not in s.legal()                  # once per turn


def test_a_granted_ability_ends_with_its_source():
    s = given(STABLE, hands={0: []}, areas={0: ["Horse", "Paddock"]}, deck_cards=["Oil Can"] * 4)
    s.run_effect("destroy first(Building cards)")
    assert "Horse: Rest" not in s.legal()


def test_a_card_can_make_another_cards_ability_always_usable():
    s = given(STABLE, hands={0: []}, areas={0: ["Old Mill"]}, deck_cards=["Oil Can"] * 4)
    assert "Old Mill: Grind" not in s.legal()               # fewer than 10 gears
    s = given(STABLE, hands={0: []}, areas={0: ["Old Mill", "Oiler"]},
              deck_cards=["Oil Can"] * 4)
    play(s, "Old Mill: Grind")
    assert res(s, 0, "gears") == 3


# --- using another card's abilities ---------------------------------------------------------

PUPPETS = '''game "Puppets" extends "example"
card "Puppeteer": Action {
  text "Use an ability of a Thing another player controls as if it were yours."
  effect {
    choose t from Thing cards where it.controller != you prompt "Borrow" { use ability of t }
  }
}
card "Twin Lever": Thing - Machine {
  text "Action: gain 1 gear. Action: gain 2 gears if you have none."
  ability "Pull": uses action_play { gain 1 gears }
  ability "Yank": uses action_play, if gears == 0 { gain 2 gears }
}
card "Winder": Action {
  text "Use the Wind ability of a Spring Press in play."
  effect { use ability "Wind" of first(cards named "Spring Press") }
}
'''


def test_a_card_uses_another_players_cards_ability_without_paying_its_cost():
    s = given(PUPPETS, hands={0: ["Puppeteer"]}, areas={1: ["Spring Press"]},
              deck_cards=["Oil Can"] * 4)
    play(s, "play_action: Puppeteer")          # Wind would spend an Action play: none is left
    assert card(s, "area:1", "Spring Press").counters == {"charge": 1}
    assert "P1 uses Spring Press: Wind" in [e.text for e in s.game.log]


def test_the_user_picks_among_the_abilities_whose_conditions_hold_for_them():
    s = given(PUPPETS, hands={0: ["Puppeteer"]}, areas={1: ["Twin Lever"]},
              deck_cards=["Oil Can"] * 4)
    play(s, "play_action: Puppeteer")
    assert s.legal() == ["Pull", "Yank"]
    play(s, "Yank")
    assert res(s, 0, "gears") == 2 and res(s, 1, "gears") == 0    # `you` is the user


def test_an_ability_is_used_by_name():
    s = given(PUPPETS, hands={0: ["Winder"]}, areas={0: ["Spring Press"]},
              deck_cards=["Oil Can"] * 4)
    play(s, "play_action: Winder")
    assert card(s, "area:0", "Spring Press").counters == {"charge": 1}


def test_an_unknown_ability_name_is_an_error_where_it_is_written():
    with pytest.raises(DeckError) as err:
        load_text(PUPPETS.replace('"Wind" of', '"Wnid" of'), "puppets.deck")
    assert str(err.value) == (
        "puppets.deck:15:12: error: unknown ability `Wnid`\n"
        '   15 |   effect { use ability "Wnid" of first(cards named "Spring Press") }\n'
        "      |            ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        "  hint: did you mean `Wind`?")


# --- tokens that are copies of cards --------------------------------------------------------

COPIES = '''game "Copies" extends "example"
card "Duplicator": Thing - Machine {
  text "Action: create a token that is a copy of a Thing you control."
  ability "Copy": uses action_play {
    choose t from Thing cards you control where it != this prompt "Copy" {
      create 1 copy of t in your area
    }
  }
}
'''


def test_a_token_is_created_as_a_copy_of_a_card_and_has_its_text():
    s = given(COPIES, hands={0: []}, areas={0: ["Duplicator", "Windmill"]},
              deck_cards=["Oil Can"] * 4)
    play(s, "Duplicator: Copy")
    copies = [c for c in s.state.zones["area:0"].cards if c.token]
    assert [c.name for c in copies] == ["Windmill"]
    assert s.game.is_type(copies[0], "Machine")
    before = res(s, 0, "gears")
    play(s, "pass", "pass")                    # P2's turn, then P1's: both Windmills work
    assert res(s, 0, "gears") == before + 2


def test_a_token_copy_ceases_to_exist_when_it_leaves_play():
    s = given(COPIES, hands={0: []}, areas={0: ["Duplicator", "Windmill"]},
              deck_cards=["Oil Can"] * 4)
    play(s, "Duplicator: Copy")
    copy = next(c for c in s.state.zones["area:0"].cards if c.token)
    s.run_effect("destroy first(cards named \"Windmill\" where it.token)")
    assert copy.id not in s.state.cards and names(s, "discard_pile") == []
    assert names(s, "area:0") == ["Duplicator", "Windmill"]


def test_an_attachment_taken_by_another_player_leaves_its_host():
    s = given(HARBOUR, hands={0: ["Grab"]}, areas={1: ["Barge", "Crate"]},
              deck_cards=["Oil Can"] * 4)
    barge, crate = loaded(s, "area:1")
    s.run_effect("give control of first(cards named \"Crate\") to you")
    assert names(s, "area:0") == ["Crate"] and crate.attached_to is None
    assert barge.zone.key == "area:1"
