"""What an `except` caught, as the test that failed, where its `try` holds one standard operation and nothing else
that can raise the caught type (issue 29: "when it happens" for a raise whose only test is an `except`).

    module_path, class_name = dotted_path.rsplit(".", 1)   # except ValueError: `"." not in dotted_path`
    return module.register                                 # except AttributeError: `not hasattr(module, "register")`
    backend = backend or user.backend      # except AttributeError: `not backend and not hasattr(user, "backend")`
    return getattr(settings, name)                         # except AttributeError: `not hasattr(settings, name)`
    return table[name.lower()]                             # except KeyError: `name.lower() not in table`
    iter(patterns)                                         # except TypeError: "`patterns` is not iterable"
    prefixed = data.startswith(("http:", "https:"))  # except AttributeError: "`data` is neither a string nor bytes"

Read once per handler (the caller memoizes its conditions); nothing is imported or run. A lookup by a plain key
(`d[k]`) and an import are read by `conditions` itself, which says them the way cards already quote.
`raises_nothing`: the statements after a `try`'s first that leave its calls the only way to the handler.
"""

import ast

from kb.harvest.reading.walked import unparsed

# What a lookup raises; the ways a key is made uniform first, which raise no lookup error themselves.
_LOOKUP_ERRORS = frozenset({"KeyError", "LookupError"})
_NORMALIZED = frozenset({"lower", "upper", "casefold", "strip"})
# `a, b = s.split(",", 1)`: the two methods whose result unpacks into `maxsplit + 1` names only when `s` holds `sep`.
_SPLITS = frozenset({"split", "rsplit"})
# A builtin call on a name, with the one type its failure raises, and what its argument then is not: `int("1.5")`
# fails too, so `int` says "read as an integer", never "not a number".
_BUILTIN_FAILURES = {
    ("iter", "TypeError"): "{} is not iterable",
    ("len", "TypeError"): "{} has no length",
    ("int", "ValueError"): "{} cannot be read as an integer",
    ("float", "ValueError"): "{} cannot be read as a number",
}
# The methods of `str` (none of them raises `AttributeError`): an `AttributeError` of `x.lower()` says `x` is no `str`.
# Most are methods of `bytes` too (`b"A".lower()` works, `b"x".startswith(("a",))` raises `TypeError`): of those, `x`
# is no `bytes` either. `count` and `index` are a list's and a tuple's too: what `x` is then is not said.
_STR_METHODS = frozenset(name for name in dir(str) if not name.startswith("_")) - set(dir(list)) - set(dir(tuple))
_BYTES_METHODS = _STR_METHODS & frozenset(dir(bytes))
WORDS = "failed_words"  # the attribute of a test made here that holds its words (`conditions.sentence` says them)
# The attribute of a test made here that holds the line of the statement that failed: its names are read as they were
# before it (`items = iter(items)` failed: `items` is not `iter(items)` in the handler).
LINE = "failed_line"


def failed_test(caught: ast.expr | None, attempt: ast.AST | None) -> ast.expr | None:
    """The test that holds when the one statement of `attempt` raised the caught type, or None where the statement
    is no operation of the table, may raise the caught type some other way, or the handler catches more."""
    if caught is None or not isinstance(attempt, (ast.Try, ast.TryStar)) or len(attempt.body) != 1:
        return None
    names = [unparsed(n).rpartition(".")[2] for n in (caught.elts if isinstance(caught, ast.Tuple) else [caught])]
    test = _failed(names, attempt.body[0])
    if test is not None:
        setattr(test, LINE, attempt.body[0].lineno)
    return test


def _failed(names: list[str], statement: ast.stmt) -> ast.expr | None:
    """The test that failed where `statement` raised one of `names` (the caught types' last names)."""
    if names == ["ValueError"] and isinstance(statement, ast.Assign) and (split := _split_unpacked(statement)):
        return split
    if names == ["AttributeError"]:
        return _attribute_read(statement) or _str_method(statement)
    if len(names) == 1 and (failed := _builtin_call(statement, names[0])) is not None:
        return failed
    if len(names) == 1 and names[0] in _LOOKUP_ERRORS:
        return _normalized_lookup(statement)
    return None


def _split_unpacked(statement: ast.Assign) -> ast.expr | None:
    """`a, b = s.rsplit(sep, 1)`: a `ValueError` only when `s` does not contain `sep` (a non-string `s` raises
    `AttributeError` or `TypeError`, which the handler does not catch)."""
    if len(statement.targets) != 1 or not isinstance(target := statement.targets[0], (ast.Tuple, ast.List)):
        return None
    call = statement.value
    if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Attribute) or call.func.attr not in _SPLITS:
        return None
    if call.keywords or len(call.args) != 2 or not _plain(call.func.value):
        return None
    sep, most = call.args
    if not (isinstance(sep, ast.Constant) and isinstance(sep.value, str) and sep.value):
        return None
    if not (isinstance(most, ast.Constant) and type(most.value) is int and most.value == len(target.elts) - 1):
        return None
    if not target.elts or not all(isinstance(name, ast.Name) for name in target.elts):
        return None  # `self.x, y = ...` may raise on its own
    return ast.Compare(left=sep, ops=[ast.NotIn()], comparators=[call.func.value])


def _attribute_read(statement: ast.stmt) -> ast.expr | None:
    """`return obj.name`, `x = obj.name` or `getattr(obj, name)`: the one read of an attribute of a plain name (a
    property's getter that raises `AttributeError` is, to Python, the attribute missing too)."""
    value = _value(statement)
    if isinstance(value, ast.BoolOp) and isinstance(value.op, ast.Or) and all(map(_plain, value.values[:-1])):
        # `backend = backend or user.backend` (django/contrib/auth/__init__.py:57, Django 5.2.19): the read runs
        # only when each name before it is empty or false.
        read = _attribute_read(ast.Expr(value.values[-1]))
        if read is None:
            return None
        empty: list[ast.expr] = [ast.UnaryOp(op=ast.Not(), operand=name) for name in value.values[:-1]]
        return ast.BoolOp(op=ast.And(), values=[*empty, read])
    hasattr_ = ast.Name("hasattr", ast.Load())
    if isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name):
        args: list[ast.expr] = [value.value, ast.Constant(value.attr)]
    elif (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Name)
        and value.func.id == "getattr"
        and len(value.args) == 2
        and not value.keywords
        and _plain(value.args[0])
        and (_plain(value.args[1]) or _text(value.args[1]))
    ):
        args = list(value.args)
    else:
        return None
    if isinstance(name := args[1], ast.Constant) and _private(str(name.value)):
        return None  # `request._messages`: a private name is no word of the reader's
    return ast.UnaryOp(op=ast.Not(), operand=ast.Call(func=hasattr_, args=args, keywords=[]))


def _builtin_call(statement: ast.stmt, caught: str) -> ast.expr | None:
    """`iter(patterns)` and `TypeError`, `int(value)` and `ValueError`: the call of a builtin on a name (reading a
    name raises nothing) that fails with the caught type only through what its argument is. The test is the call
    itself, its words what the argument is not (`WORDS`), where the name is not bound to something else."""
    value = _value(statement)
    if not isinstance(value, ast.Call) or not isinstance(value.func, ast.Name) or value.keywords:
        return None
    if len(value.args) != 1 or not _plain(value.args[0]):
        return None
    said = _BUILTIN_FAILURES.get((value.func.id, caught))
    if said is None:
        return None
    test = ast.Call(func=value.func, args=value.args, keywords=[])
    setattr(test, WORDS, said.format(f"`{unparsed(value.args[0])}`"))
    return test


def _str_method(statement: ast.stmt) -> ast.expr | None:
    """`http_prefix = data.startswith(("http:", "https:"))` and `AttributeError`: a method of `str` called on a name
    with constant arguments. A string has every such method and none of them raises `AttributeError`, so the one
    raised says `data` is no string (rest_framework/relations.py:338, DRF 3.18.3), nor bytes where bytes have the
    method too (`startswith`)."""
    value = _value(statement)
    if not isinstance(value, ast.Call) or not isinstance(value.func, ast.Attribute) or value.keywords:
        return None
    if value.func.attr not in _STR_METHODS or not _plain(value.func.value):
        return None
    if not all(map(_constant, value.args)):
        return None
    args: list[ast.expr] = [value.func.value, ast.Constant(value.func.attr)]
    test = ast.UnaryOp(op=ast.Not(), operand=ast.Call(func=ast.Name("hasattr", ast.Load()), args=args, keywords=[]))
    kinds = "neither a string nor bytes" if value.func.attr in _BYTES_METHODS else "not a string"
    setattr(test, WORDS, f"`{unparsed(value.func.value)}` is {kinds}")
    return test


def _constant(node: ast.expr) -> bool:
    """`"http:"` or `("http:", "https:")`: an argument whose reading raises nothing."""
    if isinstance(node, ast.Tuple):
        return all(map(_constant, node.elts))
    return isinstance(node, ast.Constant)


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _normalized_lookup(statement: ast.stmt) -> ast.expr | None:
    """`return table[name.lower()]`: a `KeyError` only when the key made uniform is not in the table (a key that is
    no string raises `AttributeError`, which the handler does not catch). A key without a call is `conditions`'s."""
    value = _value(statement)
    if not isinstance(value, ast.Subscript) or not _dotted(value.value):
        return None
    key = value.slice
    if not (isinstance(key, ast.Call) and isinstance(key.func, ast.Attribute) and key.func.attr in _NORMALIZED):
        return None
    if key.args or key.keywords or not _plain(key.func.value):
        return None
    return ast.Compare(left=key, ops=[ast.NotIn()], comparators=[value.value])


def _value(statement: ast.stmt) -> ast.expr | None:
    """What `x = v`, `return v` or `v` alone computes; None for any other statement."""
    if isinstance(statement, ast.Assign):
        return statement.value if len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name) else None
    return statement.value if isinstance(statement, (ast.Return, ast.Expr)) else None


def _dotted(node: ast.expr) -> bool:
    """`table` or `self.table`: read as the lookup's container, as `conditions` reads one."""
    while isinstance(node, ast.Attribute):
        node = node.value
    return isinstance(node, ast.Name)


def _plain(node: ast.expr) -> bool:
    """A name: reading it raises nothing (a chain's attribute may be a property that raises anything)."""
    return isinstance(node, ast.Name)


def _text(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def raises_nothing(statement: ast.stmt) -> bool:
    """`x = None`, `done = True`, `return parsed`, `pass`, `if parsed is not None: return parsed`: statements that
    cannot raise (a name bound to a constant or a name, its test by identity with a constant)."""
    if isinstance(statement, ast.Pass):
        return True
    if isinstance(statement, ast.Assign):
        return all(isinstance(t, ast.Name) for t in statement.targets) and _simple(statement.value)
    if isinstance(statement, ast.Return):
        return statement.value is None or _simple(statement.value)
    if isinstance(statement, ast.If):
        test = statement.test
        identity = (
            isinstance(test, ast.Compare)
            and len(test.ops) == 1
            and isinstance(test.ops[0], (ast.Is, ast.IsNot))
            and all(map(_simple, [test.left, *test.comparators]))
        )
        return identity and all(map(raises_nothing, [*statement.body, *statement.orelse]))
    return False


def _simple(node: ast.expr) -> bool:
    return isinstance(node, (ast.Name, ast.Constant))
