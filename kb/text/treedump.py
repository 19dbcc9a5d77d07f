"""`ast.dump(node)`, the same text, without the garbage cycle each call of it leaves.

`ast.dump` formats with a function nested in it that calls itself: each call leaves that function and its closure's
cells in a cycle that only the cyclic collector frees, and the collector is off for the harvest (`collector_paused`):
on Django some 3,300 calls (a test's conjuncts, a placeholder's source, an import's target), about seven objects
each that the collector walked at the harvest's end. Here the same formatting is a function of the module; as
`ast.dump` with its defaults (`annotate_fields=True`, no `indent`)."""

import ast

_AST = ast.AST


def dump(node: ast.AST, include_attributes: bool = False) -> str:
    """`ast.dump(node, include_attributes=include_attributes)`."""
    if not isinstance(node, _AST):
        raise TypeError(f"expected AST, got {node.__class__.__name__!r}")
    return _format(node, include_attributes)[0]


def _format(node: object, include_attributes: bool) -> tuple[str, bool]:
    # Python 3.11's `ast.dump._format`, its closure's names passed in, `indent` None.
    if isinstance(node, _AST):
        cls = type(node)
        args = []
        allsimple = True
        for name in node._fields:
            try:
                value = getattr(node, name)
            except AttributeError:
                continue
            if value is None and getattr(cls, name, ...) is None:
                continue
            text, simple = _format(value, include_attributes)
            allsimple = allsimple and simple
            args.append(f"{name}={text}")
        if include_attributes and node._attributes:
            for name in node._attributes:
                try:
                    value = getattr(node, name)
                except AttributeError:
                    continue
                if value is None and getattr(cls, name, ...) is None:
                    continue
                text, simple = _format(value, include_attributes)
                allsimple = allsimple and simple
                args.append(f"{name}={text}")
        if allsimple and len(args) <= 3:
            return f"{node.__class__.__name__}({', '.join(args)})", not args
        return f"{node.__class__.__name__}({', '.join(args)})", False
    if isinstance(node, list):
        if not node:
            return "[]", True
        return f"[{', '.join(_format(x, include_attributes)[0] for x in node)}]", False
    return repr(node), True
