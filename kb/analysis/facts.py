"""What holds where an error is raised, read from the harvested conditions (and the definitions of the names they
read), so that a claim using only real names can still be caught saying something false: "raised when
`n_dst < n_src`" where every raise needs `n_dst >= n_src`.

What it can tell: a comparison of two operands (`a < b`, `x is None`, `k in d`) or the truth of a name (`flag`,
`not flag`, "`flag` is false", "`hosts` is empty") claimed in a code span, against the comparisons and truths the
conditions hold at every site (an `and` holds each part; a local's definition holds when the local is true), and a
situation an earlier check stops first: a guard above the raise holds one of its parts (`DEBUG or ALLOWED_HOSTS`,
from `if not DEBUG and not ALLOWED_HOSTS: raise ...`), so a sentence claiming every part false is refused. An
attribute of `self` or `cls`, and an upper-case setting read from an object (`settings.DEBUG`), are the name a
sentence gives them (`DEBUG`). What it cannot: prose ("when the destination is smaller"), calls, values only known
at run time, and any sentence that negates or hedges its claim ("not raised when", "unless"): those are left
alone."""

import ast
import re
from dataclasses import dataclass

from kb.analysis.declarations import Declarations

# Each comparison as the orderings it allows between its left and right operand.
ORDERINGS = {
    ast.Lt: frozenset("<"),
    ast.LtE: frozenset("<="),
    ast.Gt: frozenset(">"),
    ast.GtE: frozenset(">="),
    ast.Eq: frozenset("="),
    ast.NotEq: frozenset("<>"),
    ast.Is: frozenset("="),
    ast.IsNot: frozenset("<>"),
    ast.In: frozenset("i"),
    ast.NotIn: frozenset("o"),
}
FLIPPED = {"<": ">", ">": "<", "=": "=", "i": "i", "o": "o"}
TRUE, FALSE = frozenset("t"), frozenset("f")
# A sentence that turns its claim around or hedges it says nothing this can check.
HEDGES = re.compile(
    r"(?i)\b(?:not|never|no|unless|otherwise|except|instead|rather|without|if not|even|whether|either|neither)\b|n't\b"
)
SPAN = re.compile(r"`([^`\n]++)`")
TRUTH_WORDS = re.compile(r"(?i)`([A-Za-z_][\w.]*+)`\s++(?:is|are)\s++`?(true|false|empty)`?(?![\w`])")
# What a sentence calls an instance's attribute or a setting read from an object: `self.x` is `x`, `settings.DEBUG`
# is `DEBUG`.
OWN = re.compile(r"(?<![\w.])(?:(?:self|cls)\.(?=[A-Za-z_])|[A-Za-z_]\w*+\.(?=[A-Z][A-Z0-9]*+(?:_[A-Z0-9]++)*+$))")


@dataclass(frozen=True)
class Fact:
    left: str
    right: str  # "" for the truth of `left`
    allowed: frozenset[str]

    def contradicts(self, other: "Fact") -> bool:
        return (self.left, self.right) == (other.left, other.right) and self.allowed.isdisjoint(other.allowed)


@dataclass(frozen=True)
class Either:
    """A condition that holds one of its parts at least: a guard `a or b` above the raise."""

    options: tuple[Fact, ...]

    def contradicts(self, other: Fact) -> bool:
        return all(option.contradicts(other) for option in self.options)

    def refuted_by(self, claims: list[Fact]) -> bool:
        """Whether the claims together leave no part of it true: the earlier check stops the call first."""
        return all(any(option.contradicts(claim) for claim in claims) for option in self.options)


def site_facts(evidence: object) -> list[Fact | Either]:
    """What every raise of one site needs: its conditions (each part of an `and`; an `or` of plain parts as one
    `Either`), with the definition of each local that must be true (contract key "definitions": {"name", "code"})."""
    if not isinstance(evidence, dict):
        return []
    facts: list[Fact] = []
    either: list[Fact | Either] = []
    for condition in evidence.get("conditions") or []:
        if isinstance(condition, dict) and condition.get("kind") != "except" and isinstance(condition.get("code"), str):
            tree = _parse(condition["code"])
            facts += _facts(tree)
            if isinstance(tree, ast.BoolOp) and isinstance(tree.op, ast.Or) and (options := _options(tree)):
                either.append(Either(options))
    definitions = {
        row["name"]: row["code"]
        for row in evidence.get("definitions") or []
        if isinstance(row, dict)
        and isinstance(row.get("name"), str)
        and isinstance(row.get("code"), str)
        and not row.get("changed")  # changed in place (`x.pop(...)`) before the raise: no longer that value
    }
    for fact in list(facts):
        if fact.right == "" and fact.left in definitions:
            tree = _parse(definitions[fact.left])
            facts += _facts(tree) if fact.allowed == TRUE else _negated(tree)
    return [*facts, *either]


def _options(tree: ast.BoolOp) -> tuple[Fact, ...]:
    """The parts of an `or`, each one comparison or truth; () when one is anything else (a call, an `and`)."""
    options = [_facts(value) for value in tree.values]
    return tuple(found[0] for found in options) if all(len(found) == 1 for found in options) else ()


def claimed(text: str) -> list[Fact]:
    """The comparisons and truths a sentence claims in its code spans; none when it negates or hedges."""
    prose = SPAN.sub(" ", text)
    if HEDGES.search(prose):
        return []
    found: list[Fact] = []
    for span in SPAN.findall(text):
        tree = _parse(span)
        if _plain_claim(tree) or (
            isinstance(tree, ast.BoolOp)
            and isinstance(tree.op, ast.And)
            and all(_plain_claim(part) or isinstance(part, ast.Name | ast.Attribute) for part in tree.values)
        ):
            found += _facts(tree)
    for name, word in TRUTH_WORDS.findall(text):
        found.append(Fact(_own(name), "", TRUE if word.lower() == "true" else FALSE))
    return found


def _plain_claim(tree: ast.expr | None) -> bool:
    """A comparison or a negation: what a span claims by itself (a bare name alone claims nothing; as a part of
    an `and`, that it is true)."""
    return isinstance(tree, ast.Compare) or (isinstance(tree, ast.UnaryOp) and isinstance(tree.op, ast.Not))


def contradiction(text: str, sites: list[list[Fact | Either]]) -> str:
    """The claim of `text` that every site's conditions contradict, as "claim (the code needs: fact)", or the claims
    that together meet an earlier check every site has above it; "" when none or when some site cannot tell."""
    if not sites or not all(sites):
        return ""
    claims = claimed(text)
    for claim in claims:
        against = [next((fact for fact in facts if fact.contradicts(claim)), None) for facts in sites]
        if all(against):
            return f"{_show(claim)} (the code needs {_show(against[0])})"  # type: ignore[arg-type]
    if len(claims) > 1:
        refuted = [next((f for f in facts if isinstance(f, Either) and f.refuted_by(claims)), None) for facts in sites]
        if all(refuted):
            shown = " and ".join(_show(claim) for claim in claims)
            return f"{shown} (an earlier check needs {_show(refuted[0])})"  # type: ignore[arg-type]
    return ""


def _parse(code: str) -> ast.expr | None:
    try:
        return ast.parse(code.strip(), mode="eval").body
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def _facts(node: ast.expr | None) -> list[Fact]:
    if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.And):
        return [fact for value in node.values for fact in _facts(value)]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return _negated(node.operand)
    if isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in ORDERINGS:
        operands = _own(ast.unparse(node.left)), _own(ast.unparse(node.comparators[0]))
        return [_ordered(*operands, ORDERINGS[type(node.ops[0])])]
    if isinstance(node, ast.Name | ast.Attribute):
        return [Fact(_own(ast.unparse(node)), "", TRUE)]
    return []


def _own(operand: str) -> str:
    """An operand as a sentence names it: `self.x` as `x`, `settings.DEBUG` as `DEBUG`."""
    own = OWN.match(operand)
    return operand[own.end() :] if own else operand


def _negated(node: ast.expr | None) -> list[Fact]:
    """What `not node` holds: a negated comparison or truth (a negated `and` holds nothing certain)."""
    if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or):
        return [fact for value in node.values for fact in _negated(value)]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return _facts(node.operand)
    every = frozenset("<=>")
    return [
        Fact(f.left, f.right, (TRUE | FALSE) - f.allowed if not f.right else _opposite(f.allowed, every))
        for f in _facts(node)
        if not (isinstance(node, ast.BoolOp))
    ]


def _opposite(allowed: frozenset[str], every: frozenset[str]) -> frozenset[str]:
    if allowed <= frozenset("io"):
        return frozenset("io") - allowed
    return every - allowed


def _ordered(left: str, right: str, allowed: frozenset[str]) -> Fact:
    """One spelling per pair of operands: `b > a` is kept as `a < b` (membership keeps its order)."""
    if left <= right or allowed <= frozenset("io"):
        return Fact(left, right, allowed)
    return Fact(right, left, frozenset(FLIPPED[a] for a in allowed))


def _truth(fact: Fact) -> str:
    return fact.left if fact.allowed == TRUE else f"not {fact.left}"


def _show(fact: Fact | Either) -> str:
    if isinstance(fact, Either):
        return (
            "`"
            + " or ".join(_show(option).strip("`") if option.right else _truth(option) for option in fact.options)
            + "`"
        )
    if not fact.right:
        return f"`{fact.left}` is {'true' if fact.allowed == TRUE else 'false'}"
    names = {
        frozenset("<"): "<",
        frozenset("<="): "<=",
        frozenset(">"): ">",
        frozenset(">="): ">=",
        frozenset("="): "==",
        frozenset("<>"): "!=",
    }
    op = names.get(fact.allowed, "in" if fact.allowed == frozenset("i") else "not in")
    return f"`{fact.left} {op} {fact.right}`"


# "`X` defaults to `V`", "`X` is `V` by default", "the default of `X` is `V`".
DEFAULTS_TO = re.compile(r"`([^`\n]++)`[ \t]++defaults?[ \t]++to[ \t]++`([^`\n]++)`")
IS_BY_DEFAULT = re.compile(r"`([^`\n]++)`[ \t]++is[ \t]++`([^`\n]++)`[ \t]++by[ \t]++default")
DEFAULT_OF = re.compile(r"(?i)default[ \t]++(?:value[ \t]++)?(?:of|for)[ \t]++`([^`\n]++)`[ \t]++is[ \t]++`([^`\n]++)`")
DEFAULT_CLAIMS = (DEFAULTS_TO, IS_BY_DEFAULT, DEFAULT_OF)


def wrong_default(text: str, declarations: Declarations) -> str:
    """A default the sentence claims for a class attribute, config field or flag that the tree gives other literal
    defaults only: "`allow_empty` defaults to `False`" where the code says `allow_empty = True`."""
    if HEDGES.search(SPAN.sub(" ", text)):
        return ""
    for pattern in DEFAULT_CLAIMS:
        for name, value in pattern.findall(text):
            key = name.strip().removeprefix("--").replace("-", "_").rsplit(".", 1)[-1]
            if not key.isidentifier():
                continue
            given = declarations.default_values(key)
            if given is None:
                continue
            try:
                claimed = {repr(ast.literal_eval(value.strip()))}
            except (ValueError, TypeError, SyntaxError, RecursionError, MemoryError):
                claimed = {repr(value.strip())}
            if claimed.isdisjoint(given):
                return f"the default of `{name}` is {' or '.join(sorted(given))}, not `{value}`"
    return ""
