"""The compiler's fast paths (chained `and`/`or`, direct property and mark reads, `count`
of a selector, `is in` a one-symbol property) give the same answers as the general ones."""
from deckwright.dsl.agents import RandomAgent
from deckwright.dsl.engine import Game
from deckwright.dsl.loader import load_text

GEMS = '''game "Gems"
players 2
type Gem
property colours = []
property weight = 0
zone pile: shared, public
mark polished
var reds = 0
var heavy_reds = 0
var any_of_four = 0
var all_of_four = 0
var unpolished = 0
var not_red = 0
var picked_weight = 0
card "Ruby": Gem { colours Red; weight 3 }
card "Opal": Gem { colours Red, Blue, Green; weight 1 }
card "Jade": Gem { colours Green; weight 2 }
card "Pearl": Gem { weight 5 }
setup {
  create 1 "Ruby" in pile
  create 1 "Opal" in pile
  create 1 "Jade" in pile
  create 1 "Pearl" in pile
  mark first(cards in pile) with polished
  set reds to count (cards in pile where Red is in it.colours)
  set heavy_reds to count (cards in pile where it.face_up and Red is in it.colours and it.weight > 2)
  set any_of_four to count (cards in pile where it.weight == 9 or Blue is in it.colours \\
      or it.weight == 5 or it.name == "Ruby")
  set all_of_four to count (cards in pile where it.face_up and it.weight > 0 \\
      and not (it has polished) and Green is in it.colours)
  set unpolished to count (cards in pile where not (it has polished))
  set not_red to count (cards in pile where Red is not in it.colours)
  let heaviest = last(cards in pile)
  set picked_weight to heaviest.weight
}
round { end game draw }
'''


def test_fast_paths_answer_like_the_rules_say():
    g = Game(load_text(GEMS, "gems.deck"), seed=1, agents=[RandomAgent(1), RandomAgent(2)])
    g.run()
    v = g.state.globals
    assert v["reds"] == 2                 # Ruby (one symbol) and Opal (a list)
    assert v["heavy_reds"] == 1           # Ruby only: Opal is light
    assert v["any_of_four"] == 3          # Opal (Blue), Pearl (5), Ruby (by name); not Jade
    assert v["all_of_four"] == 2          # Opal and Jade are green and not polished
    assert v["unpolished"] == 3           # the first card, Ruby, is polished
    assert v["not_red"] == 2              # Jade, and Pearl with no colours at all
    assert v["picked_weight"] == 5        # `x.weight` read through a local
