"""Pygments' Python lexer, its rules tried in one regular expression per state rather than one after another.

Pygments tries a state's rules in order at each position and takes the first that matches: a loop in Python
over up to forty regular expressions per token, most of a snippet's highlighting time. An alternation of the
same patterns, in the same order, is matched by the regex engine with the same rule (Python's `re` takes the
first alternative that matches, not the longest), so the tokens are the same; the rule is read from the group
that wraps it, and its own match (for `bygroups`) is taken again only when its action needs one."""

import re
from collections.abc import Callable, Iterator
from typing import Any

from pygments.lexer import RegexLexer
from pygments.lexers import PythonLexer
from pygments.token import Error, Whitespace, _TokenType

# A leading global flag, as `(?i)`, must apply to its own pattern only once the patterns are joined.
_LEADING_FLAGS = re.compile(r"\(\?([imsx]+)\)")
_BACKREFERENCE = re.compile(r"\\[1-9]|\(\?P=|\(\?P<")

_Rule = tuple[Callable, Any, Any]  # (match, action: a token type or a callback, new state)
# Per state: the joined pattern's match, and for each of its groups the rule it wraps (or None: a group inside).
_Joined = tuple[Callable, list[_Rule | None]]


_FLAG_LETTERS = {"i": re.IGNORECASE, "m": re.MULTILINE, "s": re.DOTALL, "x": re.VERBOSE}


def _scoped(pattern: str) -> tuple[str, int]:
    """The pattern with its leading flags scoped to it, and those flags."""
    leading = _LEADING_FLAGS.match(pattern)
    if leading is None:
        return pattern, 0
    own = 0
    for letter in leading.group(1):
        own |= _FLAG_LETTERS[letter]
    return f"(?{leading.group(1)}:{pattern[leading.end() :]})", own


def _join(rules: list[_Rule], flags: int) -> _Joined | None:
    """One pattern for a state's rules; None when a rule cannot be joined (a back-reference or a named group
    would mean another group once the groups are renumbered): the lexer then runs as Pygments' own does."""
    parts: list[str] = []
    owners: list[_Rule | None] = [None]  # group 0 is the whole match
    for rule in rules:
        compiled: re.Pattern[str] = rule[0].__self__  # type: ignore[attr-defined]
        pattern, own = _scoped(compiled.pattern)
        # (`default` rules are empty patterns, compiled without the lexer's flags, which change nothing for them)
        flags_differ = pattern and compiled.flags & ~(re.UNICODE | own) != flags & ~re.UNICODE
        if _BACKREFERENCE.search(pattern) or flags_differ:
            return None
        parts.append(f"({pattern})")
        owners.append(rule)
        owners.extend([None] * compiled.groups)
    try:
        joined = re.compile("|".join(parts), flags)
    except re.error:
        return None
    return joined.match, owners


class JoinedPythonLexer(PythonLexer):
    """The same tokens as `PythonLexer`, faster."""

    _joined: dict[str, _Joined | None] | None = None

    @classmethod
    def _joined_states(cls) -> dict[str, _Joined | None]:
        if cls._joined is None:
            cls._joined = {state: _join(rules, cls.flags) for state, rules in cls._tokens.items()}
        return cls._joined

    def get_tokens_unprocessed(self, text: str, stack: tuple[str, ...] = ("root",)) -> Iterator[tuple]:
        joined_states = self._joined_states()
        if any(joined is None for joined in joined_states.values()):
            yield from RegexLexer.get_tokens_unprocessed(self, text, stack)
            return
        pos = 0
        statestack = list(stack)
        joined, owners = joined_states[statestack[-1]]  # type: ignore[misc]
        while True:
            m = joined(text, pos)
            if m is not None:
                group = m.lastindex or 0  # the wrapping group closes last: it is the rule's
                rexmatch, action, new_state = owners[group]  # type: ignore[misc]
                if action is not None:
                    if type(action) is _TokenType:
                        yield pos, action, m.group(group)
                    else:
                        yield from action(self, rexmatch(text, pos))
                pos = m.end()
                if new_state is not None:
                    if isinstance(new_state, tuple):
                        for state in new_state:
                            if state == "#pop":
                                if len(statestack) > 1:
                                    statestack.pop()
                            elif state == "#push":
                                statestack.append(statestack[-1])
                            else:
                                statestack.append(state)
                    elif isinstance(new_state, int):
                        if abs(new_state) >= len(statestack):
                            del statestack[1:]
                        else:
                            del statestack[new_state:]
                    elif new_state == "#push":
                        statestack.append(statestack[-1])
                    joined, owners = joined_states[statestack[-1]]  # type: ignore[misc]
                continue
            if pos >= len(text):
                break
            if text[pos] == "\n":
                statestack = ["root"]
                joined, owners = joined_states["root"]  # type: ignore[misc]
                yield pos, Whitespace, "\n"
                pos += 1
                continue
            yield pos, Error, text[pos]
            pos += 1
