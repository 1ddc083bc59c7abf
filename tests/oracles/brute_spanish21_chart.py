"""Brute-force oracle: the exact EV of one round of SPANISH 21 played by a printed strategy chart.

Written from the oracle brief, shared/reference/VARIANTS.md (section 2), the chart legend the
product prints with its Spanish 21 charts, ``tests/oracles/brute_chart.py`` (its conventions for
how a chart is played, split hands above all) and ``tests/oracles/brute_spanish21.py`` (the
Spanish 21 rules), WITHOUT reading the engine in ``bjcalc/``.  Standard library only, exact
arithmetic throughout (integers, ``fractions.Fraction`` results).  From ``brute_spanish21`` it
reuses the rule object :class:`S21Rules`, ``bonus_21`` (the value of an eligible 21: the 5/6/7-card bonuses and the
6-7-8 / 7-7-7 bonus by values with suits by chance), ``make_shoe`` and ``EmptyShoeError``;
the chart reading, the round, the dealer and the settlement are written here.

``chart_ev(counts, rules, chart)`` is the exact expected net result, per unit initial bet, of
ONE round dealt from the finite shoe ``counts`` (a dict card value -> count, 1 = ace, 10 = any
ten-value card; a 10-tuple of counts, aces first, is accepted too) when every hand is played by
``chart`` (a dict row -> {up card column -> code}; the product's JSON object with a ``"table"``
key is accepted too).  It is unconditional: dealer naturals are part of it, as in
``brute_spanish21.game_ev``.  ``deal_ev(counts, rules, chart, hand, up)`` is the same for one
deal (the player's two cards and the up card; unconditional over the hole card).

Rules
-----
``rules`` is a ``brute_spanish21.S21Rules``.  Modelled: ``h17``, ``max_hands`` (1 to 4; with 3
or 4, resplits follow the chart), ``surrender`` (late), ``max_doubles`` (0: no doubling at all,
1: one double; 2 or 3: redoubling, the hand's wager 1, 2, 4, 8 as it doubles again after a
double's card, up to ``max_doubles`` doubles in all, by the chart's redouble rows), ``rescue``
(after any double's card, the first or a redouble's: brute_spanish21.py has no separate option
for rescuing a redoubled hand, its ``actions`` offer the rescue after every double with
``rescue``, and so does this oracle), ``bonus_on_split``, ``decks`` (only for the chance that a
7-7-7 is suited, through ``bonus_21``: the shoe itself is ``counts``), ``blackjack_pays``, and
the switches ``bonuses``, ``always_21``, ``double_any_cards``, ``bonus_cards_on_split``.
Refused (ValueError): ``play_21=True`` (the chart never hits a 21), ``face_pairs_win=True`` and
an infinite shoe.  Redoubling is no longer refused.

The game (as brute_spanish21.py)
--------------------------------
* Cards are drawn one at a time without replacement, each remaining card equally likely.  Deal
  order: player, up card, player, hole card (the order of the deal changes no probability).
  The hole card is dealt at the deal and stays in the round (the chart does not see it).
* Peek: the dealer has an ace or a ten up and a natural -> the round ends at once: the player
  loses 1, except a player natural, which wins ``blackjack_pays`` (``always_21=False``: pushes).
* A player natural (ace + ten-value, the two first cards of the unsplit hand) wins
  ``blackjack_pays`` at once, against everything.
* A hand of 21 (any number of cards, split hands too, not a natural) wins against every dealer
  outcome, a dealer 21 included (``always_21=False``: it is compared as any total).  Undoubled
  and eligible, it wins ``bonus_21`` (5 cards 3/2, 6 cards 2, 7+ cards 3, 6-7-8 and 7-7-7 at
  their expected payoff over the suits) in place of 1; eligible = the unsplit hand, or a split
  hand with ``bonus_on_split`` (with ``bonus_cards_on_split=False`` a split hand's 21 of 5 or
  more cards pays 1); no bonus without ``bonuses``.  A doubled 21 wins its stake 2, 4 or 8 (1:1
  on the whole wager, never a bonus).
* Otherwise: a bust loses the hand's bet (its stake: 1, or 2, 4, 8 after 1, 2, 3 doubles)
  whatever the dealer does; a dealer bust pays the bet, a higher total wins it, an equal total
  pushes, a lower total loses it.  A surrender loses 1/2; a rescued hand loses exactly 1 (per
  unit initial bet, each hand's original bet being 1), whatever it had staked.
* The dealer (no natural: the peek) stands on hard 17+, on soft 17 unless ``h17``, on soft 18+.
  He draws only when some hand's result depends on his total (not when every hand busted, was
  rescued or surrendered, or is a 21 that always wins); this changes no EV, only whether
  ``EmptyShoeError`` is raised.  Any card sequence of the round that needs a card from an empty
  shoe raises ``EmptyShoeError`` (the round's EV is then undefined here).

How the chart is played
-----------------------
Rows: ``hard 5`` .. ``hard 21``, ``soft 13`` .. ``soft 21`` (a soft total counts an ace as 11),
``pair 2,2`` .. ``pair 9,9``, ``pair T,T`` (any two ten-values), ``pair A,A``; after the j-th
double's card (j = 1, 2, 3): ``rescue hard`` / ``rescue soft`` and ``redouble hard`` /
``redouble soft`` (j = 1), ``rescue hard after 2 doubles``, ``rescue soft after 2 doubles``,
``redouble hard after 2 doubles``, ``redouble soft after 2 doubles`` (j = 2), ``rescue hard
after 3 doubles``, ``rescue soft after 3 doubles`` (j = 3).  Columns: the up card ``2`` .. ``9``,
``T``, ``A``.  Only the cells the play reaches are read: a ``-`` cell (an up card the shoe
cannot deal) or a missing cell of a row that is present raises ``ChartError``/``KeyError`` only
if it is consulted.  A rescue or redouble row that is ABSENT from the chart names no total for
any up card ("never": the product omits such a table when no up card names a total).

* Which cell.  A hand of 21 takes no cell: it stands (no hit, no double: Spanish 21 pays a 21 at
  once).  Otherwise a hand of two cards (its first decision) reads, in order: an exception for
  these two cards (``exceptions``, below), its pair row when it is a pair (two cards of one
  value) and fewer than ``max_hands`` hands exist (the unsplit hand with ``max_hands >= 2``; a
  split hand whose two first cards are again a pair, aces too: Spanish 21 resplits aces), else
  its total row.  A hand of three or more cards reads its total row.  Totals without a row (hard
  4 or less, i.e. 2,2; soft 12, i.e. A,A) hit.  A pair row decides the two-card play only:
  after its hit the hand plays by its total's row.
* Codes, by the hand's number of cards n (2, 3, ..., 7 or more):
  - plain codes ``H``, ``S``, ``Dh``, ``Ds``, ``Rh``, ``Rs`` (and the pair codes ``P``,
    ``Ph``, ``Ps``): with two cards the first letter's play, where it is not allowed the
    lowercase letter's; with three or more cards the lowercase letter (``H``/``S`` themselves).
    So a plain ``Dh`` hits a 3-card hand although Spanish 21 would let it double.
  - ``HEAD`` + a number k (``S4``, ``H3``, ``Rh5``, ``Rs5``, ``Ds3``, ...): the head's play as a
    plain code for n < k, then from k cards on the other of hit/stand than the head's fallback
    letter (``S4``: stand, hit from 4 cards; ``Rs5``: surrender, else stand, hit from 5 cards).
  - ``D`` + k, optionally a trailing letter (``D4``, ``D4s``): double with fewer than k cards
    (3-card hands too) where doubling is allowed, else the letter (``h`` when none); from k
    cards on, that letter.
  - six parts with slashes (``Rh/S/S/H/H/H``): the play for 2, 3, 4, 5, 6, 7+ cards; the first
    part a plain code with its fallback; a later part ``H`` or ``S``, or ``D`` (double, where
    not allowed hit; a ``Dh``/``Ds`` part: double, else that letter).  A later part ``R...``
    (no surrender after two cards) plays its fallback letter.
  - a whole cell ``D`` (no number, no slash; READING, not in the legend): double wherever
    allowed (any number of cards), else hit.
  - ``P`` split; ``Ph``/``Ps`` split where doubling after a split is allowed (in Spanish 21:
    whenever doubling is, ``max_doubles >= 1``), else hit/stand.  The ordinary charts' ``Pdh``,
    ``Pds``, ``Rp``, ``Prh``, ``Prs``, ``Prp`` are read as brute_chart.py does (split where DAS,
    else the rest).  A split code on a total row (or in an exception for a non-pair, or for a
    pair that may not split) raises ``ChartError``.
* What is allowed: hit and stand always (below 21); double with ``max_doubles >= 1`` on a hand
  not yet doubled, two cards or (``double_any_cards``) any number, split hands and split aces
  too (DAS); surrender (late, with ``surrender``) only as the first decision of the unsplit
  two-card hand (after the peek); split: a pair row reached as above.
* Double: the bet becomes 2 and the hand takes exactly one card.  After the j-th double's card
  (the hand stakes 2 ** j: 2, 4, 8), not busted (a bust loses the stake), the hand reads, for
  its new total (soft: an ace counting 11, as everywhere) and the up card:
  1. RESCUED (given up, net -1 per unit initial bet whatever was staked) when the rules offer a
     rescue (``rules.rescue``; after a redouble too, see Rules) and the rescue row of double j
     (``rescue soft`` / ``rescue hard`` for j = 1, ``... after 2 doubles``, ``... after 3
     doubles``; soft or hard by the total) names the total;
  2. else REDOUBLED when j < ``max_doubles``, the total is below 21 (the hand may still draw)
     and the redouble row of double j (``redouble soft`` / ``redouble hard`` for j = 1,
     ``... after 2 doubles`` for j = 2) names the total: the stake doubles again (2 -> 4,
     4 -> 8) and the hand takes exactly one card, then the same questions after double j + 1;
  3. else it stands on its stake (no bonus; a doubled 21 wins the stake).
  Rescue cells: ``no`` never; ``≤16`` (or ``<=16``) totals of 16 or less; ``5-14,16-17`` those
  totals (comma-separated ranges ``a-b`` and single totals ``a``, which may mix with ``≤a``).
  Redouble cells: ``no``, or ``DD`` followed by the totals in the same syntax (``DD9-11``,
  ``DD≤17``, ``DD11,13-18``).  READING: a rescue cell is read literally, a 21 too if a cell
  named it (the printed cells never do); a redouble cell naming 21 is not acted on (a 21 takes
  no card: it stands).  With ``max_doubles`` 1 no redouble row is read, nor any row ``after 2
  doubles`` / ``after 3 doubles``; with 2, of the rows after 2 doubles only the rescue rows,
  and no row after 3 doubles; the rescue rows are read only with ``rules.rescue``.  Split hands
  (split aces too) redouble and are rescued like any doubled hand.
* Splits (brute_chart.py's conventions, Spanish 21's rules): the pair becomes two hands of one
  card and an original bet of 1 each; the hands are dealt their second card and played to
  completion left to right (hand 1 wholly, resplits included, before hand 2 gets its second
  card).  A split hand whose first two cards are a pair again reads the pair row while fewer
  than ``max_hands`` hands exist (a resplit makes the hand two waiting hands of one card),
  else its total row with two cards.  Split hands never surrender (``Rh`` -> hit, ``Rs`` ->
  stand); they double (DAS) and take bonuses as the rules say.  Split aces are ordinary split
  hands: they are hit, doubled, resplit and rescued by the chart like any other (an ace on a
  split ace that cannot be resplit is a soft 12: no row, it hits; a ten on a split ace, or an
  ace on a split ten, is a two-card 21 that stands and wins 1, not a natural).
* Exceptions (READING of the charts' notes; none unless given): ``exceptions`` maps
  ``((a, b), column)`` (the two card values, sorted, and the up card's column) to a code (or the
  words ``hit``, ``stand``, ``double``, ``surrender``, ``split``) read in place of the row for a
  hand of exactly these two cards at its first decision: the unsplit hand, and also a split
  hand's first two cards unless ``exceptions_on_split=False``.  After that decision the hand
  plays its total's row.  :func:`parse_note_exceptions` reads the product's note "... these two
  cards are played apart from their row: 7,8 v 7, 8, 9, T, A: hit ..." into this form.

Method
------
Every card sequence is enumerated: the deal (four cards), each hand's draws in play order, the
dealer's draws.  The player's turn is memoised on (shoe left, up card, hole card, the sum of
the finished hands' payoff vectors over the dealer's outcomes 17, 18, 19, 20, 21, bust, the
hand being played, the number of doubles it has made (0 to 3: its stake and which rescue /
redouble rows it reads), split flag, hands waiting, hands in all), which changes nothing but
the running time: the chart's decisions depend on the hand's own cards, its number of doubles
and the up card only.
For speed the arithmetic is in integers: a value at a shoe of n cards is carried times n!
(a draw of a value with k copies left weighs k) and payoffs in units of 1/scale (scale = the
lcm of 2, the blackjack payout's and the bonuses' denominators); the result is the exact
``Fraction``.
"""

from __future__ import annotations

import re
try:
    from oracles import Fraction    # gmpy2's mpq: the same exact numbers, several times faster
except ImportError:                 # (run on its own, outside tests/)
    from fractions import Fraction
from functools import lru_cache
from math import factorial, lcm

try:                                    # tests/ on the path (the suite): oracles.brute_spanish21
    from oracles import brute_spanish21 as s21
except ImportError:                     # pragma: no cover - run as a package module or a script
    try:
        from . import brute_spanish21 as s21
    except ImportError:
        import brute_spanish21 as s21

S21Rules = s21.S21Rules
EmptyShoeError = s21.EmptyShoeError
make_shoe = s21.make_shoe

__all__ = ["chart_ev", "deal_ev", "ChartError", "EmptyShoeError", "S21Rules", "parse_note_exceptions",
           "decide", "code_plays", "rescue_totals", "redouble_totals", "UP_COLUMNS", "OUTCOMES"]

UP_COLUMNS = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "A")
OUTCOMES = (17, 18, 19, 20, 21, "bust")
_NOUT = len(OUTCOMES)


class ChartError(ValueError):
    """A chart cell that is consulted holds something the oracle cannot play."""


def _label(v: int) -> str:
    return "A" if v == 1 else "T" if v == 10 else str(v)


def _total(cards) -> tuple[int, bool]:
    """(total, soft) of card values (ace = 1): an ace counts 11 when that does not bust."""
    hard = sum(cards)
    if 1 in cards and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


# ----------------------------------------------------------------------------- reading codes

_LETTER = {"h": "hit", "s": "stand", "H": "hit", "S": "stand"}
_OTHER = {"hit": "stand", "stand": "hit"}
_WORDS = {"hit": "H", "stand": "S", "double": "Dh", "surrender": "Rh", "split": "P"}


def _plain(code: str) -> tuple[str, ...]:
    """A plain code as its two-card preference list (first allowed action wins)."""
    if code in ("H", "S"):
        return (_LETTER[code],)
    if code in ("Dh", "Ds"):
        return ("double", _LETTER[code[1]])
    if code in ("Rh", "Rs"):
        return ("surrender", _LETTER[code[1]])
    if code == "P":
        return ("split",)
    if code == "Rp":
        return ("surrender", "split")
    if code in ("Ph", "Ps", "Pdh", "Pds", "Prh", "Prs", "Prp"):
        return ("split_das",) + _plain(code[1].upper() + code[2:])
    raise ChartError(f"unknown code {code!r}")


def _fallback(prefs: tuple[str, ...], code: str) -> str:
    last = prefs[-1]
    if last not in ("hit", "stand"):
        raise ChartError(f"code {code!r} has no hit/stand letter for a hand of three or more cards")
    return last


_COUNT_RE = re.compile(r"^(H|S|Dh|Ds|Rh|Rs|D)(\d+)([hs]?)$")


def code_plays(code: str, n: int) -> tuple[str, ...]:
    """The preference list a cell code gives a hand of n cards (n >= 2): actions among
    'hit', 'stand', 'double', 'surrender', 'split', 'split_das'; the first allowed is played."""
    code = str(code).strip()
    if code in ("", "-"):
        raise ChartError(f"cell {code!r} consulted")
    if code.lower() in _WORDS:
        code = _WORDS[code.lower()]
    if "/" in code:
        parts = [p.strip() for p in code.split("/")]
        if len(parts) != 6:
            raise ChartError(f"{code!r}: a slash code has six parts (2, 3, 4, 5, 6, 7+ cards)")
        part = parts[min(n, 7) - 2]
        if n == 2:
            return _plain(part)
        if part in ("D", "Dh", "Ds"):
            return ("double", "stand" if part == "Ds" else "hit")
        if part in ("H", "S"):
            return (_LETTER[part],)
        if part in ("Rh", "Rs"):
            return (_LETTER[part[1]],)
        raise ChartError(f"{code!r}: part {part!r} for {n} cards")
    if code == "D":
        return ("double", "hit")
    m = _COUNT_RE.match(code)
    if m:
        head, k, tail = m.group(1), int(m.group(2)), m.group(3)
        if head == "D":
            letter = _LETTER[tail or "h"]
            return ("double", letter) if n < k else (letter,)
        if tail:
            raise ChartError(f"unknown code {code!r}")
        prefs = _plain(head)
        fb = _fallback(prefs, code)
        if n >= k:
            return (_OTHER[fb],)
        return prefs if n == 2 else (fb,)
    prefs = _plain(code)
    if n == 2:
        return prefs
    return (_fallback(prefs, code),)


def decide(code: str, n: int, *, may_double: bool, may_surrender: bool, may_split: bool,
           das: bool) -> str:
    """The play of a hand of n cards under ``code``: 'hit', 'stand', 'double', 'surrender' or
    'split' (the first allowed entry of :func:`code_plays`)."""
    for a in code_plays(code, n):
        if a in ("hit", "stand"):
            return a
        if a == "double" and may_double:
            return a
        if a == "surrender" and may_surrender:
            return a
        if a == "split":
            if not may_split:
                raise ChartError(f"split code {code!r} where the hand cannot split")
            return a
        if a == "split_das":
            if not may_split:
                raise ChartError(f"split code {code!r} where the hand cannot split")
            if das:
                return "split"
    raise ChartError(f"code {code!r}: nothing allowed for a hand of {n} cards")


def rescue_totals(cell: str) -> frozenset:
    """The totals a rescue cell names: 'no' none, '≤16' / '<=16' 16 or less, '5-14,16-17',
    '16', and comma-separated mixes of these."""
    cell = str(cell).strip()
    if cell in ("", "-"):
        raise ChartError(f"rescue cell {cell!r} consulted")
    if cell.lower() in ("no", "never", "none"):
        return frozenset()
    out = set()
    for item in cell.split(","):
        item = item.strip().replace("<=", "≤")
        if item.startswith("≤"):
            out.update(range(2, int(item[1:]) + 1))
        elif "-" in item:
            a, b = item.split("-")
            out.update(range(int(a), int(b) + 1))
        elif item.isdigit():
            out.add(int(item))
        else:
            raise ChartError(f"rescue cell {cell!r}")
    return frozenset(out)


def redouble_totals(cell: str) -> frozenset:
    """The totals a redouble cell names: 'no' none, else 'DD' and the totals as in a rescue cell
    ('DD9-11', 'DD≤17', 'DD11,13-18')."""
    c = str(cell).strip()
    if c in ("", "-"):
        raise ChartError(f"redouble cell {cell!r} consulted")
    if c.lower() in ("no", "never", "none"):
        return frozenset()
    if not c.startswith("DD") or not c[2:].strip():
        raise ChartError(f"redouble cell {cell!r}: 'no' or 'DD' and totals")
    return rescue_totals(c[2:])


def doubled_row(kind: str, soft: bool, j: int) -> str:
    """The row read after the j-th double's card: kind 'rescue' or 'redouble'."""
    return f"{kind} {'soft' if soft else 'hard'}" + ("" if j == 1 else f" after {j} doubles")


_CARD = {"A": 1, "T": 10, "10": 10, **{str(v): v for v in range(2, 10)}}


def parse_note_exceptions(notes) -> dict:
    """The two-card exceptions of the product's notes, as ``{((a, b), column): code}``: a note
    '... played apart from their row: 7,8 v 7, 8, 9, T, A: hit (the 6-7-8 bonus)' gives
    ``{((7, 8), '7'): 'H', ...}``.  Several hands may be separated by ';'."""
    out = {}
    for note in notes:
        if "apart from their row" not in note:
            continue
        body = note.split("apart from their row:", 1)[1]
        for clause in body.split(";"):
            m = re.match(r"\s*([0-9AT]+)\s*,\s*([0-9AT]+)\s+v\s+([0-9AT ,]+?)\s*:\s*([a-z]+)", clause)
            if not m:
                raise ChartError(f"cannot read the exception {clause!r}")
            a, b = sorted((_CARD[m.group(1)], _CARD[m.group(2)]))
            word = m.group(4)
            if word not in _WORDS:
                raise ChartError(f"exception play {word!r}")
            for col in m.group(3).split(","):
                col = col.strip()
                if col not in UP_COLUMNS:
                    raise ChartError(f"exception column {col!r}")
                out[((a, b), col)] = _WORDS[word]
    return out


# ----------------------------------------------------------------------------- the round

def _shoe(counts) -> tuple:
    if isinstance(counts, dict):
        return make_shoe(counts)
    t = tuple(int(c) for c in counts)
    if len(t) != 10 or min(t) < 0:
        raise ValueError("counts: a dict value -> count, or 10 counts, aces first")
    return t


def _draws(shoe):
    """(value, weight, shoe after) for every card value left; the weight is the number of
    copies (the probability times the number of cards left)."""
    if not any(shoe):
        raise EmptyShoeError("a card sequence of the round needs a card from an empty shoe")
    for i, k in enumerate(shoe):
        if k:
            yield i + 1, k, shoe[:i] + (k - 1,) + shoe[i + 1:]


_fact = lru_cache(maxsize=None)(factorial)


def _norm(shoe) -> int:
    """n! for a shoe of n cards: a path of d draws from it has probability prod(weights) *
    (n - d)! / n!, so a value X at a shoe is carried as the integer X * n! * scale."""
    return _fact(sum(shoe))


class _Round:
    def __init__(self, rules, chart, exceptions=None, exceptions_on_split=True):
        if not isinstance(rules, S21Rules):
            raise TypeError("rules: a brute_spanish21.S21Rules")
        if rules.play_21:
            raise ValueError("play_21=True: the chart never hits a 21")
        if rules.face_pairs_win:
            raise ValueError("face_pairs_win is not modelled")
        if rules.decks == s21.INFINITE:
            raise ValueError("a finite shoe only")
        self.r = rules
        if isinstance(chart, dict) and isinstance(chart.get("table"), dict):
            chart = chart["table"]
        self.chart = chart
        self.exc = {(tuple(sorted(k[0])), k[1]): v for k, v in (exceptions or {}).items()}
        self.exc_split = exceptions_on_split
        self.may_double_at_all = rules.max_doubles >= 1
        self.das = self.may_double_at_all          # Spanish 21: doubling after a split is allowed
        # every payoff is a multiple of 1/scale: 1/2 (surrender), blackjack_pays, the bonuses
        self.scale = 1
        for x in (Fraction(1, 2), Fraction(rules.blackjack_pays),
                  Fraction(s21.bonus_21((6, 7, 8), rules)), Fraction(s21.bonus_21((7, 7, 7), rules)),
                  Fraction(s21.bonus_21((1, 1, 1, 1, 7), rules))):
            self.scale = lcm(self.scale, x.denominator)
        self.turn = lru_cache(maxsize=None)(self._turn)
        self.dealer = lru_cache(maxsize=None)(self._dealer)
        self._named = {}            # (row, up) -> the totals a rescue / redouble cell names

    def units(self, x) -> int:
        """x (a payoff) in units of 1/scale."""
        y = Fraction(x) * self.scale
        assert y.denominator == 1, x
        return int(y)

    # -- cells ---------------------------------------------------------------------------
    def cell(self, row: str, up: int) -> str:
        code = self.chart[row][_label(up)]
        if str(code).strip() in ("", "-"):
            raise ChartError(f"cell ({row}, {_label(up)}) = {code!r} is consulted")
        return code

    def named(self, kind: str, cards, up: int, j: int) -> bool:
        """Whether the ``kind`` ('rescue' / 'redouble') row read after the j-th double's card
        names the total of ``cards`` for ``up`` (an absent row names none)."""
        t, soft = _total(cards)
        row = doubled_row(kind, soft, j)
        k = (row, up)
        if k not in self._named:
            if row not in self.chart:
                self._named[k] = frozenset()
            else:
                parse = rescue_totals if kind == "rescue" else redouble_totals
                self._named[k] = parse(self.cell(row, up))
        return t in self._named[k]

    def rescued(self, cards, up: int, j: int) -> bool:
        """Rescue after the j-th double's card: the rules offer it (after every double, as
        brute_spanish21.actions) and the rescue row of double j names the total."""
        return self.r.rescue and self.named("rescue", cards, up, j)

    def redoubles(self, cards, up: int, j: int) -> bool:
        """Double again after the j-th double's card: doubles left, a total below 21, and the
        redouble row of double j names the total."""
        return (j < self.r.max_doubles and _total(cards)[0] < 21
                and self.named("redouble", cards, up, j))

    def action(self, cards, up, is_split, nhands) -> str:
        n = len(cards)
        t, soft = _total(cards)
        may_double = self.may_double_at_all and (self.r.double_any_cards or n == 2)
        pair = n == 2 and cards[0] == cards[1]
        may_split = pair and nhands < self.r.max_hands
        code = None
        if n == 2 and (not is_split or self.exc_split):
            code = self.exc.get((tuple(cards), _label(up)))
        if code is None:
            if may_split:
                code = self.cell(f"pair {_label(cards[0])},{_label(cards[0])}", up)
                return decide(code, 2, may_double=may_double,
                              may_surrender=self.r.surrender and not is_split,
                              may_split=True, das=self.das)
            if soft:
                row = f"soft {t}" if 13 <= t <= 21 else None
            else:
                row = f"hard {t}" if 5 <= t <= 21 else None
            if row is None:
                return "hit"
            code = self.cell(row, up)
            may_split = False                  # a total row: a split code is an error
        return decide(code, n, may_double=may_double,
                      may_surrender=self.r.surrender and not is_split and n == 2,
                      may_split=may_split, das=self.das)

    # -- settlement ----------------------------------------------------------------------
    def win21(self, cards, is_split) -> Fraction:
        r = self.r
        if not r.bonuses or (is_split and not r.bonus_on_split):
            return Fraction(1)
        if is_split and not r.bonus_cards_on_split and len(cards) >= 5:
            return Fraction(1)
        return Fraction(s21.bonus_21(tuple(sorted(cards)), r))

    def stand_vec(self, cards, stake, is_split) -> tuple:
        """Payoff (in units of 1/scale) of a standing hand (stake 1, or 2, 4, 8 doubled) against
        each of OUTCOMES."""
        t, _ = _total(cards)
        assert t <= 21
        if t == 21:
            win = self.win21(cards, is_split) if stake == 1 else Fraction(stake)
            if self.r.always_21:
                return (self.units(win),) * _NOUT
        else:
            win = Fraction(stake)
        out = []
        for o in OUTCOMES:
            if o == "bust" or t > o:
                out.append(self.units(win))
            elif t < o:
                out.append(self.units(-stake))
            else:
                out.append(0)
        return tuple(out)

    def const(self, x) -> tuple:
        return (self.units(x),) * _NOUT

    @staticmethod
    def add(a, b) -> tuple:
        return tuple(x + y for x, y in zip(a, b))

    def _dealer(self, shoe, hard, ace, ncards):
        """The dealer's final outcome (no natural: peeked) as weights over OUTCOMES:
        norm(shoe) * P(outcome)."""
        t = hard + 10 if ace and hard + 10 <= 21 else hard
        if ncards >= 2:
            o = None
            if t > 21:
                o = "bust"
            elif t > 17 or (t == 17 and not (t != hard and self.r.h17)):
                o = t
            if o is not None:
                w = [0] * _NOUT
                w[OUTCOMES.index(o)] = _norm(shoe)
                return tuple(w)
        acc = [0] * _NOUT
        for v, k, rest in _draws(shoe):
            for i, x in enumerate(self.dealer(rest, hard + v, ace or v == 1, ncards + 1)):
                acc[i] += k * x
        return tuple(acc)

    def settle(self, shoe, up, hole, vec) -> int:
        if all(x == vec[0] for x in vec):
            return vec[0] * _norm(shoe)         # the dealer's total changes nothing
        ends = self.dealer(shoe, up + hole, up == 1 or hole == 1, 2)
        return sum(w * x for w, x in zip(ends, vec))

    # -- the player's turn ------------------------------------------------------------------
    def _turn(self, shoe, up, hole, vec, cur, nd, is_split, pending, nhands, pair) -> int:
        """The rest of the round's expected net, times norm(shoe) * scale (an integer).  vec:
        the finished hands' summed payoff vector (units of 1/scale); cur: the sorted cards of
        the hand being played (None between hands); nd: the number of doubles that hand has
        made (0; 1 to 3: the nd-th double's card is in ``cur``, stake 2 ** nd, not busted);
        pending: split hands of one card (the pair card ``pair``) waiting for their second."""
        if cur is None:
            if not pending:
                return self.settle(shoe, up, hole, vec)
            acc = 0
            for v, k, rest in _draws(shoe):
                acc += k * self.turn(rest, up, hole, vec, tuple(sorted((pair, v))), 0, True,
                                     pending - 1, nhands, pair)
            return acc

        def finish(hand_vec, s=shoe):
            return self.turn(s, up, hole, self.add(vec, hand_vec), None, 0, False, pending, nhands, pair)

        def double():
            """Double once more (nd -> nd + 1): the stake doubles, exactly one card."""
            acc = 0
            for v, k, rest in _draws(shoe):
                new = tuple(sorted(cur + (v,)))
                if _total(new)[0] > 21:
                    x = finish(self.const(-(2 ** (nd + 1))), rest)
                else:
                    x = self.turn(rest, up, hole, vec, new, nd + 1, is_split, pending, nhands, pair)
                acc += k * x
            return acc

        if nd:                                   # after the nd-th double's card
            if self.rescued(cur, up, nd):
                return finish(self.const(-1))
            if self.redoubles(cur, up, nd):
                return double()
            return finish(self.stand_vec(cur, 2 ** nd, is_split))

        t, _ = _total(cur)
        if t == 21:
            return finish(self.stand_vec(cur, 1, is_split))
        a = self.action(cur, up, is_split, nhands)
        if a == "stand":
            return finish(self.stand_vec(cur, 1, is_split))
        if a == "surrender":
            return finish(self.const(Fraction(-1, 2)))
        if a == "split":
            return self.turn(shoe, up, hole, vec, None, 0, False, pending + 2, nhands + 1, cur[0])
        if a == "double":
            return double()
        assert a == "hit", a
        acc = 0
        for v, k, rest in _draws(shoe):
            new = tuple(sorted(cur + (v,)))
            if _total(new)[0] > 21:
                x = finish(self.const(-1), rest)
            else:
                x = self.turn(rest, up, hole, vec, new, 0, is_split, pending, nhands, pair)
            acc += k * x
        return acc

    # -- the deal -----------------------------------------------------------------------------
    def after_deal(self, shoe, c1, c2, up, hole) -> int:
        """The round's net once the four cards are dealt, times norm(shoe) * scale."""
        player_nat = {c1, c2} == {1, 10}
        dealer_nat = {up, hole} == {1, 10}
        if player_nat:
            if dealer_nat and not self.r.always_21:
                return 0
            return self.units(self.r.blackjack_pays) * _norm(shoe)
        if dealer_nat:
            return -self.scale * _norm(shoe)
        zero = (0,) * _NOUT
        return self.turn(shoe, up, hole, zero, tuple(sorted((c1, c2))), 0, False, 0, 1, None)

    def deal_ev(self, shoe, hand, up) -> Fraction:
        s = shoe
        for c in tuple(hand) + (up,):
            if s[c - 1] <= 0:
                raise ValueError(f"card {c} is not in the shoe")
            s = s[:c - 1] + (s[c - 1] - 1,) + s[c:]
        w = sum(k * self.after_deal(rest, hand[0], hand[1], up, hole) for hole, k, rest in _draws(s))
        return Fraction(w, _norm(s) * self.scale)

    def game_ev(self, shoe) -> Fraction:
        w = 0
        memo = {}
        for c1, k1, s1 in _draws(shoe):
            for up, k2, s2 in _draws(s1):
                for c2, k3, s3 in _draws(s2):
                    for hole, k4, s4 in _draws(s3):
                        key = (s4, min(c1, c2), max(c1, c2), up, hole)
                        if key not in memo:
                            memo[key] = self.after_deal(s4, key[1], key[2], up, hole)
                        w += k1 * k2 * k3 * k4 * memo[key]
        return Fraction(w, _norm(shoe) * self.scale)


def chart_ev(counts, rules, chart, *, exceptions=None, exceptions_on_split=True) -> Fraction:
    """Exact EV per unit initial bet of one Spanish 21 round from ``counts`` played by ``chart``
    (unconditional: dealer naturals included).  See the module docstring."""
    return _Round(rules, chart, exceptions, exceptions_on_split).game_ev(_shoe(counts))


def deal_ev(counts, rules, chart, hand, up, *, exceptions=None, exceptions_on_split=True) -> Fraction:
    """Exact expected net of the deal ``hand`` (the player's two card values) v ``up``, the
    cards dealt from ``counts`` (the shoe BEFORE the deal); unconditional over the hole card
    (a dealer natural included)."""
    return _Round(rules, chart, exceptions, exceptions_on_split).deal_ev(_shoe(counts), tuple(hand), up)


if __name__ == "__main__":                   # pragma: no cover
    import json
    import sys
    import time

    if len(sys.argv) != 2:
        sys.exit("usage: python -m oracles.brute_spanish21_chart CHARTS.json (name -> rules, table, notes; "
                 "the shoe {1: 2, 5: 2, 6: 2, 7: 3, 8: 2, 9: 1, 10: 6})")
    data = json.load(open(sys.argv[1], encoding="utf-8"))
    shoe = {1: 2, 5: 2, 6: 2, 7: 3, 8: 2, 9: 1, 10: 6}
    for name, entry in data.items():
        rr = entry.get("rules", {})
        rules = S21Rules(decks=rr.get("decks", 6), max_hands=rr.get("max_hands", 2), max_doubles=1,
                         h17=rr.get("dealer_hits_soft_17", True), surrender=rr.get("surrender", "late") != "none")
        exc = parse_note_exceptions(entry.get("notes", []))
        for label, kw in (("table only", {}), ("notes' exceptions, all hands", {"exceptions": exc}),
                          ("notes' exceptions, unsplit hands", {"exceptions": exc, "exceptions_on_split": False})):
            t0 = time.time()
            ev = chart_ev(shoe, rules, entry["table"], **kw)
            print(f"{name} [{label}]: {ev} = {float(ev):+.12f}  ({time.time() - t0:.1f} s)")
