"""Plays an effect, an ability or a choice makes (issue 13): what is legal is what is offered.

A choice whose first step is a call the rules may refuse asks that call first: its
action's `if`, a `static forbid` of it and, for the call that plays a card (`target
for`, the base deck's `play`), the card's own `require`s while it is out of play.

* A `choose` whose body starts by calling an action with the chosen card offers only the
  cards the call takes; with none left it asks nothing and its block does not run (as any
  `choose` with nothing to choose from). A card typed that it left out is refused with the
  rule that refuses it.
* A `may` whose first step is a call that would be refused is not asked.
* An ability whose first step is such a call (`play this`, from the hand) is not offered,
  and typed it is refused with that rule.
"""
from deckwright.dsl.loader import load_text
from tests.scenario import all_pass, given, play

DECK = '''game "Effect plays" extends "example"

mark fresh

card "Quiet Hours": Thing - Trinket {
  text "Other players can't play Actions."
  static forbid play where event.card is Action and event.player != you
}

card "Glue Pot": Thing - Trinket {
  text "No one can discard a Trinket."
  static forbid discard where event.card is Trinket
}

card "Aegis": Thing - Trinket {
  text "No one can play an Action that targets a Thing you control."
  static forbid play where event.card is Action \\
      and count (Thing cards you control where it is in event.targets) > 0
}

card "Sealed Vault": Action {
  text "This card can not be played."
  require false else "this card can not be played"
}

card "Fresh Idea": Action {
  text "Can't be used the turn you acquire it. Gain 2 gears."
  require not (this has fresh) else "it can't be used the turn you acquire it"
  effect { gain 2 gears }
}

card "Wrecking Ball": Action {
  text "Destroy target Thing."
  target t from Thing cards prompt "Wreck what?"
  effect { destroy t }
}

card "Encore": Action {
  text "You may play an Action from your hand."
  effect {
    choose c from Action cards in your hand optional prompt "Play an Action" { play c }
  }
}

card "Understudy": Action {
  text "Play an Action from your hand, then draw a card."
  effect {
    choose c from Action cards in your hand prompt "Play which Action?" { play c }
    draw 1
  }
}

card "Lookout": Action {
  text "Look at the top two cards of the draw pile. You may play one of them."
  effect {
    let seen = top(deck, 2)
    choose c from seen optional prompt "Play one" { play c }
  }
}

card "Archmage": Thing {
  text "Once per turn: you may play an Action from your hand."
  ability "Cast": once per turn {
    choose c from Action cards in your hand optional prompt "Play an Action" { play c }
  }
}

card "Quick Trick": Action {
  text "You may play Quick Trick from your hand at any point of your turn. Can't be used the turn you acquire it. Gain 1 gear."
  require not (this has fresh) else "it can't be used the turn you acquire it"
  ability "Flash": from hand { play this }
  effect { gain 1 gears }
}

card "Echo": Thing {
  text "When Echo enters play, you may play the top card of the discard pile."
  when enter where event.card == this {
    may "Play the top card of the discard pile?" { play top(discard_pile) }
  }
}

card "Busker": Thing {
  text "When Busker enters play, choose one: play the top card of the discard pile, or gain 1 gear."
  when enter where event.card == this {
    choose one {
      "Play the top card of the discard pile" { play top(discard_pile) }
      "Gain 1 gear" { gain 1 gears }
    }
  }
}

card "Prompter": Action {
  text "Use the Flash ability of a Quick Trick in your hand."
  effect { use ability "Flash" of first(cards in your hand where it.name == "Quick Trick") }
}

action hex(victim) {
  as victim { lose 1 gears }
}

card "Hex Doll": Action {
  text "A player loses a gear."
  effect { choose p from players prompt "Hex whom?" { hex p } }
}

card "Warding Charm": Thing - Trinket {
  text "You can't be hexed."
  static forbid hex where event.victim == you
}

card "Junk Drawer": Thing {
  text "Action: you may discard a card to gain 1 gear."
  ability "Rummage": uses action_play {
    choose c from cards in your hand optional prompt "Discard a card" {
      discard c
      gain 1 gears
    }
  }
}
'''


def passes(body: str) -> bool:
    return all_pass(body, DECK)


# --- an effect's play ---------------------------------------------------------------------

def test_an_effects_choice_of_a_card_to_play_leaves_out_a_forbidden_one():
    assert passes('''
        scenario "Under the Aegis the Encore does not offer the Wrecking Ball" {
          given {
            hand of P1: "Encore", "Wrecking Ball", "Fresh Idea"
            area of P2: "Windmill", "Aegis"
            deck top: "Gearbox" x 6
          }
          when {
            P1 chooses "play_action: Encore"
            P1 chooses "Wrecking Ball" refused: "Wrecking Ball is not allowed: Aegis forbids it"
          }
          then {
            P1 is asked "Play an Action"
            P1 may choose "Fresh Idea"
            P1 may not choose "Wrecking Ball"
          }
        }''')


def test_an_effects_choice_of_a_card_to_play_leaves_out_a_card_its_require_refuses():
    assert passes('''
        scenario "The Encore offers no Sealed Vault, nor a Fresh Idea acquired this turn" {
          given {
            hand of P1: "Encore", "Sealed Vault", "Fresh Idea" (marked fresh), "Oil Can"
            deck top: "Gearbox" x 6
          }
          when {
            P1 chooses "play_action: Encore"
            P1 chooses "Sealed Vault" refused: "Sealed Vault is not allowed: this card can not be played"
            P1 chooses "Fresh Idea" refused: "Fresh Idea is not allowed: it can't be used the turn you acquire it"
          }
          then {
            P1 is asked "Play an Action"
            P1 may choose "Oil Can"
            P1 may not choose "Sealed Vault"
            P1 may not choose "Fresh Idea"
          }
        }''')


def test_with_no_card_left_to_play_nothing_is_asked_and_the_effect_goes_on():
    assert passes('''
        scenario "Every Action in hand is forbidden: the Encore asks nothing" {
          given {
            hand of P1: "Encore", "Sealed Vault"
            deck top: "Gearbox" x 6
          }
          when { P1 chooses "play_action: Encore" }
          then {
            P1 is asked "your move"
            hand of P1 has "Sealed Vault"
            discard_pile is "Encore"
          }
        }
        scenario "The Understudy has no Action to play, and still draws its card" {
          given {
            hand of P1: "Understudy", "Sealed Vault"
            deck top: "Gearbox", "Windmill"
          }
          when { P1 chooses "play_action: Understudy" }
          then {
            P1 is asked "your move"
            hand of P1 is "Sealed Vault", "Gearbox", "Windmill"
          }
        }''')


def test_a_choice_that_must_take_one_takes_the_only_card_it_may_play():
    assert passes('''
        scenario "The Understudy plays the Fresh Idea without asking: the Sealed Vault is not an option" {
          given {
            hand of P1: "Understudy", "Sealed Vault", "Fresh Idea"
            deck top: "Gearbox" x 6
          }
          when { P1 chooses "play_action: Understudy" }
          then {
            gears of P1 is 2
            discard_pile has "Understudy", "Fresh Idea"
            hand of P1 has "Sealed Vault"
          }
        }''')


def test_a_choice_among_cards_seen_leaves_out_a_forbidden_one():
    assert passes('''
        scenario "Under the Aegis the Lookout may play the Gearbox it sees, not the Wrecking Ball" {
          given {
            hand of P1: "Lookout"
            area of P2: "Windmill", "Aegis"
            deck top: "Oil Can", "Wrecking Ball", "Gearbox"
          }
          when { P1 chooses "play_action: Lookout" }
          then {
            P1 is asked "Play one"
            P1 may choose "Gearbox"
            P1 may not choose "Wrecking Ball"
          }
        }''')


def test_a_choice_that_leads_to_any_forbidden_call_leaves_out_what_it_forbids():
    # Not only plays: the Glue Pot forbids discarding a Trinket, so the Junk Drawer does not
    # offer one.
    assert passes('''
        scenario "The Junk Drawer does not offer the Music Box under the Glue Pot" {
          given {
            hand of P1: "Music Box", "Oil Can"
            area of P1: "Junk Drawer"
            area of P2: "Glue Pot"
            deck top: "Gearbox" x 6
          }
          when {
            P1 chooses "Junk Drawer: Rummage"
            P1 chooses "Music Box" refused: "Music Box is not allowed: Glue Pot forbids it"
          }
          then {
            P1 is asked "Discard a card"
            P1 may choose "Oil Can"
            P1 may not choose "Music Box"
          }
        }''')


def test_a_choice_of_a_player_leaves_out_one_a_forbid_protects():
    assert passes('''
        scenario "P2's Warding Charm keeps P2 out of the Hex Doll's choice" {
          given {
            players 3
            hand of P1: "Hex Doll"
            area of P2: "Warding Charm"
            gears of P2 = 2
            gears of P3 = 2
            deck top: "Gearbox" x 6
          }
          when {
            P1 chooses "play_action: Hex Doll"
            P1 chooses "P2" refused: "P2 is not allowed: Warding Charm forbids it"
            P1 chooses "P3"
          }
          then {
            gears of P2 is 2
            gears of P3 is 1
          }
        }''')


# --- an ability's play --------------------------------------------------------------------

def test_an_ability_that_plays_a_forbidden_card_is_not_offered():
    assert passes('''
        scenario "Under P2's Quiet Hours the Quick Trick's Flash is not offered" {
          given {
            hand of P1: "Quick Trick"
            area of P2: "Quiet Hours"
            deck top: "Gearbox" x 6
          }
          when {
            P1 chooses "Quick Trick: Flash" refused: "Quick Trick: Flash is not allowed: Quiet Hours forbids it"
          }
          then {
            P1 is asked "your move"
            P1 may not choose "Quick Trick: Flash"
            P1 may choose "play_thing: Gearbox"
            hand of P1 has "Quick Trick"
          }
        }
        scenario "Without them it is offered, and plays the card" {
          given {
            hand of P1: "Quick Trick"
            deck top: "Oil Can" x 6
          }
          when { P1 chooses "Quick Trick: Flash" }
          then {
            gears of P1 is 1
            discard_pile is "Quick Trick"
          }
        }
        scenario "A Quick Trick acquired this turn is held back by its require" {
          given {
            hand of P1: "Quick Trick" (marked fresh)
            deck top: "Oil Can" x 6
          }
          when {
            P1 chooses "Quick Trick: Flash" refused: "Quick Trick: Flash is not allowed: it can't be used the turn you acquire it"
          }
          then { P1 may not choose "Quick Trick: Flash" }
        }''')


def test_an_abilitys_choice_of_a_card_to_play_leaves_out_a_forbidden_one():
    assert passes('''
        scenario "The Archmage's Cast does not offer the Sealed Vault" {
          given {
            hand of P1: "Sealed Vault", "Oil Can"
            area of P1: "Archmage"
            deck top: "Gearbox" x 6
          }
          when {
            P1 chooses "Archmage: Cast"
            P1 chooses "Sealed Vault" refused: "Sealed Vault is not allowed: this card can not be played"
          }
          then {
            P1 is asked "Play an Action"
            P1 may choose "Oil Can"
          }
        }''')


# --- a `may` --------------------------------------------------------------------------

def test_a_may_whose_play_is_forbidden_is_not_asked():
    assert passes('''
        scenario "Under Quiet Hours the Echo does not ask to play the Oil Can" {
          given {
            hand of P1: "Echo"
            area of P2: "Quiet Hours"
            discard_pile: "Oil Can"
            deck top: "Gearbox" x 6
          }
          when { P1 chooses "play_thing: Echo" }
          then {
            P2 is asked "your move"     # P1 had nothing left to do: the question never came
            discard_pile is "Oil Can"
          }
        }
        scenario "Without them the Echo asks" {
          given {
            hand of P1: "Echo"
            discard_pile: "Oil Can"
            deck top: "Gearbox" x 6
          }
          when { P1 chooses "play_thing: Echo" }
          then { P1 is asked "Play the top card of the discard pile?" }
        }''')


def test_players_choosing_at_random_are_never_offered_a_play_the_rules_refuse():
    # Under P2's forbids (Quiet Hours: no Action of P1's; or the Aegis and the Glue Pot)
    # and with Sealed Vaults about, every option offered in a few turns is taken (none is
    # refused), and no play the players' choices lead to is refused as it is made.
    from deckwright.dsl.agents import RandomAgent
    program = load_text(DECK, "effect_plays.deck")
    for seed in range(8):
        bot = RandomAgent(seed)
        forbids = ["Quiet Hours"] if seed % 2 else ["Aegis", "Glue Pot"]
        s = given(program, seed=seed,
                  hands={0: ["Encore", "Quick Trick", "Lookout", "Understudy", "Echo",
                             "Sealed Vault"]},
                  areas={0: ["Archmage", "Junk Drawer"], 1: forbids},
                  zones={"discard_pile": ["Oil Can"]},
                  deck_cards=["Wrecking Ball", "Music Box", "Sealed Vault", "Quick Trick",
                              "Encore", "Gearbox"] * 6)
        where = []
        for _ in range(150):
            if s.is_over:
                break
            d = s.decision
            choice = bot.choose(s.game, d)
            where += [(c, c.zone) for c in _played(d, choice)]
            assert s.apply(choice) is None
            if s.decision is None or s.decision.prompt != "Wreck what?":   # its target, first
                assert [c for c, zone in where if c.zone is zone] == []    # each was played
                where = []
        assert s.state.players[1].turns >= 2 or s.is_over
        assert not [e.text for e in s.game.log if "forbidden" in e.text]


PLAYING = {"Play an Action", "Play which Action?", "Play one"}


def _played(d, choice) -> list:
    """The cards an answer to ``d`` plays: those chosen at a question to play one, or the
    card of a Flash."""
    picks = choice if isinstance(choice, tuple) else (choice,)
    if d.kind == "choose" and d.prompt in PLAYING:
        return [d.values[i] for i in picks]
    return [d.values[i][1][0] for i in picks if d.kind == "move" and d.values[i][0] == -1
            and d.labels[i].endswith(": Flash")]


ENCORES = '''game "Encores" extends "dvorak"
card "Sealed Vault": Action x 20 {
  text "This card can not be played."
  require false else "this card can not be played"
}
card "Encore": Action x 20 {
  text "You may play an Action from your hand."
  effect {
    choose c from Action cards in your hand optional prompt "Play an Action" { play c }
  }
}
'''


def test_the_repl_answers_a_card_an_effect_may_not_play_with_the_rule(tmp_path):
    from deckwright.repl.commands import Processor
    deck = tmp_path / "encores.deck"
    deck.write_text(ENCORES)
    proc = Processor(str(deck), seed=7)          # P1 holds two Encores and Sealed Vaults
    assert proc.execute("choose play_action: Encore #1").ok
    assert proc.session.decision.prompt == "Play an Action"
    assert proc.session.decision.labels == ["Encore"]
    said = "Sealed Vault is not allowed: this card can not be played"
    assert proc.problem("Sealed Vault") == said
    assert proc.execute("choose Sealed Vault").text() == f"error: {said}"
    assert proc.session.decision.prompt == "Play an Action"      # still asked



def test_an_option_of_choose_one_whose_play_is_forbidden_is_left_out():
    assert passes('''
        scenario "Under Quiet Hours the Busker's only option is taken without asking" {
          given {
            hand of P1: "Busker"
            area of P2: "Quiet Hours"
            discard_pile: "Oil Can"
            deck top: "Gearbox" x 6
          }
          when { P1 chooses "play_thing: Busker" }
          then {
            gears of P1 is 1
            discard_pile is "Oil Can"
          }
        }
        scenario "Without them the Busker asks" {
          given {
            hand of P1: "Busker"
            discard_pile: "Oil Can"
            deck top: "Gearbox" x 6
          }
          when { P1 chooses "play_thing: Busker" }
          then {
            P1 is asked "choose one"
            P1 may choose "Play the top card of the discard pile"
          }
        }''')


def test_use_ability_of_a_card_whose_play_is_refused_does_nothing():
    assert passes('''
        scenario "The Prompter uses the Flash of a Quick Trick acquired before this turn" {
          given {
            hand of P1: "Prompter", "Quick Trick"
            deck top: "Gearbox" x 6
          }
          when { P1 chooses "play_action: Prompter" }
          then {
            gears of P1 is 1
            discard_pile has "Quick Trick"
          }
        }
        scenario "... and of none acquired this turn" {
          given {
            hand of P1: "Prompter", "Quick Trick" (marked fresh)
            deck top: "Gearbox" x 6
          }
          when { P1 chooses "play_action: Prompter" }
          then {
            gears of P1 is 0
            hand of P1 has "Quick Trick"
          }
        }''')
