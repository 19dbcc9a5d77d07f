"""Raise real errors from boltons, one JSON line each (see common.py): its iteration helpers given bad sizes, steps and
paths (`chunked`, `windowed`, `frange`, `backoff`, `get_path`, `remap`, `one`, `research`), its containers misused
(`OneToOne` with a value twice, `FrozenDict` changed, `OrderedMultiDict`, `IndexedSet`, `BarrelList`, caches with a bad
size, `PriorityQueue` empty), URLs it cannot parse, durations and integer lists it cannot read, `namedtuple` and
`namedlist` given bad field names, `FunctionBuilder`, spooled files given the wrong type, statistics of nothing,
`atomic_save` misused, and `mathutils`' bit strings and clamps at odds; written from boltons' documentation as a user
would use it (held-out: see SPLIT.md, eighth split)."""

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

DOCUMENT = {"a": {"b": [1, 2, {"c": 3}]}, "name": "corpus"}


def cases():
    from boltons import (
        cacheutils,
        dictutils,
        fileutils,
        formatutils,
        funcutils,
        ioutils,
        iterutils,
        jsonutils,
        listutils,
        mathutils,
        namedutils,
        queueutils,
        setutils,
        statsutils,
        strutils,
        tableutils,
        tbutils,
        timeutils,
        typeutils,
        urlutils,
    )

    folder = Path(tempfile.mkdtemp(prefix="corpus-boltons-"))
    (folder / "exists.txt").write_text("x")

    def one_to_one_twice():
        return dictutils.OneToOne({"a": 1, "b": 1})

    def one_to_one_set():
        mapping = dictutils.OneToOne({"a": 1})
        mapping.inv[1] = "b"
        mapping["c"] = 1
        return mapping.unique({"a": 1, "b": 1})

    def frozen_set_item():
        frozen = dictutils.FrozenDict(a=1)
        frozen["b"] = 2

    def atomic_existing():
        with fileutils.atomic_save(str(folder / "exists.txt"), overwrite=False) as handle:
            handle.write(b"y")

    def atomic_text():
        with fileutils.atomic_save(str(folder / "new.txt")) as handle:
            handle.write("text, not bytes")

    def spooled_bytes_text():
        with ioutils.SpooledBytesIO() as handle:
            handle.write("text")

    def spooled_string_bytes():
        with ioutils.SpooledStringIO() as handle:
            handle.write(b"bytes")

    def function_builder_arg():
        builder = funcutils.FunctionBuilder("f", args=["a"])
        builder.add_arg("a")

    def function_builder_remove():
        funcutils.FunctionBuilder("f", args=["a"]).remove_arg("b")

    def wraps_injected():
        @funcutils.wraps(lambda a: a, injected="b")
        def wrapper(*args, **kwargs):
            pass

    def priority_queue_empty():
        return queueutils.HeapPriorityQueue().pop()

    def sorted_priority_queue_peek():
        return queueutils.SortedPriorityQueue().peek()

    yield from [
        ("boltons chunked size", lambda: list(iterutils.chunked([1, 2, 3], 0))),
        ("boltons chunked count", lambda: list(iterutils.chunked([1, 2, 3], 2, count=-1))),
        ("boltons chunked_iter fill", lambda: list(iterutils.chunked_iter([1], "x"))),
        ("boltons chunk_ranges", lambda: list(iterutils.chunk_ranges(10, 0))),
        ("boltons chunk_ranges overlap", lambda: list(iterutils.chunk_ranges(10, 3, overlap_size=3))),
        ("boltons windowed size", lambda: list(iterutils.windowed([1, 2], -1))),
        ("boltons pairwise", lambda: list(iterutils.pairwise(5))),
        ("boltons frange step", lambda: iterutils.frange(0, 1, 0)),
        ("boltons xfrange step", lambda: list(iterutils.xfrange(0, 1, 0))),
        ("boltons backoff start", lambda: iterutils.backoff(0, 10)),
        ("boltons backoff factor", lambda: iterutils.backoff(1, 10, factor=0.5)),
        ("boltons backoff jitter", lambda: iterutils.backoff(1, 10, jitter=2)),
        ("boltons backoff count", lambda: iterutils.backoff(1, 10, count="many")),
        ("boltons backoff stop", lambda: iterutils.backoff(10, 1)),
        ("boltons split", lambda: iterutils.split([1, 2], maxsplit=-1, sep=5)),
        ("boltons one", lambda: iterutils.one([1, 2])),
        ("boltons first key", lambda: iterutils.first([1], key=5)),
        ("boltons bucketize key", lambda: iterutils.bucketize([1, 2], key=5)),
        ("boltons bucketize value_transform", lambda: iterutils.bucketize([1], value_transform=5)),
        ("boltons partition", lambda: iterutils.partition([1], key=5)),
        ("boltons unique key", lambda: iterutils.unique([1], key=5)),
        ("boltons redundant groups", lambda: iterutils.redundant([1, 1], key=5)),
        ("boltons get_path missing", lambda: iterutils.get_path(DOCUMENT, ("a", "x"))),
        ("boltons get_path index", lambda: iterutils.get_path(DOCUMENT, ("a", "b", 7))),
        ("boltons get_path string index", lambda: iterutils.get_path(DOCUMENT, ("a", "b", "x"))),
        ("boltons get_path through value", lambda: iterutils.get_path(DOCUMENT, "name.first.x")),
        ("boltons remap visit", lambda: iterutils.remap(DOCUMENT, visit=5)),
        ("boltons remap enter", lambda: iterutils.remap(DOCUMENT, enter=lambda p, k, v: 5)),
        ("boltons remap exit", lambda: iterutils.remap(DOCUMENT, exit=lambda p, k, v, n, i: 1 / 0)),
        ("boltons remap keyword", lambda: iterutils.remap(DOCUMENT, nope=1)),
        ("boltons research query", lambda: iterutils.research(DOCUMENT, query=5)),
        ("boltons soft_sorted", lambda: iterutils.soft_sorted([1, "a"], first=[1], key=5)),
        ("boltons lstrip", lambda: list(iterutils.strip_iter(5, 1))),
        ("boltons same", lambda: iterutils.same(5)),
        ("boltons one to one twice", one_to_one_twice),
        ("boltons one to one set", one_to_one_set),
        ("boltons frozendict set", frozen_set_item),
        ("boltons frozendict update", lambda: dictutils.FrozenDict(a=1).update(b=2)),
        ("boltons frozendict hash", lambda: hash(dictutils.FrozenDict(a=[1]))),
        ("boltons omd pop", lambda: dictutils.OrderedMultiDict(a=1).pop("b")),
        ("boltons omd popall", lambda: dictutils.OrderedMultiDict(a=1).popall("b")),
        ("boltons omd poplast", lambda: dictutils.OrderedMultiDict().poplast()),
        ("boltons omd getlist", lambda: dictutils.OrderedMultiDict(a=1)["b"]),
        ("boltons many to many", lambda: dictutils.ManyToMany([(1, 2)]).replace(3, 4)),
        ("boltons subdict", lambda: dictutils.subdict({"a": 1}, keep=["b"], drop=5)),
        ("boltons indexedset index", lambda: setutils.IndexedSet([1, 2]).index(3)),
        ("boltons indexedset pop", lambda: setutils.IndexedSet().pop()),
        ("boltons indexedset remove", lambda: setutils.IndexedSet([1]).remove(2)),
        ("boltons indexedset slice step", lambda: setutils.IndexedSet([1, 2, 3])[::0]),
        ("boltons complement", lambda: setutils.complement(5)),
        ("boltons complement iterate", lambda: list(setutils.complement({1}))),
        ("boltons complement len", lambda: len(setutils.complement({1}))),
        ("boltons barrellist pop", lambda: listutils.BarrelList().pop()),
        ("boltons barrellist index", lambda: listutils.BarrelList([1, 2])[7]),
        ("boltons barrellist del", lambda: listutils.BarrelList([1]).__delitem__(5)),
        ("boltons splaylist", lambda: listutils.SplayList([1]).shift(5, 0)),
        ("boltons lru size", lambda: cacheutils.LRU(max_size=0)),
        ("boltons lri size", lambda: cacheutils.LRI(max_size=-1)),
        ("boltons lru missing", lambda: cacheutils.LRU(max_size=2)["nope"]),
        ("boltons lru pop", lambda: cacheutils.LRU(max_size=2).pop("nope")),
        ("boltons lru popitem", lambda: cacheutils.LRU(max_size=2).popitem()),
        ("boltons cached cache", lambda: cacheutils.cached(5)(lambda: 1)()),
        ("boltons threshold counter", lambda: cacheutils.ThresholdCounter(threshold=2)),
        ("boltons minidst", lambda: cacheutils.MinIDMap().get(5)),
        ("boltons heap queue empty", priority_queue_empty),
        ("boltons sorted queue peek", sorted_priority_queue_peek),
        ("boltons url scheme", lambda: urlutils.URL("http://[::1")),
        ("boltons url port", lambda: urlutils.URL("http://example.com:port/")),
        ("boltons url port range", lambda: urlutils.URL("http://example.com:99999/")),
        ("boltons url host", lambda: urlutils.URL("http://exa mple.com/")),
        ("boltons url not a string", lambda: urlutils.URL(5)),
        ("boltons url navigate", lambda: urlutils.URL("http://a.com/").navigate(5)),
        ("boltons find_all_links", lambda: urlutils.find_all_links(5)),
        ("boltons parse_qsl", lambda: urlutils.parse_qsl(5)),
        ("boltons parse_timedelta", lambda: timeutils.parse_timedelta("10 fortnights")),
        ("boltons parse_timedelta garbage", lambda: timeutils.parse_timedelta("x")),
        ("boltons daterange step", lambda: list(timeutils.daterange(None, None, step=0))),
        ("boltons daterange start", lambda: list(timeutils.daterange("today", None))),
        ("boltons isoparse", lambda: timeutils.isoparse("yesterday")),
        ("boltons relative_time", lambda: timeutils.relative_time("now")),
        ("boltons parse_int_list", lambda: strutils.parse_int_list("1,x,3")),
        ("boltons parse_int_list range", lambda: strutils.parse_int_list("5-1-2")),
        ("boltons bytes2human", lambda: strutils.bytes2human("many")),
        ("boltons multi_replace", lambda: strutils.MultiReplace(5)),
        ("boltons slugify", lambda: strutils.slugify(5)),
        ("boltons format_int_list", lambda: strutils.format_int_list(["a"])),
        ("boltons namedtuple field", lambda: namedutils.namedtuple("Point", ["x", "class"])),
        ("boltons namedtuple duplicate", lambda: namedutils.namedtuple("Point", ["x", "x"])),
        ("boltons namedtuple underscore", lambda: namedutils.namedtuple("Point", ["_x"])),
        ("boltons namedtuple name", lambda: namedutils.namedtuple("1Point", ["x"])),
        ("boltons namedtuple arguments", lambda: namedutils.namedtuple("Point", ["x", "y"])(1)),
        ("boltons namedlist field", lambda: namedutils.namedlist("Point", ["x", "def"])),
        ("boltons namedlist length", lambda: namedutils.namedlist("Point", ["x"])._make([1, 2])),
        ("boltons namedlist replace", lambda: namedutils.namedlist("Point", ["x"])(1)._replace(y=2)),
        ("boltons function builder arg", function_builder_arg),
        ("boltons function builder remove", function_builder_remove),
        ("boltons wraps injected", wraps_injected),
        ("boltons wraps expected", lambda: funcutils.wraps(print, expected=5)),
        ("boltons update_wrapper", lambda: funcutils.update_wrapper(5, print)),
        ("boltons spooled bytes text", spooled_bytes_text),
        ("boltons spooled string bytes", spooled_string_bytes),
        ("boltons spooled seek", lambda: ioutils.SpooledBytesIO().seek(0, 7)),
        ("boltons multi file read", lambda: ioutils.MultiFileReader(5)),
        ("boltons atomic existing", atomic_existing),
        ("boltons atomic text", atomic_text),
        ("boltons atomic rename", lambda: fileutils.atomic_rename(str(folder / "nope"), str(folder / "x"))),
        ("boltons mkdir_p file", lambda: fileutils.mkdir_p(str(folder / "exists.txt"))),
        ("boltons file perms", lambda: fileutils.FilePerms.from_int("rw")),
        ("boltons file perms path", lambda: fileutils.FilePerms.from_path(str(folder / "nope"))),
        ("boltons iter_find_files", lambda: list(fileutils.iter_find_files(str(folder), 5))),
        ("boltons copytree", lambda: fileutils.copytree(str(folder / "nope"), str(folder / "copy"))),
        ("boltons clamp", lambda: mathutils.clamp(1, lower=5, upper=1)),
        ("boltons ceil", lambda: mathutils.ceil(1.5, options=[])),
        ("boltons floor", lambda: mathutils.floor(0.5, options=[1, 2])),
        ("boltons bits length", lambda: mathutils.Bits("0110", len_=2)),
        ("boltons bits value", lambda: mathutils.Bits("01x0")),
        ("boltons bits from", lambda: mathutils.Bits([1.5])),
        ("boltons bits compare", lambda: mathutils.Bits("01") < "x"),
        ("boltons stats empty", lambda: statsutils.Stats([]).get_zscore(1)),
        ("boltons stats quantile", lambda: statsutils.Stats([1, 2]).get_quantile(2)),
        ("boltons stats histogram", lambda: statsutils.Stats([1, 2]).get_histogram_counts(bins="x")),
        ("boltons stats describe", lambda: statsutils.describe([1, 2], format="xml")),
        ("boltons table", lambda: tableutils.Table.from_data(5)),
        ("boltons table headers", lambda: tableutils.Table([[1, 2]], headers=["a"]).to_html(orientation="diagonal")),
        ("boltons parsed exception", lambda: tbutils.ParsedException.from_string("no traceback here")),
        ("boltons traceback info", lambda: tbutils.TracebackInfo.from_traceback(5)),
        ("boltons format tokenize", lambda: formatutils.tokenize_format_str("{0:{1}")),
        ("boltons deferred value", lambda: formatutils.DeferredValue(5).get_value()),
        ("boltons jsonl reader", lambda: list(jsonutils.JSONLIterator(iter(["{bad"])))),
        ("boltons reverse iter lines", lambda: list(jsonutils.reverse_iter_lines(5))),
        ("boltons make_sentinel", lambda: typeutils.make_sentinel(var_name="not an identifier")),
        ("boltons get_all_subclasses", lambda: typeutils.get_all_subclasses(5)),
        ("boltons issubclass", lambda: typeutils.issubclass(5, int)),
    ]


if __name__ == "__main__":
    Recorder("boltons", ("boltons",)).run_all(cases())
