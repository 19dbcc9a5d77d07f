"""A failed `assert` above a raise ends the call first, as a `raise` there would: the card says the check must not
exit first. Without it, "raises this when the `Response`'s `accepted_media_type` is not set" claims the error where
`.accepted_renderer not set on Response` is raised instead (round 24's cards 18 and 20: asserts in a row)."""

import pytest

from tests.harvest.published import harvest_published

# rest_framework/response.py:53-63 (DRF 3.18.3), reduced.
RESPONSE = """
class Response:
    @property
    def rendered_content(self):
        renderer = getattr(self, 'accepted_renderer', None)
        accepted_media_type = getattr(self, 'accepted_media_type', None)

        assert renderer, ".accepted_renderer not set on Response"
        assert accepted_media_type, ".accepted_media_type not set on Response"
        return renderer.render(self.data, accepted_media_type)
"""


@pytest.mark.django_db
def test_a_failed_assert_above_is_a_check_that_must_not_exit_first(git_repo) -> None:
    entries = harvest_published(git_repo, {"rest_framework/response.py": RESPONSE}, "encode/django-rest-framework")
    second = entries[".accepted_media_type not set on Response"].generated
    assert "unless `Response.rendered_content` raises another error first" in second.get("meaning", "")
    assert "- and `Response.rendered_content` raises no other error first (line 7)" in second.get("trigger", "")
    first = entries[".accepted_renderer not set on Response"].generated
    assert "first" not in first.get("meaning", "") + first.get("trigger", "")  # nothing above it may exit
