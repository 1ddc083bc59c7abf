"""The Burn 20 dealer (:func:`bjcalc.game.variants.burn20`): exact outcome probabilities under a ten up card.

With a ten-value up card the dealer's hole card decides:

* 2-9: an ordinary hand {T, v}, completed as usual (S17 or H17);
* an ace of another suit than the up card: dealer blackjack;
* a ten-value, or an ace of the up card's suit: both cards are burned and the dealer
  takes two fresh cards; while those two are two ten-values or any blackjack (ace and
  ten, any suit) they are burned too and two more are taken.  The dealer then completes
  the hand from the last two cards as usual (a soft 20 A+9 stands, A+A is a soft 12 that
  draws, a 20 of three or more cards stands).  Burned cards are gone for the hand.

The player is suit-blind, so a hole-card ace is of the up card's suit with probability
``share`` = (aces of that suit) / (all aces) in the shoe before the round (1/4 for full
decks and the infinite deck); it is a parameter of :class:`Burn20Dealer`.  Aces drawn
after the first burn need no suit.  Any other up card gives the standard dealer.

The algebra
-----------
For one removed set let ``m`` be the counts left by value after the up card and the
removed cards, ``M = sum(m)``, ``mT``/``mA`` the tens/aces and ``ff(x, k) = x (x-1) ...
(x-k+1)`` the falling factorial.  The result is

    P[o] = Hole[o] + (1 - share) mA/M [o = blackjack] + G[o]

where ``Hole`` is the ordinary completion of {T, v}, v = 2..9 (the standard dealer tree
with the ace and ten hole branches cut off), and ``G`` is everything after a burn.

*Burn stages.*  ``V(t, a)`` is the probability of reaching a fresh-pair draw with
``t`` tens and ``a`` aces burned in all (hole card included; ``t + a`` is odd):
``V(1, 0) = mT/M``, ``V(0, 1) = share mA/M`` and, with ``s = t + a`` and ``M' = M - s``,

    V(t+2, a)   += V(t, a) (mT-t)(mT-t-1)    / (M' (M'-1))    two tens
    V(t+1, a+1) += V(t, a) 2 (mT-t)(mA-a)     / (M' (M'-1))    ace + ten, either order

*One completion.*  From stage (t, a) the dealer draws a non-burnable pair and completes
the hand: a path of ``L`` cards (the pair included) holding ``dT`` tens, ``dA`` aces and
``d_v`` cards of each other value has probability

    ff(mT-t, dT) ff(mA-a, dA) prod_{v other} ff(m_v, d_v) / ff(M-s, L)

(the order of the draws only permutes the numerator factors).  Burns remove only aces
and tens, so the product over the other values does not depend on (t, a).  Hence, with

    K[L, dT, dA, o] = sum over paths of class (L, dT, dA) ending in o of prod_{v other} ff(m_v, d_v)
    H(L, dT, dA)    = sum_{t, a} V(t, a) ff(mT-t, dT) ff(mA-a, dA) / ff(M-t-a, L)

    G[o] = sum_{L, dT, dA} K[L, dT, dA, o] H(L, dT, dA).

``K`` is one walk of the "fresh pair + completion" tree (:class:`FreshTree`, rooted at
no cards, its first two draws restricted to non-burnable pairs) multiplying only the
numerators of values 2-9, without denominators; it depends on the removed set only
through ``m_2 .. m_9``, so it is computed once per distinct such row.  ``V`` and ``H``
depend only on ``(mT, mA, M)`` and are computed once per distinct triple, diagonal by
diagonal (``s = 1, 3, 5, ...``).  Exact mode keeps ``V`` as integers over ``q ff(M, s)``
(``share = p/q``) and uses ``ff(M, s) ff(M-s, L) = ff(M, s+L)``; float mode keeps
probabilities and stops once the chance of reaching the next burn stage is below 1e-18
(see :func:`_burn_weights`).

Everything is linear in ``share`` (it enters only through ``V(0, 1)`` and the blackjack
term), so ``P(share) = (1 - share) P(0) + share P(1)`` exactly: a caller that knows more
about suits per removed set (the player's own ace of the up card's suit) can mix the two.

*By hand length* (Buster Blackjack): a class ``(L, dT, dA)`` fixes the length ``L`` of
the dealer's final hand (the last fresh pair and its draws; burned cards are not in
it), so summing ``K H`` per length instead of over all classes splits ``G`` by length
(:func:`burn20_lengths`).

*The infinite deck.*  Nothing depletes: a stage burns again with ``b = pT^2 + 2 pA pT``
whatever came before, so ``G = (pT + share pA) / (1 - b) * N`` where ``N`` is the
unconditional chance of each outcome through a non-burnable fresh pair.

*Running out of cards* (finite shoes).  A removed set is flagged ``exhausted`` (and its
row zeroed, like :class:`~bjcalc.engine.dealer.DealerEngine`) when a path of positive
probability needs a card from an empty shoe: in the hole-card branch (found by the
standard engine), or after burns, exactly when some reachable stage (t, a) leaves
``m - t e_T - a e_A`` equal to the drawn cards of a drawing state of the fresh tree (the
dealer holds every card left and must still draw; M' < 2 at a stage is the depth 0/1
case).  This test is combinatorial, so float and exact mode flag the same sets.

>>> import numpy as np
>>> from fractions import Fraction
>>> counts = np.array([4] * 9 + [16])
>>> p, stuck = burn20_outcomes(counts, False, 10, np.zeros((1, 10), dtype=int),
...                            Burn20Dealer(hits_soft_17=False, share=Fraction(1, 4)), FLOAT)
>>> round(float(p.sum()), 12), bool(stuck[0])
(1.0, False)
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, ClassVar, Optional, Sequence

import numpy as np

from . import _kernels as kernels
from ..core.arithmetic import EXACT, FLOAT, Arithmetic
from ..core.cards import Shoe
from ..core.outcomes import ACE, BLACKJACK, N_OUTCOMES, TEN
from .dealer import SKIP, DealerEngine, DealerResult, DealerTree, StandardDealer, grow_levels
from ..core.errors import RulesError
from .hands import composition_of
from .workspace import WORKSPACE

__all__ = ["Burn20Dealer", "FreshTree", "burn20_outcomes", "burn20_lengths", "hole_branch_dealer", "UP_TEN", "FLOAT_CUTOFF"]

UP_TEN = 10
"""The up card (value) under which the burn rule applies."""

FLOAT_CUTOFF = 1e-18
"""Float mode stops the burn recursion when reaching the next stage is less likely than this."""

_OTHERS = slice(1, 9)  # values 2-9


@dataclass(frozen=True)
class Burn20Dealer(StandardDealer):
    """The Burn 20 dealer: standard under A-9, the burn rule under a ten-value up card.

    ``share`` is the probability that a hole-card ace is of the up card's suit (1/4 for
    full decks).  :meth:`outcome` (inherited) is the standard procedure, which is the
    whole story for up cards A-9; under a ten use :func:`burn20_outcomes`.

    >>> Burn20Dealer(hits_soft_17=False).share
    Fraction(1, 4)
    >>> Burn20Dealer(hits_soft_17=True, share="1/2") == Burn20Dealer(hits_soft_17=True, share=Fraction(1, 2))
    True
    """

    share: Fraction = Fraction(1, 4)
    special_up_cards: ClassVar[Optional[tuple[int, ...]]] = (UP_TEN,)     # the standard tree)

    def most_burned(self, counts: Sequence[int], up: Optional[int] = None) -> int:
        """Burned pairs are two ten-values or a blackjack: at most every ace and ten-value, and
        only under a ten (any other up card gives the standard dealer, who burns nothing).

        >>> dealer = Burn20Dealer(hits_soft_17=False)
        >>> dealer.most_burned([4] * 9 + [16]), dealer.most_burned([4] * 9 + [16], up=10), dealer.most_burned([4] * 9 + [16], up=9)
        (20, 20, 0)
        """
        if up is not None and up != 10:
            return 0
        return int(counts[0]) + int(counts[9])

    def __post_init__(self) -> None:
        share = self.share
        if isinstance(share, bool) or not isinstance(share, (numbers.Rational, str)):
            raise RulesError(f"share must be a fraction from 0 to 1 (a Fraction, an int or text like '1/4'), "
                             f"not {share!r}")
        try:
            share = Fraction(share)
        except (ValueError, ZeroDivisionError):
            raise RulesError(f"share must be a fraction from 0 to 1, not {self.share!r}") from None
        if not 0 <= share <= 1:
            raise RulesError(f"share must be from 0 to 1, not {share}")
        object.__setattr__(self, "share", share)

    def hole_blackjack_share(self, up: int) -> Fraction:
        """Under a ten only an ace of another suit makes a blackjack (the up suit's ace is burned)."""
        return 1 - self.share if up == 10 else Fraction(1)

    def special_outcomes(self, engine: DealerEngine, up: int, removed: np.ndarray) -> Optional[DealerResult]:
        """Under a ten up card the burn rule's redraw loop (:func:`burn20_outcomes`); otherwise
        the standard tree (None)."""
        if up != UP_TEN:
            return None
        probabilities, exhausted = burn20_outcomes(engine.counts, engine.shoe.is_infinite, up, removed,
                                                   self, engine.arithmetic)
        return DealerResult(probabilities, exhausted)

    def length_procedure(self, up: int) -> tuple[StandardDealer, tuple[int, ...]]:
        """The hand-length walk's tree: under a ten up card the hole-card 2-9 branch
        (:func:`hole_branch_dealer`, its ten and ace hole cards dropped: :meth:`special_lengths`
        counts them), under A-9 the standard dealer's.

        >>> Burn20Dealer(hits_soft_17=False).length_procedure(6)
        (StandardDealer(hits_soft_17=False), ())
        >>> from bjcalc.core.outcomes import OUTCOMES
        >>> [OUTCOMES[o] for o in Burn20Dealer(hits_soft_17=False).length_procedure(10)[1]]
        ['blackjack']
        """
        if up != UP_TEN:
            return StandardDealer(hits_soft_17=self.hits_soft_17), ()
        return hole_branch_dealer(self.hits_soft_17), (BLACKJACK,)

    def special_lengths(self, up: int, left: np.ndarray, depletes: bool, exact: bool,
                        busts: Sequence[int]) -> Optional[tuple[dict[int, Any], dict[int, Any], np.ndarray]]:
        """Under a ten up card, the hands besides the hole-card 2-9 branch, by length given the
        up card: an ace of another suit in the hole a blackjack (no bust, 2 cards), a ten or an
        ace of the up card's suit burned (those hands from :func:`burn20_lengths`, by the length
        of the final hand: burned cards are not in it); None under A-9.

        >>> from bjcalc.core.outcomes import BUSTS
        >>> bust, stand, stuck = Burn20Dealer(hits_soft_17=False).special_lengths(
        ...     10, np.array([[4] * 9 + [15]]), True, True, tuple(range(BUSTS.start, BUSTS.stop)))
        >>> sum(b[0] for b in bust.values()) + sum(s[0] for s in stand.values())    # a hole ten or ace
        Fraction(19, 51)
        >>> round(float(bust[3][0]), 6), bool(stuck[0])            # burned, then busts with 3 cards
        (0.058368, False)
        """
        if up != UP_TEN:
            return None
        return _burn20_given_ten(left, self.share, self.hits_soft_17, depletes, exact, busts)

    def burns_pair(self, up: int, hole: int, same_suit: bool) -> bool:
        """Under a ten, a ten or an ace of the up card's suit is burned with it.

        >>> dealer = Burn20Dealer(hits_soft_17=False)
        >>> dealer.burns_pair(10, 10, False), dealer.burns_pair(10, 1, True), dealer.burns_pair(10, 1, False)
        (True, True, False)
        """
        return up == UP_TEN and (hole == UP_TEN or (hole == 1 and same_suit))

    def first_pair(self, up: int, hole: int, same_suit: bool, draw: Callable[[], int]) -> tuple[int, int]:
        """A burned pair (:meth:`burns_pair`) is replaced by two fresh cards, themselves burned
        while they are two tens or a blackjack (:func:`_burnable`); any other pair stands.

        >>> cards = iter([10, 10, 1, 10, 9, 10])
        >>> Burn20Dealer(hits_soft_17=False).first_pair(10, 10, False, lambda: next(cards))
        (9, 10)
        """
        if not self.burns_pair(up, hole, same_suit):
            return up, hole
        while True:
            pair = (draw(), draw())
            if not _burnable(composition_of(pair)):
                return pair

    @property
    def burns_cards(self) -> bool:
        """Burn 20 burns cards under a ten up card.

        >>> Burn20Dealer(hits_soft_17=False).burns_cards
        True
        """
        return True

    def most_cards_burned(self, value_counts: Sequence[int]) -> int:
        """The hole card plus every ten and ace: each burn takes two of them (or the hole card).

        >>> Burn20Dealer(hits_soft_17=False).most_cards_burned((4,) * 9 + (16,))
        21
        """
        return 1 + value_counts[ACE] + value_counts[TEN]

    def describe(self) -> str:
        """The procedure in words.

        >>> Burn20Dealer(hits_soft_17=False).describe()[:40]
        'the dealer stands on soft 17; Burn 20: u'
        """
        return (super().describe() + "; Burn 20: under a ten up card, a hole ten or same-suit ace is burned "
                "and the dealer redraws")


@dataclass(frozen=True)
class _HoleBranchDealer(StandardDealer):
    """The standard dealer whose ace and ten hole cards (under a ten) end at once.

    Both end on the blackjack outcome, whose column is then replaced: the tree's other
    columns are exactly the hole-card 2-9 branches."""

    def outcome(self, hand: Sequence[int], hard: int) -> Optional[int]:
        if sum(hand) == 2 and hand[TEN] == 2:
            return BLACKJACK
        return super().outcome(hand, hard)


def hole_branch_dealer(hits_soft_17: bool) -> StandardDealer:
    """The standard dealer whose ten and ace hole cards under a ten up card end at once.

    Both end on the blackjack outcome (two cards), which a caller drops: every other
    outcome of this procedure under a ten is exactly a hole-card 2-9 branch of Burn 20
    (an ordinary hand {T, v} completed as usual).  Up cards A-9 are the standard dealer.

    >>> from bjcalc.core.outcomes import OUTCOMES
    >>> OUTCOMES[hole_branch_dealer(False).outcome((0,) * 9 + (2,), 20)]
    'blackjack'
    """
    return _HoleBranchDealer(hits_soft_17=bool(hits_soft_17))


def _burnable(drawn: Sequence[int]) -> bool:
    """Whether two fresh cards are burned: two tens, or an ace and a ten."""
    return drawn[TEN] == 2 or (drawn[TEN] == 1 and drawn[ACE] == 1)


class FreshTree:
    """The dealer's fresh two cards after a burn and their completion, from no cards.

    Like :class:`~bjcalc.engine.dealer.DealerTree` (levels of drawing states, moves per value)
    but rooted at an empty hand, with the burnable pairs cut off after two cards.  Every
    final move goes to a *class* ``(cards, tens, aces)`` of the final hand and an outcome:
    its target index is ``class * N_OUTCOMES + outcome``.
    """

    # the flat layout DealerTree._flatten writes, for the C kernel
    level_start: np.ndarray
    drawn: np.ndarray
    move_start: np.ndarray
    move_value: np.ndarray
    move_target: np.ndarray

    @classmethod
    def build(cls, hits_soft_17: bool, limit: Optional[Sequence[int]] = None) -> "FreshTree":
        key = (bool(hits_soft_17), None if limit is None else tuple(int(x) for x in limit))
        return WORKSPACE.built("Burn 20 fresh trees", key, lambda: cls(hits_soft_17, limit))

    def __init__(self, hits_soft_17: bool, limit: Optional[Sequence[int]] = None):
        procedure = StandardDealer(hits_soft_17=bool(hits_soft_17))
        classes: dict[tuple[int, int, int], int] = {}

        def classify(drawn: tuple[int, ...], hard: int, depth: int) -> Optional[int]:
            if depth == 0:
                return None                       # the first fresh card always draws a second
            if depth == 1 and _burnable(drawn):
                return SKIP                       # burned: accounted for by the burn weights
            outcome = procedure.outcome(drawn, hard)
            if outcome is None:
                return None
            c = classes.setdefault((depth + 1, drawn[TEN], drawn[ACE]), len(classes))
            return c * N_OUTCOMES + outcome

        levels = grow_levels(0, limit, classify)
        drawing: dict[tuple[int, ...], list[tuple[int, int]]] = {}
        for level in levels:
            for state in map(tuple, level.states):
                drawing.setdefault(state[_OTHERS], []).append((state[TEN], state[ACE]))
        depth = len(levels)
        self.levels = levels
        self.max_depth = depth - 1
        self.drawing = drawing              # others (values 2-9) -> [(tens, aces)] of drawing states
        keys = sorted(classes, key=lambda key: classes[key])
        self.n_classes = len(keys)
        self.class_cards = np.array([k[0] for k in keys], dtype=np.int64)
        self.class_tens = np.array([k[1] for k in keys], dtype=np.int64)
        self.class_aces = np.array([k[2] for k in keys], dtype=np.int64)
        DealerTree._flatten(self)  # type: ignore[arg-type]  # same flat layout as DealerTree
        # For the C kernel: aces and tens never deplete (their factors live in H).
        self.kernel_drawn = self.drawn.copy()
        self.kernel_drawn[:, [ACE, TEN]] = 0.0


class _KernelView:
    """The flat arrays the C kernel reads, with the drawn aces and tens zeroed (one per tree:
    :func:`_kernel_view`)."""

    def __init__(self, tree: FreshTree):
        self.level_start = tree.level_start
        self.drawn = tree.kernel_drawn
        self.move_start = tree.move_start
        self.move_value = tree.move_value
        self.move_target = tree.move_target


def _kernel_view(tree: FreshTree) -> _KernelView:
    """The tree's one view (so that the kernel's per-tree preparation is kept with it)."""
    view = tree.__dict__.get("_kernel_view")
    if view is None:
        view = tree.__dict__["_kernel_view"] = _KernelView(tree)
    return view


# ----------------------------------------------------------------------------------------
# K: the fresh-pair + completion walk (numerators of values 2-9 only)
# ----------------------------------------------------------------------------------------

def _fresh_numerators(tree: FreshTree, others: np.ndarray, depletes: bool, ar: Arithmetic) -> np.ndarray:
    """K per row of ``others`` ((n, 10) counts; only values 2-9 are read): (n, classes, outcomes).

    Exact: Python ints.  Float: float64 (the C kernel when it is built)."""
    n = len(others)
    shape = (n, tree.n_classes, N_OUTCOMES)
    if n == 0:
        return ar.integer_zeros(shape)
    if not ar.exact and kernels.available():
        return _fresh_numerators_kernel(tree, others, depletes).reshape(shape)
    counts = ar.integers(np.asarray(others, dtype=np.int64).T)        # (10, n)
    reach = ar.integers(np.ones((1, n), dtype=np.int64))
    ended = ar.integer_zeros((tree.n_classes * N_OUTCOMES, n))
    for level in tree.levels:
        following = ar.integer_zeros((level.n_next, n))
        for value, (src_next, dst_next, src_end, ends) in enumerate(level.moves):
            for src, dst, target in ((src_next, dst_next, following), (src_end, ends, ended)):
                if not len(src):
                    continue
                if value in (ACE, TEN):
                    np.add.at(target, dst, reach[src])
                else:
                    factor = counts[value][None, :] - (level.states[src, value][:, None] if depletes else 0)
                    np.add.at(target, dst, reach[src] * factor)
        reach = following
    return np.ascontiguousarray(ended.T).reshape(shape)


_SCALE = 64.0
"""Stand-in count of aces and of tens for the C kernel (a power of two: rescaling is exact)."""


def _fresh_numerators_kernel(tree: FreshTree, others: np.ndarray, depletes: bool) -> np.ndarray:
    """K in floats with the dealer kernel.

    The kernel multiplies each draw by ``(count - drawn) / (cards left)``.  With the
    drawn aces and tens zeroed in the tree and their counts set to ``_SCALE``, a path of
    class (L, dT, dA) gets ``prod ff(m_v, d_v) * _SCALE**(dT+dA) / ff(O + 2 _SCALE, L)``
    (O = cards of values 2-9; ``(O + 2 _SCALE)**L`` for the infinite deck), which is
    rescaled per class.  ``O + 2 _SCALE`` exceeds any tree depth, so the kernel never sees
    an empty shoe."""
    counts = np.array(others, dtype=np.float64)
    counts[:, [ACE, TEN]] = _SCALE
    n = len(counts)
    out, _ = kernels.dealer_outcomes(_kernel_view(tree), counts, np.ones(n, dtype=bool), depletes,
                                     tree.n_classes * N_OUTCOMES)
    total = counts.sum(axis=1)                                        # O + 2 _SCALE
    depth = int(tree.class_cards.max()) if tree.n_classes else 0
    steps = total[:, None] - (np.arange(depth)[None, :] if depletes else np.zeros((1, depth)))
    falling = np.concatenate([np.ones((n, 1)), np.cumprod(steps, axis=1)], axis=1)   # ff(total, L)
    scale = falling[:, tree.class_cards] / _SCALE ** (tree.class_tens + tree.class_aces)[None, :]
    return out.reshape(n, tree.n_classes, N_OUTCOMES) * scale[:, :, None]


# ----------------------------------------------------------------------------------------
# V and H: the burn stages
# ----------------------------------------------------------------------------------------

def _falling_table(x: np.ndarray, depth: int, exact: bool) -> np.ndarray:
    """ff(x, k) for k = 0..depth elementwise over the int array x (0 where x < k): shape x.shape + (depth+1,).

    Python ints when ``exact`` (no overflow), float64 otherwise."""
    x = np.asarray(x, dtype=np.int64)
    steps = np.maximum(x[..., None] - np.arange(depth)[(None,) * x.ndim], 0)
    steps = steps.astype(object if exact else np.float64)   # astype(object) gives Python ints
    out = np.empty(x.shape + (depth + 1,), dtype=steps.dtype)
    out[..., 0] = 1
    for k in range(depth):
        out[..., k + 1] = out[..., k] * steps[..., k]
    return out


def _burn_weights(tens: np.ndarray, aces: np.ndarray, total: np.ndarray, share: Fraction,
                  tree: FreshTree, exact: bool) -> tuple[np.ndarray, Optional[np.ndarray]]:
    """H(L, dT, dA) for each class of the fresh tree and each row (mT, mA, M).

    Returns ``(H, None)`` in floats (n, classes), or in exact mode ``(numerators,
    denominators)``: Python ints (n, classes) over one common integer per row (n,).

    Works diagonal by diagonal over the burn stages s = t + a = 1, 3, 5 ...; at each, the
    stage weights ``V_s[t]`` (a = s - t) give

        P_s[dT, dA] = sum_t V_s[t] ff(mT - t, dT) ff(mA - s + t, dA)
        H[c]       += P_s[dT_c, dA_c] / ff(M - s, L_c).

    Float: V are probabilities.  Once every row's chance of reaching stage s (the sum of
    V_s) is below FLOAT_CUTOFF = 1e-18 the recursion stops: everything that reaches stage
    s or later ends in some outcome (or runs out of cards), so all the dropped terms
    together move each outcome probability by less than 1e-18, far below the rounding of
    float64 sums of order 1 (1.1e-16); in a normal shoe a stage burns again with
    probability ~0.14, so this is a few dozen stages even for a 1000-deck shoe.

    Exact: ``V_s = U_s / (q ff(M, s))`` with integers U (share = p/q) and, as
    ``ff(M, s) ff(M-s, L) = ff(M, s+L)``, every term is an integer over ``q ff(M, s+L)``:
    over the common ``q ff(M, cap)`` (cap = min(M, last stage + longest completion)) it is
    ``P_s * ff(M-s-L, cap-s-L)``.  The recursion runs to the last stage the shoe allows.
    """
    n = len(tens)
    mT = np.asarray(tens, dtype=np.int64)
    mA = np.asarray(aces, dtype=np.int64)
    M = np.asarray(total, dtype=np.int64)
    dtype = object if exact else np.float64
    H = np.zeros((n, tree.n_classes), dtype=dtype)
    if exact:
        H[...] = 0                                                   # Python ints, not np.int64
    if n == 0 or tree.n_classes == 0:
        return H, (np.ones(n, dtype=np.int64).astype(object) if exact else None)
    nT = int(tree.class_tens.max()) + 1
    nA = int(tree.class_aces.max()) + 1
    Lmax = int(tree.class_cards.max())
    p, q = share.numerator, share.denominator
    last = int((mT + mA).max())                                      # no stage beyond
    # stage 1: t = 1 (hole ten) or t = 0, a = 1 (hole ace of the up card's suit)
    if exact:
        V = np.stack([p * mA, q * mT], axis=1).astype(object)         # U_1, over q ff(M, 1)
        cap = np.minimum(M, last + Lmax)
        # tail[k, j] = ff(M - j, cap - j) for j <= cap, 0 beyond
        j = np.arange(last + Lmax + 2)
        factors = np.where(j[None, :] < cap[:, None], M[:, None] - j[None, :], 1).astype(object)
        tail = np.empty(factors.shape, dtype=object)
        tail[:, -1] = 1
        for i in range(factors.shape[1] - 2, -1, -1):
            tail[:, i] = tail[:, i + 1] * factors[:, i]
        tail[j[None, :] > cap[:, None]] = 0
    else:
        inv_m = np.divide(1.0, M, out=np.zeros(n), where=M > 0)
        V = np.stack([float(share) * mA * inv_m, mT * inv_m], axis=1)
    s = 1
    while True:
        t = np.arange(s + 1)
        a = s - t
        ffT = _falling_table(mT[:, None] - t[None, :], nT - 1, exact)   # (n, s+1, nT)
        ffA = _falling_table(mA[:, None] - a[None, :], nA - 1, exact)   # (n, s+1, nA)
        P = np.matmul(np.swapaxes(V[:, :, None] * ffT, 1, 2), ffA)      # (n, nT, nA)
        per_class = P[:, tree.class_tens, tree.class_aces]               # (n, classes)
        if exact:
            H += per_class * tail[:, s + tree.class_cards]
        else:
            ffL = _falling_table(M - s, Lmax, False)[:, tree.class_cards]  # ff(M - s, L_c)
            H += per_class * np.divide(1.0, ffL, out=np.zeros_like(ffL), where=ffL > 0)
        if s + 2 > last:
            break
        # the next stage: two tens (t + 2) or an ace and a ten (t + 1, a + 1)
        left_t = np.maximum(mT[:, None] - t[None, :], 0)
        left_a = np.maximum(mA[:, None] - a[None, :], 0)
        two_tens = left_t * np.maximum(left_t - 1, 0)
        ace_ten = 2 * left_t * left_a
        if exact:
            two_tens, ace_ten = two_tens.astype(object), ace_ten.astype(object)
        else:
            pair = np.maximum(M - s, 0) * np.maximum(M - s - 1, 0)
            inv_pair = np.divide(1.0, pair, out=np.zeros(n), where=pair > 0)[:, None]
            two_tens = two_tens * inv_pair
            ace_ten = ace_ten * inv_pair
        following = np.zeros((n, s + 3), dtype=dtype)
        if exact:
            following[...] = 0
        following[:, 2:] += V * two_tens
        following[:, 1:-1] += V * ace_ten
        V = following
        s += 2
        if exact:
            if not (V != 0).any():
                break
        elif V.sum(axis=1).max() < FLOAT_CUTOFF:
            break
    if exact:
        return H, q * tail[:, 0]                                     # q ff(M, cap)
    return H, None


# ----------------------------------------------------------------------------------------
# exhaustion after burns
# ----------------------------------------------------------------------------------------

def _burn_runs_out(left: np.ndarray, share: Fraction, tree: FreshTree) -> np.ndarray:
    """Per row of counts left, whether a path through a burn needs a card from an empty shoe.

    Stage (t, a) is reachable iff 0 <= t <= mT, 0 <= a <= mA, t + a odd and either
    t >= a + 1 (from a ten hole card) or, if share > 0, a >= 1 and t >= a - 1 (from an ace
    hole card): take the ace+ten pairs first, then the two-ten pairs.  It runs out iff the
    cards left there are exactly the drawn cards of a drawing state of the fresh tree."""
    left = np.asarray(left, dtype=np.int64)
    out = np.zeros(len(left), dtype=bool)
    # a drawing state holds at most max_depth cards, so only rows with that few 2-9 cards left
    for i in np.flatnonzero(left[:, _OTHERS].sum(axis=1) <= tree.max_depth):
        row = left[i]
        found = tree.drawing.get(tuple(int(x) for x in row[_OTHERS]))
        if not found:
            continue
        mT, mA = int(row[TEN]), int(row[ACE])
        for dT, dA in found:
            t, a = mT - dT, mA - dA
            if t < 0 or a < 0 or (t + a) % 2 == 0:
                continue
            if t >= a + 1 or (share > 0 and a >= 1 and t >= a - 1):
                out[i] = True
                break
    return out


# ----------------------------------------------------------------------------------------
# the whole procedure
# ----------------------------------------------------------------------------------------

def _shoe(counts: np.ndarray, is_infinite: bool) -> Shoe:
    ranks = tuple(int(x) for x in counts[:9]) + (int(counts[9]), 0, 0, 0)
    return Shoe(ranks, None, is_infinite=bool(is_infinite))


def _engine(counts: np.ndarray, is_infinite: bool, procedure: StandardDealer, ar: Arithmetic) -> DealerEngine:
    key = (tuple(int(x) for x in counts), bool(is_infinite), procedure, ar)
    return WORKSPACE.built("Burn 20 dealers", key, lambda: DealerEngine(_shoe(counts, is_infinite), procedure, ar))


def burn20_outcomes(shoe_counts: np.ndarray, is_infinite: bool, up: int, removed: np.ndarray,
                    procedure: Burn20Dealer, arithmetic: Arithmetic = FLOAT) -> tuple[np.ndarray, np.ndarray]:
    """Joint final-outcome probabilities of the Burn 20 dealer, and exhaustion flags.

    ``shoe_counts``: the shoe by value (10 counts, before the up card); ``removed``:
    (n, 10) cards known gone besides the up card.  Returns ``(probabilities, exhausted)``
    like :meth:`~bjcalc.engine.dealer.DealerEngine.evaluate`: (n, 11) joint probabilities
    (totals 17-26, blackjack), a zero row for a removed set the shoe cannot supply or
    whose dealer can run out of cards (``exhausted`` True for the latter).  Up cards
    other than a ten are the standard dealer.
    """
    ar = arithmetic
    counts = np.asarray(shoe_counts, dtype=np.int64).reshape(10)
    removed = np.asarray(removed, dtype=np.int64).reshape(-1, 10)
    standard = StandardDealer(hits_soft_17=procedure.hits_soft_17)
    if up != UP_TEN:
        result = _engine(counts, is_infinite, standard, ar).evaluate(up, removed)
        return result.probabilities, result.exhausted
    hole = _engine(counts, is_infinite, _HoleBranchDealer(hits_soft_17=procedure.hits_soft_17), ar).evaluate(
        UP_TEN, removed)
    probabilities = hole.probabilities
    exhausted = hole.exhausted.copy()
    share = procedure.share
    if is_infinite:
        burned, blackjack, stuck = _infinite_burn(counts, share, procedure.hits_soft_17, ar)
        probabilities = probabilities.copy()
        probabilities[:, BLACKJACK] = blackjack
        if stuck:
            exhausted[:] = True
            probabilities[:] = 0
        else:
            probabilities += burned[None, :]
        return probabilities, exhausted
    left = counts - np.eye(10, dtype=np.int64)[UP_TEN - 1] - removed
    valid = (left >= 0).all(axis=1)
    tree = FreshTree.build(procedure.hits_soft_17, counts - np.eye(10, dtype=np.int64)[UP_TEN - 1])
    exhausted[valid] |= _burn_runs_out(left[valid], share, tree)
    live = valid & ~exhausted
    probabilities = probabilities.copy()
    probabilities[~live] = 0
    rows = np.flatnonzero(live)
    if len(rows) == 0:
        return probabilities, exhausted
    m = left[rows]
    mT, mA, M = m[:, TEN], m[:, ACE], m.sum(axis=1)
    p, q = share.numerator, share.denominator
    if ar.exact:
        probabilities[rows, BLACKJACK] = ar.rationals(ar.integers((q - p) * mA), ar.integers(q * M))
    else:
        probabilities[rows, BLACKJACK] = float(1 - share) * mA / M
    # K once per distinct row of values 2-9, H once per distinct (mT, mA, M)
    others, others_index = _unique_rows(m * _OTHER_MASK)
    triples, triple_index = _unique_rows(np.stack([mT, mA, M], axis=1))
    K = _fresh_numerators(tree, others, True, ar)
    H, denominators = _burn_weights(triples[:, 0], triples[:, 1], triples[:, 2], share, tree, ar.exact)
    probabilities[rows] += _combine(K, others_index, H, triple_index, denominators, ar)
    return probabilities, exhausted


_OTHER_MASK = np.array([0] + [1] * 8 + [0], dtype=np.int64)


def _unique_rows(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Distinct rows of a non-negative int array and each row's index among them.

    Rows are packed into one int64 key when they fit (much faster than ``axis=0``)."""
    base = int(rows.max()) + 1 if rows.size else 1
    if base ** rows.shape[1] < 2 ** 62:
        keys = rows @ (base ** np.arange(rows.shape[1], dtype=np.int64))
        _, first, index = np.unique(keys, return_index=True, return_inverse=True)
        return rows[first], index.ravel()
    distinct, index = np.unique(rows, axis=0, return_inverse=True)
    return distinct, index.ravel()


def _combine(K: np.ndarray, k_index: np.ndarray, H: np.ndarray, h_index: np.ndarray,
             denominators: Optional[np.ndarray], ar: Arithmetic, chunk: int = 2048) -> np.ndarray:
    """G[r, o] = sum_c K[k_index[r], c, o] H[h_index[r], c] (over ``denominators[h_index[r]]`` in exact mode)."""
    n = len(k_index)
    if ar.exact:
        assert denominators is not None          # exact weights come with their denominators
        numerators = np.empty((n, N_OUTCOMES), dtype=object)
        for start in range(0, n, chunk):
            stop = min(n, start + chunk)
            k, h = K[k_index[start:stop]], H[h_index[start:stop]]
            numerators[start:stop] = (k * h[:, :, None]).sum(axis=1)
        return ar.rationals(numerators, denominators[h_index][:, None])
    out = np.empty((n, N_OUTCOMES))
    for start in range(0, n, chunk):
        stop = min(n, start + chunk)
        out[start:stop] = np.matmul(H[h_index[start:stop]][:, None, :], K[k_index[start:stop]])[:, 0]
    return out


def _infinite_burn(counts: np.ndarray, share: Fraction, hits_soft_17: bool,
                   ar: Arithmetic) -> tuple[np.ndarray, object, bool]:
    """The infinite deck: (the outcomes through a burn, the blackjack probability, never ends)."""
    c = [int(x) for x in counts]
    C = sum(c)
    pT, pA = Fraction(c[TEN], C), Fraction(c[ACE], C)
    blackjack = ar.convert((1 - share) * pA)
    again = pT * pT + 2 * pA * pT          # a fresh pair is burned
    enter = pT + share * pA                # the hole card is burned
    if enter == 0:
        return ar.zeros(N_OUTCOMES), blackjack, False
    if again == 1:                         # nothing but tens: the burning never ends
        return ar.zeros(N_OUTCOMES), blackjack, True
    tree = FreshTree.build(hits_soft_17, None)
    K = _fresh_numerators(tree, np.array([c]), False, ar)[0]         # (classes, outcomes)
    factor = enter / (1 - again)
    H = ar.array([factor * Fraction(c[TEN] ** int(dT) * c[ACE] ** int(dA), C ** int(L))
                  for L, dT, dA in zip(tree.class_cards, tree.class_tens, tree.class_aces)])
    if ar.exact:
        burned = (K * H[:, None]).sum(axis=0)
    else:
        burned = K.T @ H
    return burned, blackjack, False


# ----------------------------------------------------------------------------------------
# by the length of the dealer's final hand (Buster Blackjack)
# ----------------------------------------------------------------------------------------

def burn20_lengths(left: np.ndarray, share: Fraction, hits_soft_17: bool, arithmetic: Arithmetic = FLOAT,
                   is_infinite: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """Under a ten up card, the hands that go through a burn, by the length of the final hand.

    ``left``: (n, 10) counts by value left after the up card (and any removed cards);
    for the infinite deck, the shoe's counts (proportions).  Returns ``(P, exhausted)``:
    ``P[r, L, o]`` (shape (n, longest + 1, 11)) is the joint probability that the hole
    card is burned and that the dealer's final hand, the last fresh pair and its draws
    (burned cards are not in it), has ``L`` cards and outcome ``o``; summed over ``L`` it
    is ``G`` of the module docstring.  The blackjack column is 0 (a fresh blackjack is
    burned).  ``exhausted`` flags the rows a path through a burn can run out of cards on
    (their rows are 0), as in :func:`burn20_outcomes`; the hole-card 2-9 branch is the
    standard dealer's (:func:`hole_branch_dealer`) and is not checked here.

    The classes ``(L, dT, dA)`` of :class:`FreshTree` already carry the length ``L``, so
    this is the same ``K`` and ``H`` with the classes summed per length instead of all
    together.  Exact mode gives rationals (exact to the last burn stage the shoe allows);
    floats stop the burn stages below ``FLOAT_CUTOFF`` like :func:`burn20_outcomes`.

    >>> from bjcalc.core.arithmetic import EXACT
    >>> left = np.array([[4] * 9 + [15]])                      # one deck less the up card
    >>> p, stuck = burn20_lengths(left, Fraction(1, 4), False, EXACT)
    >>> sum(p[0].ravel()) == Fraction(15, 51) + Fraction(1, 4) * Fraction(4, 51), bool(stuck[0])
    (True, False)
    >>> round(float(p[0, 3, 5:10].sum()), 6)                   # burned, then busts with 3 cards
    0.058368
    """
    ar = arithmetic
    left = np.asarray(left, dtype=np.int64).reshape(-1, 10)
    share = Fraction(share)
    n = len(left)
    tree = FreshTree.build(hits_soft_17, None if is_infinite or n == 0 else left.max(axis=0))
    longest = int(tree.class_cards.max()) if tree.n_classes else 2
    out = ar.zeros((n, longest + 1, N_OUTCOMES))
    exhausted = np.zeros(n, dtype=bool)
    if n == 0 or tree.n_classes == 0:
        if not is_infinite and n:
            exhausted = _burn_runs_out(left, share, tree)
        return out, exhausted
    lengths = np.unique(tree.class_cards)

    def by_length(terms: np.ndarray) -> np.ndarray:          # (r, classes, outcomes) -> (r, L, outcomes)
        summed = ar.integer_zeros((len(terms), longest + 1, N_OUTCOMES))
        for length in lengths:
            summed[:, length] = terms[:, tree.class_cards == length].sum(axis=1)
        return summed

    if is_infinite:
        for r, row in enumerate(left):
            c = [int(x) for x in row]
            C = sum(c)
            pT, pA = Fraction(c[TEN], C), Fraction(c[ACE], C)
            again, enter = pT * pT + 2 * pA * pT, pT + share * pA
            if enter == 0:
                continue
            if again == 1:                       # nothing but tens: the burning never ends
                exhausted[r] = True
                continue
            K = _fresh_numerators(tree, row[None], False, ar)                    # (1, classes, outcomes)
            factor = enter / (1 - again)
            H = ar.array([factor * Fraction(c[TEN] ** int(dT) * c[ACE] ** int(dA), C ** int(L))
                          for L, dT, dA in zip(tree.class_cards, tree.class_tens, tree.class_aces)])
            out[r] = by_length(K * H[None, :, None])[0]
        return out, exhausted
    exhausted = _burn_runs_out(left, share, tree)
    rows = np.flatnonzero(~exhausted)
    if len(rows) == 0:
        return out, exhausted
    m = left[rows]
    others, others_index = _unique_rows(m * _OTHER_MASK)
    triples, triple_index = _unique_rows(np.stack([m[:, TEN], m[:, ACE], m.sum(axis=1)], axis=1))
    K = _fresh_numerators(tree, others, True, ar)
    H, denominators = _burn_weights(triples[:, 0], triples[:, 1], triples[:, 2], share, tree, ar.exact)
    summed = by_length(K[others_index] * H[triple_index][:, :, None])
    if ar.exact:
        assert denominators is not None          # exact weights come with their denominators
        out[rows] = ar.rationals(summed, denominators[triple_index][:, None, None])
    else:
        out[rows] = summed
    return out, exhausted


def _burn20_given_ten(left: np.ndarray, share: Fraction, hits_soft_17: bool, depletes: bool,
                      exact: bool, busts: Sequence[int]) -> tuple[dict[int, Any], dict[int, Any], np.ndarray]:
    """Burn 20 under a ten up card, besides the hole-card 2-9 branch: {n: P(bust with n cards)},
    {n: P(stand with n cards)} (the off-suit hole ace's blackjack stands with 2) per row of counts
    left after the up card (exact: Fractions, else float arrays), and which rows can run out."""
    rows = len(left)
    zero = Fraction(0) if exact else 0.0
    share = Fraction(share)
    bust: dict[int, list[Any]] = {}
    stand: dict[int, list[Any]] = {2: [zero] * rows}
    is_bust = np.isin(np.arange(N_OUTCOMES), busts)
    p, exhausted = burn20_lengths(left, share, hits_soft_17, EXACT if exact else FLOAT, is_infinite=not depletes)
    for i in range(rows):
        aces, cards = int(left[i, 0]), int(left[i].sum())
        blackjack = (1 - share) * Fraction(aces, cards) if cards else Fraction(0)
        stand[2][i] += blackjack if exact else float(blackjack)
        for n in range(p.shape[1]):
            for table, columns in ((bust, is_bust), (stand, ~is_bust)):
                value = p[i, n, columns].sum()
                if value:
                    value = _as_fraction(value) if exact else float(value)
                    table.setdefault(n, [zero] * rows)[i] += value
    if not exact:
        return ({n: np.array(v) for n, v in bust.items()}, {n: np.array(v) for n, v in stand.items()}, exhausted)
    return bust, stand, exhausted


def _as_fraction(x: Any) -> Fraction:
    return Fraction(int(x.numerator), int(x.denominator))
