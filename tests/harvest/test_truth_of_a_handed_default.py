"""A truth test on a parameter the public entry point hands on is said by the entry point's default: `unparse()`'s
`full_document=True` reaches `_emit`'s `if full_document and depth == 0 and index > 0:`, so "the `full_document`
argument is true (the default)", never "is given" (round 37's card 22: false, the default raises it)."""

from tests.harvest.published import harvest_published

# Reduced from xmltodict 1.0.4's xmltodict.py (`_emit`, lines 442-488; `unparse`, 559-615).
SOURCE = '''
def _emit(key, value, content_handler,
          depth=0,
          full_document=True,
          comment_key='#comment'):
    if not hasattr(value, '__iter__') or isinstance(value, (str, bytes, bytearray, memoryview, dict)):
        value = [value]
    for index, v in enumerate(value):
        if full_document and depth == 0 and index > 0:
            raise ValueError('document with multiple roots')
        content_handler.startElement(key, v)


def unparse(input_dict, output=None, encoding='utf-8', full_document=True,
            short_empty_elements=False, comment_key='#comment',
            **kwargs):
    """Emit an XML document for the given `input_dict` (reverse of `parse`)."""
    content_handler = output
    for key, value in input_dict.items():
        _emit(
            key,
            value,
            content_handler,
            full_document=full_document,
            comment_key=comment_key,
            **kwargs,
        )
'''


def test_a_true_default_is_never_said_given(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"xmltodict.py": SOURCE}, repo="example/xmltodict")
    card = cards["document with multiple roots"]
    shown = card.generated["meaning"] + card.generated["trigger"]
    assert "`full_document` argument is given" not in shown
    assert "the `full_document` argument is true (the default)" in shown


# Reduced from Django 5.2.19's django/db/models/indexes.py (`Index.__init__`, lines 18-52).
INDEXES = """
class Index:
    def __init__(self, *expressions, fields=(), name=None, opclasses=()):
        if opclasses and not name:
            raise ValueError("An index must be named to use opclasses.")
        if expressions and opclasses:
            raise ValueError(
                "Index.opclasses cannot be used with expressions. Use "
                "django.contrib.postgres.indexes.OpClass() instead."
            )
"""


def test_an_empty_default_is_given_and_not_empty(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"indexes.py": INDEXES}, repo="example/indexes")
    meaning = cards["An index must be named to use opclasses."].generated["meaning"]
    assert meaning.startswith("`Index()` was called with a non-empty `opclasses`")  # `Index(opclasses=[])` passes
