"""Call routes an answer claims (issue 29, review rounds 15-17): "`A()` calls `B()`, which raises it", "`A` -> `B`",
"`B`, called from `A`" are held to the site's recorded callers and entry points, then to the code of `A`; a route
the code contradicts is dropped and counted with why, one it cannot tell is kept when its names are real."""

import json

from kb.analysis import routes
from kb.analysis.functions import Functions
from kb.analysis.verify import CONTRADICTS, check_answer
from kb.analysis.vocabulary import Vocabulary
from tests.analysis.fake_endpoint import card
from tests.counted_work import python_calls, stall_guard

# Django 5.2.19, reduced: django/db/models/query.py:367-373, 595-606, 611-647, 938-961, 1099-1107, 1952-1956.
QUERY = '''
class QuerySet:
    def __len__(self):
        self._fetch_all()
        return len(self._result_cache)

    def count(self):
        if self._result_cache is not None:
            return len(self._result_cache)
        return self.query.get_count(using=self.db)

    def get(self, *args, **kwargs):
        clone = self._chain() if self.query.combinator else self.filter(*args, **kwargs)
        limit = MAX_GET_RESULTS
        clone.query.set_limits(high=limit)
        num = len(clone)
        if num == 1:
            return clone._result_cache[0]
        raise self.model.MultipleObjectsReturned(
            "get() returned more than one %s -- it returned %s!" % (self.model._meta.object_name, num)
        )

    def get_or_create(self, defaults=None, **kwargs):
        self._for_write = True
        try:
            return self.get(**kwargs), False
        except self.model.DoesNotExist:
            params = self._extract_model_params(defaults, **kwargs)
            return self.create(**params), True

    def first(self):
        """Return the first object of a query or None if no match is found."""
        if self.ordered:
            queryset = self
        else:
            queryset = self.order_by("pk")
        for obj in queryset[:1]:
            return obj

    def _fetch_all(self):
        if self._result_cache is None:
            self._result_cache = list(self._iterable_class(self))
'''
# django/core/paginator.py:56-125 (5.2.19), reduced.
PAGINATOR = '''
class Paginator:
    def __iter__(self):
        for page_number in self.page_range:
            yield self.page(page_number)

    def validate_number(self, number):
        number = int(number)
        if number < 1:
            raise EmptyPage(self.error_messages["min_page"])
        return number

    def get_page(self, number):
        try:
            number = self.validate_number(number)
        except EmptyPage:
            number = self.num_pages
        return self.page(number)

    def page(self, number):
        """Return a Page object for the given 1-based page number."""
        number = self.validate_number(number)
        bottom = (number - 1) * self.per_page
        return self._get_page(self.object_list[bottom:bottom + self.per_page], number, self)

    def _get_page(self, *args, **kwargs):
        return Page(*args, **kwargs)

    @cached_property
    def count(self):
        c = getattr(self.object_list, "count", None)
        return c() if callable(c) else len(self.object_list)

    @property
    def page_range(self):
        return range(1, self.num_pages + 1)

    @async_unsafe
    def wrapped(self):
        return self.count

    def dispatch(self, name):
        return getattr(self, name)()
'''
# What the harvest records (kb/harvest/reading/callers.py, entry_points.py) for the raise in `validate_number`.
VALIDATE = {
    "callers": [
        {"function": "Paginator.page", "path": "django/core/paginator.py", "level": 1},
        {"function": "Paginator.get_page", "path": "django/core/paginator.py", "level": 1},
        {"function": "Paginator.__iter__", "path": "django/core/paginator.py", "level": 2, "via": "Paginator.page"},
    ],
    "entry_points": [{"function": "Paginator.validate_number", "via": []}, {"function": "Paginator.page", "via": []}],
}


def vocabulary(*, with_code: bool = True) -> Vocabulary:
    known = Vocabulary()
    known.read_code(QUERY + PAGINATOR)
    if with_code:
        known.functions.read(QUERY, "django/db/models/query.py")
        known.functions.read(PAGINATOR, "django/core/paginator.py")
    known.reach = routes.Reach(exception="EmptyPage")
    known.reach.add_site("Paginator.validate_number", VALIDATE)
    return known


def check(text: str, *, with_code: bool = True):
    return check_answer(json.loads(card(situations=text)), vocabulary(with_code=with_code))


def test_true_routes_are_kept_as_the_evidence_or_the_code_has_them() -> None:
    kept = [
        "`Paginator.get_page()` calls `Paginator.page()`, which calls `validate_number()`, which raises it.",
        "Reached through `Paginator.__iter__() -> Paginator.page() -> Paginator.validate_number()`.",
        "It is raised in `validate_number`, called from `Paginator.page`.",
        # Not recorded, but in the code: `len(clone)` runs `QuerySet.__len__`, which calls `_fetch_all`.
        "`QuerySet.get()` calls `QuerySet._fetch_all()` through `len()`.",
        "`QuerySet.get_or_create()` calls `get()` first.",
        "`Paginator.count` calls `len()` when `object_list` has no `count()`.",
    ]
    for text in kept:
        result = check(text)
        assert result.dropped == 0 and result.sections["situations"] == text, text


def test_a_planted_false_route_is_dropped_with_why() -> None:
    dropped = {
        "`Paginator.page_range` calls `validate_number()` for each page.": "`Paginator.page_range` does not call "
        "`validate_number`",
        "`QuerySet.first()` calls `QuerySet.count()` to size the slice.": "`QuerySet.first` does not call "
        "`QuerySet.count`",
        "`validate_number` is called by `Paginator.page_range`.": "`Paginator.page_range` does not call "
        "`validate_number`",
        "It goes from `QuerySet.first()` to `QuerySet.count()`.": "`QuerySet.first` does not call `QuerySet.count`",
        "`Paginator.get_page() -> Paginator.count`": "`Paginator.get_page` does not call `Paginator.count`",
        # Each step holds, but the last one never reaches the raise.
        "`Paginator.page()` calls `Paginator._get_page()`, which raises it.": "`Paginator._get_page` does not reach "
        "the raise in `Paginator.validate_number`",
    }
    for text, why in dropped.items():
        result = check(f"A real sentence about `Paginator.page`. {text}")
        assert result.sections["situations"] == "A real sentence about `Paginator.page`.", text
        assert result.dropped == 1 and result.unknown == [f"{CONTRADICTS} {why}"], text
        assert result.unchecked == [(text, [f"{CONTRADICTS} {why}"])]  # sent back once in the repair request


def test_a_route_the_code_cannot_tell_is_kept_when_its_names_are_real() -> None:
    kept = [
        "`Paginator.page_range` calls `validate_number()`.",  # no code read: nothing says otherwise
    ]
    assert all(check(text, with_code=False).dropped == 0 for text in kept)
    kept = [
        "`Paginator.wrapped()` calls `validate_number()`.",  # a decorator that may call anything
        "`Paginator.dispatch()` calls `validate_number()`.",  # a method by a computed name
        "`QuerySet.first()` calls `QuerySet.__iter__()`.",  # run implicitly, by no name
        "`QuerySet.first()` never calls `QuerySet.count()`.",  # not a route it claims
        "It changes from `page_range` to `count`.",  # values, not calls
        "`Page` calls `validate_number()`.",  # a class: no function of that name to read
        "`Paginator.get_page()` calls `Paginator.page()`, which raises `ValueError` on bad input.",  # another error
    ]
    for text in kept:
        assert check(text).dropped == 0, text


def test_the_route_reader_runs_in_linear_time_on_a_hostile_answer() -> None:
    units = ["`a()` calls ", "`a` -> ", "`a -> b -> ", "`a`, which raises ", "from `a` to ", "`a` is called by "]
    for unit in units:
        small, large = unit * (8_000 // len(unit)), unit * (64_000 // len(unit))
        assert python_calls(routes.claimed, large) <= 10 * python_calls(routes.claimed, small), unit
        with stall_guard():
            check_answer(json.loads(card(situations=large, solutions=[large])), vocabulary())


def test_a_file_that_does_not_parse_leaves_its_functions_unknown() -> None:
    functions = Functions(reader=lambda path: {"a.py": "def first(self):\n    pass\n", "b.py": "def first(:"}[path])
    functions.index("a.py", "def first(self):\n    pass\n")
    functions.index("b.py", "def first(:")
    reach = routes.Reach(raising=["validate_number"])
    assert routes.contradiction("`first()` calls `count()`.", reach, functions) == ""


# django/core/management/commands/makemessages.py:199-216 and 465-477 (5.2.19), reduced.
MAKEMESSAGES = """
class Command(BaseCommand):
    def handle(self, *args, **options):
        self.verbosity = options["verbosity"]

    @cached_property
    def gettext_version(self):
        out, err, status = popen_wrapper(["xgettext", "--version"], stdout_encoding=DEFAULT_LOCALE_ENCODING)
        m = re.search(r"(\\d+)\\.(\\d+)\\.?(\\d+)?", out)
        if m:
            return tuple(int(d) for d in m.groups() if d is not None)
        else:
            raise CommandError("Unable to get gettext version. Is it installed?")
"""


def test_a_property_written_as_a_call_is_dropped_with_why() -> None:
    # Round 26: the model wrote makemessages' cached property as the command's way in, "calling
    # `Command.gettext_version()`"; the command's own code never reads it (only its test does).
    known = vocabulary()
    known.read_code(MAKEMESSAGES)
    known.functions.read(MAKEMESSAGES, "django/core/management/commands/makemessages.py")
    dropped = {
        "It is raised when the command runs, by calling `Command.gettext_version()`.": "`Command.gettext_version`",
        "`Paginator.count()` sizes the pages first.": "`Paginator.count`",
    }
    for text, name in dropped.items():
        result = check_answer(json.loads(card(meaning=f"A real sentence about `Paginator.page`. {text}")), known)
        assert result.sections["meaning"] == "A real sentence about `Paginator.page`.", text
        assert result.unknown == [f"{CONTRADICTS} {name} is a property: read, not called"], text
    kept = [
        "Reading `cmd.gettext_version` raises it when `xgettext --version` prints no version.",
        "`Command.gettext_version` is read once per command object.",
        "`QuerySet.count()` counts the rows.",  # a method of that name, not the paginator's property
    ]
    for text in kept:
        result = check_answer(json.loads(card(meaning=text)), known)
        assert result.dropped == 0 and result.sections["meaning"] == text, text
