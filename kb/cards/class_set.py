"""What the reader's class did, where a raise tests one public class attribute of the object (issue 29): "The class
in use (`GenericAPIView` or a subclass of it) leaves `serializer_class` at `GenericAPIView`'s default, `None`", "The
class in use (`TestCase` or a subclass of it) sets `reset_sequences` to a true value, where `TransactionTestCase`
declares it `False`".

Said only from a row harvest keeps for a class-body literal that neither the library's subclasses nor its methods set
again (`attributes`, kb/harvest/reading/attributes.py): a value other than that literal then comes from the reader's
own class or code, and the literal itself is what a class that sets nothing has. The test must be the deciding `if`
alone, on that attribute alone, in a form whose truth for any value is known (a truth test, `is`, `==`)."""

import ast
from dataclasses import dataclass

from kb.cards.parsed import expression
from kb.cards.reader import Reader, is_public
from kb.models import RaiseSite
from kb.text.escaping import code

_MAX_CODE = 120


@dataclass(frozen=True)
class ClassSet:
    """The reader's side of one site's deciding test: `lead` says what the class in use did; `said` is how the card
    words the test itself (`Reader.condition`), which the lead then stands for."""

    lead: str
    said: str


def class_set(site: RaiseSite, row: dict | None, reader: Reader) -> ClassSet | None:
    """The lead for the site's deciding test `row`, or None where the evidence does not support one."""
    evidence = site.evidence or {}
    recorded = evidence.get("function")
    owner = str(recorded.get("class") or "") if isinstance(recorded, dict) else ""
    if row is None or row.get("kind") != "if" or not _public_class(owner):
        return None
    written = str(row.get("code") or "")
    test = _test(written, "cls" if reader.in_classmethod() else "self") if len(written) <= _MAX_CODE else None
    if test is None:
        return None
    attribute, operator, literal = test
    found = reader.attributes.get(f"self.{attribute}")
    if found is None or found.get("parameter") or found.get("varies") or not isinstance(found.get("value"), str):
        return None
    declared, value = str(found.get("class") or ""), found["value"]
    if not _public_class(declared) or attribute.startswith("_") or not value:
        return None
    try:
        default = ast.literal_eval(value)
        holds = _holds(operator, default, literal)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None
    said = reader.condition(row)
    if not said:
        return None
    subject = f"The class in use ({code(owner.rpartition('.')[2])} or a subclass of it)"
    name, where = code(attribute), code(declared)
    if holds and operator in ("is", "=="):
        return ClassSet(f"{subject} leaves {name} at {where}'s default, {code(value)}", said)
    if holds and operator in ("true", "false"):
        state = "true" if operator == "true" else "empty or false"
        return ClassSet(f"{subject} leaves {name} {state}, as {where} declares it ({code(value)})", said)
    if holds:
        return None  # a test the default meets by being other than something: no single thing the class did
    needed = {
        "true": "a true value",
        "false": "an empty or false value",
        "is": code(repr(literal)),
        "==": code(repr(literal)),
        "is not": f"a value other than {code(repr(literal))}",
        "!=": f"a value other than {code(repr(literal))}",
    }[operator]
    return ClassSet(f"{subject} sets {name} to {needed}, where {where} declares it {code(value)}", said)


def _public_class(name: str) -> bool:
    return bool(name) and is_public(name) and name.rpartition(".")[2][:1].isupper()


def _test(written: str, root: str) -> tuple[str, str, object] | None:
    """(attribute, operator, literal) of `root.x`, `not root.x`, `root.x is None`, `root.x == 'a'` and the like."""
    node = expression(written)
    if node is None:
        return None
    operator = "true"
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        node, operator = node.operand, "false"
    literal: object = None
    if isinstance(node, ast.Compare) and operator == "true" and len(node.ops) == 1:
        kinds = {ast.Is: "is", ast.IsNot: "is not", ast.Eq: "==", ast.NotEq: "!="}
        operator = kinds.get(type(node.ops[0]), "")
        if not operator or not isinstance(node.comparators[0], ast.Constant):
            return None
        literal, node = node.comparators[0].value, node.left
    if not (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == root):
        return None
    return node.attr, operator, literal


def _holds(operator: str, value: object, literal: object) -> bool:
    """Whether the test is true of the class's own literal `value`."""
    if operator in ("true", "false"):
        return bool(value) == (operator == "true")
    if operator in ("is", "is not"):  # `is` of a constant: None, True, False, an Ellipsis
        return (value is literal) == (operator == "is")
    return (value == literal) == (operator == "==")
