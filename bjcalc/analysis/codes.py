"""The vocabulary of a printed strategy chart: its up card columns, the actions, the codes
and their meanings, and what a code tells a hand to do (:func:`resolve`).

Chart codes: H hit, S stand, Dh/Ds double (else hit/stand), P split, Rh/Rs/Rp surrender
(where surrender is not offered: hit/stand/split): the letters after the first say what to do
where it is not allowed.  A pair code of P and more letters splits where doubling after a split
is allowed and otherwise reads on as the code after the P: Ph, Ps, Pdh, Pds, Prh, Prs, Prp
(``Prp``: split with DAS; without, surrender, else split).

A total's code is for its first two cards; after a hit (three or more cards) or a split, a hand
plays the code's last letter, unless the code ends in an after-hit suffix
(:data:`AFTER_HIT_LEGEND`): ``+D`` or ``+R`` (with doubling on any number of cards or
surrender at any time: a hand of three or more cards doubles or surrenders where it may),
``+H`` or ``+S`` (after a hit or a split: hit or stand, not the letter before: ``Rh+S`` on
16 v T is surrender; where surrender is not offered, hit; after a hit or a split, stand), or
``+Dh``, ``+Ds``, ``+Rh``, ``+Rs`` (both).  :meth:`TotalDependentStrategy.from_chart
<bjcalc.game.strategy.TotalDependentStrategy.from_chart>` reads the same codes;
:func:`strategy_code` writes one as the strategy itself does.

>>> UPS[0], UPS[-1], LETTER_ACTION["R"]
('2', 'A', 'surrender')
>>> resolve("Dh", ["stand", "hit"]), without_das("Prp")
('hit', 'Rp')
>>> plays = ["stand", "hit", "surrender"]
>>> resolve("Rh+S", plays), resolve("Rh+S", plays[:2]), resolve("Rh+S", plays[:2], cards=3)
('surrender', 'hit', 'stand')
"""

from __future__ import annotations

from typing import Iterable

from ..core.actions import may_hit, must_hit
from ..core.rules import Rules
from ..game.variants import variant_of
from ..game.strategy import NOT_DEALT, UP_LABEL, UP_ORDER, das_codes_split, split_after_hit, strategy_code

__all__ = ["UPS", "ACTIONS", "LETTER_ACTION", "NOT_DEALT", "LEGEND", "AFTER_HIT_LEGEND", "NOT_DEALT_LEGEND",
           "is_das_code", "without_das", "split_after_hit", "after_hit_code", "strategy_code", "code_action", "resolve",
           "cell_plays"]

UPS: tuple[str, ...] = tuple(UP_LABEL.get(up, str(up)) for up in UP_ORDER)
"""Up card labels in chart order: 2 ... 9, T, A."""
ACTIONS: tuple[str, ...] = ("stand", "hit", "double", "split", "surrender")
"""Every action of a first-two-card hand, in the order ties go to."""
LETTER_ACTION: dict[str, str] = {"H": "hit", "S": "stand", "D": "double", "P": "split", "R": "surrender"}
"""The action a code's (upper case) letter names; a cell takes its first letter's action."""
_IF_DAS = "split if doubling after a split is allowed, else "
LEGEND: tuple[tuple[str, str], ...] = (
    ("H", "hit"), ("S", "stand"), ("Dh", "double, else hit"), ("Ds", "double, else stand"),
    ("P", "split"), ("Ph", _IF_DAS + "hit"), ("Ps", _IF_DAS + "stand"),
    ("Pdh", _IF_DAS + "double (else hit)"), ("Pds", _IF_DAS + "double (else stand)"),
    ("Prh", _IF_DAS + "surrender (else hit)"), ("Prs", _IF_DAS + "surrender (else stand)"),
    ("Prp", _IF_DAS + "surrender (else split)"),
    ("Rh", "surrender; where surrender is not offered, hit"),
    ("Rs", "surrender; where surrender is not offered, stand"),
    ("Rp", "surrender; where surrender is not offered, split"))
"""Every code a chart writes, with its meaning (the DAS codes are :data:`bjcalc.game.strategy.DAS_CODES`)."""
AFTER_HIT_LEGEND: tuple[tuple[str, str], ...] = (
    ("+D", "after a hit too (three or more cards): double where allowed"),
    ("+R", "after a hit too (three or more cards): surrender where allowed"),
    ("+H", "after a hit or a split: hit"),
    ("+S", "after a hit or a split: stand"),
    ("+Dh", "after a hit: double where allowed, else hit (after a split: hit)"),
    ("+Ds", "after a hit: double where allowed, else stand (after a split: stand)"),
    ("+Rh", "after a hit: surrender where allowed, else hit (after a split: hit)"),
    ("+Rs", "after a hit: surrender where allowed, else stand (after a split: stand)"))
"""The suffixes of a total's code, with their meaning: ``+D``/``+R``
(:data:`bjcalc.game.strategy.AFTER_HIT_CODES`) keep the code's last letter after a hit or a
split; the others name their own (a surrender code's last letter is the play where surrender
is not offered, which can differ from the play after a hit)."""
NOT_DEALT_LEGEND: tuple[tuple[str, str], ...] = ((NOT_DEALT, "not dealt: the shoe holds no card of that value"),)
"""The cell of an up card a (depleted or custom) shoe cannot deal, with its meaning."""


def after_hit_code(code: str) -> str:
    """The code a hand of three or more cards plays (after a hit): the suffix's action, else
    the code's last letter (upper case: a plain hit or stand).

    >>> after_hit_code("Rh+S"), after_hit_code("Dh+D"), after_hit_code("Rs"), after_hit_code("Rh+Ds")
    ('S', 'Dh', 'S', 'Ds')
    """
    two, after = split_after_hit(code)
    if after[-1:] in ("H", "S", "h", "s"):
        return after[1:]
    return after[1:] + two[-1] if after else two[-1].upper()


def code_action(code: str) -> str:
    """The action a code (or a legend entry such as ``+D``) leads with, for colouring.

    A rescue table's cell (Spanish 21: ``≤16``, ``13``, ``13-15,17`` the doubled totals given up
    for the original bet, ``no`` none) leads with surrendering the doubled hand, or standing.

    >>> code_action("Dh+D"), code_action("+R"), code_action("Prp"), code_action(NOT_DEALT)
    ('double', 'surrender', 'split', 'none')
    >>> code_action("≤16"), code_action("13-15,17"), code_action("no"), code_action("Ds/D/H/H/H/H")
    ('surrender', 'surrender', 'stand', 'double')
    """
    if code == NOT_DEALT:
        return "none"
    if code == "no":
        return "stand"
    if code[:1] == "≤" or code[:1].isdigit():
        return "surrender"
    return LETTER_ACTION[code.lstrip("+")[0].upper()]


def is_das_code(code: str) -> bool:
    """Whether ``code`` splits only where doubling after a split is allowed (``Ph``, ``Prp`` ...).

    >>> is_das_code("Ph"), is_das_code("P"), is_das_code("Rp")
    (True, False, False)
    """
    return len(code) > 1 and code[0] == "P"


def without_das(code: str) -> str:
    """What a code says where doubling after a split is not allowed.

    >>> without_das("Prp"), without_das("Pdh"), without_das("Ph"), without_das("Rh")
    ('Rp', 'Dh', 'H', 'Rh')
    """
    return code[1].upper() + code[2:] if is_das_code(code) else code


def resolve(code: str, allowed: Iterable[str], das: bool = True, cards: int = 2) -> str:
    """The action a chart code means for a hand of ``cards`` cards whose allowed actions are
    ``allowed``; ``das``: whether doubling after a split is allowed (for ``Ph``, ``Prp`` ...).
    A hand of three or more cards plays :func:`after_hit_code`: the after-hit suffix where
    allowed, else its hit/stand letter (the two-card double or surrender is not for it).

    >>> resolve("Dh", ["stand", "hit"]), resolve("Rp", ["stand", "hit", "split"]), resolve("S", ["hit"])
    ('hit', 'split', 'hit')
    >>> resolve("Prp", ["stand", "hit", "split", "surrender"], das=False), resolve("Prp", ["hit", "split"])
    ('surrender', 'split')
    >>> resolve("Dh+D", ["stand", "hit", "double"], cards=3), resolve("Dh", ["stand", "hit", "double"], cards=3)
    ('double', 'hit')
    """
    allowed = list(allowed)
    code = after_hit_code(code) if cards > 2 else split_after_hit(code)[0]
    if is_das_code(code):
        if das and "split" in allowed:
            return "split"
        code = without_das(code)
    for letter in code:
        action = LETTER_ACTION[letter.upper()]
        if action in allowed:
            return action
    for action in ("hit", "stand"):
        if action in allowed:
            return action
    return allowed[0]


def cell_plays(row: str, code: str, rules: Rules) -> tuple[str, ...]:
    """What a chart cell's ``code`` makes the hands of its ``row`` do under ``rules`` (by
    :func:`resolve`): for a total, its unsplit first two cards, its hands of three or more cards
    and (where pairs split) a split hand's first two cards; for a pair, its own first play (none
    where pairs do not split: a pair then plays its total's row).  Two codes play alike under
    the rules exactly where their plays are equal: ``Ph`` and ``P`` where doubling after a split
    is allowed, ``Dh`` and ``H`` on a total that may not double.

    A hand may stand unless the rules make it hit, and hit unless it holds 21 where the rules
    forbid that (:func:`~bjcalc.core.actions.must_hit`, :func:`~bjcalc.core.actions.may_hit`); it
    may double where the variant offers it (:meth:`~bjcalc.game.variant.Variant.may_double`: the
    rules' :meth:`~bjcalc.core.rules.Rules.can_double`, and Free Bet's free doubles; after a hit
    only with ``double_after_hit``, a split hand where the variant lets it: with DAS, or Free
    Bet's free double), and surrender where the rules offer it (after a hit only with
    ``surrender="any_time"``).  The DAS codes (``Ph`` ...) split where the rules double after a
    split (DAS, the money rule), as the chart reader reads them.  A lone ``D`` or ``R`` falls back
    to hitting below 17, as the chart reader reads it.

    >>> cell_plays("hard 9", "Dh", Rules(double_on="10-11")) == cell_plays("hard 9", "H", Rules(double_on="10-11"))
    True
    >>> cell_plays("hard 16", "Rh+S", Rules(surrender="late")), cell_plays("pair 2,2", "Ph", Rules())
    (('surrender', 'stand', 'stand'), ('split',))
    """
    kind, _, what = row.partition(" ")
    variant = variant_of(rules)      # (whose doubles these are: Free Bet's free ones whatever the money doubles)
    das = das_codes_split(rules)       # (as the chart reader splits them)
    if kind == "pair":
        if not rules.splits:
            return ()
        card = {"A": 1, "T": 10}.get(what[0]) or int(what[0])
        total, soft, hard = (12, True, 2) if card == 1 else (2 * card, False, 2 * card)
    else:
        total, soft = int(what), kind == "soft"
        hard = total - 10 if soft else total
        if code in ("D", "R"):
            code += "h" if total < 17 else "s"
    hit = may_hit(rules, total, 2, 22)         # (a card limit is the hands', not the chart's)
    plays = ([] if must_hit(rules, total, hit) else ["stand"]) + (["hit"] if hit else [])
    def offered(split: bool = False, cards: int = 2) -> list[str]:
        return ["double"] if variant.may_double(rules, hard, soft, split, cards) else []

    double = offered()
    surrender = ["surrender"] if rules.surrender != "none" else []
    if kind == "pair":
        return (resolve(code, plays + double + ["split"] + surrender, das),)
    first = resolve(code, plays + double + surrender, das)
    later = resolve(code, plays + offered(cards=3) +
                    (surrender if rules.surrender == "any_time" else []), das, cards=3)
    if not rules.splits:
        return first, later
    split_double = split_after_hit(code)[0][:1] == "D" and das and offered(split=True)
    return first, later, "double" if split_double else resolve(code, plays, das, cards=3)
