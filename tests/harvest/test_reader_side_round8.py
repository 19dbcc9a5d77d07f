"""Cards of the eighth reader's review (issue 29): what a card must not say. "Every time it is called" is said of
the raising function alone, not of an entry point that calls it on some paths; `**kwargs` beside named parameters
holds only the keywords they do not take; a ctypes `errcheck` callback's arguments are no one's to pass."""

from pathlib import Path

import django
import rest_framework

from tests.harvest.published import harvest_published as harvest

DJANGO = Path(django.__file__).parent
DRF = Path(rest_framework.__file__).parent


def test_every_call_is_said_of_the_raising_function_alone(db, git_repo):
    files = {f"rest_framework/{name}": (DRF / name).read_text() for name in ("serializers.py", "fields.py")}
    cards = harvest(git_repo, files, "encode/django-rest-framework")
    entry = next(e for m, e in cards.items() if m.startswith("Field name `{field_name}` is not valid for model"))
    meaning = entry.generated["meaning"]
    assert meaning.startswith("`ModelSerializer.build_unknown_field()` raises this every time it is called.")
    assert "build_field()" not in meaning.split(".", 1)[0]


def test_keywords_beside_named_parameters_are_the_ones_it_does_not_name(db, git_repo):
    source = (
        "import warnings\n\n\n"
        "class Decoder:\n"
        "    def decode(self, token, key='', algorithms=None, **kwargs):\n"
        "        if kwargs:\n"
        "            warnings.warn(f'passing additional kwargs to decode() is deprecated: {tuple(kwargs)}')\n"
        "        return token\n"
    )
    cards = harvest(git_repo, {"jwtlike/__init__.py": source}, "example/jwtlike")
    meaning = next(e for m, e in cards.items() if m.startswith("passing additional kwargs")).generated["meaning"]
    assert "when keyword arguments it does not name are given" in meaning


def test_a_ctypes_result_check_gives_no_advice_on_its_arguments(db, git_repo):
    name = "contrib/gis/geos/prototypes/errcheck.py"
    cards = harvest(git_repo, {f"django/{name}": (DJANGO / name).read_text()})
    entry = cards['Error encountered on GEOS C predicate function "{func}".']
    assert not any("as `result`" in solution for solution in entry.generated.get("solutions", []))
    assert entry.generated["meaning"].startswith(
        "`check_predicate()`, the check ctypes runs on a C function's result, raises this when"
    )


def test_a_property_setter_that_always_raises_is_said_as_the_assignment(db, git_repo):
    source = (
        "class Version:\n"
        "    @property\n"
        "    def build(self):\n"
        '        """The build part of a version."""\n'
        "        return self._build\n"
        "\n"
        "    @build.setter\n"
        "    def build(self, value):\n"
        "        raise AttributeError('attribute build is readonly')\n"
    )
    cards = harvest(git_repo, {"semverlike/__init__.py": source}, "example/semverlike")
    generated = cards["attribute build is readonly"].generated
    assert generated["meaning"].startswith("Assigning to `Version.build` raises this, every time.")
    assert "The build part of a version" not in generated["meaning"]
    assert "every time it is assigned to." in generated["trigger"]


def test_an_argument_set_again_in_one_branch_is_not_said_by_that_branch(db, git_repo):
    source = (
        "class Version:\n"
        "    @classmethod\n"
        "    def parse(cls, version):\n"
        "        if isinstance(version, bytes):\n"
        "            version = version.decode('UTF-8')\n"
        "        if not version.startswith('v'):\n"
        "            raise ValueError(f'{version} is not valid SemVer string')\n"
        "        return cls()\n"
    )
    cards = harvest(git_repo, {"semverlike/__init__.py": source}, "example/semverlike")
    entry = next(e for m, e in cards.items() if m.endswith("is not valid SemVer string"))
    text = entry.generated.get("meaning", "") + entry.generated.get("trigger", "")
    assert "decode" not in text
