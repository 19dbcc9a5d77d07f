"""Module-level names in a raise's test, said from the reader's side (round 24's cards 21 and 23): a flag or a
module bound in `try: import x ... except ImportError:` says whether `x` can be imported; a literal container the
module never changes says which values it holds. Said only where the code proves it: a flag set false anywhere else,
a container changed anywhere in its module, stay unsaid."""

from kb.harvest.reading.module_names import _installs
from tests.harvest.published import harvest_published

# python-box 8.0.0 box/converters.py:16-18, 20-26, 76-80 (the msgpack flag and the ruamel one, which a version check
# also turns off) and box/from_file.py:12, 72-74 (`_to_msgpack`), reduced to the flags and their tests.
CONVERTERS = """
from box.exceptions import BoxError

ruamel_available = True
msgpack_available = True

try:
    from ruamel.yaml import YAML, version_info
except ImportError:  # pragma: no cover (depends on installed packages)
    ruamel_available = False
else:
    if version_info[1] < 17:  # pragma: no cover (depends on installed packages)
        ruamel_available = False

try:
    import msgpack  # type: ignore
except ImportError:
    msgpack = None  # type: ignore
    msgpack_available = False


def _to_ruamel(file):
    if not ruamel_available:
        raise BoxError(f'File "{file}" is yaml but ruamel.yaml is not available')
    return YAML().load(file)
"""
FROM_FILE = """
from box.converters import msgpack_available
from box.exceptions import BoxError


def _to_msgpack(file, _, __, **kwargs):
    if not msgpack_available:
        raise BoxError(f'File "{file}" is msgpack but no package is available to open it. Please install "msgpack"')
    return file
"""
EXCEPTIONS = "class BoxError(Exception):\n    pass\n"
BOX = {"box/__init__.py": "", "box/exceptions.py": EXCEPTIONS, "box/converters.py": CONVERTERS}

# djangorestframework 3.18.3 rest_framework/compat.py:31-35 and rest_framework/renderers.py:24-26, 915-921: the
# message names `pyyaml`, not the `yaml` module imported, so no package name is said.
COMPAT = """
try:
    import yaml
except ImportError:
    yaml = None
"""
RENDERERS = """
from rest_framework.compat import yaml


class OpenAPIRenderer:
    media_type = 'application/vnd.oai.openapi'

    def __init__(self):
        assert yaml, 'Using OpenAPIRenderer, but `pyyaml` is not installed.'
"""

# Django 5.2.19 django/urls/converters.py:44-68, the converter classes reduced to one.
URL_CONVERTERS = """
import warnings


class IntConverter:
    regex = "[0-9]+"


DEFAULT_CONVERTERS = {
    "int": IntConverter(),
    "path": IntConverter(),
    "slug": IntConverter(),
    "str": IntConverter(),
    "uuid": IntConverter(),
}


REGISTERED_CONVERTERS = {}


def register_converter(converter, type_name):
    if type_name in REGISTERED_CONVERTERS or type_name in DEFAULT_CONVERTERS:
        warnings.warn(
            f"Converter {type_name!r} is already registered.",
            DeprecationWarning,
            stacklevel=2,
        )
    REGISTERED_CONVERTERS[type_name] = converter()
"""


def sections(card) -> str:
    return " ".join(str(card.generated.get(name) or "") for name in ("meaning", "trigger"))


def card(cards: dict, words: str):
    return next(entry for message, entry in cards.items() if words in message)


def test_a_flag_imported_from_a_sibling_module_says_the_package_the_message_names(db, git_repo) -> None:
    cards = harvest_published(git_repo, {**BOX, "box/from_file.py": FROM_FILE}, repo="cdgriffith/Box")
    said = sections(card(cards, "is msgpack but"))
    assert "the `msgpack` package is not installed" in said
    assert "msgpack_available" not in said


def test_a_flag_turned_off_by_another_test_too_is_not_said(db, git_repo) -> None:
    cards = harvest_published(git_repo, BOX, repo="cdgriffith/Box")
    said = sections(card(cards, "ruamel.yaml is not available"))
    assert "cannot be imported" not in said
    assert "not installed" not in said


def test_a_flag_a_function_may_set_again_is_not_said(db, git_repo) -> None:
    rebound = CONVERTERS + "\n\ndef _forget():\n    global msgpack_available\n    msgpack_available = False\n"
    files = {**BOX, "box/converters.py": rebound, "box/from_file.py": FROM_FILE}
    said = sections(card(harvest_published(git_repo, files, repo="cdgriffith/Box"), "is msgpack but"))
    assert "installed" not in said


def test_a_module_set_to_none_says_the_import_name_not_a_guessed_package(db, git_repo) -> None:
    files = {"rest_framework/__init__.py": "", "rest_framework/compat.py": COMPAT}
    cards = harvest_published(
        git_repo, {**files, "rest_framework/renderers.py": RENDERERS}, repo="encode/django-rest-framework"
    )
    said = sections(card(cards, "Using OpenAPIRenderer"))
    assert "the `yaml` module cannot be imported (not installed)" in said
    assert "package" not in said


def test_a_literal_dict_the_module_never_changes_is_said_by_its_keys(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/urls/converters.py": URL_CONVERTERS})
    said = sections(card(cards, "is already registered"))
    assert "the `type_name` argument is one of `'int'`, `'path'`, `'slug'`, `'str'` or `'uuid'`" in said
    # The other dict is filled by the function itself: nothing says what it holds.
    assert "`REGISTERED_CONVERTERS` contains the `type_name` argument" in said


def test_a_dict_changed_in_its_module_is_not_said_by_its_keys(db, git_repo) -> None:
    changed = URL_CONVERTERS + '\n\ndef reset():\n    DEFAULT_CONVERTERS["int"] = IntConverter()\n'
    cards = harvest_published(git_repo, {"django/urls/converters.py": changed})
    said = sections(card(cards, "is already registered"))
    assert "`'int'`" not in said


# Django 5.2.19 django/utils/autoreload.py:43-46 and 621-624, the reloader reduced to the check.
AUTORELOAD = """
try:
    import pywatchman
except ImportError:
    pywatchman = None


class WatchmanUnavailable(RuntimeError):
    pass


class WatchmanReloader:
    @classmethod
    def check_availability(cls):
        if not pywatchman:
            raise WatchmanUnavailable("pywatchman not installed.")
        return True
"""


def test_a_package_the_message_names_is_the_one_to_install(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/utils/autoreload.py": AUTORELOAD})
    entry = card(cards, "pywatchman not installed")
    assert "the `pywatchman` package is not installed" in sections(entry)
    assert "Install the `pywatchman` package." in str(entry.generated.get("solutions"))


# charset-normalizer 3.5.3 charset_normalizer/constant.py:1027 (FREQUENCIES, 41 languages; the first seven kept,
# each list of characters cut to three) and charset_normalizer/cd.py:7-8, 188-198 (the docstring cut to its first
# line, the comparison after the check to a `return`).
CHARSET_CONSTANT = """
FREQUENCIES: dict[str, list[str]] = {
    "English": ["e", "a", "t"],
    "English—": ["e", "a", "t"],
    "German": ["e", "n", "i"],
    "French": ["e", "a", "s"],
    "Dutch": ["e", "n", "a"],
    "Italian": ["e", "i", "a"],
    "Polish": ["a", "i", "o"],
}
"""
CHARSET_CD = '''
from .constant import (
    FREQUENCIES,
)


def characters_popularity_compare(
    language: str, ordered_characters: list[str]
) -> float:
    """
    Determine if a ordered characters list (by occurrence from most appearance to rarest) match a particular language.
    """
    if language not in FREQUENCIES:
        raise ValueError(f"{language} not available")  # Defensive:

    return len(ordered_characters) / len(FREQUENCIES[language])
'''
CHARSET = {"charset_normalizer/__init__.py": "", "charset_normalizer/constant.py": CHARSET_CONSTANT}


def test_an_argument_not_in_an_imported_literal_dict_is_said_and_advised_by_a_few_keys(db, git_repo) -> None:
    files = {**CHARSET, "charset_normalizer/cd.py": CHARSET_CD}
    entry = card(harvest_published(git_repo, files, repo="jawah/charset_normalizer"), "not available")
    listed = "the 7 keys of `FREQUENCIES` (`'English'`, `'English—'`, `'German'`, `'French'`, …)"
    assert f"the `language` argument is not one of {listed}" in sections(entry)
    solution = f"Pass one of {listed} as `language` to `characters_popularity_compare()`."
    assert solution in str(entry.generated.get("solutions"))


# A `try` whose ImportError can come from an installed module (a review of bb2b8db): `from yaml import CSafeLoader`
# fails where PyYAML is installed without libyaml (Django 5.2.19 django/core/serializers/pyyaml.py:17-22 tries it),
# and a version check in the `try` raises an ImportError of its own. Neither flag is "not installed".
COMPAT_PARTS = """
try:
    from yaml import CSafeLoader as Loader
except ImportError:
    Loader = None

try:
    import msgpack
    if msgpack.version < (1, 0):
        raise ImportError("too old")
except ImportError:
    msgpack = None
"""
PARTS_RENDERERS = """
from rest_framework.compat import Loader, msgpack


class FastRenderer:
    def __init__(self):
        assert Loader, 'FastRenderer needs the C loader.'


class PackRenderer:
    def __init__(self):
        assert msgpack, 'PackRenderer needs msgpack 1.0 or later.'
"""


def test_an_import_that_fails_where_the_module_is_installed_is_not_said_missing(db, git_repo) -> None:
    files = {
        "rest_framework/__init__.py": "",
        "rest_framework/compat.py": COMPAT_PARTS,
        "rest_framework/renderers.py": PARTS_RENDERERS,
    }
    cards = harvest_published(git_repo, files, repo="encode/django-rest-framework")
    for message in ("FastRenderer needs the C loader.", "PackRenderer needs msgpack 1.0 or later."):
        assert "installed" not in sections(card(cards, message))
        assert "cannot be imported" not in sections(card(cards, message))


def test_a_message_installing_something_else_names_no_package() -> None:
    # glom 25.12.0 glom/cli.py:139 ("To process yaml files, run: pip install PyYAML"): the pip package is PyYAML, the
    # import `yaml`; "Install the `yaml` package" would guess a name (a review of bb2b8db).
    assert not _installs("To process yaml files, run: pip install PyYAML", "yaml")
    assert _installs(
        'File "a.mp" is msgpack but no package is available to open it. Please install "msgpack"', "msgpack"
    )
    assert _installs("pywatchman not installed.", "pywatchman")
