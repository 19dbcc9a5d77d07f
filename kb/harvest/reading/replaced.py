"""A method every subclass the repository ships overrides: its raise is reached on an object whose class inherits
the method unchanged, the base class itself or a user's subclass, never on an object of the library's own ones.

`RedirectURLMixin.get_default_redirect_url` raises "No URL to redirect to. Provide a next_page." and Django's two
subclasses of the mixin, `LoginView` and `LogoutView`, each define their own (django/contrib/auth/views.py:55-62,
91, 148, 5.2.19): a reader who uses those views never meets it (round 30's card 10). Read from the harvest's class
index, once per method: the subclasses outside the tests, each resolving the name (a method or a class attribute)
to a class other than the base; an override that reaches the base's method (`super().m()`, `Base.m(self)`) or a
decorated method (a property, a method a decorator may wrap) says nothing. A subclass the harvest cannot see (built
at run time, in another distribution) is not said of: the evidence names only what it read."""

import ast

from kb.harvest.reading.callers import is_private, is_test
from kb.harvest.reading.classes import ClassIndex, ClassInfo
from kb.text import breadth

MAX_NAMED = 5  # subclasses named; the count says the rest
MAX_SUBCLASSES = 50  # more (tests' included), and it says nothing: a base of that many classes is read no further
MAX_NODES = 2_000  # nodes of an override read for a call of the base's method


def replaced(function: ast.AST, index: ClassIndex, owner: str | None) -> dict | None:
    """{"class", "method", "by", "count"} when `function` is a public method of a public class whose every subclass
    outside the tests (one at least) overrides it: "by" the subclasses (qualified) that define it themselves, the
    public ones, "count" how many do; None otherwise."""
    if not owner or type(function) not in (ast.FunctionDef, ast.AsyncFunctionDef) or function.decorator_list:  # type: ignore[attr-defined]
        return None
    name = function.name  # type: ignore[attr-defined]
    info = index.get(owner)
    if info is None or name.startswith("_") or info.methods.get(name) is not function:
        return None
    subclasses = index.subclasses(owner)  # most classes have none: asked before anything else is read
    if not subclasses or len(subclasses) > MAX_SUBCLASSES:
        return None
    defining: list[ClassInfo] = []
    definers: dict[str, ClassInfo] = {}  # each class whose definition a subclass runs, a mixin beside the base too
    for sub in subclasses:
        above = _defining(index, sub, name)
        if is_test(sub.module.path, sub.qualname):
            continue  # a test's class: no subclass the library ships
        if above is None or above.qualname == owner:
            return None  # inherits the base's method (or the harvest cannot tell): reached there too
        definers[above.qualname] = above
        if above is sub:
            defining.append(sub)
    if not defining or is_private(owner) or is_test(info.module.path, owner):
        return None
    if any(_reaches_base(above, name) for above in definers.values()):  # read last: most such methods are inherited
        return None
    named = [sub.qualname for sub in defining if not is_private(sub.qualname)]
    if not named:
        return None
    return {"class": _short(owner, info.module.name), "method": name, "by": named[:MAX_NAMED], "count": len(defining)}


def _defining(index: ClassIndex, sub: ClassInfo, name: str) -> ClassInfo | None:
    """The first class of `sub`'s ancestry (itself first) that defines `name`, as a method or a class attribute;
    None when none does (an ancestor the harvest did not read may)."""
    for ancestor in index.mro(sub.qualname):
        if name in ancestor.methods or name in ancestor.attributes:
            return ancestor
    return None


def _reaches_base(sub: ClassInfo, name: str) -> bool:
    """Whether the subclass's own definition of `name` may run an ancestor's: `super().name`, `Base.name`, or an
    attribute bound to another's (`name = Base.name`); a decorated method, whose decorator may, counts too."""
    defined = sub.methods.get(name)
    node: ast.AST | None = defined if defined is not None else sub.attributes.get(name)
    if defined is None and type(node) is ast.Name:
        # `m = _m`: the class's own method under another name is what runs, and may call the base's through
        # `super()`; a name bound anywhere else (a module's function) is not read here, so it may.
        defined = sub.methods.get(node.id)
        if defined is None:
            return True
        node = defined
    if node is None or (defined is not None and defined.decorator_list):
        return True
    for count, inner in enumerate(breadth.walk(node)):
        if count > MAX_NODES:
            return True
        if type(inner) is ast.Attribute and inner.attr == name:
            value = inner.value
            if not (type(value) is ast.Name and value.id == "self"):
                return True
    return False


def _short(qualname: str, module: str) -> str:
    return qualname[len(module) + 1 :] if qualname.startswith(module + ".") else qualname
