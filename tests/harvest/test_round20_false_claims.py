"""Round 20's false claims (/work/review/round20, docs/card-review.md), each on real code of its shape (Django 5.2.19,
psycopg 3.3.9), reduced where it says."""

from pathlib import Path

import psycopg

from kb.cards.examples import how_to_trigger
from kb.models import ErrorEntry
from tests.factories import generated_entry
from tests.harvest.published import django_files, harvest_published

PSYCOPG = Path(psycopg.__file__).parent

# Django 5.2.19's tests/auth_tests/test_login.py (sdist): lines 1-16 and 28-75, without the two tests that log a
# user in (17-26).
LOGIN_TESTS = """
from django.contrib import auth
from django.contrib.auth.models import AnonymousUser, User
from django.http import HttpRequest
from django.test import TestCase
from django.utils.deprecation import RemovedInDjango61Warning


class TestLogin(TestCase):
    @classmethod
    def setUpTestData(cls):
        cls.user = User.objects.create_user(username="testuser", password="password")

    def setUp(self):
        self.request = HttpRequest()
        self.request.session = self.client.session

    # RemovedInDjango61Warning: When the deprecation ends, replace with:
    # def test_without_user(self):
    def test_without_user_no_request_user(self):
        # RemovedInDjango61Warning: When the deprecation ends, replace with:
        # with self.assertRaisesMessage(
        #     AttributeError,
        #     "'NoneType' object has no attribute 'get_session_auth_hash'",
        # ):
        #     auth.login(self.request, None)
        with (
            self.assertRaisesMessage(
                AttributeError,
                "'HttpRequest' object has no attribute 'user'",
            ),
            self.assertWarnsMessage(
                RemovedInDjango61Warning,
                "Fallback to request.user when user is None will be removed.",
            ),
        ):
            auth.login(self.request, None)

    # RemovedInDjango61Warning: When the deprecation ends, remove completely.
    def test_without_user_anonymous_request(self):
        self.request.user = AnonymousUser()
        with (
            self.assertRaisesMessage(
                AttributeError,
                "'AnonymousUser' object has no attribute '_meta'",
            ),
            self.assertWarnsMessage(
                RemovedInDjango61Warning,
                "Fallback to request.user when user is None will be removed.",
            ),
        ):
            auth.login(self.request, None)

    # RemovedInDjango61Warning: When the deprecation ends, remove completely.
    def test_without_user_authenticated_request(self):
        self.request.user = self.user
        self.assertNotIn(auth.SESSION_KEY, self.request.session)

        msg = "Fallback to request.user when user is None will be removed."
        with self.assertWarnsMessage(RemovedInDjango61Warning, msg):
            auth.login(self.request, None)
        self.assertEqual(self.request.session[auth.SESSION_KEY], str(self.user.pk))
"""


# Django 5.2.19's tests/admin_scripts/tests.py (sdist): the imports it uses (lines 16, 23-25, 32, 34, 38; 25 and 38
# cut to the names it uses) and `ManageRunserver.test_custom_system_checks` (lines 1742-1785), 44 lines.
RUNSERVER_TESTS = '''
from io import StringIO
from django.core.checks import Error, Tags, register
from django.core.checks.registry import registry
from django.core.management import call_command
from django.core.management.base import LabelCommand, SystemCheckError
from django.core.management.commands.runserver import Command as RunserverCommand
from django.test import SimpleTestCase


class ManageRunserver(SimpleTestCase):
    def test_custom_system_checks(self):
        original_checks = registry.registered_checks.copy()

        @register(Tags.signals)
        def my_check(app_configs, **kwargs):
            return [Error("my error")]

        class CustomException(Exception):
            pass

        self.addCleanup(setattr, registry, "registered_checks", original_checks)

        class CustomRunserverCommand(RunserverCommand):
            """Rather than mock run(), raise immediately after system checks run."""

            def check_migrations(self, *args, **kwargs):
                raise CustomException

        class CustomRunserverCommandWithSignalsChecks(CustomRunserverCommand):
            requires_system_checks = [Tags.signals]

        command = CustomRunserverCommandWithSignalsChecks()
        with self.assertRaises(SystemCheckError):
            call_command(
                command,
                use_reloader=False,
                skip_checks=False,
                stdout=StringIO(),
                stderr=StringIO(),
            )

        class CustomMigrateCommandWithSecurityChecks(CustomRunserverCommand):
            requires_system_checks = [Tags.security]

        command = CustomMigrateCommandWithSecurityChecks()
        with self.assertRaises(CustomException):
            call_command(
                command,
                use_reloader=False,
                skip_checks=False,
                stdout=StringIO(),
                stderr=StringIO(),
            )

'''


def test_a_warning_asserted_inside_an_assertion_of_another_error_is_not_triggered_by_the_test(db, git_repo) -> None:
    # Round 20's card 11: `login(request, None)` reads `request.user` before it warns
    # (django/contrib/auth/__init__.py:163-166); on a bare `HttpRequest()` that is an AttributeError, which the test
    # asserts around `assertWarnsMessage` (which lets an error through unchecked): the warning is never issued.
    files = {**django_files("contrib/auth/__init__.py"), "tests/auth_tests/test_login.py": LOGIN_TESTS}
    card = harvest_published(git_repo, files)["Fallback to request.user when user is None will be removed."]
    named = [test["name"] for test in card.evidence["tests"]]
    assert "TestLogin.test_without_user_no_request_user" not in named
    assert "TestLogin.test_without_user_authenticated_request" in named
    assert "test_without_user_no_request_user" not in card.generated["situations"] + card.generated["how_to_trigger"]


def test_a_long_test_is_shown_with_the_statements_its_lines_need(db, git_repo) -> None:
    # Round 20's card 09 showed this test from `self.addCleanup(...)` on: without the registered check whose error
    # makes `BaseCommand.check()` raise (`@register(Tags.signals) def my_check`), nor `original_checks` and
    # `CustomException`, which its lines use.
    files = {
        **django_files(
            "core/management/__init__.py", "core/management/base.py", "core/management/commands/runserver.py"
        ),
        "tests/admin_scripts/tests.py": RUNSERVER_TESTS,
    }
    [card] = [e for e in harvest_published(git_repo, files).values() if e.exception_type.endswith("SystemCheckError")]
    shown = card.generated["how_to_trigger"]
    assert "test_custom_system_checks" in shown
    for needed in ("original_checks = registry", "@register(Tags.signals)", "class CustomException(Exception):"):
        assert needed in shown


# Django 5.2.19's tests/sites_tests/tests.py:51-57 (sdist), as the harvest records it; the class's
# `@modify_settings(...)` left out, so that the test's own lines decide how it is shown.
SITES_TEST = {
    "path": "tests/sites_tests/tests.py",
    "line": 55,
    "name": "SitesFrameworkTests.test_delete_all_sites_clears_cache",
    "assertion": "assertRaises",
    "how": "type-and-call",
    "code": """    def test_delete_all_sites_clears_cache(self):
        # When all site objects are deleted the cache should also
        # be cleared and get_current() should raise a DoesNotExist.
        self.assertIsInstance(Site.objects.get_current(), Site)
        Site.objects.all().delete()
        with self.assertRaises(Site.DoesNotExist):
            Site.objects.get_current()""",
    "start": 51,
    "call": "Site.objects.get_current()",
    "pinned": 57,
}


def test_a_call_made_for_what_it_does_before_the_triggering_call_is_shown_with_it(db) -> None:
    # `Site.objects.get_current()` alone finds the site: it raises only after `Site.objects.all().delete()`.
    shown = how_to_trigger(generated_entry(), [SITES_TEST])
    assert "    Site.objects.all().delete()\n    Site.objects.get_current()" in shown


# Django 5.2.19's tests/transactions/tests.py:463-485 (sdist), as the harvest records it.
ATOMIC_TEST = {
    "path": "tests/transactions/tests.py",
    "line": 480,
    "name": "AtomicMiscTests.test_mark_for_rollback_on_error_in_transaction",
    "assertion": "assertRaisesMessage",
    "how": "message",
    "code": """    def test_mark_for_rollback_on_error_in_transaction(self):
        with transaction.atomic(savepoint=False):
            # Swallow the intentional error raised.
            with self.assertRaisesMessage(Exception, "Oops"):
                # Wrap in `mark_for_rollback_on_error` to check if the
                # transaction is marked broken.
                with transaction.mark_for_rollback_on_error():
                    # Ensure that we are still in a good state.
                    self.assertFalse(transaction.get_rollback())

                    raise Exception("Oops")

                # mark_for_rollback_on_error marked the transaction as broken …
                self.assertTrue(transaction.get_rollback())

            # … and further queries fail.
            msg = "You can't execute queries until the end of the 'atomic' block."
            with self.assertRaisesMessage(transaction.TransactionManagementError, msg):
                Reporter.objects.create()

        # Transaction errors are reset at the end of an transaction, so this
        # should just work.
        Reporter.objects.create()""",
    "start": 463,
    "call": "Reporter.objects.create()",
    "pinned": 481,
}


def test_a_call_inside_a_block_that_sets_it_up_is_shown_with_it(db) -> None:
    # `Reporter.objects.create()` alone creates a row: it raises only inside the `atomic()` block that an error
    # has marked for rollback.
    shown = how_to_trigger(generated_entry(), [ATOMIC_TEST])
    assert "with transaction.atomic(savepoint=False):" in shown and 'raise Exception("Oops")' in shown


def test_a_local_built_in_branches_or_a_loop_is_one_placeholder_in_the_message(db, git_repo) -> None:
    # Round 20's card 09 gave `BaseCommand.check()`'s message (django/core/management/base.py:503-572) as
    # "{ERROR}{body}\n{group_name}:\n{formatted}\n{footer}\nSystem check identified {visible_issue_count} ...":
    # `body` is added to once per group in a loop, `footer` only under `if display_num_errors:`, so neither
    # addition is always there, and each local was said both by its name and by what is added to it.
    harvest_published(git_repo, django_files("core/management/base.py", "contrib/admin/utils.py"))
    [check] = ErrorEntry.objects.filter(exception_type__endswith="SystemCheckError")
    assert "System check identified" not in check.message and "{group_name}" not in check.message
    # django/contrib/admin/utils.py:385-390: `message += f" or {...}"` under `if model_admin:`, then `if form:`,
    # each wording with and without each addition.
    [lookup] = ErrorEntry.objects.filter(message__startswith="Unable to lookup")
    said = {lookup.message, *(variant.message for variant in lookup.variants.all())}
    assert said == {
        "Unable to lookup '{name}' on {object_name}",
        "Unable to lookup '{name}' on {object_name} or {model_admin_type}",
        "Unable to lookup '{name}' on {object_name} or {form_type}",
        "Unable to lookup '{name}' on {object_name} or {model_admin_type} or {form_type}",
    }


def test_a_caller_handing_on_a_parameter_annotated_not_none_is_no_way_to_a_none_test(db, git_repo) -> None:
    # Round 20's card 23's shape, on psycopg 3.3.9 (installed with the project): `BaseConnection.xid(format_id: int,
    # gtrid: str, bqual: str)` calls `Xid.from_parts(format_id, gtrid, bqual)` (psycopg/_connection_base.py:624-635),
    # whose raise sits under `if bqual is None:` with `bqual: str | None` (psycopg/_tpc.py:63-67): `xid()` hands on
    # a `str`, never None.
    files = {f"psycopg/{name}": PSYCOPG / name for name in ("__init__.py", "_tpc.py", "_connection_base.py")}
    card = harvest_published(git_repo, files, repo="psycopg/psycopg")["if format_id is specified, bqual must be too"]
    [site] = card.sites.all()
    reached = [row["function"] for row in site.evidence["entry_points"]]
    callers = [row["function"] for row in site.evidence.get("callers", [])]
    assert "Xid.from_parts" in reached
    assert "BaseConnection.xid" not in reached + callers
    assert "xid()" not in card.generated.get("situations", "")
