"""What round 22's AI-assisted cards lost to errorkb's own checks (issue 29, cards 01, 12 and 24), on the model's
real answers, reduced: an example fix keeps the names its own blocks bind and an example's own value, and is
dropped whole when its "after" part goes; a private name the error's message asks the user to define may be
advised. An invented name of the same shape is still dropped."""

import json

from kb.analysis.verify import AFTER_LOST, PRIVATE, check_answer
from kb.analysis.vocabulary import Vocabulary
from tests.analysis.fake_endpoint import card

# Django 5.2.19: django/contrib/gis/measure.py:128-138, reduced.
MEASURE = """
class MeasureBase:
    def __sub__(self, other):
        if isinstance(other, self.__class__):
            return self.__class__(default_unit=self._default_unit)
        else:
            raise TypeError("%(class)s must be subtracted from %(class)s" % {"class": self.__class__.__name__})
"""
# Card 01's example fix, as the answer gave it (round 22, 513d7759baa8504b).
MEASURE_FIX = """Before:

```python
result = measure - 5  # other is a plain number
```

After:

```python
result = measure - {after}  # other_measure is an instance of the same class as measure
```"""
# dacite 1.9.2: dacite/core.py, `from_dict` and the union check (dacite/exceptions.py:47-51), reduced.
DACITE = """
from dataclasses import dataclass
from typing import Union

class UnionMatchError(WrongTypeError):
    def __str__(self) -> str:
        return f'can not match type "{_name(type(self.value))}" to any type of "{self.field_path}" union'

def from_dict(data_class, data, config=None):
    raise UnionMatchError(field_type=field_type, value=value)
"""
# Card 24's example fix, as the answer gave it (round 22, 7715bead3a125316).
UNION_FIX = """Before:

```python
from dataclasses import dataclass
from typing import Union
from dacite.core import from_dict

@dataclass
class A:
    x: Union[int, str]

from_dict(A, {{"x": 1.5}})
```

After:

```python
from_dict({after}, {{"x": 1}})  # or widen the union to include float
```"""
# Django 5.2.19: django/db/migrations/serializer.py:41-55, reduced.
SERIALIZER = """
class BaseSequenceSerializer(BaseSerializer):
    def _format(self):
        raise NotImplementedError(
            "Subclasses of BaseSequenceSerializer must implement the _format() method."
        )

    def serialize(self):
        value = self._format()
        return value % (", ".join(strings)), imports
"""
FORMAT_MESSAGE = "Subclasses of BaseSequenceSerializer must implement the _format() method."


def vocabulary_of(code: str, path: str, message: str = "") -> Vocabulary:
    vocabulary = Vocabulary()
    vocabulary.read_code(code)
    vocabulary.add_path(path)
    vocabulary.read_message(message)
    return vocabulary


def test_an_example_own_value_keeps_the_fix_and_an_invented_name_drops_the_whole_example() -> None:
    # Card 01: `other_measure` took the "After" block (and its lead-in), leaving "Before:" alone.
    known = vocabulary_of(MEASURE, "django/contrib/gis/measure.py")
    kept = check_answer(json.loads(card(example_fix=MEASURE_FIX.format(after="other_measure"))), known)
    assert kept.sections["example_fix"] == MEASURE_FIX.format(after="other_measure")
    planted = check_answer(json.loads(card(example_fix=MEASURE_FIX.format(after="converted_measure"))), known)
    assert "example_fix" not in planted.sections
    assert planted.unknown[0] == AFTER_LOST
    assert "converted_measure" in planted.unknown


def test_a_name_the_before_block_binds_may_be_used_after_it_and_one_it_does_not_may_not() -> None:
    # Card 24: `A`, the class the "Before" block defines, took the "After" block.
    known = vocabulary_of(DACITE, "dacite/core.py")
    kept = check_answer(json.loads(card(example_fix=UNION_FIX.format(after="A"))), known)
    assert kept.sections["example_fix"] == UNION_FIX.format(after="A")
    planted = check_answer(json.loads(card(example_fix=UNION_FIX.format(after="B"))), known)
    assert "example_fix" not in planted.sections
    assert "B" in planted.unknown


def test_an_after_part_in_prose_that_is_dropped_takes_the_before_block_with_it() -> None:
    before = MEASURE_FIX.split("After:")[0]
    fix = f"{before}After: call `measure.to_standard_units()` first."
    result = check_answer(json.loads(card(example_fix=fix)), vocabulary_of(MEASURE, "django/contrib/gis/measure.py"))
    assert "example_fix" not in result.sections


def test_a_private_method_the_message_asks_for_may_be_advised_and_another_may_not() -> None:
    # Card 12: "Define `_format()` ..." was dropped, though the message tells subclasses to implement it.
    known = vocabulary_of(SERIALIZER, "django/db/migrations/serializer.py", FORMAT_MESSAGE)
    define = "Define `_format()` on every subclass of `BaseSequenceSerializer`."
    planted = "Set `self._formatted` on the subclass of `BaseSequenceSerializer`."
    result = check_answer(json.loads(card(solutions=[define, planted])), known)
    assert result.solutions == [define]
    assert result.unknown == [f"{PRIVATE} _formatted"]
