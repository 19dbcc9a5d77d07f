"""Wordings given to a class's instances where they are made: `validate_slug = RegexValidator(slug_re, _("Enter a
valid “slug” ..."), "invalid")` stores its message as `self.message`, and `RegexValidator.__call__` raises it. Read
from module-level instances, made directly or by a factory function of the harvest that returns one
(`int_list_validator(message=...)` returns `RegexValidator(regexp, message=message)`), and from instances made with
a literal in a function of the class's own module (Jinja2's `Failure("Missing end of comment tag")` in
`Lexer.__init__`)."""

import ast

from kb.harvest.reading.classes import ClassIndex
from kb.harvest.reading.imports import ModuleInfo, dotted
from kb.harvest.reading.messages import MessageBuilder, Parts
from kb.harvest.reading.own_messages import arguments
from kb.harvest.reading.scopes import FOREVER, ModuleEnv, method_scope, returns_of
from kb.harvest.reading.walked import nodes_of_kind
from kb.text import breadth

# (the call that makes an instance, the module it is written in)
Made = tuple[ast.Call, ModuleInfo]


def instance_wordings(index: ClassIndex, classes: list[str], attribute: str) -> list[list[Parts]]:
    """One option per module-level instance of `classes` whose `__init__` stores a constructor argument as
    `self.<attribute>`, and whose instance is made with that argument worded in the source; and per subclass among
    `classes` whose own `__init__` hands its base such a wording."""
    options: list[list[Parts]] = []
    for qualname in classes:
        options += [o for o in _handed_to_base(index, qualname, attribute) if o not in options]
        param = _stored_parameter(index, qualname, attribute)
        if param is None:
            continue
        names, position = param
        for call, module in _made(index).get(qualname, ()):
            value = arguments(names, call).get(names[position])
            if value is None:
                continue
            forms = MessageBuilder(ModuleEnv(module, index)).forms(value, FOREVER)
            if forms:
                options.append(forms)
        for call in _made_in_functions(index, qualname):
            value = arguments(names, call).get(names[position])
            if isinstance(value, ast.Constant) and isinstance(value.value, str) and [value.value] not in options:
                options.append([(value.value,)])
    return options


def _made_in_functions(index: ClassIndex, qualname: str) -> list[ast.Call]:
    """The calls of a class by its plain name in the functions and methods of its own module; each module's read
    once, on the first question about one of its classes (asked only of a class that keeps a constructor argument
    as the attribute a raise words its message with)."""
    info = index.get(qualname)
    if info is None or info.qualname != f"{info.module.name}.{qualname.rpartition('.')[2]}":
        return []
    module = info.module
    found = index.made_in_functions.get(module.name)
    if found is None:
        found = {}
        functions = [*module.function_nodes.values()]
        functions += [f for kin in index.classes.values() if kin.module is module for f in kin.methods.values()]
        for function in functions:
            for node in breadth.walk(function):
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in module.classes:
                    found.setdefault(node.func.id, []).append(node)
        index.made_in_functions[module.name] = found
    return found.get(qualname.rpartition(".")[2], [])


def _handed_to_base(index: ClassIndex, qualname: str, attribute: str) -> list[list[Parts]]:
    """A subclass whose own `__init__` hands its base the wording the base stores as `self.<attribute>`: `class
    Email(Regex)` with `msg = _("Invalid email address")` then `super().__init__(EMAIL_RE, msg=msg)`, read in that
    `__init__`."""
    info = index.get(qualname)
    init = info.methods.get("__init__") if info is not None else None
    if info is None or init is None:
        return []
    stored = next(
        (found for base in index.mro(qualname)[1:] if (found := _stored_parameter(index, base.qualname, attribute))),
        None,
    )
    if stored is None:
        return []
    names, position = stored
    scope = method_scope(index, qualname, info, init)
    options: list[list[Parts]] = []
    for node in nodes_of_kind(init, ast.Call):
        if not _calls_base_init(node):
            continue
        value = arguments(names, node).get(names[position])
        forms = MessageBuilder(scope).forms(value, node.lineno) if value is not None else []
        if forms:
            options.append(forms)
    return options


def _calls_base_init(call: ast.Call) -> bool:
    """`super().__init__(...)`."""
    func = call.func
    return (
        isinstance(func, ast.Attribute)
        and func.attr == "__init__"
        and isinstance(func.value, ast.Call)
        and dotted(func.value.func) == ["super"]
    )


def _stored_parameter(index: ClassIndex, qualname: str, attribute: str) -> tuple[list[str], int] | None:
    """(the `__init__` parameters, the position of the one stored as `self.<attribute>`), or None."""
    found = index.method(qualname, "__init__")
    if found is None:
        return None
    init = found[0]
    names = [a.arg for a in [*init.args.posonlyargs, *init.args.args, *init.args.kwonlyargs]][1:]
    for node in nodes_of_kind(init, ast.Assign):
        if not isinstance(node.value, ast.Name) or node.value.id not in names:
            continue
        if any(dotted(t) == ["self", attribute] for t in node.targets):
            return names, names.index(node.value.id)
    return None


def _made(index: ClassIndex) -> dict[str, list[Made]]:
    """Module-level instances of the harvest's classes, by class; read once per harvest."""
    if index.instances is not None:
        return index.instances
    found: dict[str, list[Made]] = {}
    for module in index.resolver.modules.values():
        for value in module.assigned.values():
            if isinstance(value, ast.Call):
                for qualname, call in _constructions(index, value, module):
                    found.setdefault(qualname, []).append((call, module))
    index.instances = found
    return found


def _constructions(index: ClassIndex, call: ast.Call, module: ModuleInfo) -> list[tuple[str, ast.Call]]:
    """The class a call makes, with the call as the class sees its arguments; through one factory function."""
    parts = dotted(call.func)
    qualified = index.resolver.qualify(parts, module) if parts else None
    if qualified is None:
        return []
    if qualified in index.classes:
        return [(qualified, call)]
    owner, _, name = qualified.rpartition(".")
    factory_module = index.resolver.modules.get(owner)
    factory = factory_module.function_nodes.get(name) if factory_module is not None else None
    if factory is None or factory_module is None:
        return []
    params = [a.arg for a in [*factory.args.posonlyargs, *factory.args.args, *factory.args.kwonlyargs]]
    given = arguments(params, call)
    made = []
    for returned in returns_of(factory):
        inner = returned.value
        inner_parts = dotted(inner.func) if isinstance(inner, ast.Call) else None
        target = index.resolver.qualify(inner_parts, factory_module) if inner_parts else None
        if not isinstance(inner, ast.Call) or target not in index.classes or target is None:
            continue
        # The factory's parameters put in where the class's call passes them on (`message=message`).
        as_given = ast.Call(
            func=inner.func,
            args=[_passed(a, given) for a in inner.args],
            keywords=[ast.keyword(arg=k.arg, value=_passed(k.value, given)) for k in inner.keywords],
        )
        made.append((target, as_given))
    return made


def _passed(value: ast.expr, given: dict[str, ast.expr]) -> ast.expr:
    return given.get(value.id, value) if isinstance(value, ast.Name) else value
