"""Raise sites of one module: `raise`, `assert ..., msg`, `warnings.warn` and `self.fail(...)` helpers."""

import ast
import builtins
import dataclasses
from collections import Counter
from dataclasses import dataclass, field

from kb.harvest.reading import scopes
from kb.harvest.reading.callers import Called, Defined, entry_kind, takes_of
from kb.harvest.reading.checked import checked_by
from kb.harvest.reading.class_tables import Choice, Row, looped_as, table_classes, unpacked_rows
from kb.harvest.reading.classes import ClassIndex, ClassInfo
from kb.harvest.reading.cleared import cleared_classes, copied
from kb.harvest.reading.closures import Held, factory_calls, operands, reads_enclosing, substituted
from kb.harvest.reading.conditions import negate, tested
from kb.harvest.reading.evaluate import (
    MESSAGE_KEYWORDS,
    HelperRaise,
    Value,
    alternate_constructor,
    attribute_classes,
    class_named,
    function_node,
    handed_instances,
    keyed_viewers,
    keys_read,
    made_by,
    message_keyword,
    message_position,
    passed_classes,
    passed_in_module,
    raised_by,
    running,
    seen_by,
    worded_by_callers,
    written_here,
)
from kb.harvest.reading.evaluate import Made as Evaluated
from kb.harvest.reading.files import Refused
from kb.harvest.reading.imports import BUILTIN_EXCEPTIONS, ModuleInfo, Resolver, dotted, visible_name
from kb.harvest.reading.instances import instance_wordings
from kb.harvest.reading.joined import joined_options
from kb.harvest.reading.messages import (
    Binding,
    BranchPath,
    Field,
    MessageBuilder,
    Parts,
    brace_format,
    distinct_placeholders,
    format_template,
    has_text,
    message_of,
    named_after,
    percent_format,
    signature_of,
    terminal_name,
)
from kb.harvest.reading.narrowed import narrowed
from kb.harvest.reading.never import never_runs
from kb.harvest.reading.own_messages import (
    argument_parts,
    arguments,
    formats_args,
    instance_messages,
    own_message,
    own_variants,
    substitute,
    worded_around,
)
from kb.harvest.reading.property_reads import is_property
from kb.harvest.reading.records import raised_records
from kb.harvest.reading.scopes import (
    BINDERS,
    COMPOUND,
    Scope,
    forms_in,
    join,
    note_compound,
    params_of,
    push_children,
    record_binding,
    span,
)
from kb.harvest.reading.site_evidence import Owner, condition_row, defaults_of, site_evidence, suppressing
from kb.harvest.reading.switches import Declared, declared_by_call, declared_by_class, declared_by_function
from kb.harvest.reading.texts import quoted
from kb.harvest.reading.types import (
    attribute_type,
    instance_type,
    is_self,
    made_by_type_call,
)
from kb.harvest.reading.yielded import yielded_by, yielders
from kb.text import breadth
from kb.text.treedump import dump
from kb.text.written import unparse

SNIPPET_CONTEXT = 8  # lines either side of the raise, clipped to its function
# Each Django model's own subclasses, created at run time (`self.model.DoesNotExist`): recorded as nested in
# Model, whose last component is what a traceback shows (`myapp.models.Book.DoesNotExist`).
_CASTS = frozenset({"typing.cast", "typing_extensions.cast"})  # they return their argument: no exception class
_MODEL_EXCEPTIONS = {
    "DoesNotExist": "django.db.models.base.Model.DoesNotExist",
    "MultipleObjectsReturned": "django.db.models.base.Model.MultipleObjectsReturned",
    "NotUpdated": "django.db.models.base.Model.NotUpdated",
}


# What a site is read from: a raise, an assert, a call of warnings.warn or of a fail() helper.
SiteNode = ast.Raise | ast.Assert | ast.Call | ast.ClassDef  # ClassDef: an exception class's own card


@dataclass(frozen=True)
class FoundSite:
    exception_type: str
    kind: str
    message: str
    signature: str
    path: str
    line: int
    function: str
    snippet: str
    snippet_start: int
    variants: tuple[tuple[str, str], ...] = ()  # other wordings of the same raise: (message, signature)
    # What the code says around the raise (`site_evidence`): stored on the site as it is, never compared.
    evidence: dict = field(default_factory=dict, compare=False, hash=False)
    # A helper's raise recorded again for a message with no signature: of the entry of the site that wrote it.
    written_at: str = ""
    # The card of an exception class worded by its own `__init__`/`__str__`, at the class statement: kept only for a
    # class no raise was found for (`kb.harvest.pipeline.scan.own_cards_of_unraised`).
    class_card: bool = field(default=False, compare=False)
    # `except ParseBaseException as exc: raise exc.with_traceback(None)`: the caught error surfaces here, its
    # traceback cleared; a site of each raise of the caught class (`kb.harvest.pipeline.scan.resurfaced`).
    resurfaces: bool = field(default=False, compare=False)

    @property
    def site_key(self) -> str:
        return self.written_at or f"{self.path}::{self.function}"

    @property
    def key(self) -> tuple[str, str, str]:
        """What makes two sites one entry: type and signature, or type and site when there is no signature."""
        return (self.exception_type, self.signature, "" if self.signature else self.site_key)


@dataclass
class ModuleResult:
    sites: list[FoundSite] = field(default_factory=list)
    skipped: Counter = field(default_factory=Counter)
    unresolved: set[tuple[str, str]] = field(default_factory=set)
    # The module's functions and the calls in them, for the scan's call graph (only when reading evidence).
    defined: list[Defined] = field(default_factory=list)
    called: list[Called] = field(default_factory=list)
    declared: list[Declared] = field(default_factory=list)  # flags the module declares (`reading.switches`)
    refused: Refused | None = None  # the file not taken whole: why (`kb.harvest.pipeline.scan`)


# The walk asks each of the hundreds of thousands of nodes of a large repository what it is: by its exact type in
# a set (the parser makes no subclasses), not `isinstance` with a union, which the loop would build again each time.
_NESTED = frozenset({ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef})
_CANDIDATES = frozenset({ast.Raise, ast.Assert, ast.Call})
_TRIES = frozenset({ast.Try, ast.TryStar})
_WITHS = frozenset({ast.With, ast.AsyncWith})  # kept with the `try`s when one suppresses errors (`suppressing`)
_ON_SELF = frozenset({"self", "super"})
_FUNCTIONS = frozenset({ast.FunctionDef, ast.AsyncFunctionDef})


class ModuleExtractor:
    def __init__(
        self,
        *,
        tree: ast.Module,
        lines: list[str],
        path: str,
        info: ModuleInfo,
        index: ClassIndex,
        evidence: bool = True,
    ) -> None:
        """`evidence`: read each site's evidence (`kb.harvest.reading.site_evidence`) and the calls for its callers."""
        self.evidence = evidence
        self._owner: Owner | None = None  # the function whose candidates are being read, with evidence
        self.tree = tree
        self.lines = lines
        self.path = path
        self.info = info
        self.index = index
        self.resolver: Resolver = index.resolver
        self.result = ModuleResult()
        self._path: BranchPath = ()  # the branch path of the candidate being read
        self._scope_node: ast.AST = tree  # the function, class or module whose candidates are being read
        self._helper_raised: set[int] = set()  # the calls a raise of a helper that raises read already
        self._ifs: list[ast.If] = []  # the `if`s of the scope being read (`_raise_checked`)
        # id of a wording read as a subclass's instance sees it -> (that wording, the subclass): `_add` records it
        self._seen_from: dict[int, tuple[list[Parts], str]] = {}
        self._properties: dict[tuple[str, str], bool] = {}  # (class, name): whether `self.<name>` runs a property
        self._read_scopes: list[Scope] = []  # the scopes this module's walk made, their bindings let go at its end

    def extract(self) -> ModuleResult:
        scope = Scope(self.info, self.index, owner=None, qualname="", parent=None, span=(1, len(self.lines)), params={})
        try:
            self._scope(self.tree.body, scope, class_prefix="", class_qualname=None, scope_node=self.tree)
        finally:
            # A scope's bindings name their scope (`Binding.env`): a cycle per scope the collector would walk at
            # the harvest's end, and free only then. Nothing reads them once the module is read: let them go now.
            for done in self._read_scopes:
                done.bindings.clear()
            self._read_scopes.clear()
        return self.result

    # --- walking ---------------------------------------------------------------------------------

    def _scope(
        self, body: list[ast.stmt], scope: Scope, *, class_prefix: str, class_qualname: str | None, scope_node: ast.AST
    ) -> None:
        """Bindings and candidate sites of one scope (`scope_node`: its function, class or module), in source
        order; nested scopes walked on their own."""
        candidates: list[tuple[SiteNode, BranchPath]] = []
        nested: list[ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef] = []
        tries: list[ast.Try | ast.TryStar | ast.With | ast.AsyncWith] = []
        ifs: list[ast.If] = []
        outer: set[str] = set()  # names declared `nonlocal` or `global`: a `def` of one binds an outer variable
        reads: list[ast.Attribute] = []  # `self.<name>` read in a method: a property's read is a call of its getter
        on_self = self.evidence and scope.owner is not None and type(scope_node) in _FUNCTIONS
        self._read_scopes.append(scope)
        stack: list[tuple[ast.AST, BranchPath]] = [(node, ()) for node in reversed(body)]
        while stack:
            node, path = stack.pop()
            kind = type(node)
            if kind is ast.Nonlocal or kind is ast.Global:
                outer.update(node.names)  # type: ignore[attr-defined]
            if kind in _NESTED:
                nested.append(node)  # type: ignore[arg-type]
                scope.bind(node.name, node.lineno, None, path=path)  # type: ignore[attr-defined]
                continue
            if kind is ast.Lambda:
                nested.append(_as_function(node))  # type: ignore[arg-type]
                continue
            if kind in BINDERS:
                record_binding(node, scope, path)
            if kind in COMPOUND:
                note_compound(node, scope)
            if kind in _CANDIDATES:
                candidates.append((node, path))  # type: ignore[arg-type]
            elif kind in _TRIES or (kind in _WITHS and suppressing(node)):  # type: ignore[arg-type]
                tries.append(node)  # type: ignore[arg-type]
            elif kind is ast.If:
                ifs.append(node)  # type: ignore[arg-type]
            elif kind is ast.Attribute and on_self:
                # `self.<name>` loaded (not assigned nor deleted), tested in place: a call per attribute would cost.
                value = node.value  # type: ignore[attr-defined]
                if type(value) is ast.Name and value.id == "self" and type(node.ctx) is ast.Load:  # type: ignore[attr-defined]
                    reads.append(node)  # type: ignore[arg-type]
            push_children(stack, node, path)
        if self.evidence:
            self._owner = Owner(
                scope_node,
                scope.qualname,
                self._class_name(scope.owner),
                tuple(scope.params),
                scope=scope,
                tries=tries,
                ifs=ifs,
                module=self.tree,
            )
        self._scope_node = scope_node
        self._ifs = ifs
        for node, path in candidates:
            self._path = path
            self._candidate(node, scope)
        if reads:
            self._record_reads(reads, candidates, scope)
        self._path = ()
        if self._owner is not None:
            self._owner.let_go()
        self._owner = None
        for node in nested:
            if isinstance(node, ast.ClassDef):
                if self.evidence and node.decorator_list:
                    self.result.declared += declared_by_class(node, self.path)
                prefix = f"{class_prefix}{node.name}"
                owner = f"{class_qualname or self.info.name}.{node.name}"
                class_scope = Scope(
                    self.info,
                    self.index,
                    owner=owner,
                    qualname=prefix,
                    parent=scope.parent,
                    span=span(node),
                    params={},
                )
                self._class_card(node, owner, class_scope)
                self._scope(node.body, class_scope, class_prefix=f"{prefix}.", class_qualname=owner, scope_node=node)
            else:
                qualname = f"{class_prefix}{node.name}" if class_prefix else join(scope.qualname, node.name)
                function_scope = Scope(
                    self.info,
                    self.index,
                    owner=class_qualname or scope.owner,
                    qualname=qualname,
                    parent=scope if scope.qualname and not class_prefix else None,
                    span=span(node),
                    params=params_of(node.args),
                )
                if self.evidence:
                    entry, named = entry_kind(node.decorator_list, node.name) if node.decorator_list else ("", "")
                    owner = function_scope.owner or ""
                    # Bound again where it is defined (`args_check = staticmethod(args_check)`): its signature
                    # may not be what a call meets.
                    takes = takes_of(node) if len(scope.bindings.get(node.name, ())) == 1 else None
                    defined = Defined(
                        self.path, qualname, owner, bool(class_prefix), node.lineno, entry, named, takes=takes
                    )
                    if not class_prefix and scope.qualname and (node.name in outer or node.name in scope.params):
                        defined = defined._replace(rebinds=True)
                    self.result.defined.append(defined)
                    if node.decorator_list:
                        self.result.declared += declared_by_function(node, self.path, qualname)
                self._scope(node.body, function_scope, class_prefix="", class_qualname=None, scope_node=node)

    def _class_card(self, node: ast.ClassDef, owner: str, scope: Scope) -> None:
        """An exception class of the repository that words its own message (`__init__`, `__str__`): an entry of its
        own at the class statement, found by type and message; merged with the raises of the same wording."""
        if not _is_exception_class(self.index, owner):
            return
        own = own_message(self.index, owner, depth=0)
        if own is None or not has_text(own[0]):
            return
        first = len(self.result.sites)
        self._add(owner, "error", [own[0]], node, scope)
        self.result.sites[first:] = [dataclasses.replace(site, class_card=True) for site in self.result.sites[first:]]

    # --- candidates ------------------------------------------------------------------------------

    def _candidate(self, node: SiteNode, scope: Scope) -> None:
        if isinstance(node, ast.Raise):
            self._raise(node, scope)
        elif isinstance(node, ast.Assert):
            if node.msg is None:
                self._skip("assert without a message")
            else:
                message = _single_item(node.msg) or node.msg
                self._add_options("AssertionError", "error", self._options(message, node.lineno, scope), node, scope)
        elif isinstance(node, ast.Call):
            func = node.func
            if self._owner is not None and isinstance(self._owner.node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self._record_call(node, scope)
            if self.evidence and isinstance(func, ast.Attribute) and func.attr == "add_argument":
                if (declared := declared_by_call(node, self.path)) is not None:
                    self.result.declared.append(declared)
            if isinstance(func, ast.Attribute) and func.attr == "fail" and is_self(func.value):
                self._fail(node, scope)
            elif terminal_name(func) in ("warn", "warn_explicit"):
                self._warning(node, scope)
            else:
                self._helper_call(node, scope)

    def _record_call(self, node: ast.Call, scope: Scope) -> None:
        func, line = node.func, node.lineno
        # What the call hands (`CallGraph` drops a call the callee's signature refuses): a `**spread` names none.
        keywords = tuple([k.arg for k in node.keywords if k.arg is not None]) if node.keywords else ()
        positional = len([a for a in node.args if type(a) is not ast.Starred]) if node.args else 0
        if isinstance(func, ast.Name):
            name, how = func.id, "name"
        elif isinstance(func, ast.Attribute):
            value = func.value
            name = func.attr
            if isinstance(value, ast.Name):
                how = "self" if value.id in ("self", "cls") else "attribute"
                if how == "attribute" and value.id[:1].isupper() and (receiver := self._class_of(value.id, scope)):
                    owner = self._owner
                    caught = owner.caught_at(line) if owner is not None and owner.tries else ()
                    quiet = owner.quiet_at(line) if owner is not None and caught else ()
                    self.result.called.append(
                        Called(
                            self.path,
                            scope.qualname,
                            scope.owner or "",
                            name,
                            "class",
                            line,
                            receiver,
                            caught,
                            False,
                            quiet,
                            keywords,
                            positional,
                        )
                    )
                    return
            elif isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "super":
                how = "super"
            else:
                how = "attribute"
        else:
            return
        owner = self._owner
        caught = owner.caught_at(line) if owner is not None and owner.tries else ()
        quiet = owner.quiet_at(line) if owner is not None and caught else ()
        # Only a call on `self` in a guard's test is asked about (`CallGraph._tried_first`).
        guard = how in _ON_SELF and owner is not None and owner.guard_at(line)
        # `skip(reason)` after `from unittest import skip` in the function: the name the import binds, qualified.
        imported = scope.imported(name) if how == "name" else None
        bound = self.resolver.canonical(imported) if imported else ""
        # `self.log_action(...)` under `if type(self).log_action != LogEntryManager.log_action:` never runs that one.
        written = owner.overridden_at(line, name) if how == "self" and owner is not None and owner.ifs else ""
        unless = self._class_written(written, scope) if written else ""
        called = Called(
            self.path,
            scope.qualname,
            scope.owner or "",
            name,
            how,
            line,
            bound,
            caught,
            guard,
            quiet,
            keywords,
            positional,
            unless,
        )
        self.result.called.append(called)

    def _record_reads(
        self, reads: list[ast.Attribute], candidates: list[tuple[SiteNode, BranchPath]], scope: Scope
    ) -> None:
        """`self.<name>` read where the class defines `name` as a property (`reading.property_reads`): a call of its
        getter on `self`, with no arguments. `self.<name>(...)` is a call and recorded as one already."""
        owner, known = scope.owner or "", self._properties
        called = {id(node.func) for node, _ in candidates if type(node) is ast.Call}
        for node in reads:
            name = node.attr
            found = known.get((owner, name))
            if found is None:
                found = known[(owner, name)] = is_property(self.index, owner, name)
            if not found or id(node) in called:
                continue
            line = node.lineno
            caught = self._owner.caught_at(line) if self._owner is not None and self._owner.tries else ()
            quiet = self._owner.quiet_at(line) if self._owner is not None and caught else ()
            self.result.called.append(
                Called(self.path, scope.qualname, owner, name, "read", line, "", caught, False, quiet)
            )

    def _class_of(self, name: str, scope: Scope) -> str:
        """The class of this harvest a name called on stands for (`StaticNode` in `StaticNode.handle_token()`)."""
        if name in scope.bindings or name in scope.params:
            return ""
        imported = scope.imported(name)
        qualified = self.resolver.canonical(imported) if imported else self.resolver.qualify([name], self.info)
        return qualified if qualified and self.index.get(qualified) is not None else ""

    def _class_written(self, written: str, scope: Scope) -> str:
        """The class of this harvest a dotted name (`Base`, `models.Base`) stands for in this module, or ""."""
        parts = written.split(".")
        if parts[0] in scope.bindings or parts[0] in scope.params:
            return ""
        qualified = self.resolver.qualify(parts, self.info)
        return qualified if qualified and self.index.get(qualified) is not None else ""

    def _class_name(self, owner: str | None) -> str:
        """A class as its module names it: `django.forms.forms.Form` is `Form`, a nested one `Outer.Inner`."""
        if not owner:
            return ""
        prefix = f"{self.info.name}."
        return owner[len(prefix) :] if owner.startswith(prefix) else owner.rpartition(".")[2]

    def _raise(self, node: ast.Raise, scope: Scope) -> None:
        if node.exc is None:
            self._skip("re-raises the exception being handled")
            return
        for exc in _raised(node.exc):
            for held in self._held(exc, node, scope):
                self._raise_one(node, held, scope)

    def _held(self, exc: ast.expr, node: ast.Raise, scope: Scope) -> list[ast.expr]:
        """`exc = ValidationError(errors, data=data); self.handle_error(exc); raise exc`: the exception a name
        holds, made by a class's call in this function; one per binding that reaches the raise (`if several:
        error = ConfigObjError(msg) else: error = self._errors[0]`), and the name itself for those that are not
        such a call (a caught error, an item of a list: read as a name)."""
        if not isinstance(exc, ast.Name):
            return [exc]
        reaching = scope.reaching(exc.id, node.lineno, self._path)
        made: list[ast.expr] = [
            b.expr
            for b in reaching
            if isinstance(b.expr, ast.Call)
            and (
                (
                    dotted(b.expr.func)
                    and (self._constructs(b.expr.func, scope) or copied(b.expr, scope, self.info) is not None)
                )
                or (isinstance(b.expr.func, (ast.Name, ast.Attribute, ast.Subscript)) and self._tabled(b, scope))
            )
        ]
        return made if made and len(made) == len(reaching) else [*made, exc]

    def _tabled(self, bound: Binding, scope: Scope) -> bool:
        """Whether a binding's call makes an instance of a class taken from a table (`exception_mapping[key](msg)`)."""
        return isinstance(bound.expr, ast.Call) and bool(table_classes(self.index, bound.expr.func, scope, bound.line))

    def _constructs(self, func: ast.expr, scope: Scope) -> bool:
        """Whether a call makes an exception object: a class's call, or its alternate constructor's (`error =
        ParseError.new(message, line=line)`)."""
        if terminal_name(func)[:1].isupper():
            return True
        made = class_named(self.index, func, scope)
        return made is not None and _is_exception_class(self.index, made)

    def _raise_one(self, node: ast.Raise, exc: ast.expr, scope: Scope) -> None:
        call = exc if isinstance(exc, ast.Call) else None
        if call is not None and (cleared := self._traceback_cleared(call, scope, node.lineno)):
            self._resurfaces(node, cleared, scope)
            return
        target = call.func if call else exc
        from_attribute = attribute_classes(self.index, target, scope)
        if from_attribute and isinstance(target, ast.Attribute):
            for attribute_type, seen_from in from_attribute:
                self._raise_as(node, call, attribute_type, seen_from, typed_by=(target.attr, attribute_type))
            return
        if call is not None and self._raise_evaluated(node, call, scope):
            return
        if caught := scopes.caught_classes(target, scope, node.lineno):
            for caught_type in filter(None, (self._exception_type(t, scope) for t in caught)):
                self._raise_as(node, call, caught_type, scope)
            return
        if call is not None and self._raise_in_closure(node, call, scope):
            return
        if isinstance(exc, ast.Name) and self._raise_yielded(node, exc, scope):
            return
        if call is not None and self._raise_of_records(node, call, scope):
            return
        if call is not None and not terminal_name(target)[:1].isupper() and self._raise_of_helper(call, scope):
            return
        if len(either := operands(target)) > 1:
            # `raise (self.cls or er.Invalid)(self.msg)`, `raise blocked_err or ValueError(msg)`: each operand.
            for operand in either:
                made = (
                    ast.copy_location(ast.Call(func=operand, args=call.args, keywords=call.keywords), call)
                    if call
                    else operand
                )
                for held in self._held(made, node, scope):
                    self._raise_one(node, held, scope)
            return
        if self._raise_tabled(node, call, target, scope):
            return
        if isinstance(target, ast.Name) and self._raise_checked(node, call, target, scope):
            return
        if call is None and is_self(target) and self._raise_self(node, scope):
            return
        if call is not None and self._passed_and_worded(target, call, scope):
            # Each call is a site of the class it passes, in its words, and again here (`_raised` at the call).
            self._skip("raises a class its callers pass, in their words: a site at each call", scope)
            return
        if call is None and isinstance(target, ast.Name) and target.id in scope.params:
            if handed_instances(self.index, scope, target.id):
                # `def error(self, exc): ... raise exc`: each exception a call makes and hands over is a site at
                # that call and here (`evaluate._handed_instance`); a caught one handed on is its own raise's.
                self._skip("raises what its callers make and hand it: a site at each call", scope)
                return
        exception_type = self._runtime_class(target, scope) or self._exception_type(target, scope)
        if exception_type is None:
            return
        # `raise SchemaError.create_from(error)`, `raise ConfigError(error)`: made from a yielded exception alone,
        # it words what that one words.
        given = [*call.args, *(k.value for k in call.keywords)] if call is not None else []
        if len(given) == 1 and isinstance(given[0], ast.Name):
            if self._raise_yielded(node, given[0], scope, exception_type):
                return
        self._raise_as(node, call, exception_type, scope)
        for passed in self._passed_for_default(target, scope):
            if passed != exception_type:
                self._raise_as(node, call, passed, scope)

    def _raise_tabled(self, node: ast.Raise, call: ast.Call | None, target: ast.expr, scope: Scope) -> bool:
        """`for dj_exc_type in (DataError, ...): raise dj_exc_type(...)`, `raise ERRORS[kind](msg)`: each class the
        table holds (`reading.class_tables`), a loop's name that class where it is raised. False for any other raise."""
        if rows := unpacked_rows(self.index, target, call, scope, node.lineno, self._ifs, self._path):
            # `e, msg = err_dict[code]; raise e(msg)`: each row's class with the row's message, under the choice of
            # its table (a row two tables hold, under none).
            chosen: dict[tuple[str, str], tuple[Row, set[tuple[Choice, ...]]]] = {}
            for row in rows:
                chosen.setdefault((row.exception_type, dump(row.message)), (row, set()))[1].add(row.chosen)
            for row, choices in chosen.values():
                before = len(self.result.sites)
                worded = ast.copy_location(ast.Call(func=target, args=[row.message], keywords=[]), node)
                self._raise_as(node, worded, row.exception_type, scope)
                if len(choices) == 1 and row.chosen:
                    self._chosen_by(before, row.chosen, scope)
            return True
        tabled = table_classes(self.index, target, scope, node.lineno)
        written = looped_as(self.index, target, scope, node.lineno) if tabled else {}
        for exception_type in tabled:
            before = len(self.result.sites)
            self._raise_as(node, call, exception_type, scope)
            if exception_type in written and isinstance(target, ast.Name):
                first = exception_type == next(iter(written))
                self._defined_as(before, target.id, written[exception_type], None if first else node.lineno)
        return bool(tabled)

    def _raise_checked(self, node: ast.Raise, call: ast.Call | None, target: ast.Name, scope: Scope) -> bool:
        """`if issubclass(cached, TemplateDoesNotExist): raise cached(template_name)`: a `TemplateDoesNotExist`, as
        the call words it; `if isinstance(token, Failure): raise token(lineno, filename)`: what `Failure.__call__`
        raises, a site there already (`reading.checked`). False when no enclosing `if` checks the local, it is
        rebound since, or the class is none of the harvest's (or a builtin exception)."""
        if not self._ifs or not self._path or target.id not in scope.local_names():
            return False
        found = checked_by(target.id, self._path, {id(n): n for n in self._ifs}, node.lineno)
        if found is None:
            return False
        check, written, since = found
        if any(bound.line >= since for bound in scope.reaching(target.id, node.lineno, self._path)):
            return False
        named = class_named(self.index, written, scope)
        if named is None or (self.index.get(named) is None and named not in BUILTIN_EXCEPTIONS):
            return False
        if check == "issubclass":
            self._raise_as(node, call, named, scope)
            return True
        called = self.index.method(named, "__call__") if call is not None else None
        return called is not None and any(isinstance(n, ast.Raise) for n in scopes.statements(called[0].body))

    def _raise_self(self, node: ast.Raise, scope: Scope) -> bool:
        """`raise self` in a method of an exception class: an instance of the class, or of each subclass that runs
        the method; of `X` alone after `self.__class__ = X` on every way to the raise (h11 0.16.0 _util.py:60-77,
        `LocalProtocolError._reraise_as_remote_protocol_error` raising a `RemoteProtocolError`). Its message is what
        the instance was made with elsewhere: an entry by type, keyed by the site. False for any other class."""
        if not scope.owner or not _is_exception_class(self.index, scope.owner):
            return False
        function = function_node(self.index, scope)
        recast = [
            statement.value
            for statement in (function.body if function is not None else ())
            if isinstance(statement, ast.Assign)
            and statement.lineno < node.lineno
            and any(dotted(t) == ["self", "__class__"] for t in statement.targets)
        ]
        if recast:
            named = class_named(self.index, recast[-1], scope)
            if named is None or not _is_exception_class(self.index, named):
                return False
            classes = [named]
        else:
            classes = running(self.index, scope)
        for exception_type in classes:
            self._raise_as(node, None, exception_type, scope)
        return True

    def _chosen_by(self, first: int, chosen: tuple[Choice, ...], scope: Scope) -> None:
        """The sites from `first` on raise a row of the table a test chose (`cpl` true for CPLERR_DICT's rows of
        `CPLERR_DICT if cpl else OGRERR_DICT`): that test, or its negation, is a condition of theirs, and a parameter
        it reads, never bound anew, is read by them (a caller leaving `cpl` at `False` is no way to those rows)."""
        rows = [condition_row(tested(test if truth else negate(test), line)) for test, truth, line in chosen]
        names = {n.id for test, _, _ in chosen for n in breadth.walk(test) if isinstance(n, ast.Name)}
        read = [p for p in scope.params if p in names and p not in scope.bindings and p not in ("self", "cls")]
        defaults = defaults_of(self._owner.node, set(read)) if self._owner is not None else {}
        sites = self.result.sites
        for at in range(first, len(sites)):
            evidence = dict(sites[at].evidence)
            if not evidence:
                continue
            evidence["conditions"] = [*evidence.get("conditions", ()), *rows]
            evidence["parameters"] = list(dict.fromkeys([*evidence.get("parameters", ()), *read]))
            evidence["defaults"] = {**evidence.get("defaults", {}), **defaults}
            if isinstance(reach := evidence.get("_reach"), dict):
                evidence["_reach"] = {**reach, "parameters": list(dict.fromkeys([*reach.get("parameters", ()), *read]))}
            sites[at] = dataclasses.replace(sites[at], evidence=evidence)

    def _defined_as(self, first: int, name: str, code: str, looped: int | None) -> None:
        """The sites from `first` on are raised where the loop's `name` is the class `code`: their definition of
        `name` says that class, not every item of the loop. `looped`: the raise's line, when an earlier pass of
        the loop (an item before this one) may raise there first: an exit the card's meaning is hedged by."""
        sites = self.result.sites
        for at in range(first, len(sites)):
            evidence = dict(sites[at].evidence)
            if rows := evidence.get("definitions"):
                evidence["definitions"] = [{**row, "code": code} if row.get("name") == name else row for row in rows]
            if looped is not None:
                evidence["exits_above"] = sorted({*evidence.get("exits_above", ()), looped})
                evidence["exits_looped"] = sorted({*evidence.get("exits_looped", ()), looped})
            sites[at] = dataclasses.replace(sites[at], evidence=evidence)

    def _raise_of_records(self, node: ast.Raise, call: ast.Call, scope: Scope) -> bool:
        """`raise limit.rangeexception(limit.rangeerrorstring)`: each class and message the module's records of a
        namedtuple with both fields hold, or the record a class attribute holds (`raise
        cls.TIME_SS_LIMIT.rangeexception(cls.TIME_SS_LIMIT.rangeerrorstring)`; `reading.records`). False when the
        raise is not of that shape."""
        found = raised_records(self.index, self.info, call, scope.owner)
        for made, message, written in found:
            if written is self.info:
                exception_type = self._exception_type(made, scope)
            else:  # a subclass's record, its class named as that class's module names it
                qualified = self.resolver.qualify(dotted(made) or [], written)
                exception_type = self.resolver.canonical(qualified) if qualified else None
            if exception_type is not None:
                worded = ast.copy_location(ast.Call(func=made, args=[message], keywords=[]), call)
                self._raise_as(node, worded, exception_type, scope)
        return bool(found)

    def _raise_of_helper(self, call: ast.Call, scope: Scope) -> bool:
        """`raise self._failure("value is not a bytes", code=...)`: the repository's helper raises what the call
        gives it and returns nothing. A message worded here is a site here and at the helper's raise; an unreadable
        one (`self._failure(errors)`) is the helper's own raise, a site already. The call is not read again as a
        helper call. False when the call runs no such helper."""
        if not self._raised(call, scope):
            return False
        self._helper_raised.add(id(call))
        return True

    def _passed_for_default(self, target: ast.expr, scope: Scope) -> list[str]:
        """`def _check_types(it, types, exception_type=CheckedValueTypeError): raise exception_type(...)`: besides
        the default, the exception classes its callers pass for the parameter (`CheckedKeyTypeError`)."""
        if not (isinstance(target, ast.Name) and self._param_default(target.id, scope) is not None):
            return []
        found = passed_classes(self.index, scope, target.id)
        return [c for c in found if _is_exception_class(self.index, c)]

    def _passed_and_worded(self, target: ast.expr, call: ast.Call, scope: Scope) -> bool:
        """`def _handle_error(self, text, ErrorClass, infile, cur_index)`: a class parameter the function does not
        rebind, made with what its callers give (`ErrorClass(message, ...)`, `message` worded from `text`), and
        that some call of the function binds to a class. Those calls are read as raising helpers' (`_raised`)."""
        if not isinstance(target, ast.Name) or target.id not in scope.params or target.id in scope.bindings:
            return False
        if self._param_default(target.id, scope) is not None or not worded_by_callers(call, scope):
            return False
        return bool(passed_classes(self.index, scope, target.id, builtins=True))

    def _traceback_cleared(self, call: ast.Call, scope: Scope, line: int) -> list[str]:
        """The caught classes whose traceback a raise of `call` clears (`reading.cleared`): a traceback of the error
        ends on this line, whichever raise made it."""
        caught = cleared_classes(call, scope, line, self.info, self._scope_node)
        return [found for t in caught if (found := self._exception_type(t, scope)) is not None]

    def _resurfaces(self, node: ast.Raise, caught: list[str], scope: Scope) -> None:
        before = len(self.result.sites)
        for caught_type in caught:
            self._raise_as(node, None, caught_type, scope)
        sites = self.result.sites
        sites[before:] = [dataclasses.replace(site, resurfaces=True) for site in sites[before:]]

    def _raise_in_closure(self, node: ast.Raise, call: ast.Call, scope: Scope) -> bool:
        """`raise (clsoverride or cls or ValueInvalid)(msg or default or "invalid value")` in a decorator's
        closure: read once per call of the factory that made it (`reading.closures`), its class the first operand
        that names one, its message the call's words. False when the raise reads no enclosing parameter."""
        if not reads_enclosing(scope, {n.id for n in breadth.walk(call.func) if isinstance(n, ast.Name)}):
            return False  # a class the closure names itself: read as any raise, its message in the closure
        used = {n.id for n in breadth.walk(call) if isinstance(n, ast.Name)}
        calls = factory_calls(self.index, scope, used)
        found: set[tuple[str, str]] = set()
        for held in calls:
            exception_type = next(
                filter(None, (self._closure_class(o, held, scope) for o in operands(call.func))), None
            )
            if exception_type is None:
                continue
            message = _message_argument(call, *self._message_place(exception_type))
            worded = (substituted(message, held) or message) if message is not None else None
            made = ast.copy_location(ast.Call(func=call.func, args=[worded] if worded else [], keywords=[]), call)
            key = (exception_type, dump(made))
            if key not in found:
                found.add(key)
                self._raise_as(node, made, exception_type, scope)
        return bool(found)

    def _closure_class(self, operand: ast.expr, held: dict[str, Held], scope: Scope) -> str | None:
        if isinstance(operand, ast.Name) and operand.id in held:
            given = held[operand.id]
            operand, scope = given.expr, given.scope
        if isinstance(operand, ast.Constant):
            return None
        found = class_named(self.index, operand, scope)
        return found if found is not None and _is_exception_class(self.index, found) else None

    def _raise_as(
        self,
        node: ast.Raise,
        call: ast.Call | None,
        exception_type: str,
        scope: Scope,
        typed_by: tuple[str, str] | None = None,
    ) -> None:
        """`typed_by`: (attribute, type) when the type is a class attribute's, for `_overrides`."""
        message = _single_item(_message_argument(call, *self._message_place(exception_type)))
        line, path = node.lineno, None
        if call is not None and call.lineno != node.lineno:
            # `error = ConfigObjError(msg)` in an arm, raised after it: `msg` is read where the call is made.
            line, path = call.lineno, _path_at(scope, call.lineno)
        options = self._options(message, line, scope, typed_by, path) if message is not None else [[]]
        read = options
        defaults = self._default_detail(exception_type)
        # DRF's APIException subclasses: `raise NotFound()` says its `default_detail`, and
        # `raise MethodNotAllowed(request.method)` formats its own "{method}" template.
        readable = any(has_text(f) for option in options for f in option)
        templated = defaults and any(isinstance(p, Field) for p in defaults[0])
        if defaults and (message is None or (not readable and templated)):
            options = read = [defaults]
        if not readable and not defaults:
            # `raise URLSchemeUnknown(scheme)`: the exception words its message itself, from its arguments.
            own = self._own_message(exception_type, call)
            if own is not None:
                options = read = [[own, *self._own_message_variants(exception_type, call)]]
        elif readable and call is not None:
            # `raise SyntaxException("Unclosed tag: <%%%s>" % keyword, **kwargs)`: the class puts the message
            # in words of its own (`message + " at line: %d char: %d" % (lineno, pos)` in its `__init__`).
            options = [[w for form in option for w in self._around(exception_type, call, form)] for option in options]
            # `__str__` prints it inside words or values of its own (`" of ".join(self._path) + " " + msg`).
            options = [
                [w for form in option for w in worded_around(self.index, exception_type, form) or [form]]
                for option in options
            ]
        style = formats_args(self.index, exception_type) if call is not None and len(call.args) > 1 else None
        if style == "%" and call is not None:
            # dateutil's ParserError: `__str__` returns `self.args[0] % self.args[1:]`.
            rest = ast.Tuple(elts=call.args[1:], ctx=ast.Load())
            options = [[percent_format(f, rest) for f in option] for option in options]
        elif style == "{}" and call is not None:
            # glom's MatchError: `fmt, args = self.args[0], self.args[1:]; return bbformat(fmt, *args)`.
            rest_args = call.args[1:]
            options = [[brace_format(f, rest_args) or f for f in option] for option in options]
        params = next((k.value for k in call.keywords if k.arg == "params"), None) if call else None
        if params is not None:
            # Django's ValidationError fills "%(name)s" from params= itself.
            options = [[percent_format(f, params) for f in option] for option in options]
        options = [narrowed(option, node, self._owner) for option in options]
        self._carry(read, options)
        self._add_options(exception_type, "error", options, node, scope)

    def _carry(self, read: list[list[Parts]], options: list[list[Parts]]) -> None:
        """Each wording rebuilt one for one from a subclass's (`_seen_from`) is that subclass's too."""
        if len(read) != len(options):
            return
        for before, after in zip(read, options, strict=True):
            seen = self._seen_from.get(id(before))
            if seen is not None and seen[0] is before:
                self._seen_from[id(after)] = (after, seen[1])

    def _exception_type(self, target: ast.expr, scope: Scope) -> str | None:
        parts = dotted(target)
        if parts is None:
            self._skip("exception type is computed at run time", scope)
            return None
        if parts[0] in scope.local_names() and len(parts) == 1:
            default = self._param_default(parts[0], scope)
            if default is not None:
                return self._exception_type(default, scope)
            self._skip("raises an exception object held in a variable", scope)
            return None
        imported = scope.imported(parts[0])
        qualified: str | None
        if imported is not None:
            qualified = self.resolver.canonical(".".join([imported, *parts[1:]]))
        else:
            qualified = self.resolver.qualify(parts, self.info, local_names=scope.local_names())
        if qualified is None and parts[-1] in _MODEL_EXCEPTIONS and len(parts) > 1:
            # self.model.DoesNotExist: each Django model's own subclass, created at run time.
            qualified = _MODEL_EXCEPTIONS[parts[-1]]
        if qualified is None:
            self._skip("exception type is computed at run time", scope)
            return None
        if (made := self._alternate_constructor(qualified)) is not None:
            return made
        if self.resolver.is_function(qualified) or qualified in _CASTS:
            # `raise t.cast(BadSignature, last_exception)` raises the object held in the variable, not a `cast`.
            self._skip("raises what a function returns", scope)
            return None
        return qualified

    def _alternate_constructor(self, qualified: str) -> str | None:
        """`raise SchemaError.create_from(error)`, `raise DBAPIError.instance(...)`: a classmethod of an exception
        class of this harvest makes one of that class (its `cls`), not a class named after the method."""
        owner = alternate_constructor(self.index, qualified)
        return owner if owner is not None and _is_exception_class(self.index, owner) else None

    def _runtime_class(self, target: ast.expr, scope: Scope) -> str | None:
        """Exception classes that run time makes or picks: a property building one with `type(...)`, or an
        instance attribute `__init__` sets from a parameter with a default."""
        made = made_by_type_call(self.index, target, scope.owner)
        if made is not None:
            return made
        parts = dotted(target)
        if scope.owner and parts and len(parts) == 2 and parts[0] in ("self", "cls"):
            return self._nested_class(scope.owner, parts[1]) or (
                instance_type(self.index, scope.owner, parts[1]) if parts[0] == "self" else None
            )
        return None

    def _nested_class(self, owner: str, name: str) -> str | None:
        """`raise self.TruncationCompleted`: an exception class defined in the body of the method's class or of a
        base it inherits from, unless a class in between assigns the name."""
        for info in self.index.mro(owner):
            if name in info.attributes:
                return None
            nested = f"{info.qualname}.{name}"
            if self.index.get(nested) is not None:
                return nested if _is_exception_class(self.index, nested) else None
        return None

    # --- helpers that make the exception ---------------------------------------------------------

    def _raise_evaluated(self, node: ast.Raise, call: ast.Call, scope: Scope) -> bool:
        """`raise self.parse_error(EmptyKeyError)`: what the repository's own function returns, followed by
        `reading.evaluate`, worded by the exception's class with the arguments it is made with. False when the
        call returns no exception evaluated there."""
        made = made_by(self.index, call, scope, node.lineno)
        for one in made:
            options = self._made_options(one, scope)
            keys = {a.value for a in [*call.args, *(k.value for k in call.keywords)] if isinstance(a, ast.Constant)}
            called = dotted(call.func)
            on_self = called is not None and called[0] in ("self", "cls")
            for seen_from in (
                keyed_viewers(self.index, scope, {k for k in keys if isinstance(k, str)}) if on_self else ()
            ):
                # `self.make_error("invalid")` in a base method: what each subclass that runs it keeps under the key.
                for other in made_by(self.index, call, seen_from, node.lineno):
                    if other.exception_type == one.exception_type:
                        options += [o for o in self._made_options(other, seen_from) if o not in options]
            self._add_options(one.exception_type, "error", options, node, scope)
        return bool(made)

    def _raise_yielded(self, node: ast.Raise, name: ast.Name, scope: Scope, made_as: str | None = None) -> bool:
        """`for error in self.iter_errors(x): raise error`, `error = best_match(v.iter_errors(x)); raise error`: each
        exception the generators called there yield (`reading.yielded`), worded where it is yielded; `made_as`: the
        class of an exception made from that item, in its words. False when the name holds no such item."""
        if not yielders(self.index, self._is_exception):
            return False  # the repository has no generator that yields an exception: nothing to look for
        sources = [b.expr for b in scope.reaching(name.id, node.lineno, self._path) if b.expr is not None]
        sources += [
            loop.iter
            for loop in breadth.walk(self._scope_node)
            if isinstance(loop, (ast.For, ast.AsyncFor))
            and isinstance(loop.target, ast.Name)
            and loop.target.id == name.id
            and loop.lineno <= node.lineno <= (loop.end_lineno or loop.lineno)
        ]
        made: list[Evaluated] = []
        for source in sources:
            made += [m for m in yielded_by(self.index, source, self._is_exception) if m not in made]
        worded = False
        for one in made:
            # Worded where it is yielded: its class's `__str__` dressing it up (a report around the message) is
            # what the lookup reads past, as for any raise given its message. One worded elsewhere (`yield
            # ValidationError(error.message)` of a caught error) says nothing here.
            message = one.message(self.index)
            forms = MessageBuilder(message.scope).forms(message.expr, message.line) if message is not None else []
            if any(has_text(f) for f in forms):
                worded = True
                self._add_options(made_as or one.exception_type, "error", [forms], node, scope)
        if made and not worded:
            self._add(made_as or made[0].exception_type, "error", [], node, scope)
        return bool(made)

    def _is_exception(self, qualname: str) -> bool:
        return _is_exception_class(self.index, qualname)

    def _keyed_viewers(self, call: ast.Call, scope: Scope) -> list[Scope]:
        """`self.make_error("required")`: the subclasses that keep their own message under a key the call gives."""
        called = dotted(call.func)
        if called is None or called[0] not in ("self", "cls"):
            return []
        given = [*call.args, *(k.value for k in call.keywords)]
        keys = {a.value for a in given if isinstance(a, ast.Constant) and isinstance(a.value, str)}
        return keyed_viewers(self.index, scope, keys)

    def _made_options(self, made: Evaluated, scope: Scope) -> list[list[Parts]]:
        own = own_message(self.index, made.exception_type, depth=0)
        if own is not None:
            parts, params = own
            values = made.bound(params) if params else {}
            shown = _repr_fields(self.index, made.exception_type, parts)
            parts = substitute(parts, {name: _value_parts(value, name in shown) for name, value in values.items()})
            if has_text(parts):
                return [[parts]]
        message = made.message(self.index)
        options: list[list[Parts]] = []
        if message is not None:
            if message.scope is scope:
                options = self._options(message.expr, message.line, scope, path=_path_at(scope, message.line))
            else:
                # Worded in the helper: its parameters' fields filled with what the call gave them.
                given = {
                    name: _value_parts(value, False)
                    for name, value in made.given.items()
                    if value.scope is not message.scope
                }
                forms = MessageBuilder(message.scope).forms(message.expr, message.line)
                options = [[substitute(f, given) for f in forms]] if forms else []
        if not any(has_text(f) for option in options for f in option):
            defaults = self._default_detail(made.exception_type)
            options = [defaults] if defaults else options or [[]]
        if (filled := made.keywords.get("params")) is not None:
            # Django's ValidationError fills "%(name)s" from params= itself.
            options = [[percent_format(f, filled.expr) for f in option] for option in options]
        return options

    def _helper_call(self, node: ast.Call, scope: Scope) -> None:
        """`self._raise_invalid("...")`, `error(f"...")`: a helper raises the message written here. Looked for
        only when an argument is worded here, or is a name bound here (`msg = ...; error(msg)`)."""
        if id(node) in self._helper_raised:
            return  # read as the raise of a helper that raises (`_raise_of_helper`)
        bindings = scope.bindings
        for argument in [*node.args, *[k.value for k in node.keywords]] if node.keywords else node.args:
            if written_here(argument) or (
                type(argument) is ast.Name and argument.id in bindings and not scope.is_module
            ):
                self._raised(node, scope)
                return

    def _add_raised(
        self,
        exception_type: str,
        options: list[list[Parts]],
        node: SiteNode,
        scope: Scope,
        raised_at: HelperRaise,
        kind: str = "error",
    ) -> None:
        """Sites where the message is written, and each again at the helper's raise, where a traceback ends."""
        first = len(self.result.sites)
        self._add_options(exception_type, kind, options, node, scope)
        # The helper's raise, which its authors mark as never run: so is each call's site (`never`).
        never = never_runs(raised_at.module.lines, raised_at.node, raised_at.module.path) if self.evidence else None
        for site in self.result.sites[first:]:
            if never and site.evidence:
                site.evidence["never"] = never
            if site.signature or site.message:
                # A message of values alone (`f"'{name}': {e.strerror}"`) has no signature: its entry is keyed by
                # the site that wrote it, which the copy at the raise keeps.
                start, snippet = snippet_of(raised_at.module.lines, raised_at.span, raised_at.node)
                path, line, function = raised_at.module.path, raised_at.node.lineno, raised_at.function
                again = dataclasses.replace(
                    site,
                    path=path,
                    line=line,
                    function=function,
                    snippet=snippet,
                    snippet_start=start,
                    evidence={},
                    written_at="" if site.signature else site.site_key,
                )
                self.result.sites.append(again)

    def _own_message_variants(self, exception_type: str, call: ast.Call | None) -> list[Parts]:
        """The other wordings of the class's own message (`own_variants`), its arguments put in as for the first."""
        found = own_message(self.index, exception_type, depth=0)
        params = found[1] if found is not None else []
        values = arguments(params, call) if call is not None and params else {}
        filled = {name: argument_parts(value) for name, value in values.items()}
        return [v for f in own_variants(self.index, exception_type) if has_text(v := substitute(f, filled))]

    def _own_message(self, exception_type: str, call: ast.Call | None) -> Parts | None:
        """The message an exception class of this harvest builds itself, its arguments put in: from `__str__`
        (`return f"Scheme '{self.scheme}://' is unknown."`) or from what `__init__` hands to its base
        (`super().__init__(f"Not supported URL scheme {scheme}")`, through the bases' own `__init__`)."""
        found = own_message(self.index, exception_type, depth=0)
        if found is None:
            return None
        parts, params = found
        if call is None or not params:
            return parts if has_text(parts) else None
        values = arguments(params, call)
        parts = substitute(parts, {name: argument_parts(value) for name, value in values.items()})
        return parts if has_text(parts) else None

    def _around(self, exception_type: str, call: ast.Call, message: Parts) -> list[Parts]:
        """A raise's message inside the words its class puts around it, the other arguments put in, and in each
        other way the class words it (`own_variants`: without an addition made in an `if`); as it is when the class
        says nothing of its own around the message parameter."""
        found = own_message(self.index, exception_type, depth=0)
        if found is None:
            return [message]
        parts, params = found
        position = self._message_position(exception_type)
        name = params[position] if position < len(params) else None
        if name is None or Field(name) not in parts or len(parts) == 1:
            return [message]
        values = {n: argument_parts(value) for n, value in arguments(params, call).items()}
        given = {**values, name: message}
        others = [substitute(v, given) for v in own_variants(self.index, exception_type) if Field(name) in v]
        return list(dict.fromkeys([substitute(parts, given), *others]))

    def _message_position(self, exception_type: str) -> int:
        return message_position(self.index, exception_type)

    def _message_place(self, exception_type: str) -> tuple[int, str | None]:
        """Where a raise gives the class's message: its position, and the parameter's name for a keyword."""
        return message_position(self.index, exception_type), message_keyword(self.index, exception_type)

    def _param_default(self, name: str, scope: Scope) -> ast.expr | None:
        # def fail(self, msg, exc=TemplateSyntaxError): `raise exc(msg)` raises the default's type.
        if name in scope.bindings:
            return None
        default = scope.params.get(name)
        return default if default is not None and dotted(default) else None

    def _default_detail(self, exception_type: str) -> list[Parts]:
        found = self.index.attribute(exception_type, "default_detail")
        if found is None:
            return []
        return [format_template(f) for f in forms_in(found[1], found[0], self.index, exception_type) if f]

    def _fail(self, node: ast.Call, scope: Scope) -> None:
        """`self.fail("key")` (DRF fields) or `self.fail("message")` (Jinja, Click): the helper raises, read by
        `reading.evaluate` as any function that raises what its caller gives it; a message not rebuilt is still a
        site here."""
        if not self._raised(node, scope, unreadable=True):
            self._skip("fail() helper not found")

    def _raised(self, node: ast.Call, scope: Scope, unreadable: bool = False) -> bool:
        """A call of the repository's own function that raises with what the call gives it: a site where the
        message is worded, and again at the raise where a traceback ends. False when it raises nothing so."""
        made = raised_by(self.index, node, scope, node.lineno)
        for one in made:
            options = self._made_options(one, scope)
            if one.raised_at is not None and (unreadable or any(has_text(f) for option in options for f in option)):
                self._add_raised(one.exception_type, options, node, scope, one.raised_at, one.kind)
        return bool(made)

    def _warning(self, node: ast.Call, scope: Scope) -> None:
        parts = dotted(node.func) or ["?"]
        imported = scope.imported(parts[0])
        qualified = ".".join([imported, *parts[1:]]) if imported else self.resolver.qualify(parts, self.info)
        if qualified not in ("warnings.warn", "warnings.warn_explicit"):
            self._helper_call(node, scope)  # `util.warn("...")`: the repository's own helper, which may warn
            return
        if not node.args:
            return
        message: ast.expr | None = node.args[0]
        category_expr = node.args[1] if len(node.args) > 1 else None
        category_expr = next((k.value for k in node.keywords if k.arg == "category"), category_expr)
        categories: list[str] = ["UserWarning"]
        if isinstance(message, ast.Call) and dotted(message.func) and not terminal_name(message.func).islower():
            # warnings.warn(SomeWarning("...")): the instance carries both the category and the message.
            category_expr, message = message.func, _message_argument(message)
        if category_expr is not None:
            # `category=lookup_warning(exc.__class__)`: each class the table it reads holds.
            categories = table_classes(self.index, category_expr, scope, node.lineno)
            if not categories and self._warned_by_callers(message, category_expr, scope):
                self._skip("raises a class its callers pass, in their words: a site at each call", scope)
                return
            categories = categories or list(filter(None, [self._exception_type(category_expr, scope)]))
        options = self._options(message, node.lineno, scope) if message is not None and categories else [[]]
        for category in categories:
            self._add_options(category, "warning", options, node, scope)

    def _warned_by_callers(self, message: ast.expr | None, category: ast.expr, scope: Scope) -> bool:
        """`def _warnings_warn(message, category=None, ...): ... warnings.warn(message, category, ...)`: both are
        parameters, and a call in the module passes a class for the category; each call that words its message is a
        site in its words (`evaluate._warned`)."""
        params = scope.params
        if not (isinstance(message, ast.Name) and isinstance(category, ast.Name)):
            return False
        if message.id not in params or category.id not in params or self._param_default(category.id, scope):
            return False
        return passed_in_module(self.index, scope, category.id)

    # --- recording -------------------------------------------------------------------------------

    def _options(
        self,
        expr: ast.expr,
        line: int,
        scope: Scope,
        typed_by: tuple[str, str] | None = None,
        path: BranchPath | None = None,
    ) -> list[list[Parts]]:
        """One list of wordings per distinct message: `msg` set in two arms of an `if` gives two messages, and
        `self.message` one per subclass that sets its own (Django's validators share BaseValidator's raise).
        `path`: where the message's expression sits, when not at the raise (`error = E(msg)` in an arm)."""
        path = self._path if path is None else path
        expr = _read_on_self(expr) or expr
        joined = joined_options(expr, line, scope, path)
        if joined:
            return joined
        builder = MessageBuilder(scope, path)
        if isinstance(expr, ast.Name):
            reaching = scope.reaching(expr.id, line, path)
            if len(reaching) > 1:
                return [builder.binding_forms(expr.id, bound) for bound in reversed(reaching)]
        stored = self._stored(expr, scope)
        if stored:
            # `self.msg` set in `__init__` (`String does not match expected pattern`), and as the instances made
            # with a wording of their own set it (`Regex(URI_REGEX, msg=_("Must be a file:// URI scheme"))`).
            return stored + [o for o in self._overrides(expr, scope, typed_by) if o not in stored]
        if isinstance(expr, ast.Name) and not scope.reaching(expr.id, line, path):
            # `def clean(value, error_message=_("This is not a valid IPv6 address.")): raise X(error_message)`.
            default = scope.params.get(expr.id)
            forms = builder.forms(default, line) if default is not None else []
            if any(has_text(f) for f in forms):
                return [forms]
        return [builder.forms(expr, line), *self._overrides(expr, scope, typed_by)]

    def _stored(self, expr: ast.expr, scope: Scope) -> list[list[Parts]]:
        """`raise UndefinedError(self._undefined_message)`: a message a property builds, or a method stores on
        the instance; one option per wording."""
        parts = dotted(expr)
        if not scope.owner or not parts or len(parts) != 2 or parts[0] != "self":
            return []
        return [[message] for message, _params in instance_messages(self.index, scope.owner, parts[1])]

    def _overrides(self, expr: ast.expr, scope: Scope, typed_by: tuple[str, str] | None) -> list[list[Parts]]:
        """`self.message` (or `self.message % params`) in a method: the wordings of the subclasses that set
        their own `message` and still run this method (they do not override it); with `typed_by`, only those
        whose attribute names the same exception type (the others' wordings go with their own type)."""
        if not scope.owner:
            return []
        names = {
            node.attr
            for node in breadth.walk(expr)
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")
        }
        if not names:
            return []
        options = []
        classes = running(self.index, scope)
        for qualname in classes[1:]:
            if not names & self.index.classes[qualname].attributes.keys():
                continue
            if typed_by is not None and attribute_type(self.index, qualname, typed_by[0]) != typed_by[1]:
                continue
            # The same expression, read as the subclass's instance sees it.
            option = MessageBuilder(seen_by(scope, qualname), self._path).forms(expr, expr.lineno)
            self._seen_from[id(option)] = (option, qualname)
            options.append(option)
        for seen_from in keyed_viewers(self.index, scope, keys_read(expr)):
            # `self.error_messages["invalid"]`: what each subclass running the method keeps under the key.
            options.append(MessageBuilder(seen_from, self._path).forms(expr, expr.lineno))
        attribute = dotted(expr)
        if typed_by is None and attribute is not None and len(attribute) == 2 and attribute[0] == "self":
            # `validate_slug = RegexValidator(slug_re, _("Enter a valid “slug” ..."), "invalid")`.
            options += instance_wordings(self.index, classes, attribute[1])
        return options

    def _add_options(
        self, exception_type: str, kind: str, options: list[list[Parts]], node: SiteNode, scope: Scope
    ) -> None:
        readable = [option for option in options if any(has_text(f) for f in option)]
        if not readable:
            self._add(exception_type, kind, options[0] if options else [], node, scope)
        seen = set()
        for option in readable:
            signature = signature_of(next(f for f in option if has_text(f)))
            if signature not in seen:
                seen.add(signature)
                self._add(exception_type, kind, option, node, scope)
        self._seen_from.clear()  # this raise's wordings are recorded: none is kept for the next

    def _add(self, exception_type: str, kind: str, forms: list[Parts], node: SiteNode, scope: Scope) -> None:
        forms_given = forms
        # Each value its own name, none unnamed; a text shown by its repr between its quotes.
        forms = [distinct_placeholders(q) for f in forms for q in quoted(f, self.index, scope)]
        readable = [f for f in forms if has_text(f)]
        if readable:
            message, signature = message_of(readable[0]), signature_of(readable[0])
        else:
            # Not rebuilt (or no message at all): an entry keyed by its site, never pooled per type.
            message, signature = (message_of(forms[0]) if forms else ""), ""
        variants = tuple(
            dict.fromkeys((message_of(f), signature_of(f)) for f in readable[1:] if signature_of(f) != signature)
        )
        start, snippet = self._snippet(node, scope)
        read_as = readable[0] if readable else (forms[0] if forms else ())
        evidence = site_evidence(self._owner, node, read_as, self._path) if self._owner is not None else {}
        seen = self._seen_from.pop(id(forms_given), None)
        if evidence and seen is not None and seen[0] is forms_given:
            evidence["message_class"] = message_class(self.index.classes[seen[1]])
        site = FoundSite(
            exception_type=visible_name(exception_type),
            kind=kind,
            message=message,
            signature=signature,
            path=self.path,
            line=node.lineno,
            function=scope.qualname,
            snippet=snippet,
            snippet_start=start,
            variants=variants,
            evidence=evidence,
        )
        self.result.sites.append(site)

    def _snippet(self, node: SiteNode, scope: Scope) -> tuple[int, str]:
        return snippet_of(self.lines, scope.span, node)

    def _skip(self, reason: str, unresolved_in: Scope | None = None) -> None:
        self.result.skipped[reason] += 1
        if unresolved_in is not None:
            self.result.unresolved.add((self.path, unresolved_in.qualname))


MAX_SET = 20  # class attributes of a subclass recorded beside its message
MAX_VALUE = 80  # characters of one attribute's literal


def message_class(info: ClassInfo) -> dict:
    """The subclass whose class attribute words the message (`UnicodeUsernameValidator`), and the class attributes
    it sets itself, each with its literal ("" for another expression): for that entry `self.regex` is the
    subclass's, not the base constructor's argument (round 21's card 01)."""
    sets = {}
    for name, value in list(info.attributes.items())[:MAX_SET]:
        literal = unparse(value) if isinstance(value, ast.Constant) and not isinstance(value.value, bytes) else ""
        if isinstance(value, ast.Constant) and isinstance(text := value.value, str) and _raw(text):
            literal = f"r'{text}'"  # a pattern as written (`r'^[\w.@+-]+\Z'`), not with its backslashes doubled
        sets[name] = literal if len(literal) <= MAX_VALUE else ""
    return {"class": info.qualname.removeprefix(info.module.name + "."), "sets": sets}


def _raw(text: str) -> bool:
    """Whether a text with backslashes reads the same as a raw literal: no quote, line break or final backslash."""
    return "\\" in text and not text.endswith("\\") and not any(c in text for c in "'\n\r")


def _as_function(node: ast.Lambda) -> ast.FunctionDef:
    """A lambda read as the function it is (`lambda item_count: raise_(ValueError, f"Too few ... {item_count}")`):
    its calls are sites of their own, in a scope named `<lambda>` as a traceback names it."""
    returned = ast.copy_location(ast.Return(value=node.body), node.body)
    function = ast.FunctionDef(name="<lambda>", args=node.args, body=[returned], decorator_list=[])
    return ast.copy_location(function, node)


def snippet_of(lines: list[str], within: tuple[int, int], node: ast.stmt | ast.expr) -> tuple[int, str]:
    """(first line, text) of the lines around `node`, clipped to `within` (its function)."""
    first, last = within
    start = max(first, node.lineno - SNIPPET_CONTEXT, 1)
    end = min(last, (node.end_lineno or node.lineno) + SNIPPET_CONTEXT, len(lines))
    while start < node.lineno and not lines[start - 1].strip():
        start += 1
    while end > node.lineno and not lines[end - 1].strip():
        end -= 1
    return start, "\n".join(lines[start - 1 : end])


def _raised(exc: ast.expr) -> list[ast.expr]:
    """The exceptions a raise may raise: both arms of `A(...) if c else B(...)`, and `X` of `X.with_traceback(tb)`."""
    if isinstance(exc, ast.IfExp):
        return [*_raised(exc.body), *_raised(exc.orelse)]
    if (
        isinstance(exc, ast.Call)
        and isinstance(exc.func, ast.Attribute)
        and exc.func.attr == "with_traceback"
        and (isinstance(exc.func.value, ast.Call) or not _clears(exc))
    ):
        # `exc = ObjectValueError(str(e)); raise exc.with_traceback(tb)` raises what the name holds; a traceback
        # cleared (`with_traceback(None)`) is `reading.cleared`'s.
        return [exc.func.value]
    return [exc]


def _clears(call: ast.Call) -> bool:
    return len(call.args) == 1 and isinstance(call.args[0], ast.Constant) and call.args[0].value is None


def _value_parts(value: Value, as_repr: bool) -> Parts:
    """A value an exception class is made with, as it fills a field of the class's own message (`as_repr`: the
    field is written `{char!r}`, so a string shows quoted)."""
    if isinstance(value.expr, ast.Constant) and isinstance(value.expr.value, str):
        return (repr(value.expr.value) if as_repr else value.expr.value,)
    forms = MessageBuilder(value.scope).forms(value.expr, value.line)
    return forms[0] if forms else (named_after(value.expr),)


def _repr_fields(index: ClassIndex, exception_type: str, parts: Parts) -> set[str]:
    """The fields of a class's own message that its `__init__` or `__str__` writes with `!r`."""
    sources = {id(p.source): p.name for p in parts if isinstance(p, Field) and p.source is not None}
    found: set[str] = set()
    for info in index.mro(exception_type):
        for name in ("__init__", "__str__"):
            method = info.methods.get(name)
            for node in breadth.walk(method) if method is not None else ():
                if isinstance(node, ast.FormattedValue) and node.conversion == ord("r") and id(node.value) in sources:
                    found.add(sources[id(node.value)])
    return found


_BUILTIN_ERRORS = frozenset(
    name
    for name, value in vars(builtins).items()
    if isinstance(value, type) and issubclass(value, Exception) and not issubclass(value, Warning)
)


def _is_exception_class(index: ClassIndex, qualname: str) -> bool:
    """Whether a class of this harvest derives from a builtin exception (not a warning) through classes it read."""
    return any(base[-1] in _BUILTIN_ERRORS for info in index.mro(qualname) for base in info.bases)


def _read_on_self(expr: ast.expr) -> ast.expr | None:
    """`object.__getattribute__(self, "msg")` or `getattr(self, "msg")`, as a `__getattribute__` override reads
    its own attributes: `self.msg`, or None for anything else."""
    if not (isinstance(expr, ast.Call) and len(expr.args) == 2 and not expr.keywords):
        return None
    target, name = expr.args
    if dotted(expr.func) not in (["getattr"], ["object", "__getattribute__"]) or dotted(target) != ["self"]:
        return None
    if not (isinstance(name, ast.Constant) and isinstance(name.value, str) and name.value.isidentifier()):
        return None
    return ast.copy_location(ast.Attribute(value=target, attr=name.value, ctx=ast.Load()), expr)


def _single_item(expr: ast.expr | None) -> ast.expr | None:
    """The one message in `{NON_FIELD_ERRORS: [message]}` or `[message]`: a validation error given its messages
    by field or as a list prints them as such, and the lookup reads them out of the printed literal."""
    while isinstance(expr, (ast.Dict, ast.List, ast.Tuple)):
        items = expr.values if isinstance(expr, ast.Dict) else expr.elts
        if len(items) != 1 or isinstance(items[0], ast.Starred) or items[0] is None:
            break
        expr = items[0]
    return expr


def _message_argument(call: ast.Call | None, position: int = 0, named: str | None = None) -> ast.expr | None:
    """`position`: where the exception's `__init__` takes its message (`BadOptionUsage(option_name, message)`);
    `named`: that parameter's name, given as a keyword (`DataError(error=...)`)."""
    if call is None:
        return None
    keyword = next((k.value for k in call.keywords if k.arg in MESSAGE_KEYWORDS or k.arg == named), None)
    if any(isinstance(a, ast.Starred) for a in call.args[: position + 1]):
        return keyword
    if len(call.args) > position:
        given = call.args[position]
        if isinstance(given, ast.Constant) and given.value is None:
            # `ScannerError(None, None, "mapping values are not allowed here", mark)`: no message in its place,
            # so the one text the call words is what the error prints.
            worded = [a for a in call.args if _worded(a)]
            return worded[0] if len(worded) == 1 else given
        return given
    return keyword


def _worded(expr: ast.expr) -> bool:
    """A text written at the call: a literal, an f-string, or a literal formatted by `%` or `.format()`."""
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Mod):
        expr = expr.left
    elif isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute) and expr.func.attr == "format":
        expr = expr.func.value
    return isinstance(expr, ast.JoinedStr) or (isinstance(expr, ast.Constant) and isinstance(expr.value, str))


def _path_at(scope: Scope, line: int) -> BranchPath | None:
    """The branch a binding made at `line` sits in (`error = ConfigObjError(msg)` in an `if` arm, raised after
    it): its message is read where it was made, not at the raise. None: no binding there, read at the raise."""
    for bindings in scope.bindings.values():
        for bound in bindings:
            if bound.line == line:
                return bound.path
    return None
