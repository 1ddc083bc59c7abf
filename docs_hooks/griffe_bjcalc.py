"""A griffe extension that makes bjcalc's docstrings read well on the documentation site.

The docstrings are written for ``help()`` and doctest: Sphinx roles (``:class:`~bjcalc.core.rules.Rules```,
``:meth:``, ``:func:``, ``:data:``, ``:mod:``, ``:attr:``) and doctest examples (``>>>`` lines and
their output).  Rendered as Markdown, the roles would show raw and the examples as nested quotes.
This extension, named in mkdocs.yml's mkdocstrings options, rewrites each docstring before it is
rendered:

- a role becomes its name in code, linked to the name's entry in the API reference where one
  exists (an optional cross-reference: a name with no entry, a private helper say, stays plain
  code, with no warning);
- a doctest example becomes a ``pycon`` code block;
- a class's attributes without a docstring (a dataclass's fields, described by the class's
  docstring) are left out of its entry.

The source files are not touched; ``python -m pytest`` still runs the examples as doctests.
"""

from __future__ import annotations

import html
import re
from typing import Any

import griffe

__all__ = ["BjcalcDocstrings", "rewrite"]

ROLE = (r":(?:class|meth|func|data|mod|attr|obj|exc|const):`(?P<tilde>~?)(?P<text>[^`<>]+?)"
        r"(?:\s*<(?P<explicit>[^`>]+)>)?`")
TOKEN = re.compile(rf"(?P<fence>```.*?```)|(?P<literal>``.+?``)|(?P<role>{ROLE})|(?P<code>`[^`\n]+`)", re.S)
"""What the prose holds: code blocks and spans, left alone, and roles, rewritten (earliest first)."""
PROMPT = re.compile(r"^(\s*)>>>( |$)")


def _display(tilde: str, target: str) -> str:
    return target.rsplit(".", 1)[-1] if tilde else target


def _identifier(obj: griffe.Object, target: str) -> str | None:
    """The full path of ``target`` as seen from ``obj`` (None where it cannot be found)."""
    target = target.strip().removesuffix("()")
    if target.startswith("bjcalc"):
        return target
    head, _, rest = target.partition(".")
    for scope in (obj, obj.parent):
        if scope is None:
            continue
        try:
            full = scope.resolve(head)
        except Exception:     # griffe raises NameResolutionError (and others on odd names): not found
            continue
        return f"{full}.{rest}" if rest else full
    return None


def _role(obj: griffe.Object, match: re.Match[str]) -> str:
    tilde, text, explicit = match.group("tilde"), match.group("text"), match.group("explicit")
    target = explicit or text
    shown = html.escape(text.strip() if explicit else _display(tilde, target.strip()))
    identifier = _identifier(obj, target)
    if identifier is None:
        return f"<code>{shown}</code>"
    return f'<autoref identifier="{html.escape(identifier)}" optional><code>{shown}</code></autoref>'


def _fence_examples(text: str) -> str:
    """Each doctest example (from a ``>>>`` line to the next blank line) as a ``pycon`` block."""
    lines, out, i = text.split("\n"), [], 0
    fence_open = False
    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith("```"):
            fence_open = not fence_open
        match = None if fence_open else PROMPT.match(line)
        if not match:
            out.append(line)
            i += 1
            continue
        indent = match.group(1)
        block = []
        while i < len(lines) and lines[i].strip():
            block.append(lines[i][len(indent):] if lines[i].startswith(indent) else lines[i].lstrip())
            i += 1
        if out and out[-1].strip():
            out.append("")
        out += [f"{indent}```pycon", *(indent + b for b in block), f"{indent}```"]
    return "\n".join(out)


def rewrite(obj: griffe.Object, text: str) -> str:
    """``text``, a docstring of ``obj``, with its roles as code and its examples as code blocks.

    Code spans and blocks are left alone: only the prose around them is rewritten.
    """
    return TOKEN.sub(lambda m: _role(obj, m) if m.group("role") else m.group(0), _fence_examples(text))


class BjcalcDocstrings(griffe.Extension):
    """Rewrites every docstring once the package is loaded (see the module docstring)."""

    def on_object(self, *, obj: griffe.Object, loader: griffe.GriffeLoader, **kwargs: Any) -> None:
        if obj.is_alias or obj.docstring is None or getattr(obj.docstring, "_bjcalc_rewritten", False):
            return
        obj.docstring.value = rewrite(obj, obj.docstring.value)
        obj.docstring._bjcalc_rewritten = True    # type: ignore[attr-defined]

    def on_package(self, *, pkg: griffe.Module, loader: griffe.GriffeLoader, **kwargs: Any) -> None:
        """The package's own docstring (griffe calls ``on_object`` for what the package holds); and a
        class's attributes without a docstring (a dataclass's fields, which its docstring describes)
        left out, so that a class's entry is what it says of itself."""
        self.on_object(obj=pkg, loader=loader)
        _drop_bare_attributes(pkg)


def _drop_bare_attributes(obj: griffe.Object) -> None:
    for name, member in list(obj.members.items()):
        if member.is_alias:
            continue
        if obj.is_class and member.is_attribute and not member.docstring:
            obj.del_member(name)
        elif member.is_module or member.is_class:
            _drop_bare_attributes(member)
