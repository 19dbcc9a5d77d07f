"""Exception types named by class attributes (`error_class = TemplateSyntaxError`, through module-level aliases),
by classes a property builds at run time and by instance attributes `__init__` sets. Which class's attribute a
raise reads, as each class that runs the method sees it, is `reading.evaluate`'s (`attribute_classes`)."""

import ast
from collections.abc import Sequence

from kb.harvest.reading.classes import ClassIndex, ClassInfo
from kb.harvest.reading.imports import ModuleInfo, dotted
from kb.harvest.reading.scopes import params_of, statements
from kb.text import breadth


def attribute_type(index: ClassIndex, owner: str, name: str) -> str | None:
    """The exception class a class attribute names for instances of `owner`; None when it is set on the
    instance too (`self.error_class = error_class` in `__init__`: only known at run time) or names no class."""
    if assigns_on_self(index, owner, name):
        return None
    found = index.attribute(owner, name)
    return None if found is None else named_class(index, found[0], found[1].module, depth=0)


def named_class(index: ClassIndex, expr: ast.expr | None, module: ModuleInfo, depth: int) -> str | None:
    """The qualified class `expr` names in `module`, through module-level aliases (`error_class = DEFAULT`)."""
    parts = dotted(expr) if expr is not None else None
    if parts is None or depth > 5:
        return None
    qualified = index.resolver.qualify(parts, module)
    if qualified is None or index.resolver.is_function(qualified):
        return None
    defining, _, name = qualified.rpartition(".")
    info = index.resolver.modules.get(defining)
    if info is not None and name in info.assigned and name not in info.classes:
        # A module-level alias of a class (or of another alias): what it is bound to.
        return named_class(index, info.assigned[name], info, depth + 1)
    return qualified


def assigns_on_self(index: ClassIndex, owner: str, name: str) -> bool:
    """Whether a method of `owner` or of its ancestors assigns `self.<name>`."""
    return any(name in assigned_on_self(index, info) for info in index.mro(owner))


def assigned_on_self(index: ClassIndex, info: ClassInfo) -> frozenset[str]:
    # Each class's methods walked once for all the attributes asked about: a walk per question was a sixth of
    # the extraction of Django.
    found = index.set_on_instance.get(info.qualname)
    if found is None:
        names: set[str] = set()
        # Statements alone (nested functions' included): an assignment is one, and the expressions between them,
        # nine nodes in ten, hold none.
        bodies = [statement for method in info.methods.values() for statement in method.body]
        for node in statements(bodies, into_scopes=True):
            if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                names.update(t.attr for t in unpacked(targets) if isinstance(t, ast.Attribute) and is_self(t.value))
        found = index.set_on_instance[info.qualname] = frozenset(names)
    return found


def unpacked(targets: Sequence[ast.expr]) -> list[ast.expr]:
    """An assignment's targets with a tuple's or a list's items in place of it: `self.new_name, self.old_name =
    self.old_name, self.new_name` sets both (RenameModel.database_backwards, django/db/migrations/operations/
    models.py:551, 5.2.19)."""
    if not any(isinstance(target, (ast.Tuple, ast.List)) for target in targets):
        return list(targets)
    found: list[ast.expr] = []
    for target in targets:
        if isinstance(target, (ast.Tuple, ast.List)):
            found.extend(unpacked([item.value if isinstance(item, ast.Starred) else item for item in target.elts]))
        else:
            found.append(target)
    return found


def is_self(expr: ast.expr) -> bool:
    return isinstance(expr, ast.Name) and expr.id == "self"


def made_by_type_call(index: ClassIndex, target: ast.expr, owner: str | None) -> str | None:
    """`raise self.RelatedObjectDoesNotExist(...)`: a property of the class that builds the exception class at
    run time, `type("RelatedObjectDoesNotExist", (...), {...})`; recorded as a class nested in the one that
    builds it (Django's `ForwardManyToOneDescriptor.RelatedObjectDoesNotExist`), whose last component is what a
    traceback shows (`myapp.models.Book.author.RelatedObjectDoesNotExist`)."""
    parts = dotted(target)
    if not owner or not parts or len(parts) != 2 or parts[0] not in ("self", "cls"):
        return None
    found = index.method(owner, parts[1])
    if found is None:
        return None
    method, defined_in = found
    returned = [node.value for node in breadth.walk(method) if isinstance(node, ast.Return) and node.value is not None]
    if len(returned) != 1 or not isinstance(call := returned[0], ast.Call) or dotted(call.func) != ["type"]:
        return None
    name = call.args[0] if call.args else None
    if not (isinstance(name, ast.Constant) and isinstance(name.value, str) and name.value.isidentifier()):
        return None
    return f"{defined_in.qualname}.{name.value}"


def instance_type(index: ClassIndex, owner: str, name: str) -> str | None:
    """`raise self._undefined_exception(...)` where `__init__` did `self._undefined_exception = exc` with
    `exc=UndefinedError` (Jinja2's Undefined): the parameter's default, or the class assigned itself."""
    found = index.method(owner, "__init__")
    if found is None:
        return None
    init, defined_in = found
    params = params_of(init.args)
    assigned = [
        node.value
        for node in breadth.walk(init)
        if isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Attribute) and t.attr == name and is_self(t.value) for t in node.targets)
    ]
    if len(assigned) != 1:
        return None
    value: ast.expr | None = assigned[0]
    if isinstance(value, ast.Name) and value.id in params:
        value = params[value.id]
    return named_class(index, value, defined_in.module, depth=0)
