"""`ast.unparse` without an unparser for the expressions a harvest and a card write again and again.

`ast.unparse` makes an `_Unparser` and walks it for each node it is asked (about 14,000 instructions for a name,
75,000 a node for a small condition). `unparse` writes names, dotted names, constants (not floats), calls,
subscripts and slices, comparisons, `not`, `-`, `and`/`or`, binary operators, conditional expressions, tuples,
lists, dicts, stars and parameter lists itself, exactly as `ast.unparse` does (Python 3.11), and hands any other
node to it. Here, below both the harvest (`kb.harvest.reading.walked.code`) and the cards, so that each writes its
code the one way.
"""

import ast


def unparse(node: ast.AST) -> str:
    """`ast.unparse(node)`; a name or a dotted name (`self.a.b`) written without it: half a harvest's
    unparsed nodes are names, each an `_Unparser` made and walked (about 14,000 instructions). So are the small
    expressions conditions are made of (`not x`, `a is None`, `f(a, b)`, `a and b`) and plain parameter lists:
    an `_Unparser` cost about 75,000 instructions a node there (10,500 of them, 0.8 G on Django)."""
    kind = type(node)
    if kind is ast.Name:
        return node.id  # type: ignore[attr-defined]
    if kind is ast.Attribute:
        attributes: list[str] = []
        value = node
        while type(value) is ast.Attribute:
            attributes.append(value.attr)
            value = value.value
        if type(value) is ast.Name:
            attributes.append(value.id)
            return ".".join(reversed(attributes))
    written = _written(node, _TEST) if kind is not ast.arguments else _parameters(node)  # type: ignore[arg-type]
    return ast.unparse(node) if written is None else written


# `ast.unparse`'s precedences (`ast._Precedence`, Python 3.11): a node is put in parentheses where the level it is
# written at is above its own; an `and`'s or `or`'s operands are written each one level above the one before.
_PRECEDENCE = ast._Precedence  # type: ignore[attr-defined]
_LEVELS = {name: int(level) for name, level in _PRECEDENCE.__members__.items()}
_TEST, _OR, _AND, _NOT, _CMP = _LEVELS["TEST"], _LEVELS["OR"], _LEVELS["AND"], _LEVELS["NOT"], _LEVELS["CMP"]
_EXPR, _FACTOR, _POWER, _ATOM = _LEVELS["EXPR"], _LEVELS["FACTOR"], _LEVELS["POWER"], _LEVELS["ATOM"]
_COMPARED = {
    ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=",
    ast.Is: "is", ast.IsNot: "is not", ast.In: "in", ast.NotIn: "not in",
}  # fmt: skip
_CONSTANTS = (str, int, bool, bytes, type(None))  # written as `repr` writes them (not a float: `inf`)
# A binary operator's text and level (`ast._Unparser.binop`, `binop_precedence`); `**` binds to the right.
_BINARY = {
    ast.Add: ("+", "ARITH"), ast.Sub: ("-", "ARITH"), ast.Mult: ("*", "TERM"), ast.MatMult: ("@", "TERM"),
    ast.Div: ("/", "TERM"), ast.Mod: ("%", "TERM"), ast.LShift: ("<<", "SHIFT"), ast.RShift: (">>", "SHIFT"),
    ast.BitOr: ("|", "BOR"), ast.BitXor: ("^", "BXOR"), ast.BitAnd: ("&", "BAND"), ast.FloorDiv: ("//", "TERM"),
    ast.Pow: ("**", "POWER"),
}  # fmt: skip
_BINARY_LEVELS = {kind: (f" {text} ", _LEVELS[level]) for kind, (text, level) in _BINARY.items()}


def _written(node: ast.AST, level: int) -> str | None:
    """`ast.unparse(node)` for names, constants, calls, subscripts, slices, comparisons, `not`, `-`, `and`, `or`,
    binary operators, `a if b else c`, and tuples, lists, dicts and `*` of them, written at `level`; None for any
    other node (the caller unparses it whole)."""
    kind = type(node)
    if kind is ast.Name:
        return node.id  # type: ignore[attr-defined]
    if kind is ast.Constant:
        value = node.value  # type: ignore[attr-defined]
        if type(value) in _CONSTANTS:
            return ("u" if node.kind == "u" else "") + repr(value)  # type: ignore[attr-defined]
        return None
    if kind is ast.Attribute:
        value = node.value  # type: ignore[attr-defined]
        if type(value) is ast.Constant:
            return None  # `1 .real`
        inner = _written(value, _ATOM)
        return None if inner is None else f"{inner}.{node.attr}"  # type: ignore[attr-defined]
    if kind is ast.Call:
        func = _written(node.func, _ATOM)  # type: ignore[attr-defined]
        if func is None:
            return None
        said = []
        for argument in node.args:  # type: ignore[attr-defined]
            text = _written(argument, _TEST)
            if text is None:
                return None
            said.append(text)
        for keyword in node.keywords:  # type: ignore[attr-defined]
            text = _written(keyword.value, _TEST)
            if text is None:
                return None
            said.append(f"{keyword.arg}={text}" if keyword.arg is not None else f"**{text}")
        return f"{func}({', '.join(said)})"
    if kind is ast.Subscript:
        value, index = node.value, node.slice  # type: ignore[attr-defined]
        inner = _written(value, _ATOM)
        if inner is None:
            return None
        if type(index) is ast.Tuple and index.elts:
            items = _items(index.elts)
        else:
            items = _written(index, _TEST)
        return None if items is None else f"{inner}[{items}]"
    if kind is ast.Compare:
        left = _written(node.left, _CMP + 1)  # type: ignore[attr-defined]
        if left is None:
            return None
        said = [left]
        for operator, right in zip(node.ops, node.comparators, strict=True):  # type: ignore[attr-defined]
            text = _written(right, _CMP + 1)
            if text is None:
                return None
            said += (_COMPARED[type(operator)], text)
        return _parenthesized(" ".join(said), level > _CMP)
    if kind is ast.UnaryOp:
        operator = type(node.op)  # type: ignore[attr-defined]
        if operator is ast.Not:
            text = _written(node.operand, _NOT)  # type: ignore[attr-defined]
            return None if text is None else _parenthesized(f"not {text}", level > _NOT)
        if operator is ast.USub:
            text = _written(node.operand, _FACTOR)  # type: ignore[attr-defined]
            return None if text is None else _parenthesized(f"-{text}", level > _FACTOR)
        return None
    if kind is ast.BoolOp:
        own = _OR if type(node.op) is ast.Or else _AND  # type: ignore[attr-defined]
        at = own
        said = []
        for value in node.values:  # type: ignore[attr-defined]
            at = min(at + 1, _ATOM)
            text = _written(value, at)
            if text is None:
                return None
            said.append(text)
        return _parenthesized((" or " if own == _OR else " and ").join(said), level > own)
    if kind is ast.List:
        items = _listed(node.elts)  # type: ignore[attr-defined]
        return None if items is None else f"[{items}]"
    if kind is ast.Dict:
        said = []
        for key, value in zip(node.keys, node.values, strict=True):  # type: ignore[attr-defined]
            text = _written(value, _TEST if key is not None else _EXPR)
            written = _written(key, _TEST) if key is not None else "**"
            if text is None or written is None:
                return None
            said.append(f"{written}: {text}" if key is not None else f"**{text}")
        return "{" + ", ".join(said) + "}"
    if kind is ast.Starred:
        text = _written(node.value, _EXPR)  # type: ignore[attr-defined]
        return None if text is None else f"*{text}"
    if kind is ast.Tuple and node.elts:  # type: ignore[attr-defined]
        items = _items(node.elts)  # type: ignore[attr-defined]
        return None if items is None else _parenthesized(items, level > _LEVELS["TUPLE"])
    if kind is ast.BinOp:
        operator, own = _BINARY_LEVELS[type(node.op)]  # type: ignore[attr-defined]
        power = own == _POWER  # the one right-associative operator: its left operand a level up, not its right
        left = _written(node.left, own + 1 if power else own)  # type: ignore[attr-defined]
        right = _written(node.right, own if power else own + 1) if left is not None else None  # type: ignore[attr-defined]
        return None if right is None else _parenthesized(f"{left}{operator}{right}", level > own)
    if kind is ast.IfExp:
        body = _written(node.body, _TEST + 1)  # type: ignore[attr-defined]
        test = _written(node.test, _TEST + 1) if body is not None else None  # type: ignore[attr-defined]
        orelse = _written(node.orelse, _TEST) if test is not None else None  # type: ignore[attr-defined]
        return None if orelse is None else _parenthesized(f"{body} if {test} else {orelse}", level > _TEST)
    if kind is ast.Slice:  # only a subscript's: no level of its own
        said = []
        for part in (node.lower, node.upper, node.step):  # type: ignore[attr-defined]
            text = "" if part is None else _written(part, _TEST)
            if text is None:
                return None
            said.append(text)
        return f"{said[0]}:{said[1]}" + (f":{said[2]}" if node.step is not None else "")  # type: ignore[attr-defined]
    return None


def _listed(nodes: list[ast.expr]) -> str | None:
    """A list's items as `ast.unparse` writes them: `a, b`."""
    said = []
    for item in nodes:
        text = _written(item, _TEST)
        if text is None:
            return None
        said.append(text)
    return ", ".join(said)


def _items(nodes: list[ast.expr]) -> str | None:
    """A tuple's items as `ast.unparse` writes them: `a, b`, or `a,` for one."""
    listed = _listed(nodes)
    return f"{listed}," if listed is not None and len(nodes) == 1 else listed


def _parenthesized(text: str, needed: bool) -> str:
    return f"({text})" if needed else text


def _parameters(node: ast.arguments) -> str | None:
    """`ast.unparse` of a parameter list (`ast._Unparser.visit_arguments`): `a, /, b: int = 1, *c, d=1, **e`, each
    default and annotation written as an expression is; None where one of them is not."""
    positional = [*node.posonlyargs, *node.args]
    defaults: list[ast.expr | None] = [None] * (len(positional) - len(node.defaults))
    said = []
    for index, (parameter, default) in enumerate(zip(positional, defaults + list(node.defaults), strict=True), 1):
        text = _parameter(parameter)
        if text is None:
            return None
        if default is not None:
            value = _written(default, _TEST)
            if value is None:
                return None
            text = f"{text}={value}"
        said.append(f"{text}, /" if index == len(node.posonlyargs) else text)
    if node.vararg or node.kwonlyargs:
        star = _parameter(node.vararg) if node.vararg else ""
        if star is None:
            return None
        said.append(f"*{star}")
    for parameter, default in zip(node.kwonlyargs, node.kw_defaults, strict=True):
        text = _parameter(parameter)
        value = "" if default is None else _written(default, _TEST)
        if text is None or value is None:
            return None
        said.append(f"{text}={value}" if default is not None else text)
    if node.kwarg:
        text = _parameter(node.kwarg)
        if text is None:
            return None
        said.append(f"**{text}")
    return ", ".join(said)


def _parameter(node: ast.arg) -> str | None:
    """One parameter as `ast.unparse` writes it: its name, and `: annotation` where it has one."""
    if node.annotation is None:
        return node.arg
    annotation = _written(node.annotation, _TEST)
    return None if annotation is None else f"{node.arg}: {annotation}"
