"""Pygments' Python lexer, its rules tried in one regular expression per state rather than one after another.

Pygments tries a state's rules in order at each position and takes the first that matches: a loop in Python
over up to forty regular expressions per token, most of a snippet's highlighting time. An alternation of the
same patterns, in the same order, is matched by the regex engine with the same rule (Python's `re` takes the
first alternative that matches, not the longest), so the tokens are the same; the rule is read from the group
that ends it, and its own match (for `bygroups`) is taken again only when its action needs one.

Most rules cannot start with most characters (a number with a letter, a string with a space): each state also
has, per ASCII character, the alternation of just the rules that may start with it, read from the parsed patterns.
A rule left out there cannot match at that position, so the first that matches is the same rule."""

import functools
import re
from collections.abc import Callable, Iterator
from re import _constants as sre  # type: ignore[attr-defined]
from re import _parser  # type: ignore[attr-defined]
from typing import Any, cast

from pygments.lexer import RegexLexer
from pygments.lexers import PythonLexer
from pygments.token import Error, Whitespace, _TokenType

# A leading global flag, as `(?i)`, must apply to its own pattern only once the patterns are joined.
_LEADING_FLAGS = re.compile(r"\(\?([imsx]+)\)")
_BACKREFERENCE = re.compile(r"\\[1-9]|\(\?P=|\(\?P<|\(\?\(")

_Rule = tuple[Callable, Any, Any]  # (match, action: a token type or a callback, new state)
# Per state: the joined pattern's match, and for each of its groups the rule it wraps (or None: a group inside).
_Joined = tuple[Callable, list[_Rule | None]]
_ASCII = [chr(code) for code in range(128)]
_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_")
# The ASCII characters a pattern's match may start with; None: it may match nothing, or its start is not read here.
_First = frozenset[str] | None
_CLASS_ESCAPES = {
    sre.CATEGORY_DIGIT: r"\d",
    sre.CATEGORY_NOT_DIGIT: r"\D",
    sre.CATEGORY_SPACE: r"\s",
    sre.CATEGORY_NOT_SPACE: r"\S",
    sre.CATEGORY_WORD: r"\w",
    sre.CATEGORY_NOT_WORD: r"\W",
}


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


def _dispatch(rules: list[_Rule], flags: int) -> "_ByChar | None":
    """The state's alternations; None when a rule cannot be joined (a back-reference or a named group would mean
    another group once the groups are renumbered): the lexer then runs as Pygments' own does."""
    parts = [_part(rule, flags) for rule in rules]
    return None if None in parts else _ByChar(rules, cast("list[str]", parts), flags)


class _ByChar(dict[str, _Joined]):
    """A character -> the alternation of the state's rules that may start with it ("": at the end of the text),
    each made when first needed and shared by the characters that keep the same rules; one alternation for all
    the letters (each letter of its own would mean a hundred alternations to compile, each with the long lists
    of built-in names); every rule for a character beyond ASCII."""

    def __init__(self, rules: list[_Rule], parts: list[str], flags: int) -> None:
        super().__init__()
        self.rules, self.parts, self.flags = rules, parts, flags
        self.firsts = [_first_chars(rule[0].__self__.pattern, flags) for rule in rules]  # type: ignore[attr-defined]
        self.made: dict[tuple[int, ...], _Joined] = {}
        self.every = tuple(range(len(rules)))

    def __missing__(self, char: str) -> _Joined:
        if char >= "\x80":
            kept = self.every
        else:
            group = _LETTERS if char in _LETTERS else char
            kept = tuple(n for n, first in enumerate(self.firsts) if first is None or not first.isdisjoint(group))
        if kept not in self.made:
            self.made[kept] = self._join(kept)
        if char < "\x80":  # (not the others: there are too many of them to keep)
            self[char] = self.made[kept]
        return self.made[kept]

    def _join(self, kept: tuple[int, ...]) -> _Joined:
        if not kept:
            return _no_match, []
        owners = [None, *(self.rules[n] for n in kept)]  # group 0 is the whole match
        return _InTurn(self, kept, owners), owners

    def compiled(self, kept: tuple[int, ...], owners: list[_Rule | None]) -> _Joined:
        """The alternation of `kept`, compiled, in place of the rules tried in turn for every character that
        asks for it."""
        joined = re.compile("|".join(self.parts[n] for n in kept), self.flags).match, owners
        before = self.made[kept]
        self.made[kept] = joined
        for char, entry in list(self.items()):  # (a copy: another thread may add a character meanwhile)
            if entry is before:
                self[char] = joined
        return joined


# How many times the rules are tried in turn, per character of their alternation and over their number, before it is
# compiled: of 1, 4 and 16, 4 lexed the first 3,000 characters of 300 Django modules in the fewest instructions
# (cachegrind: 1.33 G, against 1.75 G with every alternation compiled when first asked for).
_TURNS_PER_CHARACTER = 4


class _InTurn:
    """A state's rules that may start with a character tried one after another, with the patterns Pygments
    compiled for them, as Pygments' own loop does, until they have been tried often enough to pay for compiling
    their alternation (`_TURNS_PER_CHARACTER`): it is then compiled and used in their place. Most alternations
    are asked for rarely (a function's or a class's name, an import), and several hold the long lists of built-in
    names again: compiling them all cost a harvest more than lexing its snippets did. The first rule that
    matches is the rule the alternation would take; its match is read the same way (`lastindex` names it)."""

    __slots__ = ("by_char", "kept", "left", "matches", "owners")

    def __init__(self, by_char: _ByChar, kept: tuple[int, ...], owners: list[_Rule | None]) -> None:
        self.by_char, self.kept, self.owners = by_char, kept, owners
        self.matches = [(n, rule[0]) for n, rule in enumerate(owners[1:], start=1)]  # type: ignore[index]
        self.left = _TURNS_PER_CHARACTER * sum(len(by_char.parts[n]) for n in kept) // len(kept)

    def __call__(self, text: str, pos: int) -> "_Hit | re.Match[str] | None":
        self.left -= 1
        if self.left < 0:
            return self.by_char.compiled(self.kept, self.owners)[0](text, pos)
        for n, match in self.matches:
            found = match(text, pos)
            if found is not None:
                return _Hit(n, found)
        return None


class _Hit:
    """A rule's own match, read as the alternation's (`lastindex`: the rule's place among its state's rules)."""

    __slots__ = ("lastindex", "match")

    def __init__(self, lastindex: int, match: "re.Match[str]") -> None:
        self.lastindex, self.match = lastindex, match

    def group(self) -> str:
        return self.match.group()

    def end(self) -> int:
        return self.match.end()


def _uncaptured(pattern: str) -> str:
    """The pattern with its groups made non-capturing, so that an alternative that starts with a group of
    characters (`(def)`) starts with them and is skipped at once where they cannot match; the rule's groups are
    read from its own match when its action needs them."""
    out: list[str] = []
    escaped = False
    class_first = -1  # in a class: where its first member is (a `]` there is a member); -1 outside any
    for n, char in enumerate(pattern):
        out.append(char)
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif class_first >= 0:
            if char == "]" and n != class_first:
                class_first = -1
        elif char == "[":
            class_first = n + 2 if pattern.startswith("^", n + 1) else n + 1
        elif char == "(" and not pattern.startswith("?", n + 1):
            out.append("?:")
    return "".join(out)


def _no_match(_text: str, _pos: int) -> None:
    return None


def _part(rule: _Rule, flags: int) -> str | None:
    """The rule's alternative in a state's pattern, or None if it cannot be one."""
    compiled: re.Pattern[str] = rule[0].__self__  # type: ignore[attr-defined]
    pattern, own = _scoped(compiled.pattern)
    # (`default` rules are empty patterns, compiled without the lexer's flags, which change nothing for them)
    flags_differ = pattern and compiled.flags & ~(re.UNICODE | own) != flags & ~re.UNICODE
    if _BACKREFERENCE.search(pattern) or flags_differ:
        return None
    # The rule is told by an empty group that ends it (it closes last, so it is `lastindex`), not by a group
    # around it: the regex engine skips an alternative at once when its first character cannot match, but
    # only when the alternative starts with a character or a set of them, not with a group.
    return f"(?:{_uncaptured(pattern)})()"


@functools.cache
def _first_chars(pattern: str, flags: int) -> _First:
    try:
        parsed = _parser.parse(pattern, flags)
    except Exception:  # a pattern not read here is tried at every character
        return None
    chars, may_be_empty = _first(parsed, bool(parsed.state.flags & re.IGNORECASE))
    return None if chars is None or may_be_empty else frozenset(chars)


def _first(items: Any, ignorecase: bool) -> tuple[set[str] | None, bool]:
    """(the characters a match of the parsed sequence may start with, whether it may match nothing)."""
    found: set[str] = set()
    for op, value in items:
        chars, may_be_empty = _first_of(op, value, ignorecase)
        if chars is None:
            return None, True
        found |= chars
        if not may_be_empty:
            return found, False
    return found, True


def _first_of(op: Any, value: Any, ignorecase: bool) -> tuple[set[str] | None, bool]:
    if op is sre.LITERAL:
        return _matching(re.escape(chr(value)), ignorecase), False
    if op is sre.IN:
        return _matching(_class(value), ignorecase), False
    if op is sre.ANY or op is sre.NOT_LITERAL:
        return set(_ASCII), False
    if op in (sre.AT, sre.ASSERT, sre.ASSERT_NOT):  # they match no character: the next item starts the match
        return set(), True
    if op is sre.BRANCH:
        found: set[str] = set()
        empty = False
        for alternative in value[1]:
            chars, may_be_empty = _first(alternative, ignorecase)
            if chars is None:
                return None, True
            found |= chars
            empty = empty or may_be_empty
        return found, empty
    if op is sre.SUBPATTERN:
        _, added, removed, inner = value
        return _first(inner, (ignorecase or bool(added & re.IGNORECASE)) and not removed & re.IGNORECASE)
    if op is sre.ATOMIC_GROUP:
        return _first(value, ignorecase)
    if op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
        least, most, inner = value
        if not most:
            return set(), True
        chars, may_be_empty = _first(inner, ignorecase)
        return chars, may_be_empty or not least
    return None, True


def _class(items: Any) -> str | None:
    """A character class read back from its parsed items, or None for an item not known here."""
    parts = []
    for op, value in items:
        if op is sre.NEGATE:
            parts.append("^")
        elif op is sre.LITERAL:
            parts.append(re.escape(chr(value)))
        elif op is sre.RANGE:
            parts.append(f"{re.escape(chr(value[0]))}-{re.escape(chr(value[1]))}")
        elif op is sre.CATEGORY and value in _CLASS_ESCAPES:
            parts.append(_CLASS_ESCAPES[value])
        else:
            return None
    return f"[{''.join(parts)}]"


def _matching(pattern: str | None, ignorecase: bool) -> set[str] | None:
    """The ASCII characters the one-character pattern matches, tried one by one: the regex engine's own rules
    for case (the Kelvin sign matches a "k" when case is ignored), classes and categories."""
    if pattern is None:
        return None
    one = re.compile(pattern, re.IGNORECASE if ignorecase else 0).fullmatch
    return {char for char in _ASCII if one(char)}


class JoinedPythonLexer(PythonLexer):
    """The same tokens as `PythonLexer`, faster."""

    _joined: dict[str, "_ByChar | None"] | None = None
    _all_joined = False  # every state joined (`_joined_states` says): else Pygments' own loop lexes the text

    @classmethod
    def _joined_states(cls) -> dict[str, "_ByChar | None"]:
        if cls._joined is None:
            cls()  # Pygments compiles the rules (`_tokens`) when the first lexer is made
            cls._joined = {state: _dispatch(rules, cls.flags) for state, rules in cls._tokens.items()}
            cls._all_joined = all(joined is not None for joined in cls._joined.values())
        return cls._joined

    def get_tokens_unprocessed(self, text: str, stack: tuple[str, ...] = ("root",)) -> Iterator[tuple]:
        joined_states = self._joined_states()
        if not self._all_joined:
            yield from RegexLexer.get_tokens_unprocessed(self, text, stack)
            return
        pos = 0
        statestack = list(stack)
        by_char = joined_states[statestack[-1]]
        while True:
            joined, owners = by_char[text[pos : pos + 1]]  # type: ignore[index]
            m = joined(text, pos)
            if m is not None:
                rexmatch, action, new_state = owners[m.lastindex]
                if action is not None:
                    if type(action) is _TokenType:
                        yield pos, action, m.group()
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
                    by_char = joined_states[statestack[-1]]
                continue
            if pos >= len(text):
                break
            if text[pos] == "\n":
                statestack = ["root"]
                by_char = joined_states["root"]
                yield pos, Whitespace, "\n"
                pos += 1
                continue
            yield pos, Error, text[pos]
            pos += 1
