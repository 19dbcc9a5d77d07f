"""A `break` or `continue` that leaves the loop around a raise before it runs bounds the raise as a `return` does
(round 17: a card said the raise happens when its test holds, where a `break` on the way can leave the loop
first). Reduced from Django 5.2's `Query.names_to_path` (django/db/models/sql/query.py:1757-1851), which breaks
out of its loop over the names at the first one that is not a field, before its later raises."""

from pathlib import Path

from tests.counted_work import python_calls
from tests.harvest.published import harvest_published
from tests.harvest.test_messages import harvest_source

NAMES_TO_PATH = """
class FieldError(Exception):
    pass


class MultiJoin(Exception):
    def __init__(self, names_pos, path_with_names):
        self.level = names_pos
        self.names_with_path = path_with_names


class Query:
    def names_to_path(self, names, opts, allow_many=True):
        path, names_with_path = [], []
        for pos, name in enumerate(names):
            field = opts.get_field(name)
            if field is not None:
                model = field.model
            else:
                pos -= 1
                if pos == -1:
                    raise FieldError("Cannot resolve keyword '%s' into field." % name)
                break
            if hasattr(field, "path_infos"):
                pathinfos = field.path_infos
                if not allow_many:
                    for inner_pos, p in enumerate(pathinfos):
                        if p.m2m:
                            names_with_path.append((name, pathinfos[0 : inner_pos + 1]))
                            raise MultiJoin(pos + 1, names_with_path)
                path.extend(pathinfos)
        return path, names_with_path
"""

# Reduced from Django 5.2's `fields_for_model` (django/forms/models.py:189-241): three `continue`s skip a field
# before the callback is checked, after a `raise` of the same loop.
FIELDS_FOR_MODEL = """
class FieldError(Exception):
    pass


def fields_for_model(model, fields=None, exclude=None, formfield_callback=None):
    field_dict = {}
    for f in model._meta.fields:
        if not getattr(f, "editable", False):
            if fields is not None and f.name in fields:
                raise FieldError("'%s' cannot be specified as it is a non-editable field" % f.name)
            continue
        if fields is not None and f.name not in fields:
            continue
        if exclude and f.name in exclude:
            continue
        if formfield_callback is None:
            formfield = f.formfield()
        elif not callable(formfield_callback):
            raise TypeError("formfield_callback must be a function or callable")
        else:
            formfield = formfield_callback(f)
        field_dict[f.name] = formfield
    return field_dict
"""


def test_a_break_on_the_way_is_said_as_an_exit(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"orm/query.py": NAMES_TO_PATH}, repo="example/orm")
    (multijoin,) = [entry for entry in cards.values() if entry.exception_type.endswith("MultiJoin")]
    trigger = multijoin.generated["trigger"]
    assert "- the `allow_many` argument is false (line 25)" in trigger
    # The `raise` above and the `break` after it: the `break` at line 22 is on the way too. It leaves the loop, not
    # the call (round 28's card 09), and is said so.
    assert "- and `Query.names_to_path` raises no other error first (line 21)" in trigger
    assert "- and no earlier check leaves the loop first (line 22)" in trigger


def test_a_continue_on_the_way_is_said_as_an_exit(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"forms/models.py": FIELDS_FOR_MODEL}, repo="example/forms")
    generated = cards["formfield_callback must be a function or callable"].generated
    assert generated["meaning"].startswith("`fields_for_model()` was called with a `formfield_callback` that is not")
    # The `continue`s end a pass of the loop, not the call (round 28's card 09).
    trigger = generated["trigger"]
    assert "- and no earlier check in the loop skips on to its next pass first (lines 11, 13, 15)" in trigger
    assert "exits first" not in trigger


# Reduced from Django 5.2's `do_translate` (django/templatetags/i18n.py:400-450): in its loop over the options, an
# earlier option may raise in another arm of the `if`/`elif` chain before the unknown one is met; the chain's tests
# rule those arms out for the unknown option only.
DO_TRANSLATE = """
class TemplateSyntaxError(Exception):
    pass


def do_translate(parser, token):
    bits = token.split_contents()
    if len(bits) < 2:
        raise TemplateSyntaxError("'%s' takes at least one argument" % bits[0])
    remaining = bits[2:]
    noop = False
    seen = set()
    while remaining:
        option = remaining.pop(0)
        if option in seen:
            raise TemplateSyntaxError("The '%s' option was specified more than once." % option)
        elif option == "noop":
            noop = True
        else:
            raise TemplateSyntaxError("Unknown argument for '%s' tag: '%s'." % (bits[0], option))
        seen.add(option)
    return noop
"""


def test_a_set_added_to_in_the_loop_is_not_said_by_its_first_value(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"tags/i18n.py": DO_TRANSLATE}, repo="example/tags")
    generated = cards["Unknown argument for '{bits}' tag: '{option}'."].generated
    # `seen` is `set()` only on the first pass: the loop adds to it (line 15), so its test is not said by that
    # definition (round 19), and with no test said the card claims no condition, nor that it always raises.
    assert "set()" not in generated["trigger"]
    assert generated["meaning"] == "Calling `do_translate()` raises this."


def chain(count: int) -> str:
    """A hostile loop: an `elif` chain `count` deep of `continue`s, then `count` raises after it."""
    lines = ["def run(xs):", "    for x in xs:", "        if x is None:", "            pass"]
    for n in range(count):
        lines += [f"        elif x == {n}:", "            continue"]
    lines += ["        else:", "            raise ValueError('last')"]
    for n in range(count):
        lines += [f"        if x > {n}:", f"            raise KeyError('k{n}')"]
    return "\n".join(lines) + "\n"


def test_the_exits_of_a_deep_chain_are_read_in_linear_time(tmp_path: Path) -> None:
    def counted(count: int) -> int:
        folder = tmp_path / str(count)
        folder.mkdir()
        return python_calls(harvest_source, folder, chain(count))

    small, large = counted(100), counted(800)
    assert large < 12 * small  # eight times the code: about ten times the calls; climbing each nest made fifteen
