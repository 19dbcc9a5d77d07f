"""`assert False, "…"` fails whenever it runs: the card says no condition of its own. Before, Django's ASGI
handler's card read "raises this when `False` is empty or false"."""

from tests.harvest.published import harvest_published

# Reduced from django/core/handlers/asgi.py:237-243 (Django 5.2.19).
ASGI = '''
class RequestAborted(Exception):
    pass


class ASGIHandler:
    async def listen_for_disconnect(self, receive):
        """Listen for disconnect from the client."""
        message = await receive()
        if message["type"] == "http.disconnect":
            raise RequestAborted()
        # This should never happen.
        assert False, "Invalid ASGI message after request body: %s" % message["type"]
'''


def test_an_assert_of_false_has_no_condition_of_its_own(db, git_repo) -> None:
    entry = harvest_published(git_repo, {"django/core/handlers/asgi.py": ASGI})[
        "Invalid ASGI message after request body: {type}"
    ]
    assert "`False`" not in entry.generated["meaning"]
    assert "ASGIHandler.listen_for_disconnect()" in entry.generated["meaning"]
    [site] = entry.sites.all()
    assert not [row for row in site.evidence.get("conditions", []) if row["kind"] == "assert"]
