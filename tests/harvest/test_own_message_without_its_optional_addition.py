"""An exception class that words its own message and adds to it in an `if` (`message = f'The command "{name}" does
not exist.'`, then `message += "\\n\\n" + suggestions` when there are any) prints it both ways: the message without
the addition is a wording of the same entry, not only the completed one. On a small source and on cleo's
`CleoCommandNotFoundError` (bench/lookup_corpus.py installs it)."""

from kb.harvest.pipeline.plan import produces
from tests.harvest.corpus_libs import found_where_it_ends, imported, installed, raised
from tests.harvest.test_messages import harvest_source

SOURCE = """
class CommandNotFound(Exception):
    def __init__(self, name, commands=None):
        message = f'The command "{name}" does not exist.'
        if commands:
            message += "\\n\\nDid you mean one of these? " + ", ".join(commands)
        super().__init__(message)


def find(name, commands):
    if name not in commands:
        raise CommandNotFound(name, commands)
"""


def test_the_message_with_and_without_its_addition_are_wordings_of_one_entry(tmp_path):
    [site] = harvest_source(tmp_path, SOURCE).sites
    wordings = [site.signature, *(signature for _message, signature in site.variants)]

    assert any(produces(w, 'The command "nope" does not exist.') for w in wordings)
    assert any(produces(w, 'The command "nope" does not exist.\n\nDid you mean one of these? list') for w in wordings)


@installed("cleo")
def test_cleo_s_unknown_command_is_found_where_it_ends():
    application = imported("cleo.application").Application()
    error = raised(lambda: application.find("nope"))
    assert str(error) == 'The command "nope" does not exist.'
    assert found_where_it_ends("cleo", error)
