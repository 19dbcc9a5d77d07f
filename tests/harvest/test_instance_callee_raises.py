"""A caught error raised by a method of an object the function makes itself is said by that method's own raise
(round 31's card 07: "when `executor.loader.get_migration_by_prefix()` raised `AmbiguityError`" left the reader
to guess; the method raises it with its own words, "There is more than one migration for ... with the prefix ...",
when the name given is the prefix of several migrations). The object is a local bound once to an instance of a
class of the tree (`loader = MigrationLoader(None)`), or an attribute that class's `__init__` alone sets to one
(`executor.loader`, `self.loader = MigrationLoader(self.connection)`): its class is then known without a guess."""

from tests.harvest.published import harvest_published

# Django 5.2.19: django/db/migrations/exceptions.py:4-7.
EXCEPTIONS = '''
class AmbiguityError(Exception):
    """More than one migration matches a name prefix."""

    pass


class CommandError(Exception):
    pass
'''

# Django 5.2.19: django/db/migrations/loader.py:145-165, reduced.
LOADER = """
from .exceptions import AmbiguityError


class MigrationLoader:
    def __init__(self, connection):
        self.connection = connection
        self.disk_migrations = {}

    def get_migration_by_prefix(self, app_label, name_prefix):
        results = []
        for migration_app_label, migration_name in self.disk_migrations:
            if migration_app_label == app_label and migration_name.startswith(name_prefix):
                results.append((migration_app_label, migration_name))
        if len(results) > 1:
            raise AmbiguityError(
                "There is more than one migration for '%s' with the prefix '%s'"
                % (app_label, name_prefix)
            )
        return self.disk_migrations[results[0]]
"""

# Django 5.2.19: django/db/migrations/executor.py:10-18, reduced; `Replaced` added: its `loader` is set again.
EXECUTOR = """
from .loader import MigrationLoader


class MigrationExecutor:
    def __init__(self, connection, progress_callback=None):
        self.connection = connection
        self.loader = MigrationLoader(self.connection)


class Replaced:
    def __init__(self, connection):
        self.loader = MigrationLoader(connection)

    def reload(self, other):
        self.loader = other
"""

# Django 5.2.19: django/core/management/commands/optimizemigration.py:45-56 and migrate.py:155-165, reduced.
COMMANDS = """
from django.db.migrations.exceptions import AmbiguityError, CommandError
from django.db.migrations.executor import MigrationExecutor, Replaced
from django.db.migrations.loader import MigrationLoader


def optimize(app_label, migration_name):
    loader = MigrationLoader(None)
    try:
        migration = loader.get_migration_by_prefix(app_label, migration_name)
    except AmbiguityError:
        raise CommandError(
            f"More than one migration matches '{migration_name}' in app "
            f"'{app_label}'. Please be more specific."
        )
    return migration


def migrate(connection, app_label, migration_name):
    executor = MigrationExecutor(connection)
    try:
        migration = executor.loader.get_migration_by_prefix(app_label, migration_name)
    except AmbiguityError:
        raise CommandError(
            "More than one migration matches '%s' in app '%s'. "
            "Please be more specific (migrate)." % (migration_name, app_label)
        )
    return migration


def replaced(connection, app_label, migration_name):
    executor = Replaced(connection)
    try:
        migration = executor.loader.get_migration_by_prefix(app_label, migration_name)
    except AmbiguityError:
        raise CommandError("More than one migration matches (replaced).")
    return migration
"""

# `migrate` above, reduced, with the attribute set again by the caller's module.
SWAPPED = """
from django.db.migrations.exceptions import AmbiguityError, CommandError
from django.db.migrations.executor import MigrationExecutor


def swapped(connection, app_label, migration_name, other):
    executor = MigrationExecutor(connection)
    executor.loader = other
    try:
        migration = executor.loader.get_migration_by_prefix(app_label, migration_name)
    except AmbiguityError:
        raise CommandError("More than one migration matches (swapped).")
    return migration
"""

FILES = {
    "django/db/migrations/exceptions.py": EXCEPTIONS,
    "django/db/migrations/loader.py": LOADER,
    "django/db/migrations/executor.py": EXECUTOR,
    "django/core/management/commands/optimize.py": COMMANDS,
    "django/core/management/commands/swapped.py": SWAPPED,
}


def meaning(cards, words: str) -> str:
    return next(entry for message, entry in cards.items() if words in message).generated.get("meaning", "")


def test_a_local_instance_method_is_said_by_its_own_raise(db, git_repo) -> None:
    cards = harvest_published(git_repo, FILES)
    said = meaning(cards, "Please be more specific.")
    assert "`MigrationLoader.get_migration_by_prefix()` raised `AmbiguityError`" in said
    assert "“There is more than one migration for" in said
    # Its words at the call: the prefix is the caller's `migration_name`; its test reads a local of its own
    # (`len(results) > 1`), which the caller's reader never sees, so it is not said.
    [site] = next(entry for message, entry in cards.items() if message.endswith("more specific.")).sites.all()
    [callee] = site.evidence["callee_raises"]
    assert callee["message"] == "There is more than one migration for '{app_label}' with the prefix '{migration_name}'"
    assert "results" not in said


def test_an_attribute_its_class_sets_once_in_init_is_followed(db, git_repo) -> None:
    cards = harvest_published(git_repo, FILES)
    assert "“There is more than one migration for" in meaning(cards, "Please be more specific (migrate).")


def test_an_attribute_set_again_elsewhere_is_not(db, git_repo) -> None:
    cards = harvest_published(git_repo, FILES)
    assert "There is more than one migration" not in meaning(cards, "(replaced)")
    assert "There is more than one migration" not in meaning(cards, "(swapped)")


# `optimize` above, reduced, with its two arguments passed the other way round, and `None` for the first.
CROSSED = """
from django.db.migrations.exceptions import AmbiguityError, CommandError
from django.db.migrations.loader import MigrationLoader


def crossed(app_label, name_prefix):
    loader = MigrationLoader(None)
    try:
        migration = loader.get_migration_by_prefix(name_prefix, app_label)
    except AmbiguityError:
        raise CommandError("More than one migration matches (crossed).")
    return migration


def unlabelled(migration_name):
    loader = MigrationLoader(None)
    try:
        migration = loader.get_migration_by_prefix(None, migration_name)
    except AmbiguityError:
        raise CommandError("More than one migration matches (unlabelled).")
    return migration
"""


def test_names_passed_the_other_way_round_are_each_said_where_it_goes(db, git_repo) -> None:
    cards = harvest_published(git_repo, FILES | {"django/core/management/commands/crossed.py": CROSSED})
    [crossed] = next(entry for message, entry in cards.items() if "(crossed)" in message).sites.all()
    [callee] = crossed.evidence["callee_raises"]
    assert callee["message"] == "There is more than one migration for '{name_prefix}' with the prefix '{app_label}'"
    # `None` is no name of the caller's: it is written as the message writes it.
    [unlabelled] = next(entry for message, entry in cards.items() if "(unlabelled)" in message).sites.all()
    [callee] = unlabelled.evidence["callee_raises"]
    assert callee["message"] == "There is more than one migration for 'None' with the prefix '{migration_name}'"


# Django 5.2.19: django/template/base.py:830-850 (`Variable.__init__`), reduced to a method of its own; the caller
# `compiled` added. `var` is bound again (`var[2:-1]`) before the raise when it is written `_(...)`.
VARIABLE = """
class TemplateSyntaxError(Exception):
    pass


class Variable:
    def __init__(self):
        self.translate = False

    def parse(self, var):
        if var[0:2] == "_(" and var[-1] == ")":
            self.translate = True
            var = var[2:-1]
        if "._" in var or var[0] == "_":
            raise TemplateSyntaxError(
                "Variables and attributes may not begin with underscores: '%s'" % var
            )
        return var.split(".")


def compiled(token):
    variable = Variable()
    try:
        return variable.parse(token)
    except TemplateSyntaxError:
        raise ValueError("Could not compile the variable.")
"""


def test_a_parameter_the_callee_binds_again_keeps_its_name(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/template/base.py": VARIABLE})
    [site] = next(entry for message, entry in cards.items() if "Could not compile" in message).sites.all()
    [callee] = site.evidence["callee_raises"]
    # `{var}` may be `token` without its `_(` `)`: not said as the caller's `token`, nor its test.
    assert callee["message"] == "Variables and attributes may not begin with underscores: '{var}'"
    assert callee["sentence"] == ""


# `MigrationExecutor` above with its loader made only under a test, the class's own otherwise (changed).
CHOSEN = """
from .exceptions import AmbiguityError
from .loader import MigrationLoader


class Recorded:
    def get_migration_by_prefix(self, app_label, name_prefix):
        raise AmbiguityError("Recorded migrations are not told apart.")


class MigrationExecutor:
    loader = Recorded()

    def __init__(self, connection, progress_callback=None):
        self.connection = connection
        if connection is not None:
            self.loader = MigrationLoader(self.connection)
"""

CHOOSING = """
from django.db.migrations.exceptions import AmbiguityError, CommandError
from django.db.migrations.executor import MigrationExecutor


def chosen(connection, app_label, migration_name):
    executor = MigrationExecutor(connection)
    try:
        migration = executor.loader.get_migration_by_prefix(app_label, migration_name)
    except AmbiguityError:
        raise CommandError("More than one migration matches (chosen).")
    return migration
"""


def test_an_attribute_init_sets_only_under_a_test_is_not_followed(db, git_repo) -> None:
    files = FILES | {"django/db/migrations/executor.py": CHOSEN, "django/core/management/commands/chosen.py": CHOOSING}
    cards = harvest_published(git_repo, files)
    # The class's own `Recorded` may run and raise it: the card does not say `MigrationLoader`'s did.
    assert "MigrationLoader.get_migration_by_prefix()" not in meaning(cards, "(chosen)")


# Django 5.2.19: django/contrib/gis/gdal/geometries.py:64, 130-134, 600 (`OGRGeometry.__init__` makes the instance
# a `Point`), reduced; `area` and the caller `measured` added.
GEOMETRIES = """
class GDALException(Exception):
    pass


class OGRGeometry:
    def __init__(self, geom_input):
        self.ptr = geom_input
        if (geo_class := GEO_CLASSES.get(geom_input)) is None:
            raise TypeError(f"Unsupported geometry type: {geom_input}")
        self.__class__ = geo_class

    def area(self):
        if not self.ptr:
            raise GDALException("The geometry is empty.")
        return 0.0


class Point(OGRGeometry):
    def area(self):
        raise GDALException("A point has no area.")


GEO_CLASSES = {1: Point}


def measured(geom_input):
    geometry = OGRGeometry(geom_input)
    try:
        return geometry.area()
    except GDALException:
        raise ValueError("Could not measure the geometry.")
"""


def test_an_instance_that_changes_its_class_is_not_read_as_made(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"django/contrib/gis/gdal/geometries.py": GEOMETRIES})
    # `geometry` is a `Point`, whose own `area()` runs: not `OGRGeometry.area()`'s raise.
    assert "`OGRGeometry.area()` raised" not in meaning(cards, "Could not measure")
