"""Raise real errors from cachetools, one JSON line each (see common.py): each cache class asked for missing keys,
popped when empty, given values larger than its maxsize, with bad sizes, timers and time-to-use functions; the
decorators given bad caches, keys and locks; written from cachetools' documentation as a user would use it
(held-out: see SPLIT.md, third split)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder


def caches():
    import cachetools

    return {
        "Cache": lambda **kw: cachetools.Cache(maxsize=2, **kw),
        "FIFOCache": lambda **kw: cachetools.FIFOCache(maxsize=2, **kw),
        "LFUCache": lambda **kw: cachetools.LFUCache(maxsize=2, **kw),
        "LRUCache": lambda **kw: cachetools.LRUCache(maxsize=2, **kw),
        "RRCache": lambda **kw: cachetools.RRCache(maxsize=2, **kw),
        "TTLCache": lambda **kw: cachetools.TTLCache(maxsize=2, ttl=60, **kw),
        "TLRUCache": lambda **kw: cachetools.TLRUCache(maxsize=2, ttu=lambda k, v, now: now + 60, **kw),
    }


def slotted(cachetools):
    """A class without a __dict__ whose method is cached per instance."""

    class Slotted:
        __slots__ = ()
        f = cachetools.cachedmethod(lambda self: {})(lambda self, x: x)

    return Slotted


def cases():
    import cachetools
    import cachetools.func
    import cachetools.keys

    for name, make in caches().items():
        yield f"cachetools {name} missing", lambda m=make: m()["nope"]
        yield f"cachetools {name} popitem empty", lambda m=make: m().popitem()
        yield f"cachetools {name} pop missing", lambda m=make: m().pop("nope")
        yield f"cachetools {name} del missing", lambda m=make: m().__delitem__("nope")
        yield f"cachetools {name} too large", lambda m=make: m(getsizeof=len).__setitem__("k", "xxx")
        yield f"cachetools {name} getsizeof bad", lambda m=make: m(getsizeof=lambda v: "x").__setitem__("k", 1)
        yield f"cachetools {name} unhashable", lambda m=make: m().__setitem__([1], 1)
        yield f"cachetools {name} setdefault large", lambda m=make: m(getsizeof=len).setdefault("k", "xxx")
    yield from [
        ("cachetools maxsize negative", lambda: cachetools.LRUCache(maxsize=-1)),
        ("cachetools size negative", lambda: cachetools.LRUCache(2, getsizeof=lambda v: -1).__setitem__("k", 1)),
        ("cachetools cached none", lambda: cachetools.cached(None)(lambda x: x)),
        ("cachetools cachedmethod slots", lambda: slotted(cachetools)().f(1)),
        ("cachetools cachedmethod on class", lambda: slotted(cachetools).f(1)),
        (
            "cachetools cachedmethod property",
            lambda: type("A", (), {"f": cachetools.cachedmethod(lambda self: {})(property(lambda self: 1))})().f,
        ),
        ("cachetools maxsize str", lambda: cachetools.LRUCache(maxsize="x").__setitem__("k", 1)),
        ("cachetools maxsize none", lambda: cachetools.LRUCache(maxsize=None).__setitem__("k", 1)),
        ("cachetools maxsize zero", lambda: cachetools.LRUCache(maxsize=0).__setitem__("k", 1)),
        ("cachetools ttl timer", lambda: cachetools.TTLCache(2, ttl=1, timer=lambda: "x").__setitem__("k", 1)),
        ("cachetools ttl none", lambda: cachetools.TTLCache(2, ttl=None).__setitem__("k", 1)),
        ("cachetools ttl expired", lambda: (lambda c: (c.__setitem__("k", 1), c["k"]))(cachetools.TTLCache(2, ttl=-1))),
        ("cachetools ttl expire type", lambda: cachetools.TTLCache(2, ttl=1).expire("x")),
        ("cachetools tlru ttu none", lambda: cachetools.TLRUCache(2, ttu=None).__setitem__("k", 1)),
        (
            "cachetools tlru ttu past",
            lambda: cachetools.TLRUCache(2, ttu=lambda k, v, now: now - 1).__setitem__("k", 1),
        ),
        (
            "cachetools tlru expired",
            lambda: (lambda c: (c.__setitem__("k", 1), c["k"]))(cachetools.TLRUCache(2, ttu=lambda k, v, now: now)),
        ),
        (
            "cachetools rr choice",
            lambda: (lambda c: (c.update(a=1, b=2), c.__setitem__("c", 3)))(cachetools.RRCache(2, choice=1)),
        ),
        ("cachetools rr choice empty", lambda: cachetools.RRCache(2, choice=lambda seq: seq[5]).update(a=1, b=2, c=3)),
        ("cachetools cached not cache", lambda: cachetools.cached(cache=1)(lambda x: x)(1)),
        (
            "cachetools cached key bad",
            lambda: cachetools.cached(cachetools.LRUCache(2), key=lambda x: [x])(lambda x: x)(1),
        ),
        ("cachetools cached unhashable", lambda: cachetools.cached(cachetools.LRUCache(2))(lambda x: x)([1])),
        ("cachetools cached lock", lambda: cachetools.cached(cachetools.LRUCache(2), lock=1)(lambda x: x)(1)),
        (
            "cachetools cached info",
            lambda: cachetools.cached(cachetools.LRUCache(2), info=True)(lambda x: x).cache_info().nope,
        ),
        ("cachetools cached condition", lambda: cachetools.cached(cachetools.LRUCache(2), condition=1)(lambda x: x)(1)),
        (
            "cachetools cached condition lock",
            lambda: cachetools.cached(cachetools.LRUCache(2), condition=object(), lock=None)(lambda x: x)(1),
        ),
        (
            "cachetools cachedmethod",
            lambda: type("A", (), {"f": cachetools.cachedmethod(lambda self: 1)(lambda self, x: x)})().f(1),
        ),
        (
            "cachetools cachedmethod none",
            lambda: type("A", (), {"f": cachetools.cachedmethod(1)(lambda self, x: x)})().f(1),
        ),
        (
            "cachetools cachedmethod unhashable",
            lambda: type("A", (), {"c": {}, "f": cachetools.cachedmethod(lambda self: self.c)(lambda self, x: x)})().f(
                [1]
            ),
        ),
        ("cachetools func maxsize", lambda: cachetools.func.lru_cache(maxsize="x")(lambda x: x)(1)),
        ("cachetools func ttl", lambda: cachetools.func.ttl_cache(ttl="x")(lambda x: x)(1)),
        ("cachetools func typed", lambda: cachetools.func.lfu_cache(typed=True)(lambda x: x)([1])),
        (
            "cachetools func rr choice",
            lambda: (
                cachetools.func.rr_cache(maxsize=1, choice=1)(lambda x: x)(1)
                or cachetools.func.rr_cache(maxsize=1, choice=1)
            ),
        ),
        ("cachetools func user function", lambda: cachetools.func.fifo_cache(1)(1)),
        ("cachetools keys hashkey", lambda: hash(cachetools.keys.hashkey([1]))),
        ("cachetools keys typedkey", lambda: hash(cachetools.keys.typedkey({}, a=1))),
        ("cachetools keys methodkey", lambda: hash(cachetools.keys.methodkey(None, [1]))),
        ("cachetools keys typedmethodkey", lambda: hash(cachetools.keys.typedmethodkey(None, {1}))),
        (
            "cachetools cache clear locked",
            lambda: cachetools.cached(cachetools.LRUCache(2), lock=1)(lambda x: x).cache_clear(),
        ),
    ]


if __name__ == "__main__":
    Recorder("cachetools", ("cachetools",)).run_all(cases())
