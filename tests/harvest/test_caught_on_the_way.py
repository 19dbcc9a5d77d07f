"""A call inside a `try` whose handler catches the site's exception (or a base of it) and keeps it does not let
it out: that caller is no entry point of the site, nor are callers reaching it only through that call (review
round 1, card 15: `Field.has_changed` calls `to_python` in `try: ... except ValidationError: return True`)."""

from tests.harvest.reach_sources import django_sites, drf_sites, site


def reached_from(found) -> set[str]:
    evidence = found.evidence
    return {row["function"] for row in [*evidence["callers"], *evidence["entry_points"]]}


def test_a_has_changed_that_returns_true_on_the_error_is_not_a_way_to_it():
    # django/contrib/gis/forms/fields.py: GeometryField.has_changed wraps `self.to_python(data)` in
    # `try: ... except ValidationError: return True`.
    found = site(django_sites(), "Invalid geometry value.", "GeometryField.to_python")
    assert "GeometryField.has_changed" not in reached_from(found)
    assert "GeometryField.to_python" in reached_from(found)


def test_a_handler_of_a_base_class_keeps_the_error_too():
    # django/utils/http.py: parse_http_date_safe calls parse_http_date in `try: ... except Exception: pass`,
    # and Exception is a base of the ValueError raised.
    found = site(django_sites(), "is not in a valid HTTP date format", "parse_http_date")
    assert "parse_http_date_safe" not in reached_from(found)
    # ... and the functions that call parse_http_date only through it are gone with it.
    assert "ConditionalGetMiddleware.process_response" not in reached_from(found)
    assert "parse_http_date" in reached_from(found)


def test_a_handler_that_hands_the_error_on_still_leads_to_it():
    # rest_framework/serializers.py: ListSerializer.is_valid keeps `exc.detail` as its errors and raises them
    # with `raise_exception=True`: the user meets this message there.
    found = site(drf_sites(), "Expected a list of items", "ListSerializer.to_internal_value")
    assert "ListSerializer.is_valid" in reached_from(found)


def test_json_field_has_changed_is_not_said_to_reach_invalid_json():
    # django/forms/fields.py:1403-1410: `if super().has_changed(initial, data): return True` (Field.has_changed
    # returns True when `self.to_python(data)` raises ValidationError, lines 239-244), and only then
    # `self.to_python(data)` again (line 1409) on data that already parsed.
    found = site(django_sites(), "Enter a valid JSON.", "JSONField.to_python")
    assert "JSONField.has_changed" not in reached_from(found)
    assert "Field.has_changed" not in reached_from(found)
    # `JSONField().clean(value)` runs Field.clean (lines 202-211), which calls `self.to_python(value)` outside any
    # `try`: a way in.
    assert [row["function"] for row in found.evidence["entry_points"]] == ["JSONField.to_python", "JSONField.clean"]


def test_a_handler_that_reads_the_error_and_returns_keeps_it():
    # django/middleware/csrf.py: process_view calls `self._check_token(request)` in `try: ... except
    # RejectRequest as exc: return self._reject(request, exc.reason)`: a 403 page, never the error (review
    # round 4, card 15).
    found = site(django_sites(), "CSRF cookie not set.", "CsrfViewMiddleware._check_token")
    assert "CsrfViewMiddleware.process_view" not in reached_from(found)
