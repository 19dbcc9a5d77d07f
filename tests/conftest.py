import subprocess

import pytest
from django.contrib.auth.models import Group, User
from django.core.management import call_command
from django.test import Client

from api.models import CuratorToken
from kb.cards import responses as cards
from kb.matching.live import live_index
from kb.runtime import freshness, ratelimit
from kb.runtime import lookup_hits as lookup_hits_module
from kb.runtime.lookup_hits import lookup_hits
from tests.factories import ErrorEntryFactory, RepositoryFactory


@pytest.fixture(autouse=True)
def fresh_index(settings):
    """Each test looks up in its own database: no index left over from another test, and no refresh delay."""
    settings.MATCHING_REFRESH_SECONDS = 0
    live_index.reset()
    yield
    live_index.reset()


@pytest.fixture(autouse=True)
def fresh_process_memory(settings):
    """Each test starts with nothing remembered in process memory (cards, throttle counts, uncounted lookup hits)
    and sees every write at once; tests of the one-second freshness set CATALOGUE_CHECK_SECONDS themselves."""
    settings.CATALOGUE_CHECK_SECONDS = 0
    settings.LOOKUP_HITS_FLUSH_SECONDS = 0
    forget_process_memory()
    yield
    forget_process_memory()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A test that opens Chromium (the `page` fixture) must say so with the `browser` marker, so that
    `-m "not browser"` leaves out every slow, Chromium-needing test and nothing else."""
    opens_chromium = [item for item in items if "page" in getattr(item, "fixturenames", ())]
    unmarked = [item.nodeid for item in opens_chromium if not item.get_closest_marker("browser")]
    if unmarked:
        raise pytest.UsageError("Tests that use the `page` fixture need @pytest.mark.browser: " + ", ".join(unmarked))


@pytest.fixture
def seed(db) -> None:
    call_command("import_errors", "fixtures/sglang.json")


class GitRepo:
    """A small git repository of our own code, committed step by step, for harvest tests."""

    def __init__(self, root) -> None:

        self.root = root
        self._run = lambda *args: subprocess.run(
            ["git", "-c", "user.name=Test", "-c", "user.email=test@example.com", *args],
            cwd=root,
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
        self._run("init", "-q", "-b", "main")

    def write(self, path: str, text: str) -> None:
        import textwrap

        target = self.root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(textwrap.dedent(text).lstrip("\n"))

    def remove(self, path: str) -> None:
        (self.root / path).unlink()

    def commit(self, message: str = "change") -> str:
        self._run("add", "-A")
        self._run("commit", "-q", "--allow-empty", "-m", message)
        return self._run("rev-parse", "HEAD")

    def tag(self, name: str) -> None:
        self._run("tag", name)


@pytest.fixture
def git_repo(tmp_path) -> GitRepo:
    root = tmp_path / "checkout"
    root.mkdir()
    return GitRepo(root)


@pytest.fixture
def curator(db) -> User:
    """A curator as the "curators" group makes one: may write entries, is not staff (so no admin)."""
    user = User.objects.create_user("tool-owner", "owner@example.com", "a-long-password")
    user.groups.add(Group.objects.get(name="curators"))
    return user


@pytest.fixture
def curator_key(curator: User) -> str:
    """The key of a token of the curator's, as the admin shows it once."""
    _, key = CuratorToken.objects.create_key(name="importer", user=curator)
    return key


@pytest.fixture
def token_client(curator_key: str) -> Client:
    """A client that sends the curator's token with every request."""
    return Client(headers={"Authorization": f"Token {curator_key}"})


@pytest.fixture
def staff_curator_client(db) -> Client:
    """A browser logged in as a curator who uses the admin: staff, in the "curators" group, not a superuser."""
    user = User.objects.create_user("editor", "editor@example.com", "a-long-password", is_staff=True)
    user.groups.add(Group.objects.get(name="curators"))
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def drafts_only_repository(db):
    """A repository whose only entry is a draft, as a first harvest leaves it."""
    repository = RepositoryFactory(owner="acme", name="widgets")
    ErrorEntryFactory(
        repository=repository,
        draft=True,
        message="Widget size must be positive, got -1",
        sites=[{"path": "widgets/core.py", "line": 12, "function": "Widget.__init__", "commit": "abc123"}],
    )
    return repository


WIDGETS_COMMIT = "0123456789abcdef0123456789abcdef01234567"
WIDGETS_SNIPPET = '''class Widget:
    def resize(self, size, strict=False):
        """Change the widget's size."""
        if size < 0:
            raise ValueError(f"Widget size must be positive, got {size}")
        if strict and size > WIDGET_MAX_SIZE:
            raise ValueError(f"Widget size {size} is above WIDGET_MAX_SIZE")
        self.size = size
'''


@pytest.fixture
def widgets_harvest(db):
    """A harvested repository as `manage.py analyze` finds it: three generated, unreviewed drafts with their sites'
    code and evidence (conditions, values, function, callers) and the entry's tests and docs."""
    from kb.models import ErrorEntry

    repository = RepositoryFactory(owner="acme", name="widgets")
    function = {
        "name": "Widget.resize",
        "class": "Widget",
        "signature": "(self, size, strict=False)",
        "doc": "Change the widget's size.",
    }
    callers = [{"function": "resize_command", "path": "widgets/cli.py", "line": 30, "level": 1, "guess": False}]
    shapes = [
        (
            "Widget size must be positive, got -1",
            "Widget size must be positive, got {size}",
            14,
            "size < 0",
            "`size` is below 0",
        ),
        (
            "Widget size 99 is above WIDGET_MAX_SIZE",
            "Widget size {size} is above WIDGET_MAX_SIZE",
            16,
            "strict and size > WIDGET_MAX_SIZE",
            "`strict` is true and `size` is above `WIDGET_MAX_SIZE`",
        ),
        (
            "Widget colour notacolour is unknown",
            "Widget colour {colour} is unknown",
            16,
            "colour not in COLOURS",
            "`colour` is not one of `COLOURS`",
        ),
    ]
    for message, signature, line, code, sentence in shapes:
        site_evidence = {
            "conditions": [{"kind": "if", "code": code, "sentence": sentence, "line": line - 1}],
            "under_condition": True,
            "values": [{"placeholder": "size", "expression": "size"}],
            "parameters": ["size", "strict"],
            "function": function,
            "callers": callers,
        }
        evidence = {
            "tests": [
                {
                    "path": "tests/test_widgets.py",
                    "line": 8,
                    "name": "test_negative_size",
                    "assertion": "pytest.raises",
                    "how": "message",
                    "start": 6,
                    "code": "def test_negative_size():\n    with pytest.raises(ValueError, match='positive'):\n"
                    "        Widget().resize(-1)",
                }
            ],
            "docs": [
                {
                    "path": "docs/widgets.rst",
                    "line": 12,
                    "text": "Sizes are capped by WIDGET_MAX_SIZE; the command takes --widget-size.",
                    "term": "WIDGET_MAX_SIZE",
                }
            ],
        }
        ErrorEntryFactory(
            repository=repository,
            draft=True,
            message=message,
            signature=signature,
            method=ErrorEntry.Method.HARVESTED,
            review_state=ErrorEntry.Review.GENERATED,
            analysed_commit=WIDGETS_COMMIT,
            evidence=evidence,
            generated={"meaning": "Generated from the code."},
            sites=[
                {
                    "path": "widgets/core.py",
                    "line": line,
                    "function": "Widget.resize",
                    "commit": WIDGETS_COMMIT,
                    "snippet": WIDGETS_SNIPPET,
                    "snippet_start": 10,
                    "evidence": site_evidence,
                }
            ],
        )
    return repository


WALL_START = 1_800_000_000.0  # a whole number of hours: the clock's 1000.0 s lies 40 s into a minute


class Clock:
    """A monotonic clock that stands still until a test moves it (`clock.now += 1.0`)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def production_intervals(settings, monkeypatch) -> Clock:
    """The catalogue read at most once a second, lookup hits written every five seconds, throttle counts shared once
    a second and counted per wall-clock window, all on one clock that stands still until the test moves it; the
    lookup index checked once a minute (its own clock, longer than any test)."""
    settings.CATALOGUE_CHECK_SECONDS = 1.0
    settings.MATCHING_REFRESH_SECONDS = 60
    settings.LOOKUP_HITS_FLUSH_SECONDS = 5.0
    clock = Clock()
    for module in (freshness, ratelimit, lookup_hits_module):
        monkeypatch.setattr(module, "clock", clock)
    # The throttle's windows are wall-clock minutes: a real one would start a new window (and read the shared
    # counts again) whenever a slow machine crosses a minute between two requests.
    monkeypatch.setattr(ratelimit, "wall_clock", lambda: WALL_START + clock.now)
    lookup_hits.flush()  # what earlier requests of the test counted, before the clock stands still
    return clock


def forget_process_memory() -> None:
    from kb.matching.answers import kept_details
    from kb.pages.search import kept_facets

    cards.memory.clear()
    freshness.catalogue.forget()
    freshness.per_revision.clear()
    kept_facets.clear()
    kept_details.clear()
    ratelimit.counter.clear()
    lookup_hits.forget()


@pytest.fixture(autouse=True)
def fresh_search_statistics(settings) -> None:
    """Each search reads the words' shares (ANALYZE's) afresh: none left over from another test's catalogue."""
    settings.SEARCH_STATS_SECONDS = 0
