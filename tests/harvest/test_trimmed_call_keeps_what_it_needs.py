"""How to trigger it, trimmed from a test, keeps what makes the call raise (round 16's false claims): a decorator
that is the raising call (`@test_action.mapping.get` above a `def`), and a `mock.patch` the test raises under."""

from tests.harvest.published import harvest_published

ROUTES = """
class MethodMapper(dict):
    def __init__(self, action, methods):
        self.action = action

    def _map(self, method, func):
        assert method not in self, f"Method '{method}' has already been mapped to '.{self.action}'."
        self[method] = func
        return func

    def get(self, func):
        return self._map("get", func)


def action(func):
    func.mapping = MethodMapper(func.__name__, ["get"])
    return func


def checked(value):
    if native_check(value) == 0:
        raise ValueError("Error encountered in the native check.")
    return value


def native_check(value):
    return 1
"""

TESTS = """
from unittest import TestCase, mock

from routes.core import action, checked


class MappingTests(TestCase):
    def test_already_mapped(self):
        @action
        def test_action(request):
            raise NotImplementedError

        test_action.mapping.get(test_action)
        with self.assertRaisesMessage(AssertionError, "Method 'get' has already been mapped to '.test_action'."):
            @test_action.mapping.get
            def test_action_get(request):
                raise NotImplementedError

    def test_native_error(self):
        with mock.patch("routes.core.native_check") as mocked:
            mocked.return_value = 0
            with self.assertRaisesMessage(ValueError, "Error encountered in the native check."):
                checked(5)
"""


def cards(git_repo):
    files = {"routes/__init__.py": "", "routes/core.py": ROUTES, "tests/test_routes.py": TESTS}
    return harvest_published(git_repo, files, repo="acme/routes")


def test_a_decorator_that_raises_is_shown_with_the_def_it_decorates(db, git_repo) -> None:
    [card] = [card for message, card in cards(git_repo).items() if message.startswith("Method '")]
    assert "@test_action.mapping.get\ndef test_action_get(request):" in card.generated["how_to_trigger"]


def test_a_call_that_raises_under_a_patch_is_shown_with_the_patch(db, git_repo) -> None:
    card = cards(git_repo)["Error encountered in the native check."]
    shown = card.generated["how_to_trigger"]
    assert 'mock.patch("routes.core.native_check")' in shown and "checked(5)" in shown
