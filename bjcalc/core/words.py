"""How a message names a rule: in the words of the interface the user speaks.

A message that names a rule of :class:`~bjcalc.core.rules.Rules` (or a variant's option), or
says how to do something, is written once, with :func:`rule` and :func:`either`, and read in
the words of whoever asked: Python's by default (``max_split_hands=2``, ``Calculator.moments()``),
the command line's while a command runs (``--split-hands 2``, ``bjcalc edge --sd``).  A front
end installs its words for the time of a call with :func:`speaking`; the runner carries them
into its worker processes.  Nothing rewrites a finished message.

>>> f"use {rule('max_split_hands', 2)} or {rule('resplit_aces', False)}"
'use max_split_hands=2 or resplit_aces=False'
>>> class Loud(Words):
...     def rule(self, field, value=UNSAID):
...         return field.upper()
>>> with speaking(Loud()):
...     f"use {rule('max_split_hands', 2)}"
'use MAX_SPLIT_HANDS'
"""

from __future__ import annotations

import contextlib
import contextvars
import math
from typing import Any, Iterator

__all__ = ["Words", "UNSAID", "rule", "either", "value", "suited_shoe", "speaking", "current"]


class _Unsaid:
    def __repr__(self) -> str:
        return "UNSAID"


UNSAID: Any = _Unsaid()
"""A rule named without a value (``rule("decks")``)."""


class Words:
    """Python's words: a rule as its keyword argument, a way to do something as its call."""

    command_line = False
    """Whether these are the command line's words (:func:`either` picks by it)."""

    def rule(self, field: str, value: Any = UNSAID) -> str:
        """A rule, or a rule set to ``value``, as the user would write it.

        >>> Words().rule("decks", math.inf), Words().rule("double_on", "any"), Words().rule("hit_21")
        ('decks=math.inf', "double_on='any'", 'hit_21')
        """
        return field if value is UNSAID else f"{field}={self.value(field, value)}"

    def value(self, field: str, value: Any) -> str:
        """A rule's value as the user would write it.

        >>> Words().value("decks", math.inf), Words().value("max_hand_cards", None)
        ('math.inf', 'None')
        """
        return "math.inf" if isinstance(value, float) and value == math.inf else repr(value)


_WORDS: contextvars.ContextVar[Words] = contextvars.ContextVar("bjcalc_words", default=Words())


def current() -> Words:
    """The words messages are written in now."""
    return _WORDS.get()


def rule(field: str, value: Any = UNSAID) -> str:
    """A rule (set to ``value``), in the current words: see :meth:`Words.rule`."""
    return _WORDS.get().rule(field, value)


def value(field: str, value: Any) -> str:
    """A rule's value, in the current words: see :meth:`Words.value`."""
    return _WORDS.get().value(field, value)


def either(python: str, command: str) -> str:
    """``python`` (how to do it in Python), or ``command`` when the command line is asking.

    >>> either("Calculator.moments()", "bjcalc edge --sd")
    'Calculator.moments()'
    """
    return command if _WORDS.get().command_line else python


def suited_shoe() -> str:
    """How to give a shoe that keeps its suits, in the current words.

    >>> suited_shoe()
    'build the shoe with Shoe.decks(n) or Shoe.from_cards([...])'
    """
    return either("build the shoe with Shoe.decks(n) or Shoe.from_cards([...])",
                  "give --decks N or a --shoe with suits (AS:1,TH:2,...), and --remove cards with their suits (TS,AH)")


@contextlib.contextmanager
def speaking(words: Words) -> Iterator[Words]:
    """Messages are written in ``words`` inside the block (this thread and context only)."""
    token = _WORDS.set(words)
    try:
        yield words
    finally:
        _WORDS.reset(token)
