"""An attribute of the object a method runs on, read so that it may be missing (issue 29, round 24's cards 18 and 20).

`hasattr(self.Meta, 'model')` reads an option the reader's class declares in its inner `Meta`: "the `Meta.model`
option of your `ModelSerializer` is not set". `hasattr(self, 'initial_data')` is said of the object by its class, no
more: "the `BaseSerializer` has no `initial_data` attribute". `getattr(self, 'accepted_renderer', None)`, in the test
or as the one definition of the local it tests, is the object's attribute when set and the default otherwise: "the
`Response`'s `accepted_renderer` is not set (or empty)". Said only of a public attribute of a public class (never of
a local named `self`), and only in the harvest's sentences whose truth for a missing attribute is known (a truth
test; `is None` of a `None` default); any other use of the name leaves the condition unsaid. Who sets the attribute
is not said: the evidence does not hold it.
"""

import ast
import re

from kb.cards import marks
from kb.cards.parsed import expression
from kb.cards.phrasing import UNSAID
from kb.text import breadth
from kb.text.escaping import code
from kb.text.written import unparse

_META = marks.META  # marks the inner `Meta` of the reader's class: `\x05<owner>`
_HAS = marks.HAS  # marks the object itself, asked whether it has an attribute: `\x07<owner>`
_UNSET = marks.UNSET  # marks an attribute read with a default: `\x06<default>\x02<subject>`
_FALSY = frozenset({"None", "False"})
_MAX_CODE = 300  # as `reader.MAX_CODE`: a longer test is not read for names
# `getattr(self, 'x')`, `getattr(cls, "x", None)`: the code harvest records (ast.unparse), as a local's definition.
_GETATTR = re.compile(r"getattr\((?P<root>self|cls), '(?P<name>[A-Za-z]\w*+)'(?:, (?P<default>None|False|True))?+\)")


def is_marked(said: str) -> bool:
    """Whether `said` is one of this module's marks, which only `phrased` may put into words."""
    return said.startswith((_META, _UNSET, _HAS))


def shown(said: str) -> str:
    """A mark's subject as Markdown, where a name is said outside a sentence this module words."""
    if said.startswith(_UNSET):
        return said.partition(marks.SEPARATOR)[2]
    if said.startswith(_META):
        return f"the {code('Meta')} of your {code(said[1:])}"
    if said.startswith(_HAS):
        return f"the {code(said[1:])}"
    return said


def own_class(evidence: dict) -> str:
    """The public class the raising method belongs to (its last name), or ""."""
    recorded = evidence.get("function")
    owner = str(recorded.get("class") or "") if isinstance(recorded, dict) else ""
    last = owner.rpartition(".")[2]
    public = bool(owner) and all(not part.startswith("_") for part in owner.split("."))
    return last if public and last[:1].isupper() else ""


def absent_checks(written: str, owner: str, roots: tuple[str, ...]) -> list[tuple[str, str, str]]:
    """The pieces of a test's code that ask whether the object has an attribute: (the piece's code, the name the
    harvest's sentence writes for it, its mark). `hasattr(self.Meta, 'option')` is written "`self.Meta` has no
    `.option` attribute", `hasattr(self, 'name')` "`self` has no `.name` attribute", `getattr(self, 'name', None)` as
    itself. `roots`: the names the object goes by (`self`; a classmethod's `cls`), none of them a local."""
    if not owner or len(written) > _MAX_CODE or ("hasattr(" not in written and "getattr(" not in written):
        return []  # most tests read neither: not parsed again for this
    tree = expression(written)
    if tree is None:
        return []
    found: list[tuple[str, str, str]] = []
    for node in breadth.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        if _called(node) == "hasattr" and _public_key(node):
            subject = node.args[0]
            if _is_meta(subject, roots):
                found.append((unparse(node), unparse(subject), _META + owner))
            elif isinstance(subject, ast.Name) and subject.id in roots:
                found.append((unparse(node), subject.id, _HAS + owner))
        elif said := _default_read(node, owner, roots):
            found.append((unparse(node), unparse(node), said))
    return found


def meta_asked(test: ast.expr, roots: tuple[str, ...]) -> str:
    """The option of `hasattr(self.Meta, 'option')` (`roots`: as `absent_checks`'), or "" for any other test."""
    if (
        isinstance(test, ast.Call)
        and _called(test) == "hasattr"
        and _public_key(test)
        and _is_meta(test.args[0], roots)
    ):
        return str(getattr(test.args[1], "value", ""))
    return ""


def local_read(defined: str, owner: str, roots: tuple[str, ...]) -> tuple[str, str | None] | None:
    """(attribute, default) of a local's definition `getattr(self, 'x', None)`; the default is None when the call
    gives none (`getattr(self, 'x')` is `self.x`). None for any other definition."""
    found = _GETATTR.fullmatch(defined)
    if found is None or found["root"] not in roots or not owner:
        return None
    return found["name"], found["default"]


def marked(owner: str, attribute: str, default: str) -> str:
    """The mark of `attribute` of the reader's object, read with `default` when it is not set."""
    return f"{_UNSET}{default}{marks.SEPARATOR}the {code(owner)}'s {code(attribute)}"


def phrased(text: str, token: str, said: str) -> str:
    """The sentence with `token` (standing for a mark) in words; "" when `said` is no mark; UNSAID when the sentence
    reads the name in a way no template here says."""
    if said.startswith((_META, _HAS)):
        owner = code(said[1:])

        def attribute(found: re.Match[str]) -> str:
            name, has = found[2], found[1] == "a"
            if said.startswith(_META):
                return f"the {code('Meta.' + name)} option of your {owner} is {'set' if has else 'not set'}"
            # "the `BaseSerializer` has no `initial_data` attribute": no more than the code says, of the reader's object
            article = ("an" if name[:1].lower() in "aeiou" else "a") if has else "no"
            return f"the {owner} has {article} {code(name)} attribute"

        text = re.sub(rf"{token} has (no|a) `\.(\w++)` attribute", attribute, text)
        return UNSAID if token in text else text
    if not said.startswith(_UNSET):
        return ""
    default, _, subject = said[1:].partition(marks.SEPARATOR)
    if default in _FALSY:
        unset = f"{subject} is not set (or {'empty' if default == 'None' else 'false'})"
        for words in ("is empty or false", "is false"):
            text = text.replace(f"{token} {words}", unset)
        text = text.replace(f"{token} is true", f"{subject} is set to a true value")
    else:  # `True`: a missing attribute reads as true
        for words in ("is empty or false", "is false"):
            text = text.replace(f"{token} {words}", f"{subject} is set to a false value")
    if default == "None":
        text = text.replace(f"{token} is `None`", f"{subject} is not set (or `None`)")
        text = text.replace(f"{token} is not `None`", f"{subject} is set (and not `None`)")
    return UNSAID if token in text else text


def _is_meta(node: ast.AST, roots: tuple[str, ...]) -> bool:
    return (
        isinstance(node, ast.Attribute)
        and node.attr == "Meta"
        and isinstance(node.value, ast.Name)
        and node.value.id in roots
    )


def _called(call: ast.Call) -> str:
    return call.func.id if isinstance(call.func, ast.Name) else ""


def _public_key(call: ast.Call) -> bool:
    """`hasattr(x, 'name')` with a public name as its only other argument."""
    return len(call.args) == 2 and not call.keywords and _public_name(call.args[1])


def _public_name(key: ast.expr) -> bool:
    return (
        isinstance(key, ast.Constant)
        and isinstance(key.value, str)
        and key.value.isidentifier()
        and key.value[:1] != "_"
    )


def _default_read(node: ast.AST, owner: str, roots: tuple[str, ...]) -> str:
    """The mark of `getattr(self, 'name', None)` (or `False`, `True`) of a public name; "" for anything else."""
    if not isinstance(node, ast.Call) or _called(node) != "getattr" or len(node.args) != 3 or node.keywords:
        return ""
    target, key, default = node.args
    if not (isinstance(target, ast.Name) and target.id in roots) or not _public_name(key):
        return ""
    if not isinstance(default, ast.Constant) or not (default.value is None or isinstance(default.value, bool)):
        return ""
    return marked(owner, str(getattr(key, "value", "")), repr(default.value))
