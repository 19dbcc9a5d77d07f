"""Objects of frozen slotted dataclasses made from their values without their `__init__`: the matcher makes dozens a
lookup (an index's entries, sites and signatures from their records, a template's fits)."""

from collections.abc import Callable
from typing import Any, TypeVar

V = TypeVar("V")


def restorer(cls: type[V]) -> Callable[[tuple[Any, ...]], V]:
    """A maker of a slotted dataclass from the values of all its slots, in order, computed ones included: no
    `__init__` or `__post_init__` run again (a Site's path variants cost more to work out than to read).

    The classes are frozen: their `__setattr__` refuses, and calling each slot's descriptor in its stead
    (`Site.path.__set__(made, value)`) costs more than the rest: 0.82 µs for a Site's six slots, 0.43 µs made
    as here (`Site(...)`, its `__init__` and `__post_init__`, 4 µs). So the values are stored
    into an object of a twin class of the same slots and no `__setattr__` of its own, by plain assignments, and the
    object is then given its class: `__class__` assignment between classes of one layout (Python checks that their
    slots are the same). Written out and compiled, as `dataclasses` compiles `__init__`: a loop over the slots costs
    twice as much, and every lookup makes dozens of these objects."""
    slots = cls.__slots__  # type: ignore[attr-defined]
    twin = type(f"_{cls.__name__}Slots", (), {"__slots__": slots})
    body = "".join(f"    made.{name} = values[{i}]\n" for i, name in enumerate(slots))
    source = f"def restore(values, new=None, twin=None, cls=None):\n    made = new(twin)\n{body}"
    namespace: dict[str, Any] = {}
    exec(source + "    made.__class__ = cls\n    return made\n", namespace)
    restore = namespace["restore"]
    restore.__defaults__ = (object.__new__, twin, cls)
    restore.__qualname__ = f"restore_{cls.__name__}"
    return restore
