"""The home page's lookup results show each match's summary and first fix as the card does: Markdown rendered and
sanitised, never raw backticks, never the markup a text carries."""

from django.core.management import call_command

from kb.models import ErrorEntry, Solution
from tests.factories import ErrorEntryFactory


def test_a_matchs_summary_and_first_fix_are_rendered_not_raw_markdown(client, db):
    call_command("import_errors", "fixtures/python-projects.json")
    html = client.post("/", {"text": "Post matching query does not exist."}).content.decode()
    results = html[html.index('id="lookup-results"') : html.index("Newest errors")]
    assert "<code>QuerySet.get()</code> expects exactly one row and found none." in results
    assert "<code>get_object_or_404()</code>" in results
    assert "`" not in results


def test_markup_in_a_matchs_prose_is_sanitised(client, db):
    entry = ErrorEntryFactory(
        message="Sprocket 7 jammed at 90 rpm",
        signature="Sprocket {n} jammed at {speed} rpm",
        meaning='The sprocket <img src=x onerror="alert(1)"> jammed: see [the manual](javascript:alert(2)).',
        review_state=ErrorEntry.Review.REVIEWED,
    )
    Solution.objects.create(entry=entry, position=0, body="Oil the `sprocket`. <script>alert(3)</script>")
    entry.save()
    html = client.post("/", {"text": "Sprocket 7 jammed at 90 rpm"}).content.decode()
    results = html[html.index('id="lookup-results"') : html.index("Newest errors")]
    assert "<code>sprocket</code>" in results
    assert "<img" not in results and "<script" not in results and 'href="javascript' not in results
    assert "&lt;script&gt;alert(3)&lt;/script&gt;" in results  # shown as the text it is
