"""Messages an exception class words itself: from its `__str__`, or from what its `__init__` hands to its base
(`super().__init__(f"Not supported URL scheme {scheme}")`), through the bases' own `__init__`."""

import ast
import copy
from collections.abc import Iterable

from kb.harvest.reading.classes import ClassIndex, ClassInfo, OwnMessage
from kb.harvest.reading.imports import dotted
from kb.harvest.reading.messages import (
    Field,
    MessageBuilder,
    Parts,
    has_text,
    named_after,
    placeholder_name,
    terminal_name,
)
from kb.harvest.reading.scopes import forms_in, method_scope, returns_of
from kb.text import breadth

_GIVEN = "message_given_by_the_raise"  # the field standing for the message a raise gives, in a `__str__` around it


def own_message(index: ClassIndex, qualname: str, depth: int) -> OwnMessage | None:
    """(the message parts, the `__init__` parameters they may name) of an exception class, or None."""
    if qualname in index.own_messages:
        return index.own_messages[qualname]
    index.own_messages[qualname] = None  # against cycles
    found: OwnMessage | None = None
    info = index.get(qualname)
    if info is not None and depth < 5:
        str_method = index.method(qualname, "__str__")
        init = index.method(qualname, "__init__")
        if str_method is not None:
            values = [r.value for r in printed_returns(str_method[0]) if r.value is not None]
            attribute = dotted(values[0]) if len(values) == 1 else None
            # `return self.message`, worded by `__init__` or a property (no class attribute of that name): read as
            # `__init__`'s words are, its parameters named so that a raise's arguments fill them.
            stored = (
                instance_messages(index, qualname, attribute[1])
                if attribute and len(attribute) == 2 and attribute[0] == "self"
                else []
            )
            if len(stored) == 1:
                found = stored[0]
            elif len(values) == 1:
                forms = forms_in(str_method[1], values[0], index, qualname)
                if forms and has_text(forms[0]):
                    found = _in_init_terms(forms[0], init, index, qualname)
            else:
                # `if not self.message: return "Missing parameter: ..." else: return self.message`: read only for
                # a raise that gives no readable message, so the one worded return is what it prints.
                worded = [
                    forms[0]
                    for value in values
                    if (forms := forms_in(str_method[1], value, index, qualname)) and has_text(forms[0])
                ]
                found = _in_init_terms(worded[0], init, index, qualname) if len(worded) == 1 else None
        elif init is not None:
            variants: list[Parts] = []
            found = _init_message(index, init[0], init[1], depth, variants)
            if found is not None and variants:
                index.own_variants[qualname] = variants
    index.own_messages[qualname] = found
    return found


def _in_init_terms(
    parts: Parts,
    init: tuple[ast.FunctionDef | ast.AsyncFunctionDef, ClassInfo] | None,
    index: ClassIndex,
    qualname: str,
) -> OwnMessage:
    """What `__str__` words, said in `__init__`'s terms: `self.x` that `__init__` sets straight from its parameter
    `x`, and no method of the class sets again, becomes that parameter (a raise's arguments fill it:
    `JMESPathTypeError('sort_by', ...)` is "In function sort_by(), ..."); any other value is the error's own,
    worked out in its class. Neither keeps an expression: the raise's scope would read `self.expression` (or a
    parameter's name) as its own."""
    params = (
        [a.arg for a in [*init[0].args.posonlyargs, *init[0].args.args, *init[0].args.kwonlyargs]][1:] if init else []
    )
    stored = _stored_parameters(init[0], params, index, qualname) if init else {}
    said: list[str | Field] = []
    for part in parts:
        if isinstance(part, Field):
            path = dotted(part.source) if part.source is not None else None
            given = stored.get(path[1]) if path and len(path) == 2 and path[0] == "self" else None
            part = Field(given) if given else Field(part.name, None, part.shown_as_repr)
        said.append(part)
    return tuple(said), params if stored else []


def _stored_parameters(
    init: ast.FunctionDef | ast.AsyncFunctionDef, params: list[str], index: ClassIndex, qualname: str
) -> dict[str, str]:
    """`self.x = x` among `__init__`'s own statements, `x` a parameter and `self.x` set nowhere else: {x's
    attribute: the parameter}."""
    stored: dict[str, str] = {}
    for statement in init.body:
        if isinstance(statement, ast.Assign) and isinstance(statement.value, ast.Name):
            if statement.value.id in params:
                for target in statement.targets:
                    if isinstance(target, ast.Attribute) and dotted(target.value) == ["self"]:
                        stored.setdefault(target.attr, statement.value.id)
    return {attr: param for attr, param in stored.items() if _set_once(index, qualname, attr)}


def _in_parameters(parts: Parts, stored: dict[str, str]) -> Parts:
    """`self.msg` that `__init__` set straight from its parameter `message`, said as that parameter."""
    said: list[str | Field] = []
    for part in parts:
        if isinstance(part, Field) and part.source is not None:
            path = dotted(part.source)
            if path and len(path) == 2 and path[0] == "self" and path[1] in stored:
                part = Field(stored[path[1]])
        said.append(part)
    return tuple(said)


def _set_once(index: ClassIndex, qualname: str, attr: str) -> bool:
    """Whether the methods of the class and its bases assign `self.<attr>` once in all."""
    count = 0
    for info in index.mro(qualname):
        for function in info.methods.values():
            for node in breadth.walk(function):
                targets = (
                    node.targets
                    if isinstance(node, ast.Assign)
                    else [node.target]
                    if isinstance(node, (ast.AugAssign, ast.AnnAssign))
                    else []
                )
                count += sum(_is_self_attribute(target, attr) for target in targets)
    return count == 1


def own_variants(index: ClassIndex, qualname: str) -> list[Parts]:
    """The other wordings of a class's own message, with the same parameters: the message its `__init__` hands to
    its base as it reads without an addition made in an `if` (`message += "\n\n" + suggestions`)."""
    own_message(index, qualname, depth=0)
    return index.own_variants.get(qualname, [])


def _init_message(
    index: ClassIndex,
    init: ast.FunctionDef | ast.AsyncFunctionDef,
    owner: ClassInfo,
    depth: int,
    variants: list[Parts],
) -> OwnMessage | None:
    """What `__init__` passes to its base as the message: `super().__init__(message)`, `Base.__init__(self, m)`;
    the other ways it may word a message handed on as it is go to `variants`."""
    params = [a.arg for a in [*init.args.posonlyargs, *init.args.args, *init.args.kwonlyargs]][1:]
    calls = _base_init_calls(breadth.walk(init))
    if len(calls) > 1:
        # `if <free-form arguments>: ...; Base.__init__(self, *args); return` then `Base.__init__(self, errmsg)`:
        # the call among `__init__`'s own statements is the one every other way through it reaches.
        calls = _base_init_calls(s.value for s in init.body if isinstance(s, ast.Expr))
    if len(calls) != 1:
        return None
    call, func = calls[0]
    target = func.value
    args = list(call.args)
    if isinstance(target, ast.Call) and terminal_name(target.func) == "super":
        base_info = next(iter(index.mro(owner.qualname)[1:]), None)
    else:
        base_parts = dotted(target)
        base = index.resolver.qualify(base_parts, owner.module) if base_parts else None
        base_info = index.get(base) if base else None
        args = args[1:]  # Base.__init__(self, ...)
    if any(isinstance(a, ast.Starred) for a in args):
        return None
    scope = method_scope(index, owner.qualname, owner, init)
    builder = MessageBuilder(scope)

    def ways(expr: ast.expr) -> list[Parts]:
        """Each way the message handed on may be worded: a name bound in two arms of an `if` is each arm's words;
        a parameter bound again only in an `if` (`if filename: message = '%s (%s, line %d)' % ...`) is itself too."""
        forms = builder.forms(expr, call.lineno)
        if isinstance(expr, ast.Name) and (reaching := scope.reaching(expr.id, call.lineno, ())):
            if len(reaching) > 1:
                forms = [f for bound in reversed(reaching) for f in builder.binding_forms(expr.id, bound)[:1]]
            elif reaching[0].path and expr.id in params:
                forms = [*forms, (Field(expr.id),)]
        return forms or [(Field(placeholder_name(expr)),)]

    inherited = own_message(index, base_info.qualname, depth + 1) if base_info is not None else None
    if inherited is not None and inherited[1] and base_info is not None:
        base_forms = [inherited[0], *index.own_variants.get(base_info.qualname, [])]
        values = arguments(inherited[1], ast.Call(func=call.func, args=args, keywords=call.keywords))
        each = {name: ways(value) for name, value in values.items()}
        given = {name: forms[0] for name, forms in each.items()}
        worded = [substitute(form, given) for form in base_forms]
        # A message worded two ways here (`if owner is not UNDEFINED: message = ... else: ...`) is each way in the
        # base's words.
        for name, forms in each.items():
            for other in forms[1:]:
                worded += [substitute(form, {**given, name: other}) for form in base_forms]
        parts = worded[0]
        variants += [form for form in dict.fromkeys(worded[1:]) if form != parts]
    elif args:
        stored = _stored_parameters(init, params, index, owner.qualname)
        forms = [_in_parameters(form, stored) for form in ways(args[0])]
        parts = forms[0]
        # The message alone too (`if filename: message = '%s (%s, line %d)' % ...`): values alone here, it reads
        # as a subclass's or a raise's words put in.
        variants += forms[1:]
    else:
        return None
    return parts, params


def _base_init_calls(nodes: Iterable[ast.AST]) -> list[tuple[ast.Call, ast.Attribute]]:
    """The calls of an `__init__` among `nodes`: `super().__init__(...)`, `Base.__init__(self, ...)`."""
    return [
        (node, node.func)
        for node in nodes
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "__init__"
    ]


def arguments(params: list[str], call: ast.Call) -> dict[str, ast.expr]:
    values = dict(zip(params, [a for a in call.args if not isinstance(a, ast.Starred)], strict=False))
    values.update({k.arg: k.value for k in call.keywords if k.arg in params})
    return values


def argument_parts(value: ast.expr) -> Parts:
    if isinstance(value, ast.Constant) and isinstance(value.value, str):
        return (value.value,)
    return (named_after(value),)


def substitute(parts: Parts, values: dict[str, Parts]) -> Parts:
    out: list[str | Field] = []
    for part in parts:
        replaced = values.get(part.name) if isinstance(part, Field) else None
        out += replaced if replaced is not None else [part]
    return merge_parts(out)


def merge_parts(parts: list[str | Field]) -> Parts:
    """Adjacent literals joined into one, empty ones dropped: the shape signatures are built from."""
    merged: list[str | Field] = []
    for part in parts:
        if isinstance(part, str) and merged and isinstance(merged[-1], str):
            merged[-1] += part
        elif part != "":
            merged.append(part)
    return tuple(merged)


def instance_messages(index: ClassIndex, owner: str, name: str) -> list[OwnMessage]:
    """`self.<name>` where no class attribute says it: the message a property builds (Jinja2's
    `Undefined._undefined_message`, one per `return`), or the one a method stores on the instance
    (`self.message = f"..."` in `__init__`): each with the parameters of the method it is worded in."""
    if index.attribute(owner, name) is not None:
        return []
    found: list[OwnMessage] = []
    method = index.method(owner, name)
    if method is not None:
        function, info = method
        if any(terminal_name(d) in ("property", "cached_property") for d in function.decorator_list):
            scope = method_scope(index, owner, info, function)
            for returned in sorted(returns_of(function), key=lambda node: node.lineno):
                if returned.value is not None:
                    found += [(p, []) for p in MessageBuilder(scope).forms(returned.value, returned.lineno)[:1]]
        return [m for m in found if has_text(m[0])]
    for info in index.mro(owner):
        for function in info.methods.values():
            assigned = [
                node
                for node in breadth.walk(function)
                if isinstance(node, ast.Assign) and any(_is_self_attribute(t, name) for t in node.targets)
            ]
            if not assigned:
                continue
            scope = method_scope(index, owner, info, function)
            params = [a.arg for a in [*function.args.posonlyargs, *function.args.args, *function.args.kwonlyargs]][1:]
            for node in assigned:
                found += [(p, params) for p in MessageBuilder(scope).forms(node.value, node.lineno)[:1]]
    return [m for m in found if has_text(m[0])]


def _is_self_attribute(target: ast.expr, name: str) -> bool:
    return isinstance(target, ast.Attribute) and target.attr == name and dotted(target.value) == ["self"]


def worded_around(index: ClassIndex, qualname: str, message: Parts) -> list[Parts]:
    """A raise's message as the class's `__str__` prints it when that puts words or values around the message the
    raise gave (`" of ".join(self._path) + " " + str(self.args[0])`, `"%s. You passed in %r" % (super().__str__(),
    ...)`): one form per `return` that reads it, the bare message first where a `return` prints it alone; [] when
    `__str__` prints it nowhere with anything around it."""
    if qualname not in index.str_wrappings:
        index.str_wrappings[qualname] = _str_wrappings(index, qualname)
    wrappings = index.str_wrappings[qualname]
    if not any(len(w) > 1 for w in wrappings):
        return []
    return list(dict.fromkeys(substitute(w, {_GIVEN: message}) for w in wrappings))


def _str_wrappings(index: ClassIndex, qualname: str) -> list[Parts]:
    found = index.method(qualname, "__str__")
    if found is None:
        return []
    function, info = found
    # Read on a copy whose every read of the given message is one name: `output = Exception.__str__(self)`, then
    # `output += " for " + self.error_type` in an `if`, then `return output + path` words it each way it may run.
    marked = _GivenMarked().visit(copy.deepcopy(function))
    scope = method_scope(index, qualname, info, marked)
    wrappings: list[Parts] = []
    for returned in sorted(printed_returns(marked), key=lambda node: node.lineno):
        value = returned.value
        if value is None:
            continue
        for form in MessageBuilder(scope).forms(value, returned.lineno):
            if Field(_GIVEN) in form and form not in wrappings:
                wrappings.append(form)
    # The message alone first: it is how the raise words it, the others what callers may add.
    return sorted(wrappings, key=len)


def printed_returns(function: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.Return]:
    """The returns of a `__str__` that `str(error)` reaches: it passes no argument, so a branch taken only when a
    parameter defaulting to a false value is true never prints (trafaret's `DataError.__str__(self, value=False)`
    words `'%s, got %r'` only when `value` is passed)."""
    args = function.args
    positional = [*args.posonlyargs, *args.args]
    defaults = [*zip(positional[len(positional) - len(args.defaults) :], args.defaults, strict=True)]
    defaults += [(a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d is not None]
    falsy = {a.arg for a, d in defaults if isinstance(d, ast.Constant) and not d.value}
    if not falsy:
        return returns_of(function)
    return returns_of(
        function,
        lambda node: (
            not _false_when_unpassed(node.test, falsy),
            not _false_when_unpassed(ast.UnaryOp(op=ast.Not(), operand=node.test), falsy),
        ),
    )


def _false_when_unpassed(test: ast.expr, falsy: set[str]) -> bool:
    """Whether a test is false whenever the parameters in `falsy` keep their false defaults."""
    if isinstance(test, ast.Name):
        return test.id in falsy
    if isinstance(test, ast.BoolOp):
        met = [_false_when_unpassed(value, falsy) for value in test.values]
        return any(met) if isinstance(test.op, ast.And) else all(met)
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return _true_when_unpassed(test.operand, falsy)
    return False


def _true_when_unpassed(test: ast.expr, falsy: set[str]) -> bool:
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return _false_when_unpassed(test.operand, falsy)
    if isinstance(test, ast.BoolOp):
        met = [_true_when_unpassed(value, falsy) for value in test.values]
        return all(met) if isinstance(test.op, ast.And) else any(met)
    return False


def _given() -> ast.expr:
    """The message a raise gave, as `__str__` reads it: a text of one placeholder (a name alone would be read as
    unknown, and a local bound to it named after the local)."""
    return ast.JoinedStr(values=[ast.FormattedValue(value=ast.Name(id=_GIVEN, ctx=ast.Load()), conversion=-1)])


class _GivenMarked(ast.NodeTransformer):
    """`self.args[0]`, `str(self.args[0])`, `super().__str__()` and `Exception.__str__(self)` replaced by a name
    standing for the message."""

    def visit_Call(self, node: ast.Call) -> ast.expr:
        if terminal_name(node.func) == "str" and len(node.args) == 1 and _is_first_argument(node.args[0]):
            return _given()
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr == "__str__" and _of_self(func, node):
            return _given()
        self.generic_visit(node)
        return node

    def visit_Subscript(self, node: ast.Subscript) -> ast.expr:
        if _is_first_argument(node):
            return _given()
        self.generic_visit(node)
        return node


def _of_self(func: ast.Attribute, call: ast.Call) -> bool:
    """`super().__str__()`, or a base's `__str__` called on `self` (`Exception.__str__(self)`)."""
    if isinstance(func.value, ast.Call) and terminal_name(func.value.func) == "super":
        return not call.args
    return len(call.args) == 1 and isinstance(call.args[0], ast.Name) and call.args[0].id == "self"


def _is_first_argument(node: ast.expr) -> bool:
    """`self.args[0]`."""
    return (
        isinstance(node, ast.Subscript)
        and dotted(node.value) == ["self", "args"]
        and isinstance(node.slice, ast.Constant)
        and node.slice.value == 0
    )


def formats_args(index: ClassIndex, qualname: str) -> str | None:
    """How a class words its first argument with the others, in `__str__` or a method it calls: "%"
    (`self.args[0] % self.args[1:]`, dateutil's ParserError), "{}" (`fmt.format(*self.args[1:])`, or a formatter of
    its own given them: glom's MatchError), or None when no method of the class reads `self.args[1:]`. Read once
    per class."""
    if qualname not in index.formats_args:
        index.formats_args[qualname] = _formats_args(index, qualname)
    return index.formats_args[qualname]


def _formats_args(index: ClassIndex, qualname: str) -> str | None:
    for info in index.mro(qualname):
        for method in info.methods.values():
            if not any(_rest_of_args(node) for node in breadth.walk(method)):
                continue
            percent = any(
                isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and _rest_of_args(node.right)
                for node in breadth.walk(method)
            )
            return "%" if percent else "{}"
    return None


def _rest_of_args(node: ast.AST) -> bool:
    """`self.args[1:]`."""
    return (
        isinstance(node, ast.Subscript)
        and dotted(node.value) == ["self", "args"]
        and isinstance(node.slice, ast.Slice)
        and isinstance(node.slice.lower, ast.Constant)
        and node.slice.lower.value == 1
        and node.slice.upper is None
    )
