"""POST/GET /api/match: the entries behind a message, a traceback or a log, as JSON."""

import json

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from kb.models import Catalogue, ErrorEntry, RaiseSite, Repository
from tests.factories import ErrorEntryFactory, MessageVariantFactory
from tests.samples import CARD, CARD_MESSAGE, chained

CARD_PATH = "/opt/venv/lib/python3.11/site-packages/sglang/srt/disaggregation/nixl/conn.py"
CARD_TRACEBACK = f"""Traceback (most recent call last):
  File "{CARD_PATH}", line 1009, in _prepare_payload_xfer
    raise NotImplementedError(
NotImplementedError: {CARD_MESSAGE}
"""
FIELD_ERROR = "2f70a93935f33691"


@pytest.fixture
def catalogue(db) -> None:
    call_command("import_errors", "fixtures/sglang.json", "fixtures/python-projects.json")


def post_json(client, body, **extra):
    return client.post("/api/match", data=json.dumps(body), content_type="application/json", **extra)


def test_posting_the_cards_message_finds_the_card_first(client, seed):
    response = post_json(client, {"text": CARD_MESSAGE})
    assert response.status_code == 200
    best = response.json()["matches"][0]
    assert best["id"] == CARD
    assert best["exact"] is True
    assert best["status"] == "published"
    assert best["url"] == f"http://testserver/errors/{CARD}/"
    assert best["sources"][0]["url"].endswith("/blob/0132848349/python/sglang/srt/disaggregation/nixl/conn.py#L1009")


def test_a_traceback_ending_in_the_cards_message_finds_the_card_first_with_its_frame(client, seed):
    body = post_json(client, {"text": CARD_TRACEBACK}).json()
    best = body["matches"][0]
    assert best["id"] == CARD
    kinds = [reason["kind"] for reason in best["why"]]
    assert kinds == ["message", "exception_type", "frame"]
    frame = best["why"][2]
    assert frame["frame"] == "python/sglang/srt/disaggregation/nixl/conn.py:NixlKVManager._prepare_payload_xfer"
    assert frame["same_line"] is True
    assert body["parsed"]["kind"] == "traceback"
    assert body["parsed"]["exceptions"][0]["type"] == "NotImplementedError"
    assert body["parsed"]["exceptions"][0]["frames"][0]["line"] == 1009


def test_the_answer_has_exactly_the_documented_shape(client, catalogue):
    body = post_json(client, {"text": "Cannot resolve keyword 'titel' into field. Choices are: id, title"}).json()
    assert set(body) == {"matches", "parsed", "compiled", "search"}
    match = body["matches"][0]
    assert set(match) == {
        "id",
        "url",
        "title",
        "summary",
        "first_solution",
        "review_state",
        "score",
        "exact",
        "partial",
        "similarity",
        "raise_site",
        "nearby",
        "class_card",
        "message_from",
        "exception",
        "exception_type",
        "message",
        "status",
        "params",
        "why",
        "sources",
    }
    assert set(match["sources"][0]) == {"path", "line", "function", "commit", "url"}
    assert set(body["parsed"]) == {"kind", "exceptions"}
    assert set(body["parsed"]["exceptions"][0]) == {"type", "message", "origin", "frames"}


def test_runtime_values_are_extracted_by_placeholder_name(client, catalogue):
    text = "django.core.exceptions.FieldError: Cannot resolve keyword 'titel' into field. Choices are: id, title"
    best = post_json(client, {"text": text}).json()["matches"][0]
    assert best["id"] == FIELD_ERROR
    assert best["params"] == {"name": "titel", "choices": "id, title"}
    assert best["similarity"] is None


def test_a_plain_text_body_is_looked_up_like_json(client, seed):
    response = client.post("/api/match", data=CARD_TRACEBACK, content_type="text/plain; charset=utf-8")
    assert response.status_code == 200
    assert response.json()["matches"][0]["id"] == CARD


def test_a_short_message_can_be_looked_up_with_get(client, seed):
    response = client.get("/api/match", {"q": CARD_MESSAGE, "limit": "1"})
    assert response.status_code == 200
    assert [m["id"] for m in response.json()["matches"]] == [CARD]


def test_limit_caps_the_number_of_matches(client, catalogue):
    text = chained(
        ("/app/main.py", "requests.exceptions.InvalidURL: Invalid URL 'example.org': No host supplied"),
        ("/app/main.py", f"NotImplementedError: {CARD_MESSAGE}"),
    )
    assert len(post_json(client, {"text": text}).json()["matches"]) == 2
    assert [match["id"] for match in post_json(client, {"text": text, "limit": 1}).json()["matches"]] == [CARD]


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"text": ""},
        {"text": "   \n "},
        {"text": 42},
        {"text": ["a"]},
        {"text": "x", "limit": 0},
        {"text": "x", "limit": 51},
        {"text": "x", "limit": "many"},
        {"text": "x", "limit": True},
        [1, 2],
    ],
)
def test_missing_or_empty_text_or_a_bad_limit_is_a_problem_json_400(client, db, body):
    response = post_json(client, body)
    assert response.status_code == 400
    assert response["Content-Type"] == "application/problem+json"
    assert response.json()["status"] == 400


def test_malformed_json_is_a_problem_json_400(client, db):
    response = client.post("/api/match", data="{not json", content_type="application/json")
    assert response.status_code == 400
    assert response["Content-Type"] == "application/problem+json"


def test_get_without_q_is_a_problem_json_400(client, db):
    response = client.get("/api/match")
    assert response.status_code == 400
    assert response["Content-Type"] == "application/problem+json"


def test_text_past_64_kib_is_a_problem_json_413(client, db):
    big = "x" * (64 * 1024 + 1)
    for response in (
        post_json(client, {"text": big}),
        client.post("/api/match", data=big, content_type="text/plain"),
        client.get("/api/match", {"q": big}),
    ):
        assert response.status_code == 413
        assert response["Content-Type"] == "application/problem+json"


def test_exactly_64_kib_is_still_answered(client, db):
    response = client.post("/api/match", data="y" * (64 * 1024), content_type="text/plain")
    assert response.status_code == 200


def test_other_content_types_are_a_problem_json_415(client, db):
    response = client.post("/api/match", data="text=x", content_type="application/x-www-form-urlencoded")
    assert response.status_code == 415
    assert response["Content-Type"] == "application/problem+json"


@pytest.mark.parametrize(
    "text",
    [
        "\ud800 lone surrogate",
        "\x00\x00nul",
        "Traceback (most recent call last):",
        "  File",
        "{}{}{",
        "}" * 500,
        "Traceback (most recent call last):\n" + '  File "a", line 99999999999999999999, in f\n' * 3 + "E: x",
        "\n".join(["| +-+---- 1 ----"] * 50) + "\nException Group Traceback",
        "€" * 20000,
    ],
)
def test_hostile_input_never_fails_the_server(client, catalogue, text):
    response = post_json(client, {"text": text})
    assert response.status_code == 200
    assert "matches" in response.json()


def test_retired_entries_are_found_with_their_status(client, catalogue):
    retired = post_json(client, {"text": "You must call `.is_valid()` before accessing `.errors`."}).json()
    assert (retired["matches"][0]["id"], retired["matches"][0]["status"]) == ("601b3005501b8c1b", "retired")
    assert retired["matches"][0]["url"] == "http://testserver/errors/601b3005501b8c1b/"


def test_anonymous_callers_get_no_drafts_from_a_lookup(client, catalogue):
    for answer in [
        post_json(client, {"text": "Option '--name' requires an argument."}).json(),
        client.get("/api/match", {"q": "Option '--name' requires an argument."}).json(),
    ]:
        assert "433daf4471e9c6be" not in [match["id"] for match in answer["matches"]]
        assert all(match["status"] != "draft" for match in answer["matches"])


def test_a_drafts_only_repository_is_not_revealed_by_a_lookup(client, token_client, drafts_only_repository):
    text = "ValueError: Widget size must be positive, got -1"
    body = json.dumps(post_json(client, {"text": text}).json())
    assert "acme/widgets" not in body
    assert "widgets/core.py" not in body
    # What the public does not see is there to be found: a curator's lookup gets it.
    assert "widgets/core.py" in json.dumps(post_json(token_client, {"text": text}).json())


def test_a_curator_token_gets_drafts_with_their_url(token_client, catalogue):
    draft = post_json(token_client, {"text": "Option '--name' requires an argument."}).json()["matches"][0]
    assert (draft["id"], draft["status"]) == ("433daf4471e9c6be", "draft")
    assert draft["url"] == "http://testserver/errors/433daf4471e9c6be/"
    assert draft["sources"][0]["url"].startswith("https://github.com/pallets/click/blob/")
    assert token_client.get(f"/api/errors/{draft['id']}").status_code == 200


def test_every_exception_of_a_chained_traceback_is_looked_up_the_last_first(client, catalogue):
    text = chained(
        ("/app/settings_loader.py", "KeyError: 'DATABASE'"),
        ("/app/main.py", "requests.exceptions.InvalidURL: Invalid URL 'example.org': No host supplied"),
        ("/app/main.py", f"NotImplementedError: {CARD_MESSAGE}"),
    )
    body = post_json(client, {"text": text}).json()
    assert [e["type"] for e in body["parsed"]["exceptions"]] == [
        "NotImplementedError",
        "requests.exceptions.InvalidURL",
        "KeyError",
    ]
    assert [m["id"] for m in body["matches"][:2]] == [CARD, "bd08b048bda65d94"]
    assert [m["exception"] for m in body["matches"][:2]] == [0, 1]


def test_a_traceback_whose_message_matches_nothing_finds_its_entry_by_frame_and_type(client, catalogue):
    text = """Traceback (most recent call last):
  File "/srv/site-packages/rest_framework/serializers.py", line 262, in errors
    raise AssertionError(msg)
AssertionError: the wording of this message was rewritten completely in a later release
"""
    best = post_json(client, {"text": text}).json()["matches"][0]
    assert best["id"] == "601b3005501b8c1b"
    assert best["exact"] is False
    assert [reason["kind"] for reason in best["why"]] == ["raise_site", "exception_type", "frame"]
    assert best["raise_site"] is True


def test_a_reworded_message_is_an_approximate_match_with_its_similarity(client, seed):
    text = "NIXL PD transfer doesn't support HiSparse combined with decode only speculative decoding"
    best = post_json(client, {"text": text}).json()["matches"][0]
    assert best["id"] == CARD
    assert best["exact"] is False
    assert 0.65 <= best["similarity"] < 1
    assert best["why"][0]["kind"] == "similar_message"


def test_noise_finds_nothing(client, catalogue):
    body = post_json(client, {"text": "the quick brown fox jumps over the lazy dog"}).json()
    assert body["matches"] == []
    assert body["parsed"]["kind"] == "message"


def test_a_message_inside_a_log_is_found_under_its_prefixes(client, seed):
    text = (
        "2026-05-01 12:00:00,001 INFO sglang.srt.server: starting\n"
        f"2026-05-01 12:00:01,245 ERROR sglang.srt.disaggregation.nixl.conn: {CARD_MESSAGE}\n"
        "2026-05-01 12:00:02,000 INFO sglang.srt.server: shutting down\n"
    )
    body = post_json(client, {"text": text}).json()
    assert body["parsed"]["kind"] == "log"
    assert body["matches"][0]["id"] == CARD


def test_an_older_wording_stored_as_a_variant_matches_too(client, seed):
    entry = ErrorEntry.objects.get(public_id=CARD)
    MessageVariantFactory(
        entry=entry,
        message="NIXL cannot combine HiSparse with spec dec (n=3)",
        signature="NIXL cannot combine HiSparse with spec dec (n={n})",
    )
    best = post_json(client, {"text": "NIXL cannot combine HiSparse with spec dec (n=3)"}).json()["matches"][0]
    assert (best["id"], best["params"], best["why"][0]["kind"]) == (CARD, {"n": "3"}, "variant")


def test_changes_reach_the_index_without_a_restart(client, seed):
    assert post_json(client, {"text": "Shiny new failure: 42"}).json()["matches"] == []
    repository = Repository.objects.get(owner="sgl-project", name="sglang")
    entry = ErrorEntryFactory(
        repository=repository,
        message="Shiny new failure: 42",
        signature="Shiny new failure: {code}",
        sites=[{"path": "python/sglang/new.py", "line": 3, "function": "f", "commit": "abc"}],
    )
    best = post_json(client, {"text": "Shiny new failure: 42"}).json()["matches"][0]
    assert (best["id"], best["params"]) == (entry.public_id, {"code": "42"})
    entry.delete()
    Catalogue.touch()
    assert post_json(client, {"text": "Shiny new failure: 42"}).json()["matches"] == []


def test_site_changes_made_without_saving_the_entry_are_seen(client, seed):
    entry = ErrorEntry.objects.get(public_id=CARD)
    RaiseSite.objects.filter(entry=entry).update(line=2000)  # as harvest's bulk_update does
    Catalogue.touch()
    best = post_json(client, {"text": CARD_MESSAGE}).json()["matches"][0]
    assert [source["line"] for source in best["sources"]] == [2000, 2000]


def test_nothing_is_rebuilt_while_the_revision_stays_the_same(client, seed):
    post_json(client, {"text": CARD_MESSAGE})
    with CaptureQueriesContext(connection) as queries:
        post_json(client, {"text": CARD_MESSAGE})
    # Only the revision checks (the index's, and the kept prose's: each at most once a second outside the tests):
    # no site or variant rows are read again (throttling has its own queries), and the answer's prose (title,
    # summary, first solution) is kept for the revision; the one write is the best match's lookup hit.
    kb_queries = [q["sql"] for q in queries.captured_queries if '"kb_' in q["sql"]]
    reads = [sql for sql in kb_queries if sql.startswith("SELECT")]
    writes = [sql for sql in kb_queries if not sql.startswith("SELECT")]
    assert all('"kb_catalogue"' in sql for sql in reads) and len(reads) == 2
    assert len(writes) == 1 and writes[0].startswith('UPDATE "kb_errorentry" SET "lookup_hits"')


SETTINGS_ERROR = "242829d5c8611fb8"  # Requested setting {name}, but settings are not configured. You must ...
CUT_SHORT = "django.core.exceptions.ImproperlyConfigured: Requested setting DEBUG, but settings are not configured."


def test_a_message_cut_short_is_a_partial_match_with_its_values(client, catalogue):
    best = post_json(client, {"text": CUT_SHORT}).json()["matches"][0]
    assert (best["id"], best["exact"], best["partial"]) == (SETTINGS_ERROR, False, True)
    assert best["params"] == {"name": "DEBUG"}
    assert best["why"][0]["kind"] == "partial_message"


def test_an_exact_match_is_not_partial(client, catalogue):
    best = post_json(client, {"text": CARD_MESSAGE}).json()["matches"][0]
    assert (best["exact"], best["partial"]) == (True, False)


def test_repr_quotes_are_taken_off_values_of_exact_and_approximate_matches(client, catalogue):
    ErrorEntryFactory(
        message="Invalid colour 'notacolour': choose one of 'red', 'green'",
        signature="Invalid colour {value}: choose one of {choices}",
    )
    exact = post_json(client, {"text": "Invalid colour 'notacolour': choose one of 'red', 'green'"}).json()
    assert exact["matches"][0]["params"] == {"value": "notacolour", "choices": "'red', 'green'"}
    approximate = post_json(client, {"text": "Invalid colour 'notacolour', choose one of 'red', 'green'"}).json()
    assert approximate["matches"][0]["similarity"] is not None
    assert approximate["matches"][0]["params"] == {"value": "notacolour", "choices": "'red', 'green'"}


def test_when_nothing_matches_the_answer_offers_search_results_for_the_texts_words(client, catalogue):
    body = post_json(client, {"text": "RuntimeError: my NIXL HiSparse setup crashed again"}).json()
    assert body["matches"] == []
    hits = body["search"]
    assert 1 <= len(hits) <= 3 and set(hits[0]) == {"id", "title", "url"}
    assert CARD in [hit["id"] for hit in hits]
    assert f"http://testserver/errors/{CARD}/" in [hit["url"] for hit in hits]


def test_search_results_offered_by_a_lookup_hold_no_drafts_for_anonymous_callers(client, token_client, catalogue):
    ErrorEntry.objects.filter(public_id=CARD).update(status="draft")
    text = "RuntimeError: my NIXL HiSparse setup crashed again"
    assert CARD not in [hit["id"] for hit in post_json(client, {"text": text}).json()["search"]]
    assert CARD in [hit["id"] for hit in post_json(token_client, {"text": text}).json()["search"]]


def test_a_match_offers_no_search_results(client, catalogue):
    assert post_json(client, {"text": CARD_MESSAGE}).json()["search"] == []


@pytest.mark.parametrize("text", [CARD_MESSAGE, CUT_SHORT, "Nothing in the catalogue says this, qwxz."])
def test_the_answer_is_exactly_what_its_documented_serializer_gives(client, catalogue, text):
    from api.match import MatchAnswerSerializer

    body = post_json(client, {"text": text}).json()
    assert json.loads(json.dumps(MatchAnswerSerializer(body).data)) == body
