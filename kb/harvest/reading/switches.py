"""The switches a user sets, declared across the repository (issue 29): command-line flags (argparse's
`add_argument`, click's `@click.option`/`@click.argument`, the fields of a dataclass of server arguments) and
settings (the upper-case names of a settings module, Django's `global_settings`).

Declarations are noted while each module is read (`declared_by_call`, `declared_by_function`,
`declared_by_class`: what the extractor meets anyway), and settings from each module's top level; `SwitchIndex`
files them by the name a condition reads (argparse's dest: `--enable-hisparse` is `enable_hisparse`)."""

import ast
from typing import NamedTuple

from kb.harvest.reading.definitions import clip
from kb.harvest.reading.imports import ModuleInfo

HELP_LIMIT = 300
MAX_ROWS = 6
_ARGS_CLASSES = ("Args", "Arguments")
_CLICK = frozenset({"option", "argument"})


class Declared(NamedTuple):
    kind: str  # "flag" or "setting"
    name: str  # what the code reads: argparse's dest, a field's or a setting's name
    declared: str  # "--enable-hisparse", "addrport", "DEBUG"
    help: str
    path: str
    line: int
    function: str = ""  # click: the command function whose parameter it is
    # argparse's `store_false` (`--no-header`), a `store_true` true by default, a `store_const`: its value does not
    # say whether the flag was given (`_inverted`)
    inverted: bool = False


def declared_by_call(call: ast.Call, path: str) -> Declared | None:
    """`parser.add_argument("--foo-bar", help=...)`."""
    options = [a.value for a in call.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    if not options or len(options) != len(call.args):
        return None
    dest = _keyword_text(call, "dest") or _dest(options)
    if not dest:
        return None
    shown = next((o for o in options if o.startswith("--")), options[0])
    return Declared("flag", dest, shown, _keyword_text(call, "help"), path, call.lineno, inverted=_inverted(call))


def _inverted(call: ast.Call) -> bool:
    """Whether a flag's value is no sign that it was given, nor what was typed: false when given (`store_false`),
    true when not (`store_true` with `default=True`), or a constant that other flags may store as well
    (`store_const`: showmigrations' `--list` and `--plan` both set `format`)."""
    action = _keyword_text(call, "action")
    keywords = {k.arg: k.value for k in call.keywords if k.arg}
    if action in ("store_false", "store_const", "append_const"):
        return True
    held = keywords.get("action")
    boolean = isinstance(held, ast.Attribute) and held.attr == "BooleanOptionalAction"
    default = keywords.get("default")
    if action == "store_true" or boolean:
        return default is not None and not (isinstance(default, ast.Constant) and not default.value)
    return False


def declared_by_function(function: ast.FunctionDef | ast.AsyncFunctionDef, path: str, qualname: str) -> list[Declared]:
    """`@click.option("--count", "-c", help=...)` on a command function: its parameter `count`."""
    found = []
    for decorator in function.decorator_list[:40]:
        if not (isinstance(decorator, ast.Call) and isinstance(decorator.func, ast.Attribute)):
            continue
        if decorator.func.attr not in _CLICK:
            continue
        texts = [a.value for a in decorator.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
        names = [t for t in texts if t.isidentifier()]
        flags = [t for t in texts if t.startswith("-")]
        dest = names[0] if names else _dest(flags)
        if dest:
            shown = next((f for f in flags if f.startswith("--")), flags[0] if flags else dest)
            help_text = _keyword_text(decorator, "help")
            found.append(Declared("flag", dest, shown, help_text, path, decorator.lineno, qualname))
    return found


def declared_by_class(node: ast.ClassDef, path: str) -> list[Declared]:
    """The fields of `@dataclass class ServerArgs:`: each one a flag `--field-name`."""
    if not node.name.endswith(_ARGS_CLASSES) or not any(_is_dataclass(d) for d in node.decorator_list):
        return []
    found = []
    for statement in node.body[:2000]:
        if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
            name = statement.target.id
            if name.startswith("_"):
                continue
            help_text = _field_help(statement.value)
            found.append(Declared("flag", name, "--" + name.replace("_", "-"), help_text, path, statement.lineno))
    return found


def declared_settings(info: ModuleInfo) -> list[Declared]:
    """The upper-case names a settings module sets, each with the comment just above it as its help."""
    last = info.name.rpartition(".")[2]
    if "settings" not in last:
        return []
    found = []
    for name, value in list(info.assigned.items())[:5000]:
        if not name.isupper() or value is None:
            continue
        line = value.lineno
        found.append(Declared("setting", name, name, _comment_above(info.lines, line), info.path, line))
    return found


class SwitchIndex:
    """Declarations by name: a module's own first, then one the repository declares once."""

    def __init__(self, declared: list[Declared]) -> None:
        self._by_name: dict[str, list[Declared]] = {}
        for row in declared:
            self._by_name.setdefault(row.name, []).append(row)

    def flag(self, name: str, path: str, *, anywhere: bool) -> Declared | None:
        """`anywhere`: also a flag another module declares, when the repository declares it once (a parsed
        command line handed around: `self.server_args.enable_hisparse`); else the module's own only."""
        found = [d for d in self._by_name.get(name, ()) if d.kind == "flag"]
        # The nearest declaration (a repository with two servers declares `--tp-size` in each), and of those, one
        # with its help (argparse's, mostly) says more than a bare dataclass field of that name.
        folders = path.split("/")
        found.sort(key=lambda d: (-_shared(folders, d.path.split("/")), not d.help))
        own = [d for d in found if d.path == path]
        if own:
            return own[0]
        return found[0] if anywhere and found and len({d.declared for d in found}) == 1 else None

    def click(self, name: str, path: str, function: str) -> Declared | None:
        return next((d for d in self._by_name.get(name, ()) if d.path == path and d.function == function), None)

    def setting(self, name: str) -> Declared | None:
        found = [d for d in self._by_name.get(name, ()) if d.kind == "setting"]
        return found[0] if len(found) == 1 else None


def _shared(a: list[str], b: list[str]) -> int:
    """How many leading folders two paths share."""
    count = 0
    for left, right in zip(a[:-1], b[:-1], strict=False):
        if left != right:
            break
        count += 1
    return count


def switch_row(declared: Declared) -> dict:
    row = {
        "name": declared.name,
        "kind": declared.kind,
        "declared": declared.declared,
        "help": declared.help,
        "path": declared.path,
        "line": declared.line,
    }
    return {**row, "inverted": True} if declared.inverted else row


def _dest(options: list[str]) -> str:
    longs = [o for o in options if o.startswith("--")]
    chosen = longs[0] if longs else options[0] if options else ""
    dest = chosen.lstrip("-").replace("-", "_")
    return dest if dest.isidentifier() else ""


def _keyword_text(call: ast.Call, name: str) -> str:
    value = next((k.value for k in call.keywords if k.arg == name), None)
    if isinstance(value, ast.Constant) and isinstance(value.value, str):
        return clip(" ".join(value.value.split()), HELP_LIMIT)
    if isinstance(value, ast.JoinedStr):
        text = "".join(v.value for v in value.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
        return clip(" ".join(text.split()), HELP_LIMIT)
    return ""


def _is_dataclass(decorator: ast.expr) -> bool:
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    return (isinstance(target, ast.Name) and target.id == "dataclass") or (
        isinstance(target, ast.Attribute) and target.attr == "dataclass"
    )


def _field_help(value: ast.expr | None) -> str:
    """`field(default=..., metadata={"help": "..."})`."""
    if not isinstance(value, ast.Call):
        return ""
    metadata = next((k.value for k in value.keywords if k.arg == "metadata"), None)
    if not isinstance(metadata, ast.Dict):
        return ""
    for key, item in zip(metadata.keys, metadata.values, strict=True):
        if isinstance(key, ast.Constant) and key.value == "help":
            if isinstance(item, ast.Constant) and isinstance(item.value, str):
                return clip(" ".join(item.value.split()), HELP_LIMIT)
    return ""


def _comment_above(lines: list[str], line: int) -> str:
    """The `#` comment lines right above `line` (at most four), as one sentence."""
    found: list[str] = []
    number = line - 1
    while number >= 1 and len(found) < 4:
        text = lines[number - 1].strip() if number - 1 < len(lines) else ""
        if not text.startswith("#"):
            break
        found.append(text.lstrip("#").strip())
        number -= 1
    return clip(" ".join(reversed(found)), HELP_LIMIT)
