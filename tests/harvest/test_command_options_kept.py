"""A command keeps an option on itself in `handle()` (`self.format = options["format"]`) and tests it in another
method: the card says the option's flag, not "the `Command`'s `format`" (round 12's card 12)."""

from tests.harvest.published import django_files, harvest_published


def test_an_option_kept_on_the_command_is_said_as_its_flag(db, git_repo) -> None:
    cards = harvest_published(git_repo, django_files("core/management/commands/loaddata.py"))
    meaning = cards["--format must be specified when reading from stdin."].generated["meaning"]
    assert "the `--format` flag" in meaning
    assert "`Command`'s `format`" not in meaning
