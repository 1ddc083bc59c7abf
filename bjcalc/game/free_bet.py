"""Free Bet Blackjack (Geoff Hall; Scientific Games): free doubles and free splits.

The house puts up a free chip for the player's double on a two-card hard 9, 10 or 11
(split hands too) and for each new hand of a split of any pair but ten-values (resplits
to four hands, aces too); other doubles and a split of tens cost money as usual.  A
dealer 22 pushes every hand still in play; a player natural is paid 3:2.

How a free chip is valued.  A free chip pays +1 when its hand wins and nothing when it
pushes or loses (:data:`~bjcalc.core.wagers.FREE_CHIP`), so a hand's result is the sum of
its chips', each paid from its own table (:class:`~bjcalc.engine.settlement.Settlement`).
The engine values the hands once per kind of chip: one pass with money payoffs, one with
free-chip payoffs, on the same nodes.  A double takes one card and stands, so its value is
the sum over its chips of the chip's one-card value, which is half the engine's double (two
chips of that kind): a free double is ``money/2 + free/2`` of the two passes' doubles.  A
split puts the original (money) wager on the first hand and a free chip on every hand split
off (:mod:`bjcalc.engine.splits` values hand 1 and the later hands with their own values):
hand 1 plays to win its money chip, a free hand plays to win its free chip (it may hit
where a money hand stands: busting costs it nothing), each by the post-split strategy's
reference cards.  A free hand that doubles for money carries a free and a money chip.

A free double after a hit (the launch rules' option) is a choice inside the engine's own
recursion, not the round's: the money pass values a hand of three or more cards with a hard
9-11 doubling as its money chip after one card plus a free chip's, read from the free-chip
pass on the same nodes (:meth:`~bjcalc.engine.player.PlayerEngine.double_with`), and a free
hand's double there is two free chips, its own pass's double.

A TD chart (:mod:`bjcalc.game.strategy`) is one chart for every hand: the hands split off
play it too, each valued for its own chip.  The round's distribution
(:mod:`bjcalc.game.distribution`, :mod:`bjcalc.game.moments`)
settles each hand's chips from their own tables, the first split hand playing for money and
the hands split off for their free chips; the Pot of Gold side bet counts the free chips a
round gives (:mod:`bjcalc.game.free_chips`).

Options: ``free_split_fours`` (default True; False: the 2012 launch rules, where a pair of
4s splits for money), ``free_double_any_cards`` (default False; True: free doubles on a
hard 9-11 of any number of cards, split hands too, the launch rules; the Pot of Gold count
does not follow it yet).

>>> from bjcalc.core.rules import Rules
>>> FreeBet().double_wager(Rules(), 10, False).name, FreeBet().split_wager(Rules(), 10).name
('free', 'money')
"""

from __future__ import annotations

from typing import Optional

from ..core.errors import RulesError
from ..core.words import rule
from ..core.rules import Rules
from ..core.wagers import FREE_CHIP, MONEY, Wager
from .variant import Option, Variant

__all__ = ["FreeBet"]


class FreeBet(Variant):
    """Free Bet Blackjack: free doubles on hard 9-11, free splits but tens, dealer 22 pushes."""

    name = "free_bet"
    round_name = "free_bet"
    round_words = "its free chips"
    aliases = ("freebet", "free_bet_blackjack")
    title = "Free Bet Blackjack"
    defaults = dict(decks=6, dealer_hits_soft_17=True, blackjack_pays="3:2", hole_card="peek", double_on="any",
                    double_soft=True, double_after_split=True, max_split_hands=4, resplit_aces=True,
                    hit_split_aces=False, double_split_aces=False, surrender="none", dealer_22_pushes=True)
    open_rules = {"decks": (6, 8), "dealer_hits_soft_17": (True, False)}
    options = {
        "free_split_fours": Option(True, (True, False), "a pair of 4s splits free (False: for money, the "
                                                        "2012 launch rules)", open=True),
        "free_double_any_cards": Option(False, (False, True), "free doubles on hard 9-11 of any number of "
                                                              "cards, after hits too (the launch rules)", open=True),
    }
    covers = frozenset({"the CD game", "hand values", "fixed play", "effects of removal with reoptimized play",
                        "a chart's list of CD exceptions",
                        "the round's distribution", "counting", "TD play", "a strategy chart", "the report"})

    def check(self, rules: Rules) -> None:
        super().check(rules)
        if rules.double_after_hit or rules.surrender == "any_time":
            raise RulesError(f"Free Bet Blackjack doubles on two cards only and gives up a hand only on its first "
                             f"two cards: use {rule('double_after_hit', False)} and {rule('surrender', 'late')}")
        if not rules.dealer_22_pushes:
            raise RulesError(f"Free Bet Blackjack pushes a dealer 22 (it pays for the free chips): keep "
                             f"{rule('dealer_22_pushes', True)}")

    def wagers(self, rules: Rules) -> tuple[Wager, ...]:
        return (MONEY, FREE_CHIP)

    def double_wager(self, rules: Rules, hard: int, soft: bool, split: bool = False,
                     cards: int = 2) -> Optional[Wager]:
        if not soft and 9 <= hard <= 11 and (cards == 2 or self.option(rules, "free_double_any_cards")):
            return FREE_CHIP
        return super().double_wager(rules, hard, soft, split, cards)

    def split_wager(self, rules: Rules, pair: int) -> Wager:
        if pair == 10 or (pair == 4 and not self.option(rules, "free_split_fours")):
            return MONEY
        return FREE_CHIP

    def free_actions(self, rules: Rules) -> str:
        cards = "any number of cards" if self.option(rules, "free_double_any_cards") else "two cards"
        pairs = "tens" if self.option(rules, "free_split_fours") else "tens and 4s"
        return (f"free: a double on {cards} making hard 9-11 (split hands too) and a split of any pair but "
                f"{pairs}; other doubles and splits cost money")

    def chart_notes(self, rules: Rules) -> list[str]:
        fours = "" if self.option(rules, "free_split_fours") else " and 4s"
        after = (" (and +D, after a hit)" if self.option(rules, "free_double_any_cards") else "")
        return [f"Free Bet: D on two cards making hard 9-11{after} is a free double, P on every pair but "
                f"tens{fours} a free split; other D and P cost money; the hands split off, on a free chip, play "
                f"this chart too"]
