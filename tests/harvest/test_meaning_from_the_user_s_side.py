"""What a card's "what it means" says from the reader's side (issue 29, round 26: M 1.16 of 3): the command they ran
rather than a method of its class, a local that only renames their argument or flag said as that input once, a
`pop` that failed as the key that is absent, and where the raise's own test cannot be said, the enclosing tests on
what they gave, with "among other conditions"."""

from tests.harvest.published import harvest_published as harvest

COMMANDS = "django/core/management/commands"

# rest_framework/authtoken/management/commands/drf_create_token.py lines 9-43 (DRF 3.18.3), trimmed.
DRF_CREATE_TOKEN = """\
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

UserModel = get_user_model()


class Command(BaseCommand):
    help = 'Create DRF Token for a given user'

    def create_user_token(self, username, reset_token):
        user = UserModel._default_manager.get_by_natural_key(username)
        return user

    def add_arguments(self, parser):
        parser.add_argument('username', type=str)
        parser.add_argument('-r', '--reset', action='store_true', dest='reset_token', default=False,
                            help='Reset existing User token and create a new one')

    def handle(self, *args, **options):
        username = options['username']
        reset_token = options['reset_token']
        try:
            token = self.create_user_token(username, reset_token)
        except UserModel.DoesNotExist:
            raise CommandError('Cannot create the Token: user {} does not exist'.format(username))
        self.stdout.write(f'Generated token {token.key} for user {username}')
"""


def test_a_local_that_only_renames_an_option_is_said_as_the_option_once(db, git_repo) -> None:
    files = {"rest_framework/authtoken/management/commands/drf_create_token.py": DRF_CREATE_TOKEN}
    cards = harvest(git_repo, files, "encode/django-rest-framework")
    meaning = cards["Cannot create the Token: user {username} does not exist"].generated["meaning"]
    assert "`reset_token` is the `--reset` flag" in meaning
    assert "`username` is an argument" in meaning
    assert "options[" not in meaning  # no chain of definitions left for the reader to resolve


# django/contrib/auth/management/commands/createsuperuser.py lines 43-55 and 104-120 (Django 5.2.19), trimmed: a
# `store_false` flag stores the opposite of its name.
CREATESUPERUSER = """\
from django.core.management.base import BaseCommand, CommandError


class Command(BaseCommand):
    def add_arguments(self, parser):
        parser.add_argument(
            "--noinput",
            "--no-input",
            action="store_false",
            dest="interactive",
            help="Tells Django to NOT prompt the user for input of any kind.",
        )

    def handle(self, *args, **options):
        username = options["username"]
        if options["interactive"]:
            if username == "":
                raise CommandError("Username cannot be blank.")
"""


def test_a_flag_that_stores_its_opposite_is_not_said_as_the_value(db, git_repo) -> None:
    cards = harvest(git_repo, {"django/contrib/auth/management/commands/createsuperuser.py": CREATESUPERUSER})
    generated = cards["Username cannot be blank."].generated
    # `options["interactive"]` is true when `--noinput` is NOT given: "the `--noinput` flag is set" would be false.
    assert "`--noinput` flag is set" not in generated["trigger"]
    assert "`--noinput` flag is set" not in generated["meaning"]
    # nor as an argument the user gives: `interactive` is true when they type nothing
    assert "`interactive` argument" not in generated["trigger"] + generated["meaning"]


# django/db/migrations/state.py lines 304-314 (Django 5.2.19).
PROJECT_STATE = """\
from django.core.exceptions import FieldDoesNotExist


class ProjectState:
    def __init__(self, models=None, real_apps=None):
        self.models = models or {}

    def rename_field(self, app_label, model_name, old_name, new_name):
        model_key = app_label, model_name
        model_state = self.models[model_key]
        # Rename the field.
        fields = model_state.fields
        try:
            found = fields.pop(old_name)
        except KeyError:
            raise FieldDoesNotExist(
                f"{app_label}.{model_name} has no field named '{old_name}'"
            )
        fields[new_name] = found
"""


def test_a_pop_that_failed_is_said_as_the_key_that_is_absent(db, git_repo) -> None:
    cards = harvest(git_repo, {"django/db/migrations/state.py": PROJECT_STATE})
    meaning = cards["{app_label}.{model_name} has no field named '{old_name}'"].generated["meaning"]
    assert meaning.startswith(
        "`ProjectState.rename_field()` raises this when the `old_name` argument is not a key of `fields`"
    )
    assert "raised `KeyError`" not in meaning


# django/core/management/commands/makemessages.py lines 207-214, 317-330 and 693-733 (Django 5.2.19), trimmed.
MAKEMESSAGES = """\
from django.core.management.base import BaseCommand, CommandError
from django.core.management.utils import popen_wrapper

STATUS_OK = 0


class Command(BaseCommand):
    def add_arguments(self, parser):
        parser.add_argument(
            "--no-obsolete",
            action="store_true",
            help="Remove obsolete message strings.",
        )

    def handle(self, *args, **options):
        self.no_obsolete = options["no_obsolete"]
        for locale in options["locale"]:
            self.write_po_file(options["potfile"], locale)

    def write_po_file(self, potfile, locale):
        \"\"\"Create or update the PO file for self.domain and `locale`.\"\"\"
        if self.no_obsolete:
            args = ["msgattrib"] + ["-o", potfile, potfile]
            msgs, errors, status = popen_wrapper(args)
            if errors:
                if status != STATUS_OK:
                    raise CommandError(
                        "errors happened while running msgattrib\\n%s" % errors
                    )
"""


def test_a_method_of_a_command_s_class_is_reached_by_running_the_command(db, git_repo) -> None:
    cards = harvest(git_repo, {f"{COMMANDS}/makemessages.py": MAKEMESSAGES})
    meaning = cards["errors happened while running msgattrib\n{errors}"].generated["meaning"]
    assert meaning.startswith("Running the `makemessages` command raises this (from `Command.write_po_file`)")
    assert "`Command.write_po_file()` is documented as: “Create or update the PO file" in meaning  # its own word


def test_an_enclosing_test_on_a_flag_is_said_when_the_raise_s_own_test_cannot_be(db, git_repo) -> None:
    cards = harvest(git_repo, {f"{COMMANDS}/makemessages.py": MAKEMESSAGES})
    meaning = cards["errors happened while running msgattrib\n{errors}"].generated["meaning"]
    assert "when the `--no-obsolete` flag is set, among other conditions" in meaning


# django/db/models/aggregates.py lines 170-180 (Django 5.2.19), trimmed.
COUNT = """\
class Star:
    pass


class Aggregate:
    def __init__(self, *expressions, filter=None, **extra):
        self.filter = filter


class Count(Aggregate):
    def __init__(self, expression, filter=None, **extra):
        if expression == "*":
            expression = Star()
        if isinstance(expression, Star) and filter is not None:
            raise ValueError("Star cannot be used with filter. Please specify a field.")
        super().__init__(expression, filter=filter, **extra)
"""


def test_the_part_of_an_and_on_an_argument_is_said_with_the_others_left_open(db, git_repo) -> None:
    cards = harvest(git_repo, {"django/db/models/aggregates.py": COUNT})
    meaning = cards["Star cannot be used with filter. Please specify a field."].generated["meaning"]
    # Not "`Count()` was called with a `filter` that is not `None`": that is true of many calls that do not raise.
    assert meaning.startswith(
        "Calling `Count()` raises this when the `filter` argument is not `None`, among other conditions."
    )


# pip/_internal/commands/list.py lines 112-125 (pip 24), its two flags on one value as argparse declares them, in a
# command whose raise is reduced to a test on that value: `--include-editable` is `store_true` and true by default.
TRUE_BY_DEFAULT = """\
from django.core.management.base import BaseCommand, CommandError


class Command(BaseCommand):
    def add_arguments(self, parser):
        parser.add_argument(
            "--exclude-editable",
            action="store_false",
            dest="include_editable",
            help="Exclude editable package from output.",
        )
        parser.add_argument(
            "--include-editable",
            action="store_true",
            dest="include_editable",
            help="Include editable package in output.",
            default=True,
        )
        parser.add_argument("package")

    def handle(self, *args, **options):
        package = options["package"]
        if options["include_editable"]:
            if package == "":
                raise CommandError("No editable package.")
"""


def test_a_flag_true_by_default_is_not_said_as_the_value(db, git_repo) -> None:
    cards = harvest(git_repo, {"django/core/management/commands/listing.py": TRUE_BY_DEFAULT})
    generated = cards["No editable package."].generated
    # `options["include_editable"]` is true when neither flag is given: "the `--include-editable` flag is set" is
    # not the condition.
    assert "`--include-editable` flag is set" not in generated["trigger"]
    assert "`--include-editable` flag is set" not in generated["meaning"]
    assert "`include_editable` argument is given" not in generated["trigger"] + generated["meaning"]


# django/core/management/commands/showmigrations.py lines 53-79 (Django 5.2.19), its help left out: two flags store a
# constant in one `format`; the raise under the test on it is made up (the real branch returns `show_plan(...)`).
SHARED_CONSTANT = """\
from django.core.management.base import BaseCommand, CommandError


class Command(BaseCommand):
    def add_arguments(self, parser):
        parser.add_argument("app_label")
        formats = parser.add_mutually_exclusive_group()
        formats.add_argument("--list", "-l", action="store_const", dest="format", const="list")
        formats.add_argument("--plan", "-p", action="store_const", dest="format", const="plan")
        parser.set_defaults(format="list")

    def handle(self, *args, **options):
        app_label = options["app_label"]
        if options["format"] == "plan":
            if app_label == "":
                raise CommandError("No plan without an app.")
"""


def test_a_flag_that_stores_a_constant_is_not_said_as_the_value(db, git_repo) -> None:
    cards = harvest(git_repo, {"django/core/management/commands/showmigrations.py": SHARED_CONSTANT})
    generated = cards["No plan without an app."].generated
    # `--plan` stores "plan" in `format`, not `--list`: "the `--list` flag equals `'plan'`" is false.
    assert "`--list` flag" not in generated["trigger"] + generated["meaning"]
    assert "`format` argument" not in generated["trigger"] + generated["meaning"]


# django/db/migrations/state.py lines 304-314 (`ProjectState.rename_field`, Django 5.2.19), its `pop` put in a loop
# over several names (made up): a name given twice is no longer a key at its second round, though it was one of
# the definition's.
POPPED_IN_A_LOOP = """\
from django.core.exceptions import FieldDoesNotExist


def rename_fields(model_state_fields, app_label, model_name, old_names):
    fields = dict(model_state_fields)
    for old_name in old_names:
        try:
            found = fields.pop(old_name)
        except KeyError:
            raise FieldDoesNotExist(
                f"{app_label}.{model_name} has no field named '{old_name}'"
            )
    return fields
"""


def test_a_pop_in_a_loop_is_not_said_of_the_container_s_definition(db, git_repo) -> None:
    cards = harvest(git_repo, {"django/db/migrations/renames.py": POPPED_IN_A_LOOP})
    generated = cards["{app_label}.{model_name} has no field named '{old_name}'"].generated
    assert "is `dict(model_state_fields)`" not in generated["meaning"]


# django/contrib/auth/management/commands/createsuperuser.py lines 58-64, 93 and 204-211 (Django 5.2.19), the
# `USERNAME_FIELD` read as `"username"`: the local of the flag's name is given the environment's value when None.
USERNAME_FROM_THE_ENVIRONMENT = """\
import os

from django.core.management.base import BaseCommand, CommandError


class Command(BaseCommand):
    def add_arguments(self, parser):
        parser.add_argument("--username", help="Specifies the login for the superuser.")

    def handle(self, *args, **options):
        username = options["username"]
        if username is None:
            username = os.environ.get("DJANGO_SUPERUSER_USERNAME")
        if username is None:
            raise CommandError("You must use --username with --noinput.")
"""


def test_a_local_of_a_flag_s_name_given_another_value_is_not_said_as_the_flag(db, git_repo) -> None:
    files = {"django/contrib/auth/management/commands/createsuperuser.py": USERNAME_FROM_THE_ENVIRONMENT}
    generated = harvest(git_repo, files)["You must use --username with --noinput."].generated
    # It is None when the flag is not given AND the environment variable is not set: "when the `--username` flag is
    # `None`" alone is false for a user who set DJANGO_SUPERUSER_USERNAME.
    assert "`--username` flag is" not in generated["meaning"] + (generated.get("trigger") or "")


# django/core/management/commands/loaddata.py lines 92-103, 140-164 and 316-352 (Django 5.2.19), trimmed: the raise
# is two public methods away from `handle()`, so no command is among its entry points; `handle()` is its caller.
LOADDATA = """\
from django.core.management.base import BaseCommand, CommandError


class Command(BaseCommand):
    def handle(self, *fixture_labels, **options):
        self.verbosity = options["verbosity"]
        self.loaddata(fixture_labels)

    def loaddata(self, fixture_labels):
        for fixture_label in fixture_labels:
            if self.find_fixtures(fixture_label):
                break
        else:
            return
        for fixture_label in fixture_labels:
            self.load_label(fixture_label)

    def load_label(self, fixture_label):
        for fixture_file in self.find_fixtures(fixture_label):
            print(fixture_file)

    def find_fixtures(self, fixture_label):
        \"\"\"Find fixture files for a given label.\"\"\"
        fixture_files = []
        for fixture_dir in self.fixture_dirs:
            fixture_files_in_dir = self.find_fixture_files_in_dir(fixture_dir, fixture_label)
            if len(fixture_files_in_dir) > 1:
                raise CommandError(
                    "Multiple fixtures named '%s' in %s. Aborting." % (fixture_label, fixture_dir)
                )
            fixture_files.extend(fixture_files_in_dir)
        if not fixture_files:
            raise CommandError("No fixture named '%s' found." % fixture_label)
        return fixture_files
"""


def test_a_method_the_command_s_handle_calls_through_others_is_led_by_the_command(db, git_repo) -> None:
    cards = harvest(git_repo, {f"{COMMANDS}/loaddata.py": LOADDATA})
    meaning = cards["No fixture named '{fixture_label}' found."].generated["meaning"]
    assert meaning.startswith("Running the `loaddata` command raises this (from `Command.find_fixtures`)")
    assert "`Command.find_fixtures()` is documented as: “Find fixture files for a given label" in meaning


# django/contrib/auth/management/commands/createsuperuser.py lines 43-55 (Django 5.2.19), trimmed: `add_arguments()`
# runs for `manage.py help createsuperuser` too, and `handle()` does not call it: no command leads.
ADD_ARGUMENTS = """\
from django.core.management.base import BaseCommand, CommandError


class Command(BaseCommand):
    def add_arguments(self, parser):
        if self.flag is None:
            raise CommandError("No flag given.")
        parser.add_argument("--noinput")

    def handle(self, *args, **options):
        return None
"""


def test_a_method_the_command_s_handle_does_not_call_is_not_led_by_the_command(db, git_repo) -> None:
    cards = harvest(git_repo, {f"{COMMANDS}/createsuperuser.py": ADD_ARGUMENTS})
    meaning = cards["No flag given."].generated["meaning"]
    assert "Running the" not in meaning


# django/test/runner.py lines 651-705 (Django 5.2.19), trimmed: `django/test/` is the library's public test
# framework, not its tests (the harvest's `is_test` reads `tests` and `testing` folders only).
RUNNER = """\
class DiscoverRunner:
    def __init__(self, verbosity=1, parallel=0, pdb=False, **kwargs):
        self.verbosity = verbosity
        self.parallel = parallel
        self.pdb = pdb
        if self.pdb and self.parallel > 1:
            raise ValueError(
                "You cannot use --pdb with parallel tests; pass --parallel=1 to use it."
            )
"""


def test_a_class_of_a_library_s_test_package_is_a_way_in(db, git_repo) -> None:
    cards = harvest(git_repo, {"django/test/runner.py": RUNNER})
    meaning = cards["You cannot use --pdb with parallel tests; pass --parallel=1 to use it."].generated["meaning"]
    assert meaning.startswith("Calling `DiscoverRunner()` raises this when")
    assert "`pdb` is true" in meaning  # the condition kept


# django/core/management/commands/dumpdata.py lines 104-112 and 184-212 (Django 5.2.19), trimmed: the warning is
# issued in a function written inside `handle()`, which runs only while the command does.
DUMPDATA = """\
import warnings

from django.core.management.base import BaseCommand


class ProxyModelWarning(Warning):
    pass


class Command(BaseCommand):
    def handle(self, *app_labels, **options):
        excluded_models = set()
        models = list(app_labels)

        def get_objects(count_only=False):
            \"\"\"
            Collate the objects to be serialized. If count_only is True, just
            count the number of objects to be serialized.
            \"\"\"
            for model in models:
                if model in excluded_models:
                    continue
                if model._meta.proxy and model._meta.proxy_for_model not in models:
                    warnings.warn(
                        "%s is a proxy model and won't be serialized."
                        % model._meta.label,
                        category=ProxyModelWarning,
                    )
                yield model

        return list(get_objects())
"""


def test_a_function_written_inside_the_command_s_handle_is_led_by_the_command(db, git_repo) -> None:
    cards = harvest(git_repo, {f"{COMMANDS}/dumpdata.py": DUMPDATA})
    meaning = cards["{label} is a proxy model and won't be serialized."].generated["meaning"]
    assert meaning.startswith("Running the `dumpdata` command issues this (from `Command.handle.get_objects`)")
