"""Brute-force oracle: the exact EV of one round played by a fixed total-dependent chart.

Written from the rules (the brief of this oracle, docs/charts.md, docs/guide/strategies.md) without
reading the engine; it imports nothing from bjcalc.

``chart_ev(rules, counts, chart)`` is the exact expected net result, per unit initial bet, of ONE
round dealt from the finite shoe ``counts`` (10 counts: aces, twos .. nines, ten-value cards) when
the player plays every hand by ``chart`` (a dict ``(row, column) -> code``, rows ``hard 5`` ..
``hard 21``, ``soft 13`` .. ``soft 21``, ``pair 2,2`` .. ``pair 9,9``, ``pair T,T``, ``pair A,A``;
columns ``2`` .. ``9``, ``T``, ``A``, the dealer's up card).  It is unconditional: dealer
blackjacks are part of it.  ``round_distribution`` gives the whole distribution of the round's net
result (its probabilities sum to 1), ``chart_ev`` its mean.  Every card sequence is enumerated
exactly; states (remaining counts + the round's state) are memoised, which changes nothing but the
running time.  For speed the arithmetic is in integers: a state with ``n`` cards left returns
weights summing to ``n!`` (a draw of a card value with ``k`` copies left weighs ``k`` times the
child state's weights, which sum to ``(n-1)!``), and net results in units of ``1/L`` (``L`` = lcm of 2 and the blackjack
payout's denominator); both turn back into exact ``Fraction``s at the end.

The game
--------
* Cards are drawn one at a time, without replacement, each remaining card equally likely.  Deal
  order: player, dealer up card, player, and (``hole_card="peek"``) the dealer's hole card.  The
  order of the deal does not change any probability (the cards are exchangeable).
* A player natural is an ace and a ten-value card as the two first cards of the unsplit hand; it
  wins ``blackjack_pays`` (only the original bet is at stake), and pushes a dealer natural.
* Peek: a dealer natural (up + hole) ends the round at once: -1, or 0 with a player natural.  The
  player then plays knowing the hole card is not a natural-maker only through the enumeration
  (the hole card is simply dealt before the player draws).
* ENHC (``hole_card="enhc"``): the dealer's second card is drawn after every player hand is
  finished; a dealer natural then takes every bet placed (doubles and split hands included; a
  late-surrendered hand loses its whole bet of 1 to it instead of 1/2).
* The dealer stands on hard 17 and more, on soft 17 unless ``dealer_hits_soft_17``, on soft 18+.
* Settlement per hand: a bust loses its bet (2 if doubled) whatever the dealer does; a surrender
  loses 1/2 (see ENHC above); otherwise a dealer bust pays the hand's bet, a higher total wins it,
  an equal total pushes, a lower total loses it.  A split 21 is 21, never a natural.

The chart
---------
* The unsplit two-card hand (not a natural) reads its pair row when it is a pair (two cards of the
  same value, all ten-value cards one value ``T``) and ``max_split_hands >= 2``; otherwise its total
  row (``hard 4`` = 2,2 and ``soft 12`` = A,A are no chart rows: such hands hit).
* Codes on the first decision of a hand: ``H`` hit, ``S`` stand, ``Dh``/``Ds`` double where allowed
  else hit/stand, ``P`` split, ``Ph``/``Ps``/``Pdh``/``Pds`` split if ``double_after_split`` else
  ``H``/``S``/``Dh``/``Ds``; ``Rh``/``Rs``/``Rp`` surrender where allowed else ``H``/``S``/``P``;
  ``Prh``/``Prs``/``Prp`` split if ``double_after_split`` else ``Rh``/``Rs``/``Rp``.
* Doubling is allowed on a two-card hand whose total ``double_on`` allows (``any``; ``9-11`` and
  ``10-11``: hard totals only; ``none``), soft totals only with ``double_on="any"`` and
  ``double_soft``; on a split hand's first two cards only with ``double_after_split`` too.  A double
  takes exactly one card, the hand's bet becomes 2 and it stands.
* Late surrender (``surrender="late"``): only as the first decision of the unsplit hand (after the
  peek in peek games).
* After the first decision (3+ cards): hit or stand by the current total's row: ``H``, ``Dh``,
  ``Rh`` (and ``Ph``, ``Pdh``, ``Prh``) hit; ``S``, ``Ds``, ``Rs`` (and ``Ps``, ``Pds``, ``Prs``)
  stand.  Totals without a row (hard 4 or less, soft 12 or less) hit.
* Splits: each of the two hands holds one pair card and the original bet; the hands are dealt
  their second card and played to completion left to right (hand 1 wholly, resplits included,
  before hand 2).  A split hand's first two cards read the pair row when they are again a pair, it
  is not aces, and the number of hands is below ``max_split_hands``; otherwise the total row, never
  surrendering (the fallback letter applies), doubling only with ``double_after_split``.  Split aces
  get one card each and stand (an ace on a split ace is a soft 12 that stands; aces never resplit).

Assumptions beyond the brief
----------------------------
* The chart is followed literally, also on the 21 rows: a ``hard 21`` or ``soft 21`` cell whose
  code hits (``H``, ``Dh``, ``Rh``, ...) hits a 21 of three or more cards, and a double code doubles
  a two-card soft 21 of a split ten where doubling is allowed.  (Real charts say ``S`` there.)
* A cell that is consulted must hold one of the codes above; ``-`` (what bjcalc writes for a cell
  no hand reaches) or a missing cell raises ``KeyError``/``ValueError`` only if it is consulted.
* A split code (``P``, or ``Rp``/``Prp`` resolving to a split) on a total row raises ``ValueError``.
* The dealer draws only when the settlement needs it: not at all when every player hand busted;
  in ENHC only the second card (the natural check) when no hand stands; in peek games not at all
  when every hand busted or surrendered.  This changes no EV, only when ``ShoeExhausted`` is raised;
  ``dealer_always_draws=True`` makes the dealer complete the hand after every player turn instead.
  (Rounds that end at the deal, on a peeked dealer natural or a player natural, draw nothing more,
  except the ENHC natural check under an ace or ten up card.)
* ``ShoeExhausted`` is raised whenever some card sequence of the round needs a draw from an empty
  shoe (the round's EV is then undefined for this oracle).
* Only the rules of the brief are modelled; ``Rules`` fields outside them must keep bjcalc's
  standard values (``resplit_aces=False``, ``hit_split_aces=False``, ... ) or the oracle refuses.
  Missing keys take the standard game's values (``DEFAULT_RULES``); ``decks`` is ignored (the shoe
  is ``counts``).
"""

import csv
import io
import math
from fractions import Fraction

__all__ = ["ShoeExhausted", "chart_ev", "round_distribution", "read_csv_chart", "chart_rows",
           "UP_COLUMNS", "TOTAL_CODES", "PAIR_CODES", "DEFAULT_RULES"]

UP_COLUMNS = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "A")
TOTAL_CODES = ("H", "S", "Dh", "Ds", "Rh", "Rs")
PAIR_CODES = TOTAL_CODES + ("P", "Ph", "Ps", "Pdh", "Pds", "Rp", "Prh", "Prs", "Prp")

DEFAULT_RULES = {
    "dealer_hits_soft_17": False,
    "blackjack_pays": "3:2",
    "hole_card": "peek",
    "double_on": "any",
    "double_soft": True,
    "double_after_split": True,
    "max_split_hands": 4,
    "surrender": "none",
}
# Rules fields the oracle does not model: accepted only at these (bjcalc's standard) values.
_FIXED_RULES = {
    "resplit_aces": False, "hit_split_aces": False, "double_split_aces": False,
    "split_tens_by_rank": False, "max_hand_cards": None, "burn_20": False, "dealer_22_pushes": False,
    "bust_push": "none", "must_hit_below": 0, "hit_21": True, "double_after_hit": False,
}

_STAND, _SURRENDER, _BUST = 0, 1, 2


class ShoeExhausted(Exception):
    """A card sequence of the round needs a card from an empty shoe."""


def chart_rows():
    """Every row label of a chart, in the printed order."""
    return ([f"hard {t}" for t in range(5, 22)] + [f"soft {t}" for t in range(13, 22)]
            + [f"pair {v},{v}" for v in range(2, 10)] + ["pair T,T", "pair A,A"])


def read_csv_chart(text):
    """The chart ``bjcalc chart --format csv`` prints, as a dict ``(row, column) -> code``.

    Lines starting with ``#`` are comments; the header is ``hand,2,...,9,T,A``."""
    lines = [line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    rows = list(csv.reader(io.StringIO("\n".join(lines))))
    header = [h.strip() for h in rows[0]]
    if header[0] != "hand" or tuple(header[1:]) != UP_COLUMNS:
        raise ValueError(f"unexpected chart header {header!r}")
    chart = {}
    for row in rows[1:]:
        if len(row) != len(header):
            raise ValueError(f"chart row {row!r} has {len(row)} fields, the header {len(header)}")
        for column, code in zip(header[1:], row[1:]):
            chart[(row[0].strip(), column)] = code.strip()
    return chart


def _payout(value):
    if isinstance(value, str):
        num, den = value.split(":")
        return Fraction(int(num), int(den))
    return Fraction(value)


def _value_label(v):
    return "A" if v == 1 else "T" if v == 10 else str(v)


def _total(cards):
    """(total, soft) of a hand given by card values (ace = 1)."""
    hard = sum(cards)
    if 1 in cards and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


def _total_row(total, soft):
    if soft:
        return f"soft {total}" if 13 <= total <= 21 else None
    return f"hard {total}" if 5 <= total <= 21 else None


_HIT_LETTER = {"H": "hit", "Dh": "hit", "Rh": "hit", "Ph": "hit", "Pdh": "hit", "Prh": "hit",
               "S": "stand", "Ds": "stand", "Rs": "stand", "Ps": "stand", "Pds": "stand", "Prs": "stand"}


class _Oracle:
    def __init__(self, rules, chart, dealer_always_draws=False):
        unknown = set(rules) - set(DEFAULT_RULES) - set(_FIXED_RULES) - {"decks"}
        if unknown:
            raise ValueError(f"rules the oracle does not know: {sorted(unknown)}")
        for key, fixed in _FIXED_RULES.items():
            if key in rules and rules[key] != fixed:
                raise ValueError(f"the oracle models only {key}={fixed!r}")
        r = dict(DEFAULT_RULES, **{k: v for k, v in rules.items() if k in DEFAULT_RULES})
        self.h17 = bool(r["dealer_hits_soft_17"])
        bj = _payout(r["blackjack_pays"])
        self.unit = math.lcm(2, bj.denominator)       # net results are counted in 1/unit
        self.bj = int(bj * self.unit)
        self.half = self.unit // 2
        if r["hole_card"] not in ("peek", "enhc"):
            raise ValueError(f"hole_card {r['hole_card']!r}: the oracle models peek and enhc")
        self.peek = r["hole_card"] == "peek"
        if r["double_on"] not in ("any", "9-11", "10-11", "none"):
            raise ValueError(f"double_on {r['double_on']!r}")
        self.double_on = r["double_on"]
        self.double_soft = bool(r["double_soft"])
        self.das = bool(r["double_after_split"])
        self.max_hands = int(r["max_split_hands"])
        if r["surrender"] not in ("none", "late"):
            raise ValueError(f"surrender {r['surrender']!r}: the oracle models none and late")
        self.late_surrender = r["surrender"] == "late"
        self.chart = dict(chart)
        self._play_memo = {}
        self._dealer_memo = {}
        self._deal_memo = {}
        self.dealer_always_draws = dealer_always_draws

    # -- the chart -------------------------------------------------------------------------
    def _code(self, row, up):
        code = self.chart[(row, _value_label(up))]
        code = str(code).strip()
        if code not in PAIR_CODES:
            raise ValueError(f"chart cell ({row}, {_value_label(up)}) holds {code!r}, not a code the oracle plays")
        return code

    def _may_double(self, total, soft, is_split):
        if is_split and not self.das:
            return False
        if self.double_on == "none":
            return False
        if self.double_on == "any":
            return self.double_soft or not soft
        low = 9 if self.double_on == "9-11" else 10
        return not soft and low <= total <= 11

    def _resolve(self, code, may_double, may_surrender, row):
        if code in ("Ph", "Ps", "Pdh", "Pds", "Prh", "Prs", "Prp"):
            if self.das:
                return "split"
            code = code[1].upper() + code[2:]      # Ph->H, Pds->Ds, Prp->Rp
        if code in ("Rh", "Rs", "Rp"):
            if may_surrender:
                return "surrender"
            code = code[1:].upper()
        if code in ("Dh", "Ds"):
            if may_double:
                return "double"
            code = code[1:].upper()
        if code == "H":
            return "hit"
        if code == "S":
            return "stand"
        if code == "P":
            if not row.startswith("pair "):
                raise ValueError(f"a split code on the total row {row}")
            return "split"
        raise AssertionError(code)

    def _first_action(self, cur, total, soft, up, is_split, nhands):
        pair = cur[0] == cur[1]
        if pair and nhands < self.max_hands and not (is_split and cur[0] == 1):
            row = f"pair {_value_label(cur[0])},{_value_label(cur[0])}"
        else:
            row = _total_row(total, soft)
            if row is None:
                return "hit"
        code = self._code(row, up)
        return self._resolve(code, self._may_double(total, soft, is_split),
                             self.late_surrender and not is_split, row)

    def _later_action(self, total, soft, up):
        row = _total_row(total, soft)
        if row is None:
            return "hit"
        code = self._code(row, up)
        if code not in _HIT_LETTER:
            raise ValueError(f"chart cell ({row}, {_value_label(up)}) = {code!r} has no hit/stand letter")
        return _HIT_LETTER[code]

    # -- drawing ---------------------------------------------------------------------------
    @staticmethod
    def _draws(counts):
        """(card value, weight, counts after the draw) for each card value in the shoe; the weight
        is the number of copies (the probability times the number of cards left)."""
        if not any(counts):
            raise ShoeExhausted("a card is needed from an empty shoe")
        for i, k in enumerate(counts):
            if k:
                yield i + 1, k, counts[:i] + (k - 1,) + counts[i + 1:]

    @staticmethod
    def _add(acc, p, dist):
        for x, q in dist.items():
            acc[x] = acc.get(x, 0) + p * q

    @staticmethod
    def _sure(net, counts):
        """A certain net result, as weights of a state with sum(counts) cards left."""
        return {net: math.factorial(sum(counts))}

    # -- the round -------------------------------------------------------------------------
    def round_distribution(self, counts):
        counts = tuple(int(c) for c in counts)
        if len(counts) != 10 or min(counts) < 0:
            raise ValueError("counts: 10 non-negative counts, aces first, tens last")
        out = {}
        for c1, p1, s1 in self._draws(counts):
            for up, p2, s2 in self._draws(s1):
                for c2, p3, s3 in self._draws(s2):
                    if self.peek:
                        for hole, p4, s4 in self._draws(s3):
                            self._add(out, p1 * p2 * p3 * p4, self._after_deal(s4, c1, c2, up, hole))
                    else:
                        self._add(out, p1 * p2 * p3, self._after_deal(s3, c1, c2, up, None))
        scale = math.factorial(sum(counts))
        return {Fraction(x, self.unit): Fraction(w, scale) for x, w in out.items() if w}

    def _after_deal(self, counts, c1, c2, up, hole):
        key = (counts, min(c1, c2), max(c1, c2), up, hole)
        if key in self._deal_memo:
            return self._deal_memo[key]
        player_natural = {c1, c2} == {1, 10}
        if self.peek:
            if {up, hole} == {1, 10}:
                res = self._sure(0 if player_natural else -self.unit, counts)
            elif player_natural:
                res = self._sure(self.bj, counts)
            else:
                res = self._play(counts, up, hole, (), (min(c1, c2), max(c1, c2)), True, False, 0, 1, None)
        elif player_natural:
            if up in (1, 10):
                res = {}
                rest = math.factorial(sum(counts) - 1)
                for c, p, _ in self._draws(counts):
                    x = 0 if {up, c} == {1, 10} else self.bj
                    res[x] = res.get(x, 0) + p * rest
            else:
                res = self._sure(self.bj, counts)
        else:
            res = self._play(counts, up, hole, (), (min(c1, c2), max(c1, c2)), True, False, 0, 1, None)
        self._deal_memo[key] = res
        return res

    def _play(self, counts, up, hole, done, cur, first, is_split, pending, nhands, pair):
        """Distribution of the round's net result from this point of the player's turn.

        ``done``: sorted finished hands (kind, total, bet; a standing total below 17 is kept as
        16); ``cur``: the hand being played (None between hands): its two sorted cards while
        ``first`` (its first decision still to make), else (sum with aces as 1, holds an ace);
        ``pending``: split hands (one pair card each) waiting for their second card."""
        if not pending and (cur is None or not first):
            nhands, pair = 0, None           # no decision left that depends on them
        if not first:
            is_split = False
        key = (counts, up, hole, done, cur, first, is_split, pending, nhands, pair)
        memo = self._play_memo.get(key)
        if memo is not None:
            return memo
        res = {}
        if cur is None:
            if pending:
                for c, p, s in self._draws(counts):
                    if pair == 1:   # a split ace: one card, stands
                        t = max(_total((1, c))[0], 16)
                        sub = self._play(s, up, hole, tuple(sorted(done + ((_STAND, t, 1),))), None, False,
                                         False, pending - 1, nhands, pair)
                    else:
                        sub = self._play(s, up, hole, done, tuple(sorted((pair, c))), True, True,
                                         pending - 1, nhands, pair)
                    self._add(res, p, sub)
            else:
                res = self._settle(counts, up, hole, done)
            self._play_memo[key] = res
            return res

        def finish(record, s=counts):
            return self._play(s, up, hole, tuple(sorted(done + (record,))), None, False, False,
                              pending, nhands, pair)

        if first:
            total, soft = _total(cur)
        else:
            total, soft = _total((cur[0],) if not cur[1] else (cur[0] - 1, 1))
        if total > 21:
            res = finish((_BUST, 0, 1))
        else:
            if first:
                action = self._first_action(cur, total, soft, up, is_split, nhands)
            else:
                action = self._later_action(total, soft, up)
            if action == "stand":
                res = finish((_STAND, max(total, 16), 1))   # below 17 only a dealer bust matters
            elif action == "surrender":
                res = finish((_SURRENDER, 0, 1))
            elif action == "hit":
                hard, ace = (sum(cur), 1 in cur) if first else cur
                for c, p, s in self._draws(counts):
                    sub = self._play(s, up, hole, done, (hard + c, ace or c == 1), False, is_split,
                                     pending, nhands, pair)
                    self._add(res, p, sub)
            elif action == "double":
                for c, p, s in self._draws(counts):
                    t, _ = _total(cur + (c,))
                    sub = finish((_BUST, 0, 2) if t > 21 else (_STAND, max(t, 16), 2), s)
                    self._add(res, p, sub)
            elif action == "split":
                assert len(cur) == 2 and cur[0] == cur[1]
                res = self._play(counts, up, hole, done, None, False, False, pending + 2, nhands + 1, cur[0])
            else:
                raise AssertionError(action)
        self._play_memo[key] = res
        return res

    # -- the dealer and the settlement ----------------------------------------------------------
    def _dealer(self, counts, cards):
        """Distribution of the dealer's end: 17..21, 22 (bust) or 'BJ' (a natural drawn here)."""
        key = (counts, cards)
        memo = self._dealer_memo.get(key)
        if memo is not None:
            return memo
        total, soft = _total(cards)
        if len(cards) >= 2 and (total > 17 or (total == 17 and not (soft and self.h17))):
            res = self._sure(min(total, 22), counts)
        else:
            res = {}
            for c, p, s in self._draws(counts):
                if len(cards) == 1 and {cards[0], c} == {1, 10}:
                    sub = self._sure("BJ", s)
                else:
                    sub = self._dealer(s, tuple(sorted(cards + (c,))))
                self._add(res, p, sub)
        self._dealer_memo[key] = res
        return res

    def _settle(self, counts, up, hole, done):
        u = self.unit
        if self.dealer_always_draws:        # only to see whether the shoe runs out
            self._dealer(counts, tuple(sorted((up, hole))) if self.peek else (up,))
        if all(kind == _BUST for kind, _, _ in done):
            return self._sure(-u * sum(bet for _, _, bet in done), counts)
        standing = any(kind == _STAND for kind, _, _ in done)
        if self.peek:
            if not standing:
                return self._sure(sum(-self.half if kind == _SURRENDER else -u * bet for kind, _, bet in done),
                                  counts)
            ends = self._dealer(counts, tuple(sorted((up, hole))))
        elif not standing:
            if up in (1, 10):
                ends = {"BJ": 0, "other": 0}
                rest = math.factorial(sum(counts) - 1)
                for c, p, _ in self._draws(counts):
                    ends["BJ" if {up, c} == {1, 10} else "other"] += p * rest
            else:
                ends = self._sure("other", counts)
        else:
            ends = self._dealer(counts, (up,))
        res = {}
        for end, p in ends.items():
            if p == 0:
                continue
            net = 0
            for kind, total, bet in done:
                if end == "BJ" or kind == _BUST:
                    net -= u * bet
                elif kind == _SURRENDER:
                    net -= self.half
                elif end == 22 or total > end:
                    net += u * bet
                elif total < end:
                    net -= u * bet
            res[net] = res.get(net, 0) + p
        return res


def round_distribution(rules, counts, chart, dealer_always_draws=False):
    """Exact distribution ``{net result: probability}`` of one round (see the module docstring).

    ``dealer_always_draws``: the dealer completes the hand after every round that reaches the
    player's turn, even when no drawn card can change the result (all hands busted, or only busted
    and surrendered hands); it changes no result, only whether ``ShoeExhausted`` is raised."""
    return _Oracle(rules, chart, dealer_always_draws).round_distribution(counts)


def chart_ev(rules, counts, chart, dealer_always_draws=False):
    """Exact EV per unit initial bet of one round from ``counts`` played by ``chart``."""
    dist = round_distribution(rules, counts, chart, dealer_always_draws)
    return sum((x * p for x, p in dist.items()), Fraction(0))
