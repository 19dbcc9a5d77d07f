"""Ranking: which entries each parsed exception points at, how strongly, and why.

Scores add up evidence:
- the message fits a signature: EXACT_BASE, plus up to EXACT_COVERAGE for the share of the message that is
  literal text (a match on more literal text beats a looser one);
- or, with no exact fit, it is the start of one, cut short at a word boundary: PARTIAL_BASE plus up to
  PARTIAL_COVERAGE for the share of the signature's literal text it holds;
- or it only resembles one (the wording changed): APPROX_BASE plus up to APPROX_SIMILARITY;
- or nothing but the innermost frame and the type point at the entry: FRAME_ONLY_BASE;
- the exception type agrees (bare `FieldError` agrees with `django.core.exceptions.FieldError`) or differs;
- a frame's path ends with a site's path and its function is the site's: strong for the innermost frame,
  weaker for another; the same line only breaks ties, since line numbers move between versions.
Exact matches come first, then partial ones, then the others; within each, the last exception of the text first.

A traceback's innermost frame is where the error was raised. When it is a harvested raise (the same line, or, for
a raise whose message could not be rebuilt, the same function) that no message match already stands on, that
raise's entry comes first, with the entry whose wording the message carries attached as `message_from`: a
`raise ValidationError(errors)` that collects the fields' errors, or `raise X(...) from exc`, is the raise, and the
wording is defined elsewhere. With nothing else to offer, the entries nearest the innermost harvested frame (in its
function, else its file) answer, flagged "not the same raise".

With a deadline, the work stops at the first check past it (after parsing, per exception, per reading, per
batch of candidates) with LookupTimeout.
"""

import builtins
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import repeat
from operator import attrgetter, itemgetter

from rapidfuzz import fuzz, process

from errorkb.matching import DRAFT
from errorkb.matching.compiled import CompiledCode, compiled_package
from errorkb.matching.deadline import CANDIDATE_BATCH, Deadline
from errorkb.matching.frames import Frame, Frames
from errorkb.matching.index import MIN_KEY_LENGTH, Entry, LookupIndex, Site, frame_key, path_matches, type_tail
from errorkb.matching.overlay import without_drafts
from errorkb.matching.parse import Parsed, ParsedException, Reading, parse
from errorkb.matching.slotted import restorer
from errorkb.matching.template import (
    Template,
    TemplateMatch,
    approximate_params,
    compile_template,
    match_prefix,
    match_template,
)

_FIT = attrgetter("fit")  # a Match's fit, read in C
EXACT_BASE, EXACT_COVERAGE = 60.0, 30.0
PARTIAL_BASE, PARTIAL_COVERAGE = 40.0, 20.0
APPROX_BASE, APPROX_SIMILARITY = 20.0, 30.0
FRAME_ONLY_BASE = 15.0
RAISE_SITE_BASE = 50.0
NEARBY_BASE, NEARBY_MAX = 2.0, 3
TYPE_ONLY_BASE, TYPE_ONLY_MAX = 5.0, 10
TYPE_ONLY_SHAPE = 3.0  # of those, one whose message of values alone has the text's shape
# A builtin type says nothing about which library raised it.
BUILTIN_EXCEPTIONS = frozenset(
    name for name, value in vars(builtins).items() if isinstance(value, type) and issubclass(value, BaseException)
)
TYPE_AGREES, TYPE_DIFFERS = 10.0, -10.0
TYPE_NAMED_IN_FULL = 0.5  # a tie-breaker: the pasted qualified type is the entry's own, not a namesake's suffix
INNERMOST_FRAME, OTHER_FRAME = 20.0, 8.0
MIN_SIMILARITY = 0.65
# A fit whose type disagrees and whose own words are less than this share of the message (`{model} has no
# {name}.` fits "Ensure this field has no more than 3 characters.") says no more than a resemblance.
WEAK_FIT_COVERAGE = 0.5
# Weighed against the fit's own words, a value counts at most this many characters (a name, a number, a short
# repr): a long value the user gave (`Values are not equal: value:<50 characters> != target:a`, `illegal header
# line: bytearray(b'...')`) does not make a wording a chance fit.
VALUE_WEIGHT_CAP = 16
SIMILAR_CANDIDATES = 30

# (text, exception type) -> (signature ids whose template fits, with the fit; ids looked at that did not fit)
ExactFinder = Callable[[str, str | None], tuple[list[tuple[int, TemplateMatch]], list[int]]]


@dataclass(slots=True)
class Match:
    entry: Entry
    score: float
    exact: bool
    exception: int  # position in Parsed.exceptions
    partial: bool = False  # the text is the start of the message, cut short
    similarity: float | None = None
    signature: str | None = None
    fit: TemplateMatch | None = None
    same_line: bool = False  # a frame is on a site's very line: breaks ties between equal scores, no more
    why: list[dict] = field(default_factory=list)
    sites: tuple[Site, ...] = ()  # the entry's sites, those a frame points at first
    # An approximate match's template and text: its values are aligned only when asked for (a shown match).
    resembles: tuple[Template, str] | None = None
    raise_site: bool = False  # the innermost frame is this entry's raise: first among the exception's matches
    message_from: "Match | None" = None  # the entry whose wording the message carries, when it is another one
    nearby: str | None = None  # "function" or "file": not the raise, the closest entries to the innermost frame
    variant: bool = False  # the fit is another wording of the entry's (an older one, a plural, the other arm)

    @property
    def params(self) -> dict[str, str]:
        if self.fit is not None:
            return self.fit.params
        return approximate_params(*self.resembles) if self.resembles is not None else {}


@dataclass(frozen=True, slots=True)
class Result:
    parsed: Parsed
    matches: list[Match]
    compiled: str | None = None  # the package whose compiled code raised the error (`errorkb.matching.compiled`)


# (parsed, matches, compiled) -> Result, without the frozen class's `__init__`: one a lookup.
_result = restorer(Result)


def index_finder(index: LookupIndex, deadline: Deadline | None = None) -> ExactFinder:
    def find(text: str, exception_type: str | None) -> tuple[list[tuple[int, TemplateMatch]], list[int]]:
        fits, misses = [], []
        for n, sid in enumerate(index.candidates(text, exception_type), start=1):
            if deadline is not None and not n % CANDIDATE_BATCH:
                deadline.check()
            if not index.may_fit(sid, text):
                misses.append(sid)
                continue
            signature = index.signatures.get(sid)
            if signature is None:
                continue  # removed by a concurrent update
            fit = match_template(signature.template, text)
            if fit is None:
                misses.append(sid)
            else:
                fits.append((sid, fit))
        return fits, misses

    return find


def match_text(
    index: LookupIndex,
    text: str,
    *,
    limit: int,
    finder: ExactFinder | None = None,
    drafts: bool = True,
    deadline: Deadline | None = None,
    compiled: CompiledCode | None = None,
) -> Result:
    """`drafts`: whether drafts may be among the matches (only for those who may see them). To those who may not,
    the index is one without drafts: a draft's raise site, wording or nearness changes none of their answers.
    `compiled`: what harvests recorded of compiled code, to tell an error raised there (`errorkb.matching.compiled`)."""
    if not drafts:
        index = without_drafts(index)
    parsed = parse(text)  # not interrupted: linear, tens of milliseconds for 64 KiB (bench/parse_bench.py)
    find = finder or index_finder(index, deadline)
    matches: list[Match] = []
    for position, exception in enumerate(parsed.exceptions):
        if deadline is not None:
            deadline.check()
        matches += _rank_exception(index, find, exception, position, deadline, compiled)
    # Line numbers move between versions: the same line only breaks a tie. (Most lookups have one match: no key made.)
    if len(matches) > 1:
        matches.sort(
            key=lambda m: (
                not (m.exact or m.raise_site),
                not m.partial,
                m.exception,
                not m.raise_site,
                -m.score,
                m.variant,  # at equal fit, the entry whose own message fits above one whose other wording does
                not m.entry.reviewed,  # at equal fit, a curator's card above a generated one
                not m.same_line,
                m.entry.public_id,
            )
        )
    seen: set[int] = set()
    best = []
    for match in matches:
        if not drafts and match.entry.status == DRAFT:
            continue
        if match.entry.key not in seen:
            seen.add(match.entry.key)
            best.append(match)
            if len(best) == limit:
                break
    raised_in = compiled_package(parsed.exceptions[-1], compiled) if parsed.exceptions else None
    return _result((parsed, best, raised_in))


def type_agreement(parsed_type: str | None, entry_type: str) -> int:
    """1 when the types agree (one is a dotted suffix of the other), -1 when they differ, 0 when unknown.

    A class made at run time for each model (`myapp.models.Book.DoesNotExist`,
    `myapp.models.Book.author.RelatedObjectDoesNotExist`) is named after where it hangs, not the module that
    raises it: nested in a class (a CapWords name before its own), it agrees with any type of its class name."""
    if not parsed_type or not entry_type:
        return 0
    if parsed_type == entry_type:
        return 1
    # A dotted suffix of the other: the other ends with "." and it (names hold no dots). The common agreement
    # (`ValueError` and `builtins.ValueError`), so it is told first.
    shorter, longer = (parsed_type, entry_type) if len(parsed_type) < len(entry_type) else (entry_type, parsed_type)
    if longer.endswith("." + shorter):
        return 1
    if _reexported(shorter, longer):
        return 1
    nested = _nested(parsed_type) or _nested(entry_type)
    return 1 if nested and type_tail(parsed_type) == type_tail(entry_type) else -1


def pasted_type(result: "Result", match: "Match") -> str | None:
    """The type of the pasted exception a match answers."""
    exceptions = result.parsed.exceptions
    return exceptions[match.exception].type if 0 <= match.exception < len(exceptions) else None


def class_card(entry: Entry, pasted_type: str | None) -> bool:
    """Whether `entry` is the pasted type's own card: the card an exception class of the repository words for itself
    when no raise of it was found (its sites are the class statement: the type ends with the site's class name), and
    the pasted type is that class. An answer says so: not a raise, the class's definition."""
    return (
        bool(entry.sites)
        and type_agreement(pasted_type, entry.exception_type) == 1
        and all(site.function and entry.exception_type.endswith("." + site.function) for site in entry.sites)
    )


def _reexported(shorter: str, longer: str) -> bool:
    """`bidict.ValueDuplicationError` and `bidict._exc.ValueDuplicationError`: one class, named by the public
    package that re-exports it from a private module (every module between them starts with "_")."""
    short_module, _, short_name = shorter.rpartition(".")
    long_module, _, long_name = longer.rpartition(".")
    if short_name != long_name or not short_module or not long_module.startswith(short_module + "."):
        return False
    return all(part.startswith("_") for part in long_module[len(short_module) + 1 :].split("."))


def _library_type(exception_type: str | None) -> bool:
    """A type a library defines: qualified by its module, not a builtin."""
    return exception_type is not None and "." in exception_type and type_tail(exception_type) not in BUILTIN_EXCEPTIONS


def _nested(exception_type: str) -> bool:
    return any(part[:1].isupper() for part in exception_type.split(".")[:-1])


def _rank_exception(
    index: LookupIndex,
    find: ExactFinder,
    exception: ParsedException,
    position: int,
    deadline: Deadline | None,
    compiled: CompiledCode | None = None,
) -> list[Match]:
    exact: dict[int, Match] = {}
    misses: list[int] = []
    tried: list[tuple[Reading, list[int]]] = []
    for reading in exception.readings:
        if deadline is not None:
            deadline.check()
        fits, missed = find(reading.text, reading.type)
        for sid, fit in fits:
            match = _exact_match(index, sid, fit, reading.type, position, exception.type)
            if match is None:
                if (signature := index.signatures.get(sid)) and signature.template.longest_literal >= MIN_KEY_LENGTH:
                    misses.append(sid)  # a weak fit (see WEAK_FIT_COVERAGE) may still resemble the message
                continue
            if (current := exact.get(match.entry.key)) is None or match.score > current.score:
                exact[match.entry.key] = match
        misses += missed
        tried.append((reading, missed))
        if any(map(_firm, map(_FIT, exact.values()))):  # in C: no generator made a reading
            break  # a looser fit (a template of values with a word between) lets the next readings be tried
    frames = _Frames.of(exception.frames) if exception.frames else _NO_FRAMES  # most lookups: a message
    # A message cut short is looked for only when no signature fits the whole text: an exact fit is the better
    # answer, and most lookups are spared the search.
    results = list(exact.values()) or _partial_matches(index, tried, position, exact)
    if exact and all(map(_chance_fit, repeat(exception.type), results)):
        results = _own_type_first(index, exception, position, results)
    if frames is not _NO_FRAMES:
        for match in results:
            _add_frame_evidence(match, frames)
    else:
        for match in results:
            match.sites = match.entry.sites  # `_add_frame_evidence` with no frame, inlined
    if not results:
        if deadline is not None:
            deadline.check()
        results += _loose_matches(index, exception, position, frames, misses)
    elif frames is not _NO_FRAMES:
        # An entry without a signature can still be the one, next to exact matches: by its frame and type.
        results += _frame_only(index, exception, position, frames, unsigned_only=True)
    if (raised := frames.raised) is not None:
        _put_raise_first(index, exception, position, frames, raised, results)
        if not results and compiled_package(exception, compiled) is None:
            results += _nearby(index, exception, position)
    for match in results:
        match.score = round(match.score, 2)
    return results


def _exact_match(
    index: LookupIndex, sid: int, fit: TemplateMatch, parsed_type: str | None, position: int, pasted_type: str | None
) -> Match | None:
    """`pasted_type`: the exception's type, also for a reading of the whole text (no type of its own)."""
    if (signature := index.signatures.get(sid)) is None:
        return None
    if (entry := index.entries.get(signature.entry_key)) is None:
        return None
    agreement = type_agreement(parsed_type, entry.exception_type)
    # A template of placeholders alone ('{template_name}') fits any message: only its type can vouch for it.
    if signature.template.longest_literal < MIN_KEY_LENGTH and agreement <= 0:
        return None
    coverage = signature.template.literal_length / max(len(fit.text), 1)
    if not _firm(fit) and (agreement or type_agreement(pasted_type, entry.exception_type)) < 0:
        return None
    if signature.is_variant:
        kind, detail = "variant", "another wording of the message (an older one, or its plural) fits"
    else:
        kind, detail = "message", "the message fits"
    match = Match(
        entry=entry,
        score=EXACT_BASE + EXACT_COVERAGE * coverage,
        exact=True,
        exception=position,
        signature=signature.text,
        fit=fit,
        why=[{"kind": kind, "detail": f"{detail} the signature", "signature": signature.text}],
        variant=signature.is_variant,
    )
    _add_type_evidence(match, parsed_type, agreement)
    return match


def _firm(fit: TemplateMatch | None) -> bool:
    """Whether a fit's own words are at least WEAK_FIT_COVERAGE of the text, each value counted at most
    VALUE_WEIGHT_CAP characters. `{a} is {b}` fits the tuple `("Creating a ModelSerializer without ... and is now
    disallowed ...",)` by one word: not firm, so the next reading (the string the tuple holds) is tried too."""
    if fit is None:
        return True
    words = fit.template.literal_length
    if words >= WEAK_FIT_COVERAGE * len(fit.text):
        return True
    values = sum(min(end - start, VALUE_WEIGHT_CAP) for start, end in fit.value_spans())
    return words >= WEAK_FIT_COVERAGE * (words + values)


def _partial_matches(
    index: LookupIndex, tried: list[tuple[Reading, list[int]]], position: int, exact: dict
) -> list[Match]:
    """Entries whose message the text is the start of (cut short, as logs and chats often keep it). Looked for
    among the signatures whose key the text holds but which did not fit, and those filed under its first
    characters (see index.py): both few, so this costs little next to the exact search."""
    found: dict[int, Match] = {}
    for reading, missed in tried:
        for sid in dict.fromkeys([*missed, *index.prefix_candidates(reading.text)]):
            if not index.may_start(sid, reading.text):
                continue
            signature = index.signatures.get(sid)
            if signature is None or signature.entry_key in exact:
                continue
            if (fit := match_prefix(signature.template, reading.text)) is None:
                continue
            if (entry := index.entries.get(signature.entry_key)) is None:
                continue
            agreement = type_agreement(reading.type, entry.exception_type)
            coverage = fit.template.literal_length / max(signature.template.literal_length, 1)
            match = Match(
                entry=entry,
                score=PARTIAL_BASE + PARTIAL_COVERAGE * coverage,
                exact=False,
                partial=True,
                exception=position,
                signature=signature.text,
                fit=fit,
                why=[
                    {
                        "kind": "partial_message",
                        "detail": "the text is the start of the message (cut short) of the signature",
                        "signature": signature.text,
                    }
                ],
            )
            _add_type_evidence(match, reading.type, agreement)
            if (current := found.get(entry.key)) is None or match.score > current.score:
                found[entry.key] = match
        if found:
            break
    return list(found.values())


def _add_type_evidence(match: Match, parsed_type: str | None, agreement: int) -> None:
    if agreement > 0:
        match.score += TYPE_AGREES
        if parsed_type and "." in parsed_type and parsed_type == match.entry.exception_type:
            # `cerberus.schema.SchemaError` is cerberus's class, not the `schema` package's `schema.SchemaError`
            # that it ends with: at an equal fit the class named in full answers first.
            match.score += TYPE_NAMED_IN_FULL
        match.why.append(
            {"kind": "exception_type", "detail": f"the type agrees: {parsed_type}", "type": match.entry.exception_type}
        )
    elif agreement < 0:
        match.score += TYPE_DIFFERS


@dataclass(frozen=True, slots=True)
class _Frames:
    """An exception's frames and the bare function name of each: most sites are ruled out by name alone, and a
    site's frames are found by a scan of the names in C, not a Python loop over the frames (a long traceback).
    Frames read from the text when asked for (`parse.Frames`, a traceback's) are not all read: they find a
    function's frames themselves, reading only the lines that end with its name."""

    all: Sequence[Frame]
    names: tuple[str, ...]  # by position: the frame's function without its class (`Query.names_to_path`)
    functions: frozenset[str]
    innermost: Frame | None
    raised: Frame | None  # `raise_frame`'s

    @classmethod
    def of(cls, frames: Sequence[Frame]) -> "_Frames":
        if type(frames) is Frames:  # a traceback's, never empty: its last frame read alone, once
            innermost = frames.last()
            raised = innermost if not innermost.path.startswith("<") else raise_frame(frames)
            return _frames_from((frames, (), frozenset(), innermost, raised))
        if not frames:
            return _NO_FRAMES  # most lookups: a message or a log line
        innermost = frames[-1]
        raised = innermost if not innermost.path.startswith("<") else raise_frame(frames)
        names = tuple(map(_FUNCTION, frames))
        if "." in "".join(names):  # a frame named with its class: most tracebacks have none
            names = tuple([name.rpartition(".")[2] for name in names])
        return _frames_from((frames, names, frozenset(names), innermost, raised))

    def pointing_at(self, site: Site) -> list[tuple[bool, Frame]]:
        """(whether it is the innermost, frame) of the frames in the site's file and function."""
        function = site.frame_key[1]
        frames = self.all
        if type(frames) is Frames:
            return [(innermost, frame) for innermost, frame in frames.named(function) if path_matches(frame.path, site)]
        if function not in self.functions:
            return []
        names, found, i, last = self.names, [], -1, len(frames) - 1
        for _ in range(names.count(function)):
            i = names.index(function, i + 1)
            if path_matches((frame := frames[i]).path, site):
                found.append((i == last, frame))
        return found


_FUNCTION = itemgetter(2)  # a Frame's function, read in C
_frames_from = restorer(_Frames)  # (all, names, functions) -> _Frames, without the frozen class's `__init__`
_NO_FRAMES = _Frames((), (), frozenset(), None, None)


def _add_frame_evidence(match: Match, frames: _Frames) -> None:
    if frames is _NO_FRAMES:
        match.sites = match.entry.sites
        return
    best: tuple[tuple[float, bool], Site | None, bool, bool] = ((0.0, False), None, False, False)
    pointed: list[Site] = []
    for site in match.entry.sites:
        for innermost, frame in frames.pointing_at(site):
            same_line = site.line is not None and frame.line == site.line
            weight = (INNERMOST_FRAME if innermost else OTHER_FRAME, same_line)
            if site not in pointed:
                pointed.append(site)
            if weight > best[0]:
                best = (weight, site, innermost, same_line)
    match.sites = (*pointed, *(s for s in match.entry.sites if s not in pointed))
    weight, best_site, innermost, same_line = best
    if best_site is None:
        return
    match.score += weight[0]
    match.same_line = same_line
    where = "the innermost frame" if innermost else "a frame"
    match.why.append(
        {
            "kind": "frame",
            "detail": f"{where} is a raise site{' on the same line' if same_line else ''}",
            "frame": f"{best_site.path}:{best_site.function or '<module>'}",
            "line": best_site.line,
            "innermost": innermost,
            "same_line": same_line,
        }
    )


def _frame_only(
    index: LookupIndex, exception: ParsedException, position: int, frames: _Frames, *, unsigned_only: bool = False
) -> list[Match]:
    """Entries that the innermost frame and an agreeing type point at, whatever the message says."""
    innermost = frames.innermost
    if innermost is None:
        return []
    found: dict[int, Match] = {}
    # Next to exact matches only entries without a signature count: their own, small table.
    for entry_key, _site in index.sites_at(innermost.path, innermost.function, unsigned_only=unsigned_only):
        if entry_key in found:
            continue
        entry = index.entries.get(entry_key)
        if entry is None:
            continue
        agreement = type_agreement(exception.type, entry.exception_type)
        if agreement <= 0:
            continue
        match = Match(entry=entry, score=FRAME_ONLY_BASE, exact=False, exception=position)
        _add_type_evidence(match, exception.type, agreement)
        _add_frame_evidence(match, frames)
        found[entry_key] = match
    return list(found.values())


def _loose_matches(
    index: LookupIndex, exception: ParsedException, position: int, frames: _Frames, misses: list[int]
) -> list[Match]:
    """With no exact fit: entries whose wording resembles the message, and those the frames point at."""
    by_frame = {m.entry.key: m for m in _frame_only(index, exception, position, frames)}
    text = exception.message
    if not text:
        return list(by_frame.values()) or _type_only(index, exception, position)
    pool = dict.fromkeys(misses)
    pool.update(dict.fromkeys(index.similar_candidates(text, limit=SIMILAR_CANDIDATES)))
    for entry_key in by_frame:
        pool.update(dict.fromkeys(index.signatures_of(entry_key)))
    # Wordings alone: a frozen index (frozen.py) reads them from its records without making the signatures.
    wording_of = index.wording_of
    pooled = [(sid, wording) for sid in pool if (wording := wording_of(sid)) is not None]
    # One call for the whole pool, which costs a third of a call per wording. Its answer is by score: put
    # back in pool order, so that of two equally close wordings of an entry the first is kept, as a loop
    # over the pool would.
    wordings = [wording for _sid, wording in pooled]
    close = process.extract(text, wordings, scorer=fuzz.ratio, score_cutoff=MIN_SIMILARITY * 100, limit=None)
    similar: dict[int, tuple[float, int]] = {}
    for _wording, score, i in sorted(close, key=itemgetter(2)):
        sid = pooled[i][0]
        key = index.signature_entry(sid)
        if score and key is not None and score > similar.get(key, (0.0, -1))[0]:
            similar[key] = (score, sid)
    for entry_key, (score, sid) in similar.items():
        signature = index.signatures[sid]
        similarity = round(score / 100, 3)
        match = by_frame.get(entry_key)
        if match is None:
            entry = index.entries.get(entry_key)
            if entry is None:
                continue
            match = Match(entry=entry, score=0.0, exact=False, exception=position)
            _add_type_evidence(match, exception.type, type_agreement(exception.type, entry.exception_type))
            _add_frame_evidence(match, frames)
            by_frame[entry_key] = match
        match.score += APPROX_BASE + APPROX_SIMILARITY * similarity
        match.similarity = similarity
        match.signature = signature.text
        match.resembles = (signature.template, text)
        match.why.insert(
            0,
            {
                "kind": "similar_message",
                "detail": f"the message resembles the signature ({similarity:.0%} similar)",
                "signature": signature.text,
                "similarity": similarity,
            },
        )
    found = list(by_frame.values())
    if found and all(_another_library(exception.type, match.entry.exception_type) for match in found):
        # Resemblances of other libraries' types alone: the pasted library type's own entries (their message not
        # rebuilt) answer first, those below them. (A type of the same library may carry the wording: a
        # container of errors says its first error's message.)
        if typed := _type_only(index, exception, position):
            for match in found:
                match.score = min(match.score, TYPE_ONLY_BASE)
            found = typed + found
    return found or _type_only(index, exception, position)


def _chance_fit(parsed_type: str | None, match: Match) -> bool:
    """An exact fit of a wording of another package's type with no value in it: a bare phrase two libraries may
    both say (`invalid syntax`, `None`). A wording with values (`Failed to parse: {url}`) is the one a wrapping
    library carries (requests' InvalidURL saying urllib3's LocationParseError)."""
    fit = match.fit
    return fit is not None and not fit.template.fields and _another_library(parsed_type, match.entry.exception_type)


def _own_type_first(index: LookupIndex, exception: ParsedException, position: int, fits: list[Match]) -> list[Match]:
    """A pasted library type whose message fits only other packages' bare phrases (`chameleon.exc.ExpressionError:
    invalid syntax` fits genshi's literal "invalid syntax"): the type names the library that raised it, so its own
    entries whose message was not rebuilt answer first, the fits below them, no longer exact."""
    typed = _type_only(index, exception, position)
    if not typed:
        return fits
    for match in fits:
        match.exact = match.partial = False
        match.score = min(match.score, TYPE_ONLY_BASE)
    return typed + fits


def _another_library(parsed_type: str | None, entry_type: str) -> bool:
    """Whether an entry's type is of another package than a pasted library type (qualified, not a builtin)."""
    if not _library_type(parsed_type) or type_agreement(parsed_type, entry_type) > 0:
        return False
    assert parsed_type is not None
    return parsed_type.split(".", 1)[0] != entry_type.split(".", 1)[0]


def _type_only(index: LookupIndex, exception: ParsedException, position: int) -> list[Match]:
    """With nothing else: the entries without a signature of the exception's qualified type, when they are
    few. Their message could not be rebuilt, so the type is the one thing a bare line shares with them. A bare
    class name (`Error: connection refused` is often prose) or a builtin says nothing about which library."""
    exc_type = exception.type
    if not exc_type or "." not in exc_type or type_tail(exc_type) in BUILTIN_EXCEPTIONS:
        return []
    entries = [
        entry
        for key in index.unsigned_of_type(exc_type)
        if (entry := index.entries.get(key)) is not None and type_agreement(exc_type, entry.exception_type) > 0
    ]
    if named_in_full := [entry for entry in entries if entry.exception_type == exc_type]:
        entries = named_in_full  # another package's class that only ends the same way is not this one
    if len(entries) > TYPE_ONLY_MAX:
        return []
    matches = []
    for entry in entries:
        match = Match(entry=entry, score=TYPE_ONLY_BASE, exact=False, exception=position, sites=entry.sites)
        _add_type_evidence(match, exc_type, 1)
        match.why[0]["detail"] = f"only the type points at it ({exc_type}), whose message was not rebuilt"
        if _shape_fits(entry.message, exception.message):
            match.score += TYPE_ONLY_SHAPE
            match.why.append({"kind": "shape", "detail": f"the message has its shape: {entry.message}"})
        matches.append(match)
    return matches


def _shape_fits(message: str, text: str) -> bool:
    """Whether a message of values alone (`'{name}': {reason}`, too few words for a signature) fits the text."""
    if not message or not text or "{" not in message:
        return False
    template = compile_template(message)
    return template is not None and template.literal_length > 0 and match_template(template, text) is not None


def raise_frame(frames: Sequence[Frame]) -> Frame | None:
    """The innermost frame of real source: a template's or an `exec`'s frame (`<template>`) raises nothing."""
    if frames and not (last := frames[-1]).path.startswith("<"):
        return last  # most tracebacks: the last frame, which a traceback's `Frames` reads alone
    for frame in reversed(frames):
        if not frame.path.startswith("<"):
            return frame
    return None


def _put_raise_first(
    index: LookupIndex, exception: ParsedException, position: int, frames: _Frames, raised: Frame, results: list[Match]
) -> None:
    """Mark, or add, the match of the raise the innermost frame stands on (see the module's docstring)."""
    fits = [m for m in results if m.exact or m.partial or m.similarity]
    if len(fits) == 1 and _on_the_line(fits[0].entry, raised):
        # Most tracebacks: the one entry the message fits has a site on the frame's very line. Whatever else the
        # function raises, that entry stands on the raise (its site is on the line, so is its function) and no
        # wrapping raise on the line is another one: what the function's sites below would say, without them.
        fits[0].raise_site = True
        return
    here = index.sites_at(raised.path, raised.function)
    if not here:
        return
    # A frame names its function without its class: `to_python` in fields.py is a dozen methods. The sites on the
    # frame's line say which class's it is; another class's method of that name does not stand on this raise.
    on_line = {site.function for _key, site in here if site.line == raised.line}
    keys = {key for key, site in here if not on_line or site.function in on_line}
    standing = [m for m in results if m.entry.key in keys and (m.exact or m.partial or m.similarity)]
    if standing and not _wrapping_raise_on_line(index, exception, raised, here, standing):
        # The message's own entry has a site in this function, and the frame's weight already: it leads this
        # exception's matches. Marked as the raise, it also leads a raise found for an exception chained before
        # it (a wording that only resembles, its line's whitespace trimmed by the traceback, is still this raise).
        for found in standing:
            found.raise_site = True
        return
    chosen = _raise_here(index, exception, raised, here)
    if chosen is None:
        return
    key, same_line = chosen
    wording = max((m for m in results if m.exact or m.partial), key=lambda m: m.score, default=None)
    match = next((m for m in results if m.entry.key == key), None)
    if match is None:
        match = Match(entry=index.entries[key], score=RAISE_SITE_BASE, exact=False, exception=position)
        _add_type_evidence(match, exception.type, type_agreement(exception.type, match.entry.exception_type))
        _add_frame_evidence(match, frames)
        results.append(match)
    match.raise_site = True
    detail = "the innermost frame is this raise" if same_line else "the innermost frame is in this raise's function"
    match.why.insert(0, {"kind": "raise_site", "detail": detail})
    if wording is not None and wording is not match:
        match.message_from = wording
        match.why.append(
            {
                "kind": "message_from",
                "detail": "the message's wording is defined elsewhere: another entry",
                "id": wording.entry.public_id,
                "signature": wording.signature,
            }
        )


def _on_the_line(entry: Entry, frame: Frame) -> bool:
    """Whether one of the entry's sites is among `sites_at(frame.path, frame.function)` (the same file name and bare
    function, a path the frame's ends with) on the frame's very line."""
    file_name, function = frame_key(frame.path, frame.function)
    return any(
        site.line == frame.line and site.frame_key == (file_name, function) and path_matches(frame.path, site)
        for site in entry.sites
    )


def _wrapping_raise_on_line(
    index: LookupIndex, exception: ParsedException, raised: Frame, here: list[tuple[int, Site]], standing: list[Match]
) -> bool:
    """Whether the frame's very line is a raise whose message could not be rebuilt, of the pasted type, while the
    entries the message fits raise elsewhere in the function: `except SchemaError as x: raise SchemaError([None] +
    x.autos, ...)` wraps the error another line of `validate` raised. The wrapping raise is where it was raised."""
    on_line = {key for key, site in here if site.line == raised.line}
    if not on_line or any(m.entry.key in on_line for m in standing):
        return False
    return any(
        not index.signatures_of(key)
        and (entry := index.entries.get(key)) is not None
        and type_agreement(exception.type, entry.exception_type) > 0
        for key in on_line
    )


def _raise_here(
    index: LookupIndex, exception: ParsedException, raised: Frame, here: list[tuple[int, Site]]
) -> tuple[int, bool] | None:
    """(entry key, on the very line) of the raise at the frame: a site on its line whose type does not disagree;
    else, the line having moved, the raise in the function whose message could not be rebuilt, of an agreeing type
    (a wrapping `raise X(errors)`), nearest the frame's line."""
    on_line = [
        (type_agreement(exception.type, entry.exception_type), key)
        for key, site in here
        if site.line == raised.line and (entry := index.entries.get(key)) is not None
    ]
    on_line = [pair for pair in on_line if pair[0] >= 0]
    if on_line:
        return max(on_line)[1], True
    unsigned: dict[int, int] = {}
    for key, site in here:
        entry = index.entries.get(key)
        if entry is None or index.signatures_of(key) or type_agreement(exception.type, entry.exception_type) <= 0:
            continue
        gap = abs((site.line or 0) - (raised.line or 0))
        unsigned[key] = min(gap, unsigned.get(key, gap))
    if not unsigned:
        return None
    # Of several (`is_valid` of two classes in one file: a frame names no class), the nearest: lines move a
    # little between releases, methods do not swap places.
    ranked = sorted(unsigned, key=unsigned.__getitem__)
    if len(ranked) > 1 and unsigned[ranked[0]] == unsigned[ranked[1]]:
        return None
    return ranked[0], False


def _nearby(index: LookupIndex, exception: ParsedException, position: int) -> list[Match]:
    """With no other answer: the entries closest to the innermost frame in a harvested file, in its function, else
    in its file, nearest line first. Not the raise, and flagged so."""
    for frame in reversed(exception.frames):
        for scope, here in (
            ("function", index.sites_at(frame.path, frame.function)),
            ("file", index.sites_in_file(frame.path)),
        ):
            if not here:
                continue
            distance: dict[int, tuple[int, int]] = {}
            for key, site in here:
                entry = index.entries.get(key)
                if entry is None:
                    continue
                agreement = type_agreement(exception.type, entry.exception_type)
                gap = abs((site.line or 0) - (frame.line or 0))
                if agreement < 0 and gap and _library_type(exception.type):
                    # A class of its own (`tomlkit.exceptions.EmptyKeyError`): another raise's card of another type
                    # is a wrong answer. The raise on the frame's very line is this one, its type misread.
                    continue
                distance[key] = min(distance.get(key, (2, gap)), (-agreement, gap))
            closest = sorted(distance, key=lambda key: (distance[key], key))[:NEARBY_MAX]
            found = []
            for key in closest:
                match = Match(
                    entry=index.entries[key],
                    score=NEARBY_BASE,
                    exact=False,
                    exception=position,
                    nearby=scope,
                    sites=index.entries[key].sites,
                )
                match.why.append(
                    {
                        "kind": "nearby",
                        "detail": f"same {scope}, not the same raise: the closest entry to the innermost frame",
                        "frame": f"{frame.path}:{frame.function}",
                        "line": frame.line,
                    }
                )
                found.append(match)
            if found:
                return found
    return []
