"""Which of the repository's test assertions trigger which entry.

"message": the asserted literal fits the entry's signature (in full, or sharing a long literal stretch with
it), the asserted type is the raised one or a base of it, and it fits no other entry as well, or the test's call
reaches only one of those it fits. An asserted prefix that two messages share ("view must be a callable") says
nothing of which one the call raises: such a test is shown for none.

"type-and-call": the assertion names no usable literal; the asserted type is raised by one entry of the
repository, or by one of the entries that the names the test calls reach, when each name is defined once in the
package (a resolved target: `paginate_queryset`, which three paginators define, is not one) or is the definition
the test module's imports lead to (`imported`: `from django.contrib.gis.gdal import Envelope`). A method the
test's class inherits is its base's (`FileSystemStorage().generate_filename` is `Storage.generate_filename`);
`call_command("name")` reaches the command of that name, never `call_command`'s own "Unknown command". An
instance the test builds with no arguments says its class's own wording where an inherited method raises a message
subclasses word by a class attribute (`UnicodeUsernameValidator()("o'connell")`).

A test's call wrapped in builtins (`len(qs.filter(...))`) is shown without them when the entry is raised only in
functions that call resolves to, none of them lazy (a generator); else the builtin may be what raises (`list(qs)`).

Both ways of sharing a stretch are found with Aho-Corasick, once over the assertions and once over the
signatures, never by trying every pair."""

import ast
import bisect
import builtins
import dataclasses
import itertools
import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

import ahocorasick

from errorkb.matching.template import Template, compile_template, match_prefix, match_template
from kb.harvest.evidence.assertions import COMMAND, MIN_LITERAL, Assertion, usable
from kb.harvest.evidence.before import RaisesBefore
from kb.harvest.evidence.forms import MESSAGE_FORMS, REGEX_FORMS, SEARCHED, is_helper
from kb.harvest.evidence.imported import resolve
from kb.harvest.evidence.invocations import Invocation
from kb.harvest.evidence.makers import unmade
from kb.harvest.evidence.met import Callees, generates, met_line, ruled_out, tag_met_line
from kb.harvest.evidence.returned import RETURNED
from kb.harvest.evidence.templates import TAG, first_use
from kb.harvest.reading.extract import FoundSite
from kb.harvest.reading.files import Caps, Refusals, Refused, read_text, real_root, refusal, walk
from kb.text import breadth

EntryKey = tuple[str, str, str]
QUALIFIED = "::"  # `path::Name`: a called name the test module's imports resolve to that module's definition
# `name` or `Class.method` -> each (its file, relative to the package; its `def` line; `name` or `Class.method`, or
# "" for a function nested in another).
Located = dict[str, list[tuple[str, int, str]]]

MIN_SHARED = 12  # a shared stretch at least this long says the test is about that message
MAX_TESTS = 3
NEAR_CHARACTERS, NEAR_SHARE = 3, 10  # shared stretches within 3 characters or a tenth of the best are a tie
# Scores, by tier (score // TIER): the literal is a wording word for word (EXACT); it is the whole message once
# the placeholders have values (FULL_MATCH); all of its text is the signature's literal text (COMPLETE); else how
# many of its characters are (a shared stretch).
TIER = 10_000
COMPLETE, FULL_MATCH, EXACT = TIER, 2 * TIER, 3 * TIER
_GROUPS = {0: (), 1: (1, 2), 2: (1, 2), 3: (3,)}  # the tiers that compete with the best fit's (none: its score)
# Django gives every model its own DoesNotExist and MultipleObjectsReturned; the harvest files them under these.
_MODEL_ALIASES = {"DoesNotExist": "ObjectDoesNotExist"}
_EVERY = {"Exception", "BaseException"}  # what an error and a warning both are
_IMPORTING = {"ImportError", "ModuleNotFoundError"}  # what an import raises
# The bases' list bounded: an unclosed `class X(` then reads a few hundred characters, never to the end (linear).
_CLASS = re.compile(r"^[ \t]*+class[ \t]++(\w++)[ \t]*+\(([^)]{0,500}+)\)", re.MULTILINE)
# A definition with its indentation: a `def` right inside a `class` statement's body is one of its methods.
_DEFINED_AT = re.compile(r"^([ \t]*+)(?:async[ \t]++)?+(def|class)[ \t]++(\w++)", re.MULTILINE)
_ASSIGNED = re.compile(r"^([A-Za-z_]\w*+)[ \t]*+=(?!=)([^\n]*+)", re.MULTILINE)  # a module's `D = Distance`
# An indented `name = ...` (or `name: T = ...`): in a class's body, an attribute that hides its bases' (`__iadd__ =
# complain`).
_INDENTED_ASSIGNED = re.compile(r"^([ \t]++)([A-Za-z_]\w*+)[ \t]*+(?::[^=\n]{0,200}+)?+=(?!=)", re.MULTILINE)
_TESTING = frozenset({"tests", "test", "testing"})  # the folders of a package's own tests (`tests_docs`)
_TESTS = frozenset({"tests.py", "conftest.py"})


@dataclass(frozen=True)
class Aliased:
    """The class statement a module-level alias names (`D = Distance`): its name, its module, its own bases (by
    name) and whether it names a metaclass."""

    cls: str
    path: str
    bases: frozenset[str]
    metaclassed: bool


@dataclass(frozen=True)
class _Entry:
    key: EntryKey
    tail: str  # the exception type's class name
    # The signature's literal pieces, then each other wording's (a plural from ngettext, another branch).
    forms: tuple[tuple[str, ...], ...]
    gaps: tuple[bool, ...]  # per form: whether the signature has placeholders, where any text may stand
    templates: tuple[Template, ...]


def find_triggers(
    assertions: list[Assertion],
    groups: dict[EntryKey, list[FoundSite]],
    *,
    package: Path,
    prefix: str = "",
    refusals: Refusals | None = None,
) -> dict[EntryKey, list[dict]]:
    entries = [_entry(key, sites) for key, sites in groups.items()]
    candidates: dict[int, set[int]] = {}
    scores = _shared_stretches(assertions, entries, candidates)  # of the literals alone: the same when qualified
    types = _TypeTree(package, _read_back(assertions, scores))
    reach = _Reach(groups, types, Callees(package, prefix), Refusals() if refusals is None else refusals)
    assertions = [reach.qualified(unmade(assertion, reach.defined)) for assertion in assertions]
    found: dict[EntryKey, list[tuple[int, int, Assertion]]] = {}
    for a, assertion in enumerate(assertions):
        fitting = {e: s for e, s in scores.get(a, {}).items() if types.fits(assertion.types, entries[e].tail)}
        if assertion.form.startswith(RETURNED):
            fitting = {e: s for e, s in fitting.items() if _whole_message(s, assertion)}
        rivals = {e for e in candidates.get(a, ()) if types.fits(assertion.types, entries[e].tail)}
        if (chosen := _one_fit(fitting, assertion, entries, reach, rivals)) is not None:
            if assertion.form.startswith(RETURNED) and _worded_elsewhere(assertion, groups[entries[chosen].key], reach):
                continue
            found.setdefault(entries[chosen].key, []).append((0, fitting.get(chosen, 0), assertion))
    for key, assertion in _type_and_call(assertions, entries, types, reach):
        found.setdefault(key, []).append((1, 0, assertion))
    for assertion in assertions:
        if assertion.keyed is not None and (named := _keyed_entry(assertion.keyed, groups, reach)) is not None:
            found.setdefault(named, []).append((0, 0, assertion))  # a message named by its key (`returned`)
        if assertion.constant is not None and (named := _constant_entry(assertion, groups, reach)) is not None:
            found.setdefault(named, []).append((0, 0, assertion))  # a message named by the package's name (`logged`)
    return {key: _best(matches, key, reach) for key, matches in found.items()}


def _one_fit(
    fitting: dict[int, int],
    assertion: Assertion,
    entries: list[_Entry],
    reach: "_Reach",
    rivals: Iterable[int] = (),
) -> int | None:
    """The one entry whose message the assertion is about. Word for word a wording, it is about that one (unless
    several entries say it word for word). Else every entry whose message holds all of the asserted text, in full
    or with placeholders, is one the test may be asserting: of several, the one the test's call reaches, else
    none. An assertion that fits no message in full is about the best fit, when it is the only one. A text the
    form finds anywhere in the message (`_searched`) competes as well with every message of its type that may hold
    it whole (`rivals` that `_holds`): in full, as its start, or inside its words."""
    if not fitting:
        return None
    best = max(fitting.values())
    group = _GROUPS[best // TIER]
    # A shared stretch a few characters longer is no evidence (`'with'` against `%r`'s quotes, round 13's card
    # 06): those within NEAR of the best compete with it.
    near = max(NEAR_CHARACTERS, (best % TIER) // NEAR_SHARE)
    chosen = [e for e, s in fitting.items() if (s // TIER in group if group else s >= best - near)]
    if chosen and assertion.exact and _searched(assertion.form):
        text = assertion.exact.strip()
        # Word for word a wording, the text is not taken for a placeholder's value in a rival (`NOWAIT` of Django
        # 5.2.19's "{combinator} is not supported on this database backend."): only a rival's own words count.
        worded = best >= EXACT
        chosen += [e for e in sorted(rivals) if e not in chosen and _holds(entries[e], text, worded=worded)]
    if len(chosen) > 1:
        reached = reach.entries_from(assertion.calls, bare=assertion.bare)
        chosen = [e for e in chosen if entries[e].key in reached] if reached is not None else []
    return chosen[0] if len(chosen) == 1 else None


def _searched(form: str) -> bool:
    """Whether the form finds its message anywhere in the error's (`assertRaisesMessage`'s `in`, pytest's
    `match`'s `re.search`): then the asserted text may be a part of a longer message as well as a whole one."""
    return form in MESSAGE_FORMS | REGEX_FORMS or form.startswith(("pytest.", SEARCHED)) or is_helper(form)


def _holds(entry: _Entry, text: str, *, worded: bool = False) -> bool:
    """Whether a message of the entry may hold the whole asserted text: the text is a piece of one of its
    literals, one of its messages, or the start of one that ends in a literal's words (MIN_SHARED characters at
    least, not a lone `.` after a placeholder that would take the rest). Django 5.2.19's "'…' is decorated with
    takes_context=True so it must have a first argument of 'context'" (tests/template_tests/test_custom.py:
    482-485) is parse_bits's message (library.py:406-409) and the start of compile_func's "… and a second
    argument of 'content'" (library.py:192-196): it is about neither, unless the test's call reaches only one.
    The literal text is half of the text at least: a placeholder alone holds anything. `worded`: only in one of
    its literals."""
    for template in entry.templates:
        if any(len(text) >= MIN_SHARED and text in literal for literal in template.literals):
            return True
        if worded or len(text) < MIN_SHARED:
            continue
        if (fit := match_template(template, text)) is None:
            fit = match_prefix(template, text)
            if fit is None or len(fit.template.literals[-1]) < MIN_SHARED:
                continue
        if 2 * fit.template.literal_length >= len(text):
            return True
    return False


def _read_back(assertions: list[Assertion], scores: dict[int, dict[int, int]]) -> frozenset[str]:
    """The literals of returned data (`returned`) that are some entry's wording word for word: the texts whose
    string literals in the package's source `_worded_elsewhere` asks about."""
    return frozenset(
        assertion.exact
        for a, assertion in enumerate(assertions)
        if assertion.exact and assertion.form.startswith(RETURNED) and max(scores.get(a, {0: 0}).values()) >= EXACT
    )


def _worded_elsewhere(assertion: Assertion, sites: list[FoundSite], reach: "_Reach") -> bool:
    """Whether returned data's literal may come from another raise than the entry's: the package's source holds it
    as a whole string literal in a module where no site of the entry is, and in one more module at least (one
    module alone may be where the entry's message is kept). DRF 3.18.3's `UniqueTogetherValidator.missing_message
    = _('This field is required.')` (validators.py:137) is raised in a dict, no entry's message, while a test
    reads "This field is required." back from `serializer.errors` (tests/test_validators.py:548): not evidence
    that `Field.fail("required")` (fields.py:596) was what raised. Another module is parsed to be sure the words
    are one of its string literals, not a docstring's example (exceptions.py:131 quotes the same words)."""
    text = assertion.exact or ""
    modules = reach.types.quoted(text)
    if len(modules) < 2:
        return False
    own = {reach.callees.relative(site.path) for site in sites}
    return any(text in _string_literals(module, reach) for module in sorted(modules - own))


def _string_literals(module: str, reach: "_Reach") -> frozenset[str]:
    """The module's string constants (stripped), parsed once; none when it cannot be read or parsed."""
    if module not in reach.literals:
        source = reach.callees.source(module)
        try:
            tree = ast.parse(source) if source is not None else None
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            tree = None
        reach.literals[module] = frozenset(
            node.value.strip()
            for node in (breadth.nodes(tree) if tree is not None else ())
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
        )
    return reach.literals[module]


def _keyed_entry(keyed: tuple[str, str], groups: dict[EntryKey, list[FoundSite]], reach: "_Reach") -> EntryKey | None:
    """The one entry raised with the message a test names by its key in a class's table (`returned`): a raise in
    a method of that very class (defined once in the package) whose statement reads `error_messages["key"]`
    (Django 5.2.19's `PasswordChangeForm.clean_old_password` for `form.error_messages["password_incorrect"]`).
    A subclass's raise, or a method that raises what another builds, is not read: none is said."""
    cls, key = keyed
    if reach.defined(cls) != 1:
        return None
    read = (f'error_messages["{key}"]', f"error_messages['{key}']")
    found = {
        entry
        for entry, sites in groups.items()
        for site in sites
        if "." in site.function
        and site.function.rsplit(".", 1)[0] == cls
        and any(written in _raise_statement(site) for written in read)
    }
    return next(iter(found)) if len(found) == 1 else None


def _constant_entry(assertion: Assertion, groups: dict[EntryKey, list[FoundSite]], reach: "_Reach") -> EntryKey | None:
    """The one entry raised with the message a test names by a name it imports from the package (`logged`): its
    sites in that module pass the name as the message (`raise RejectRequest(REASON_CSRF_TOKEN_MISSING)`, Django
    5.2.19's django/middleware/csrf.py:386), and the module reads the name nowhere else (but where it binds it), so
    that what the test's call logged came from that raise. `REASON_BAD_ORIGIN`, which the module hands to its
    logger without a raise (csrf.py:439), names none."""
    assert assertion.constant is not None
    module, name = assertion.constant
    files = {module.replace(".", "/") + ".py", module.replace(".", "/") + "/__init__.py"}
    raising = re.compile(rf"\braise[ \t]++[\w.]++\([ \t\n]*+{re.escape(name)}(?!\w)")
    found = {
        entry: naming
        for entry, sites in groups.items()
        if (naming := [site for site in sites if site.path in files and raising.search(_raise_statement(site))])
    }
    if len(found) != 1:
        return None
    [(entry, sites)] = found.items()
    source = reach.callees.source(sites[0].path) or ""
    read = len(re.findall(rf"(?<![\w.]){re.escape(name)}(?!\w)", source))
    bound = len(re.findall(rf"^{re.escape(name)}[ \t]*+(?::[^=\n]*+)?+=(?!=)", source, re.MULTILINE))
    return entry if read - bound == len({site.line for site in sites}) else None


def _raise_statement(site: FoundSite) -> str:
    """The lines of the site's snippet from its raise to the end of that statement: the raise line, the lines
    indented under it and a closing bracket at its indentation."""
    lines = site.snippet.split("\n")[max(site.line - site.snippet_start, 0) :]
    if not lines:
        return ""
    indent = len(lines[0]) - len(lines[0].lstrip())
    kept = [lines[0]]
    for line in lines[1:]:
        depth = len(line) - len(line.lstrip())
        if depth > indent or (depth == indent and line.lstrip()[:1] in (")", "]", "}")):
            kept.append(line)
        else:
            break
    return "\n".join(kept)


def _whole_message(score: int, assertion: Assertion) -> bool:
    """Returned data names no type: its literal counts only as the whole message (placeholders given values),
    the template's own text at least half of it (not "{name}" standing for any string)."""
    return score >= FULL_MATCH and 2 * (score % TIER) >= len(assertion.exact or "")


def _entry(key: EntryKey, sites: list[FoundSite]) -> _Entry:
    signatures = [key[1], *(signature for site in sites for _, signature in site.variants)]
    templates = [t for signature in dict.fromkeys(signatures) if signature and (t := compile_template(signature))]
    kept = [(t, chunks) for t in templates if (chunks := tuple(s for literal in t.literals if (s := literal.strip())))]
    forms = tuple(chunks for _, chunks in kept)
    gaps = tuple(bool(t.fields) for t, _ in kept)
    return _Entry(key, key[0].rsplit(".", 1)[-1], forms, gaps, tuple(templates))


def _shared_stretches(
    assertions: list[Assertion], entries: list[_Entry], candidates: dict[int, set[int]] | None = None
) -> dict[int, dict[int, int]]:
    """{assertion: {entry: score}}: EXACT or FULL_MATCH when the literal is the whole message, else how many of
    the literal's characters the signature's literals account for, when that is most of them (COMPLETE added
    when that is all of them). The candidates
    share a literal or the start of one (a window of MIN_SHARED characters), found from both sides, and are kept
    in `candidates` whatever their score."""
    pairs: set[tuple[int, int]] = set()
    keys = _automaton(
        (word, e) for e, entry in enumerate(entries) for chunks in entry.forms for word in _words(chunks, longest=True)
    )
    if keys is not None:
        for a, assertion in enumerate(assertions):
            if usable(assertion):
                for chunk in assertion.chunks:
                    pairs.update((a, e) for _, (_, hits) in keys.iter(chunk) for e in hits)
    stretches = _automaton((word, a) for a, assertion in enumerate(assertions) for word in _words(assertion.chunks))
    if stretches is not None:
        for e, entry in enumerate(entries):
            for literal in {literal for chunks in entry.forms for literal in chunks}:
                pairs.update((a, e) for _, (_, hits) in stretches.iter(literal) for a in hits)
    scores: dict[int, dict[int, int]] = {}
    for a, e in pairs:
        assertion, entry = assertions[a], entries[e]
        exact = assertion.exact.strip() if assertion.exact is not None else None
        if candidates is not None:
            candidates.setdefault(a, set()).add(e)
        full = [t.literal_length for t in entry.templates if exact is not None and match_template(t, exact)]
        if full:
            longest = max(full)
            word_for_word = exact is not None and longest == len(exact)
            scores.setdefault(a, {})[e] = (EXACT if word_for_word else FULL_MATCH) + min(longest, TIER - 1)
        else:
            score = max(
                _covered(assertion.chunks, chunks, gaps) for chunks, gaps in zip(entry.forms, entry.gaps, strict=True)
            )
            if score >= MIN_SHARED:
                scores.setdefault(a, {})[e] = score
    return scores


def _words(chunks: tuple[str, ...], *, longest: bool = False) -> Iterable[str]:
    """What a text is looked up by: each piece of MIN_SHARED characters or more and its start (a test's
    literal may end, or begin, inside a signature's literal), and the longest piece however short."""
    if not chunks:
        return
    if longest:
        yield max(chunks, key=len)
    for chunk in chunks:
        if len(chunk) >= MIN_SHARED:
            yield chunk
            yield chunk[:MIN_SHARED]
        elif not longest and all(len(other) < MIN_SHARED for other in chunks):
            # A test that checks only short literals (`assert "missing" in str(info.value)`): each, found inside
            # a message's literal, makes it a candidate; of several such messages the one the test's call
            # reaches is taken, else none. Beside a longer literal a short one finds nothing more, only rivals
            # (a message with placeholders would hold "URL route" alone in full).
            yield chunk


def _covered(chunks: tuple[str, ...], literals: tuple[str, ...], gaps: bool = False) -> int:
    """How many characters of the asserted chunks are the signature's literal text: a chunk inside one of its
    literals, its literals inside the chunk, or a literal that the chunk begins or ends inside. 0 unless that
    is two thirds of them, so that "Enter a valid country code." does not pass for "Enter a valid
    {protocol} address." on its first words. With `gaps` (the signature has placeholders), a chunk that shares
    nothing with its literals is taken as a placeholder's value (`migrations` of a regex's
    `'\\w+.migrations.0001_initial'`) and not counted. COMPLETE is added when every counted character is
    literal text: the asserted text is then all in this message. The text a chunk holds between two of the
    signature's literals that follow each other (a placeholder between them) is that placeholder's value: it
    counts towards the two thirds, never towards the score (`_filled`)."""
    total = covered = filled = 0
    if gaps:
        filled = sum(_filled(chunk, literals) for chunk in chunks if len(chunk) >= 3)
    literals = tuple(literal for literal in literals if len(literal) >= 3)
    for chunk in chunks:
        if len(chunk) < 3:
            continue
        if any(chunk in literal for literal in literals):
            total += len(chunk)
            covered += len(chunk)
            continue
        inside = 0
        for literal in literals:
            if literal in chunk:
                inside += len(literal)
                continue
            start = chunk.find(literal[:MIN_SHARED])  # the chunk ends inside the literal
            if start != -1 and literal.startswith(chunk[start:]):
                inside += len(chunk) - start
            end = literal.find(chunk[:MIN_SHARED])  # the chunk begins inside the literal
            if end != -1 and chunk.startswith(literal[end:]):
                inside += len(literal) - end
        if inside or not gaps:
            total += len(chunk)
            covered += min(len(chunk), inside)
    if not total or (covered + min(filled, total - covered)) * 3 < total * 2:
        return 0
    return min(covered, TIER - 1) + (COMPLETE if covered == total else 0)


def _filled(chunk: str, literals: tuple[str, ...]) -> int:
    """How many characters of the chunk stand between two of the signature's literals that follow each other in
    it, in the chunk as in the signature: a placeholder's value (Django 5.2.19's
    tests/i18n/test_extraction.py:453-457, `'Translators: ignored i18n comment #1'` for `'{c}'`)."""
    between = 0
    for before, after in itertools.pairwise(literals):
        if len(before) < 3 or len(after) < 3 or (start := chunk.find(before)) == -1:
            continue
        start += len(before)
        end = chunk.find(after, start)
        if end != -1:
            between += end - start
    return between


def _automaton(words: Iterable[tuple[str, int]]) -> "ahocorasick.Automaton | None":
    postings: dict[str, list[int]] = {}
    for word, index in words:
        if len(word) >= MIN_LITERAL:
            postings.setdefault(word, []).append(index)
    if not postings:
        return None
    automaton = ahocorasick.Automaton()
    for word, indexes in postings.items():
        automaton.add_word(word, (word, indexes))
    automaton.make_automaton()
    return automaton


def _type_and_call(
    assertions: list[Assertion], entries: list[_Entry], types: "_TypeTree", reach: "_Reach"
) -> Iterable[tuple[EntryKey, Assertion]]:
    """Assertions without a usable literal whose code calls into the package: the entry that is the only one of
    the repository to raise the asserted type (or a subclass of it), or the only such one that the test's
    resolved calls reach. Python itself raises its own types anywhere (an `ImportError` from an import, a
    `ValueError` from `int("a")` in the very function the test calls, round 9's card 22): a test that asserts
    one of those alone says nothing of which raise it met, and triggers none; `NotImplementedError` and the
    warnings, which only code raises, count."""
    raising: dict[tuple[str, ...], set[EntryKey]] = {}
    for assertion in assertions:
        if usable(assertion) or _EVERY & set(assertion.types) or not reach.into_package(assertion.calls):
            continue  # `Exception` says nothing of which; `{}["missing"]` calls nothing of the package's
        if (met := reach.met(assertion)) is not None:
            yield met, assertion  # the raise its call's literal arguments definitely meet first (`met`)
            continue
        if all(_is_builtin(t) and t not in _SAID_BY_CODE for t in assertion.types):
            continue
        if assertion.types not in raising:
            raising[assertion.types] = {entry.key for entry in entries if types.fits(assertion.types, entry.tail)}
        keys = raising[assertion.types]
        builtin = all(_is_builtin(t) for t in assertion.types)
        if len(keys) > 1 or builtin or types.outside(assertion.types):
            # Of a builtin type, of one from outside the package, or of one the package raises in several places,
            # only a raise in the very function the test calls: further down, a raise the harvest could not read
            # (GDAL's `check_err` behind a ctypes prototype, round 10's card 15; `pickle`'s own unpickler, round
            # 25's card 25) may be the one the test meets.
            reached = reach.entries_from(assertion.calls, direct=True, bare=assertion.bare)
            keys = keys & reached if reached is not None else set()
            if len(keys) == 1 and not reach.first_of_its_type(assertion.calls, next(iter(keys)), assertion.types):
                continue  # a call before the raise may raise the type too (`before`)
        if len(keys) == 1:
            yield next(iter(keys)), assertion


# Builtin types Python's own operations do not raise: only code that says so (`raise NotImplementedError`, a
# warning issued), so a test asserting one alone still points at the raise its call reaches.
_SAID_BY_CODE = frozenset(
    {
        "NotImplementedError",
        "AssertionError",  # only an `assert` or a `raise` says it: no operation of Python's raises it
        "Warning",
        "UserWarning",
        "DeprecationWarning",
        "PendingDeprecationWarning",
        "FutureWarning",
        "RuntimeWarning",
        "SyntaxWarning",
        "ResourceWarning",
    }
)


def _is_builtin(name: str) -> bool:
    return isinstance(getattr(builtins, name, None), type)


class _Reach:
    """The entries a test's calls reach, by the names it calls: a name resolves when the package defines it
    once (a function, a method, a class; `Class.method` when it defines the class once, an inherited method
    through the base that defines it), a command run by `call_command` by its name, and reaches the
    entries raised in it (`direct`) or below it (it is one of their sites' entry points, found through resolved
    calls by `reading.entry_points`)."""

    def __init__(
        self, groups: dict[EntryKey, list[FoundSite]], types: "_TypeTree", callees: Callees, refusals: Refusals
    ) -> None:
        self.types = types
        self.callees = callees
        self.refusals = refusals
        self.direct: dict[str, set[EntryKey]] = {}
        self.below: dict[str, set[EntryKey]] = {}
        self.commands: dict[str, set[EntryKey]] = {}  # `command:name` -> the entries the command reaches
        self.tags: dict[str, set[EntryKey]] = {}  # `tag:name` -> the entries the template tag reaches
        # A tag's name -> the (path, function, a site's line) of its compile function, where it raises itself.
        self.tag_functions: dict[str, set[tuple[str, str, int]]] = {}
        self.functions: dict[str, dict[tuple[str, str], int]] = {}  # name -> {(path, function): a site's line}
        self.at: dict[tuple[str, int], set[EntryKey]] = {}  # (path, line) -> the entries raised there
        # A function's name -> the subclass whose class attribute words the message (`message_class`) -> entries.
        self.worded: dict[str, dict[str, set[EntryKey]]] = {}
        self.sites: dict[EntryKey, set[tuple[str, str]]] = {}  # the (path, function) of each entry's sites
        self.lines: dict[tuple[str, str], int] = {}  # a line of a site in each such function
        self.raised_at: dict[EntryKey, list[tuple[str, str, int]]] = {}  # (path, function, line) of its sites
        self.before = RaisesBefore(types, callees)
        self.bare_cache: dict[tuple[str, EntryKey], bool] = {}  # `needs_arguments`, per class and entry
        self.resolutions: dict[str, tuple[str, str] | None] = {}  # a dotted path -> `imported.resolve`'s answer
        self.classes: dict[str, list[ast.ClassDef]] = {}  # a module's path -> its top-level class statements
        self.literals: dict[str, frozenset[str]] = {}  # a module's path -> its string constants (`_string_literals`)
        for key, sites in groups.items():
            for site in sites:
                self.at.setdefault((site.path, site.line), set()).add(key)
                self.sites.setdefault(key, set()).add((site.path, site.function))
                self.lines.setdefault((site.path, site.function), site.line)
                self.raised_at.setdefault(key, []).append((site.path, site.function, site.line))
                worded_by = _message_class(site)
                for name in _names_of(site.function) + _qualified_names(site.path, site.function):
                    self.direct.setdefault(name, set()).add(key)
                    self.functions.setdefault(name, {}).setdefault((site.path, site.function), site.line)
                    if worded_by:
                        self.worded.setdefault(name, {}).setdefault(worded_by, set()).add(key)
                for point in _entry_points(site):
                    if point.get("kind") == "command":
                        self.commands.setdefault(COMMAND + str(point.get("function", "")), set()).add(key)
                        continue
                    if point.get("kind") == "template tag":
                        self.tags.setdefault(TAG + str(point.get("function", "")), set()).add(key)
                        if not point.get("via") and point.get("path") == site.path:  # raised in the tag's function
                            functions = self.tag_functions.setdefault(str(point.get("function", "")), set())
                            functions.add((site.path, site.function, site.line))
                    function = str(point.get("function", ""))
                    for name in _names_of(function) + _qualified_names(str(point.get("path", "")), function):
                        self.below.setdefault(name, set()).add(key)

    def qualified(self, assertion: Assertion) -> Assertion:
        """The assertion with each called name the package defines more than once written as the one the test
        module's imports lead to (`imported.resolve`), `path::Name` or `path::Class.method` when that class itself
        defines the method; a name the imports do not settle stays as it is (unresolved)."""
        if not assertion.imported:
            return assertion
        imported = dict(assertion.imported)
        calls = set(assertion.calls)
        for name in assertion.calls:
            first, _, method = name.partition(".")
            if first not in imported or first in assertion.bare or "." in method or self.defined(name) < 2:
                continue
            if (found := self._resolved(imported[first], assertion.path)) is None or found[1] != first:
                continue
            if method and not self._defines_in(found[0], name):
                continue  # an inherited method: its owner by name alone is not proven
            calls.discard(name)
            calls.add(f"{found[0]}{QUALIFIED}{name}")
        if calls == set(assertion.calls):
            return assertion
        return dataclasses.replace(assertion, calls=frozenset(calls))

    def _resolved(self, dotted: str, test: str) -> tuple[str, str] | None:
        """`imported.resolve`, once per dotted path; `test`: the test file that names it."""
        if dotted not in self.resolutions:
            try:
                self.resolutions[dotted] = resolve(dotted, self.callees.source)
            except (RecursionError, MemoryError, ValueError) as error:  # a hostile module: counted, not followed
                self.refusals.add(test, refusal(error, "following its imports"))
                self.resolutions[dotted] = None
        return self.resolutions[dotted]

    def _defines_in(self, path: str, name: str) -> bool:
        """Whether the module at `path` (as the sites write it) defines `Class.method` in the class itself."""
        relative = self.callees.relative(path)
        return any(where[0] == relative and where[2] == name for where in self.types.located.get(name, []))

    def _built_plainly(self, path: str, target: str, cls: str) -> bool:
        """`types.plainly_built`; for a qualified name (`qualified`), its class's own statement in its module names
        no metaclass and binds no `__new__`, and each of its bases is plainly built (or `object`)."""
        if QUALIFIED not in target:
            return self.types.plainly_built(cls)
        statement = self._class_at(path, target.rpartition(QUALIFIED)[2].partition(".")[0])
        if statement is None or statement.name != cls or statement.keywords:
            return False
        for node in statement.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == "__new__":
                return False
            if isinstance(node, (ast.Assign, ast.AnnAssign)) and "__new__" in _targets(node):
                return False
        bases = [base.id if isinstance(base, ast.Name) else "" for base in statement.bases]
        return all(base == "object" or (base and self.types.plainly_built(base)) for base in bases)

    def _class_at(self, path: str, cls: str) -> ast.ClassDef | None:
        """The module's one top-level class statement of that name, or None; each module parsed once."""
        if path not in self.classes:
            text = self.callees.source(path)
            try:
                tree = ast.parse(text) if text is not None else None
            except (SyntaxError, ValueError, RecursionError, MemoryError) as error:  # a hostile module: counted
                self.refusals.add(path, refusal(error, "reading its class"))
                tree = None
            self.classes[path] = [n for n in tree.body if isinstance(n, ast.ClassDef)] if tree is not None else []
        found = [n for n in self.classes[path] if n.name == cls]
        return found[0] if len(found) == 1 else None

    def owner(self, name: str) -> str:
        """`types.owner`, for a name the imports qualified (`qualified`) the name itself: its class defines it."""
        return name if QUALIFIED in name else self.types.owner(name)

    def defined(self, name: str) -> int:
        """How many things of the package the name may be: `Class.method` as many as `Class` (or the class a
        module's alias names, `D = Distance`); a name the imports qualified is one."""
        if QUALIFIED in name:
            return 1
        first, _, method = name.partition(".")
        if first in self.types.aliases:
            return 1 if method else 0  # the alias's class, wherever else a class of that name is defined
        return self.types.definitions.get(first, 0)

    def met(self, assertion: Assertion) -> EntryKey | None:
        """The entry whose raise the assertion's one call definitely meets in the function it calls, by its literal
        arguments (`met`), or in the compile function of the tag its template uses first (`met_in_tag`), when that
        entry's type is the asserted one; None when that is not known."""
        if assertion.template is not None and (in_tag := self.met_in_tag(assertion)) is not None:
            return in_tag
        invocation = assertion.invocation
        if invocation is None:
            return None
        if invocation.target == "call_command":
            return None  # the command it names runs, not `call_command`'s own raises (`entries_from`)
        target = self.types.owner(invocation.target) if invocation.receiver == "built" else invocation.target
        named = [c for c in assertion.calls if c.endswith(QUALIFIED + invocation.target)]
        if invocation.receiver in ("", "built") and len(named) == 1:
            target = named[0]  # `Envelope(...)`, `forms.GeometryField(...).clean(...)`: the one the imports name
        if self.defined(target) != 1 or len(functions := self.functions.get(target, {})) != 1:
            return None
        [((path, function), line)] = functions.items()
        if function.endswith(".__init__") and not self._built_plainly(path, target, function.split(".")[-2]):
            return None  # a `__new__` or a metaclass may run before `__init__`, and raise
        # `d + 1` on `d = D(m=100)`: `self.__class__` in the method is the class the test built.
        built = invocation.target.split(".", 1)[0] if invocation.receiver == "built" else None
        instance = self.types.instance_of(built) if built is not None else None
        try:
            past_imports = not _IMPORTING & set(assertion.types)  # an import on the way may raise it
            met = met_line(invocation, self.callees, path, function, line, self._package_class, instance, past_imports)
        except (RecursionError, MemoryError, ValueError, TypeError) as error:  # a hostile file is counted, skipped
            self.refusals.add(assertion.path, refusal(error, "evaluating its call"))
            return None
        keys = list(self.at.get((path, met), ())) if met is not None else []
        if len(keys) != 1 or not self.types.fits(assertion.types, keys[0][0].rsplit(".", 1)[-1]):
            return None
        return keys[0]

    def met_in_tag(self, assertion: Assertion) -> EntryKey | None:
        """The entry whose raise the template the test compiles definitely meets first: in the compile function of
        the tag the template uses first, with nothing before it that may raise (`templates.first_use`), by that
        tag's words (`met.tag_met_line`). `{% regroup data by bar as %}` has five words: "'regroup' tag takes five
        arguments", Django 5.2.19's django/template/defaulttags.py:1260-1261."""
        template = assertion.template
        if template is None:
            return None
        for tag in template.tags:
            functions = self.tag_functions.get(tag, set())
            if len({(path, function) for path, function, _ in functions}) != 1:
                continue  # a tag no function of the package compiles with a raise of its own, or several
            path, function, line = min(functions)
            # `{% load <library> %}` before it loads the tag's own library, a module of a `templatetags` folder.
            library = path.rsplit("/", 1)[-1].removesuffix(".py") if "/templatetags/" in f"/{path}" else ""
            if (contents := first_use(template.text, tag, library)) is None:
                continue
            try:
                met = tag_met_line(contents, self.callees, path, function, line)
            except (RecursionError, MemoryError, ValueError, TypeError) as error:  # a hostile file: counted
                self.refusals.add(assertion.path, refusal(error, "evaluating its template"))
                return None
            keys = list(self.at.get((path, met), ())) if met is not None else []
            if len(keys) == 1 and self.types.fits(assertion.types, keys[0][0].rsplit(".", 1)[-1]):
                return keys[0]
            return None
        return None

    def raised_in_call(self, calls: frozenset[str], key: EntryKey) -> bool:
        """Whether the entry is raised while the calls run, not later by what they return: each of its sites is in
        a function one of them resolves to (`defined` once), and none of those functions is a generator or a
        coroutine, whose call runs nothing of its body. A lazy result (`list(qs)`) raises in the builtin."""
        held = {
            function
            for name in calls
            if self.defined(name) == 1
            for function in self.functions.get(self.owner(name), {})
        }
        sites = self.sites.get(key, set())
        if not sites or not sites <= held:
            return False
        for path, function in sites:
            parsed = self.callees.function(path, function, self.lines[(path, function)])
            if parsed is None or isinstance(parsed[0], ast.AsyncFunctionDef) or generates(parsed[0]):
                return False
        return True

    def first_of_its_type(self, calls: frozenset[str], key: EntryKey, asserted: tuple[str, ...]) -> bool:
        """Whether, in each function the calls resolve to that raises the entry, no call made before the raise
        may raise the asserted type (`before`): `LayerMapping(...)` meets `check_layer()`'s LayerMapError before
        `__init__`'s own "Unrecognized transaction mode"."""
        held = {
            function
            for name in calls
            if self.defined(name) == 1
            for function in self.functions.get(self.owner(name), {})
        }
        sites = [
            (path, function, line) for path, function, line in self.raised_at.get(key, []) if (path, function) in held
        ]
        try:
            return bool(sites) and all(
                self.before.clear(path, function, line, asserted) for path, function, line in sites
            )
        except (RecursionError, MemoryError):  # a hostile file: said to raise first
            return False

    def _package_class(self, name: str) -> bool:
        return self.types.definitions.get(name, 0) == 1 and self.types.plainly_built(name)

    def into_package(self, calls: frozenset[str]) -> bool:
        return any(self.defined(name) or name in self.commands for name in calls)

    def entries_from(
        self, calls: frozenset[str], *, direct: bool = False, bare: frozenset[str] = frozenset()
    ) -> set[EntryKey] | None:
        """The entries the calls reach; None when one of them names what the package defines more than once
        (the test may reach any of those), or when none of them is the package's. `bare`: the classes the test
        builds with no arguments, whose instances keep their class's own wording (`seen_as`)."""
        reached: set[EntryKey] = set()
        resolved = False
        if any(name.startswith(COMMAND) for name in calls):
            # `call_command("name")`: the command's raises, not `call_command`'s own ("Unknown command" is for a
            # name no app defines; the test's own apps define commands the package does not know).
            if not direct and (commands := [name for name in calls if name in self.commands]):
                resolved = True
                reached.update(key for name in commands for key in self.commands[name])
            calls = frozenset(name for name in calls if name != "call_command" and not name.startswith(COMMAND))
        if any(name.startswith(TAG) for name in calls):
            # A template the test renders (`templates`): its tags reach their entries; the call that renders it
            # (`render_to_string`, which several classes define) no longer leaves the test's reach unknown.
            tags = [name for name in calls if name in self.tags] if not direct else []
            reached.update(key for name in tags for key in self.tags[name])
            resolved = resolved or bool(tags)
            calls = frozenset(
                name for name in calls if not name.startswith(TAG) and (not tags or self.defined(name) == 1)
            )
        for name in calls:
            defined = self.defined(name)
            if defined > 1:
                return None
            if defined == 1:
                resolved = True
                owner = self.owner(name)  # an inherited method, by the class that defines it
                found = set(self.direct.get(owner, set()))
                if not direct:
                    found |= self.below.get(owner, set())
                if name in bare:  # `Box().merge_update(...)`: built with no arguments
                    found = {key for key in found if not self.needs_arguments(name, key)}
                reached |= self.seen_as(name, owner, found, bare)
        return reached if resolved else None

    def needs_arguments(self, cls: str, key: EntryKey) -> bool:
        """Whether the class, called with no arguments, never meets the entry: each of its sites is in the
        `__init__` the class runs, under an `if` that goes the other way with no arguments (python-box 8.0.0's
        `Box()` and "Box expected at most 1 argument", box/box.py:328-329, round 24's card 25)."""
        if (cls, key) not in self.bare_cache:
            init = self.types.owner(f"{cls}.__init__")
            sites = self.raised_at.get(key, [])
            invocation = Invocation(cls, "", (), ())
            try:
                self.bare_cache[(cls, key)] = (
                    bool(sites)
                    and all(function == init for _, function, _ in sites)
                    and self.types.passes_arguments(cls)
                    and all(
                        ruled_out(invocation, self.callees, path, function, line, self._package_class)
                        for path, function, line in sites
                    )
                )
            except (RecursionError, MemoryError, ValueError, TypeError) as error:  # a hostile file: said to raise
                self.refusals.add(sites[0][0] if sites else "", refusal(error, "evaluating its call"))
                self.bare_cache[(cls, key)] = False
        return self.bare_cache[(cls, key)]

    def tags_to(self, tags: tuple[str, ...], key: EntryKey) -> list[str]:
        """The tags of a test's template that reach the entry."""
        return [tag for tag in tags if key in self.tags.get(TAG + tag, ())]

    def seen_as(self, name: str, owner: str, found: set[EntryKey], bare: frozenset[str]) -> set[EntryKey]:
        """Of the entries `Class.method` reaches through `owner`, those an instance of the class may raise where
        the method words the message by a class attribute subclasses set (`self.message`, round 21's card 01):
        never the wording of a class outside its lineage; and for an instance built with no arguments of a class
        that sets the wording itself, only that wording (`UnicodeUsernameValidator()` says its own message). The
        wording of a base is not taken for a class that sets none: the class may set one the harvest did not read."""
        name, owner = name.rpartition(QUALIFIED)[2], owner.rpartition(QUALIFIED)[2]
        worded = self.worded.get(owner)
        cls = name.partition(".")[0]
        if not worded or "." not in name:
            return found
        kin = self.types.lineage(cls)
        found = found - {key for c, keys in worded.items() if c not in kin for key in keys}
        if cls in bare and cls in worded:
            return (found - self.direct.get(owner, set())) | worded[cls]
        return found


def _names_of(function: str) -> list[str]:
    """What a test calls to reach a function: its name (a constructor through its class), and `Class.method`."""
    parts = function.split(".")
    names = [name] if (name := _called_as(function)) else []
    if len(parts) > 1 and parts[-1] != "__init__" and parts[-2] != "<locals>":
        names.append(f"{parts[-2]}.{parts[-1]}")
    return names


def _targets(node: ast.Assign | ast.AnnAssign) -> set[str]:
    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
    return {target.id for target in targets if isinstance(target, ast.Name)}


def _qualified_names(path: str, function: str) -> list[str]:
    """What a test whose imports name a top-level function or class calls to reach it, with its module's path
    (`qualified`): the function's name, a constructor through its class, `Class.method`; never a method by its
    bare name, which names the module's function of that name."""
    if not path or "<locals>" in function or function.count(".") > 1:
        return []
    names = _names_of(function)
    if "." in function:
        names = [name for name in names if "." in name or function.endswith(".__init__")]
    return [f"{path}{QUALIFIED}{name}" for name in names]


def _message_class(site: FoundSite) -> str:
    """The class (its last name) whose class attribute words the site's message, when a subclass's does."""
    recorded = (site.evidence or {}).get("message_class")
    named = recorded.get("class") if isinstance(recorded, dict) else None
    return named.rsplit(".", 1)[-1] if isinstance(named, str) else ""


def _entry_points(site: FoundSite) -> list[dict]:
    points = (site.evidence or {}).get("entry_points") or []
    return [p for p in points if isinstance(p, dict)]


def _called_as(function: str) -> str | None:
    """The name a caller writes to reach a function: a constructor through its class."""
    parts = function.split(".")
    if parts[-1] == "__init__" and len(parts) > 1:
        return parts[-2]
    if not parts[-1] or parts[-1].startswith("__") or parts[-1] == "<module>":
        return None
    return parts[-1]


def _best(matches: list[tuple[int, int, Assertion]], key: EntryKey, reach: "_Reach") -> list[dict]:
    kept: list[dict] = []
    seen: set[tuple[str, str]] = set()
    # A test that raises the error comes before one that reads it back from data (`returned`): its call is the
    # trigger itself, where the other's is what produced the data.
    ordered = sorted(matches, key=lambda m: (m[0], m[2].form.startswith(RETURNED), -m[1], m[2].path, m[2].line))
    for how, _, assertion in ordered:
        if (assertion.path, assertion.name) in seen:
            continue
        seen.add((assertion.path, assertion.name))
        how_found = "message" if how == 0 else "type-and-call"
        row = {
            "path": assertion.path,
            "line": assertion.line,
            "name": assertion.name,
            "assertion": assertion.form,
            "how": how_found,
            "code": assertion.code,
            "start": assertion.start,
        }
        if assertion.form.startswith(RETURNED):  # the test reads the message back from data, not a raise
            row["returned_in"] = assertion.form.removeprefix(RETURNED + ":")
        if assertion.call:  # the triggering call trimmed from the test, and the line it is on
            row.update(call=assertion.call, pinned=assertion.pinned)
        if assertion.bound:  # the call is a helper's: what it runs with the call's arguments
            row["bound"] = assertion.bound
        if (inner := assertion.unwrapped) is not None and reach.raised_in_call(inner.calls, key):
            # `list(Species.objects.values("name").select_related("genus"))`: `select_related` raises, not `list`.
            row.update(call=inner.call, pinned=inner.pinned)
        if (template := assertion.template) is not None and (tags := reach.tags_to(template.tags, key)):
            # The template the test renders is the trigger, with the tag that reaches the raise.
            row.update(template=template.text, template_line=template.line, tags=tags)
        if assertion.said:  # a documentation example: the sentence that introduces it
            row["said"] = assertion.said
        if assertion.head:  # the test's class with its decorators, which the call may need to raise
            row.update(head=assertion.head, head_start=assertion.head_start, head_end=assertion.head_end)
        if assertion.set_up_changes:  # its class's set-up changes settings or patches code for each test
            row["set_up_changes"] = True
        if assertion.maker:  # the test's class's maker that builds what the asserted code calls (`makers`)
            row["maker"] = assertion.maker
        if assertion.row:  # the `parametrize` row's values its call reads, for the test's own lines
            row["row"] = assertion.row
        if assertion.set_up:  # what its class's set-up binds for the asserted code: shown with the call
            row["set_up"] = assertion.set_up
            if assertion.set_up_in:
                row["set_up_in"] = assertion.set_up_in
        kept.append(row)
        if len(kept) == MAX_TESTS:
            break
    return kept


class _TypeTree:
    """Which class names are bases of which, as far as the repository's own class statements and the
    builtins say (by name: good enough to tell that `ValueError` covers a package's `InvalidName(ValueError)`)."""

    def __init__(self, package: Path, wanted: frozenset[str] = frozenset()) -> None:
        self.package = package
        self.wanted = wanted  # texts whose string literals are looked for in the modules read (`quoted`)
        self._quoted: dict[str, set[str]] = {}
        self._bases: dict[str, set[str]] | None = None
        self._definitions: dict[str, int] | None = None
        self._methods: set[str] = set()
        self._metaclassed: set[str] = set()
        self._located: Located = {}
        self._aliases: dict[str, Aliased] = {}
        self.memo: dict[str, frozenset[str]] = {}

    def _read(self) -> None:
        texts = _python_texts(self.package)
        if self.wanted:
            texts = _quoting(texts, self.wanted, self._quoted)
        read = _class_bases(self.package, texts)
        self._bases, self._definitions, self._methods, self._metaclassed, self._located, self._aliases = read

    def quoted(self, text: str) -> set[str]:
        """The modules (relative to the package) that hold `text`, one of the `wanted`, as a whole string literal
        (`'text'`, `_("text")`), read with the bases."""
        if self._bases is None:
            self._read()
        return self._quoted.get(text, set())

    @property
    def located(self) -> "Located":
        """Where each module-level function and method is (`_class_bases`), read with the bases."""
        if self._bases is None:
            self._read()
        return self._located

    @property
    def aliases(self) -> dict[str, "Aliased"]:
        """A name one module binds at its top level to a class it defines (`D = Distance` in `measure.py`), bound
        nowhere else and no module's own function or class -> that class statement (`_class_bases`)."""
        if self._bases is None:
            self._read()
        return self._aliases

    def instance_of(self, cls: str) -> str | None:
        """The class an instance built by calling `cls` is, when that is known to be the package's own class that
        no literal is an instance of: plainly built (`plainly_built`), or an alias's class statement with no
        metaclass or `__new__` whose bases are plainly built."""
        aliased = self.aliases.get(cls)
        if aliased is None:
            return cls if self.definitions.get(cls, 0) == 1 and self.plainly_built(cls) else None
        if aliased.metaclassed or self._defines(aliased, "__new__"):
            return None
        return aliased.cls if all(self.plainly_built(b) for b in aliased.bases - {"object"}) else None

    def _defines(self, aliased: "Aliased", method: str) -> bool:
        return any(where[0] == aliased.path for where in self.located.get(f"{aliased.cls}.{method}", []))

    @property
    def bases(self) -> dict[str, set[str]]:
        """Read once, and only when an assertion names another type than the raised one."""
        if self._bases is None:
            self._read()
        assert self._bases is not None
        return self._bases

    @property
    def definitions(self) -> dict[str, int]:
        """How many times the package defines each name (`def`, `class`), read with the bases."""
        if self._definitions is None:
            self._read()
        assert self._definitions is not None
        return self._definitions

    def owner(self, name: str) -> str:
        """`Class.method` as the class that defines the method: the class itself, else the nearest of its bases
        (breadth first) that defines it, when that is one class (`FileSystemStorage.generate_filename` is
        `Storage.generate_filename`). A class defined more than once, or a method found in none or in two bases
        at one depth, stays as written: a resolution, never a guess."""
        cls, _, method = name.partition(".")
        if method and "." not in method and (aliased := self.aliases.get(cls)) is not None:
            # `D.__add__`: the alias's class statement, or its own bases (by name from there).
            if self._defines(aliased, method):
                return f"{aliased.cls}.{method}" if self.definitions.get(aliased.cls, 0) == 1 else name
            return self._inherited(sorted(aliased.bases - {aliased.cls}), {aliased.cls, *aliased.bases}, method, name)
        if not method or "." in method or self.definitions.get(cls, 0) != 1 or name in self._methods:
            return name
        bases = sorted(self.bases.get(cls, set()) - {cls})
        return self._inherited(bases, {cls, *bases}, method, name)

    def _inherited(self, level: list[str], seen: set[str], method: str, name: str) -> str:
        """The nearest class that defines `method`, from the bases in `level` up (breadth first), when that is one
        class defined once; else `name` as written."""
        while level:
            level = [b for b in level if self.definitions.get(b, 0) == 1]
            owners = [b for b in level if f"{b}.{method}" in self._methods]
            if owners:
                return f"{owners[0]}.{method}" if len(owners) == 1 else name
            # Each class once per level: two bases that share one (a diamond) do not double the next level.
            level = list(dict.fromkeys(b for c in level for b in sorted(self.bases.get(c, ())) if b not in seen))
            seen.update(level)
        return name

    def lineage(self, cls: str) -> frozenset[str]:
        """The class and its ancestors, by name."""
        try:
            return self.ancestors(cls) | {cls}
        except RecursionError:  # a chain deeper than the interpreter's stack: only the class itself is known
            return frozenset({cls})

    def plainly_built(self, cls: str) -> bool:
        """Whether calling the class runs its `__init__` first: it and every base are the package's classes
        defined once (or builtins), none names a metaclass or defines `__new__` (an Enum's call looks a member up)."""
        return self._lineage_plain(cls, lambda name: name in self._metaclassed or f"{name}.__new__" in self._methods)

    def passes_arguments(self, cls: str) -> bool:
        """Whether calling the class hands its `__init__` the call's own arguments: no class of its lineage names
        a metaclass (whose `__call__` may do otherwise), and each is the package's, defined once, or a builtin. A
        `__new__` changes nothing of what `__init__` is given."""
        return self._lineage_plain(cls, lambda name: name in self._metaclassed)

    def _lineage_plain(self, cls: str, unusual: Callable[[str], bool]) -> bool:
        """Whether each class of `cls`'s lineage is a builtin, or the package's, defined once and not `unusual`."""
        try:
            classes = {cls, *self.ancestors(cls)} - _EVERY - {"object"}
        except RecursionError:
            return False
        for name in classes:
            if self.definitions.get(name, 0) == 1:
                if unusual(name):
                    return False
            elif not _is_builtin(name):
                return False
        return True

    def outside(self, asserted: tuple[str, ...]) -> bool:
        """Whether one of the asserted types is a class from outside the package (`pickle.UnpicklingError`), not a
        builtin: code from elsewhere that the package calls may raise it too."""
        return any(
            not _is_builtin(t) and _MODEL_ALIASES.get(t, t) not in self.bases for t in asserted if not t[:1].islower()
        )

    def fits(self, asserted: tuple[str, ...], raised: str) -> bool:
        try:
            return any(
                _MODEL_ALIASES.get(t, t) == raised or t in _EVERY or t in self.ancestors(raised)
                for t in asserted
                if not t[:1].islower()  # `assertRaises(e)` over a loop's `e`: a variable, not a class
            )
        except RecursionError:  # a chain of classes deeper than the interpreter's stack: said to fit nothing
            return False

    def ancestors(self, name: str) -> frozenset[str]:
        if name in self.memo:
            return self.memo[name]
        self.memo[name] = frozenset()  # a cycle in odd code ends here
        found: set[str] = set()
        builtin = getattr(builtins, name, None)
        if isinstance(builtin, type):
            found.update(c.__name__ for c in builtin.__mro__[1:])
        for base in self.bases.get(name, ()):
            found.add(base)
            found.update(self.ancestors(base))
        if name not in self.bases and not isinstance(builtin, type):
            # A class the package does not define (from a dependency): an exception all the same.
            found.update(_EVERY)
        self.memo[name] = frozenset(found)
        return self.memo[name]


def _class_bases(
    package: Path, texts: Iterable[tuple[str, str]] | None = None
) -> tuple[dict[str, set[str]], dict[str, int], set[str], set[str], Located, dict[str, Aliased]]:
    """(each class's bases by name, how many times each name is defined, the `Class.method` pairs a class
    statement's body defines (by a `def`, or by binding the name: `__iadd__ = complain`), the classes whose
    statement names a metaclass, where each module-level function and each method of a top-level class is, by its
    name and by `Class.method`, the modules' aliases of a class), in one read of the package."""
    bases: dict[str, set[str]] = {}
    assigned: dict[str, set[tuple[str, str]]] = {}  # a name bound at a module's top level -> (module, value)
    statements: dict[tuple[str, str], list[Aliased]] = {}  # (module, class) -> its top-level class statements
    top_classes: Counter[tuple[str, str]] = Counter()
    top_level: Counter[str] = Counter()  # a module's own function or class, by name (a method is no bare name)
    definitions: Counter[str] = Counter()
    methods: set[str] = set()
    metaclassed: set[str] = set()
    located: Located = {}
    for relative, text in _python_texts(package) if texts is None else texts:
        for match in _CLASS.finditer(text):
            names = {b.strip().rsplit(".", 1)[-1] for b in match.group(2).split(",") if "=" not in b}
            bases.setdefault(match.group(1), set()).update(n for n in names if n.isidentifier())
            if "metaclass" in match.group(2):
                metaclassed.add(match.group(1))
            if match.group(0).startswith("class"):
                own = frozenset(n for n in names if n.isidentifier())
                statement = Aliased(match.group(1), relative, own, "metaclass" in match.group(2))
                statements.setdefault((relative, match.group(1)), []).append(statement)
        for match in _ASSIGNED.finditer(text):
            assigned.setdefault(match.group(1), set()).add((relative, match.group(2).partition("#")[0].strip()))
        open_classes: list[tuple[int, str]] = []  # (indentation, name) of the class statements around a line
        line, counted = 1, 0
        attributes = [(m.start(), len(m.group(1).expandtabs()), m.group(2)) for m in _INDENTED_ASSIGNED.finditer(text)]
        attributes.reverse()  # consumed from the end: in the file's order
        for match in _DEFINED_AT.finditer(text):
            methods.update(_class_attributes(attributes, match.start(), open_classes))
            indent, kind, name = len(match.group(1).expandtabs()), match.group(2), match.group(3)
            line += text.count("\n", counted, match.start())  # counted once over the file: linear
            counted = match.start()
            definitions[name] += 1
            top_level[name] += not indent
            if kind == "class" and not indent:
                top_classes[(relative, name)] += 1
                if (relative, name) not in statements:  # `class Name:`, with no bases
                    statements[(relative, name)] = [Aliased(name, relative, frozenset(), False)]
            while open_classes and open_classes[-1][0] >= indent:
                open_classes.pop()
            if open_classes and kind == "def":
                methods.add(f"{open_classes[-1][1]}.{name}")
            if kind == "def":
                # A method (of a class nested in a function too: `Callees` then reads none), a module's function, or
                # a function nested in one (no qualified name: no receiver's attribute can be it).
                cls = open_classes[-1][1] if open_classes else ""
                where = (relative, line, f"{cls}.{name}" if cls else "" if open_classes else name)
                located.setdefault(name, []).append(where)
                if cls and len(open_classes) == 1:
                    located.setdefault(where[2], []).append(where)
            open_classes.append((indent, name) if kind == "class" else (indent, ""))
        methods.update(_class_attributes(attributes, len(text), open_classes))
    aliases = {
        name: named[0]
        for name, said in assigned.items()
        if len(said) == 1
        and not top_level[name]
        and len(named := statements.get(next(iter(said)), [])) == top_classes[next(iter(said))] == 1
    }
    return bases, dict(definitions), methods, metaclassed, located, aliases


def _class_attributes(
    attributes: list[tuple[int, int, str]], before: int, open_statements: list[tuple[int, str]]
) -> list[str]:
    """`Class.name` for each indented assignment (offset, indentation, name; the last first) before offset `before`
    whose innermost open statement is a class's (`open_statements`: (indentation, the class's name or "")),
    popped from `attributes`."""
    found = []
    while attributes and attributes[-1][0] < before:
        _, at, attribute = attributes.pop()
        around = next((name for indent, name in reversed(open_statements) if indent < at), "")
        if around:
            found.append(f"{around}.{attribute}")
    return found


def _quoting(
    texts: Iterable[tuple[str, str]], wanted: frozenset[str], quoted: dict[str, set[str]]
) -> Iterable[tuple[str, str]]:
    """The modules' texts as they pass; once they are all read, each module that holds one of `wanted` as a whole
    string literal (between two of the same quote) added to `quoted[text]`. `str.find` for each in the modules
    joined, which skips along by the text's length: 0.07 G instructions for Django's 5.7 MB and 16 texts, where an
    Aho-Corasick pass cost 0.48 G and a search of each module apart 0.12 G."""
    modules, sources = [], []
    for relative, source in texts:
        if not _testing(relative):  # a test's own literal is what it asserts, no raise
            modules.append(relative)
            sources.append(source)
        yield relative, source
    joined = "\0".join(sources)
    starts = list(itertools.accumulate((len(source) + 1 for source in sources[:-1]), initial=0))
    for text in wanted:
        start = joined.find(text)
        while start != -1:
            end = start + len(text)
            if start > 0 and joined[start - 1] in "\"'" and joined[end : end + 1] == joined[start - 1]:
                quoted.setdefault(text, set()).add(modules[bisect.bisect_right(starts, start) - 1])
            start = joined.find(text, start + 1)


def _testing(relative: str) -> bool:
    """Whether a module is a test's, as `tests_docs` reads them: under a `tests`, `test` or `testing` folder, or
    named `test_*.py`, `*_test.py`, `tests.py` (or `conftest.py`)."""
    *folders, name = relative.split("/")
    return bool(_TESTING & set(folders)) or name.startswith("test_") or name.endswith("_test.py") or name in _TESTS


def _python_texts(package: Path) -> Iterable[tuple[str, str]]:
    """The package's Python files (their paths relative to it, with `/`) as text: regular files inside it, within
    the harvest's caps (`reading.files`; the scan has counted the others already)."""
    caps, root = Caps.from_settings(), real_root(package)
    if package.is_file():
        paths: Iterable[Path] = [package]
    else:
        paths = (directory / name for directory, dirnames, filenames in _walk(package, root) for name in filenames)
    budget = caps.harvest_bytes
    for path in paths:
        try:
            text = read_text(path, root=root, cap=caps.file_bytes)
        except Refused:
            continue
        budget -= len(text)
        if budget < 0:
            return
        yield "/".join(path.relative_to(package).parts) or path.name, text


def _walk(package: Path, root: str) -> Iterable[tuple[Path, list[str], list[str]]]:
    for directory, dirnames, filenames in walk(package, root=root, refusals=Refusals(), suffixes=(".py",)):
        dirnames[:] = [d for d in dirnames if not d.startswith(".") and d not in ("__pycache__", "locale")]
        yield directory, dirnames, filenames
