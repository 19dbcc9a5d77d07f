"""A capable model's recorded answers for real sglang 0.5.23, Django 5.2.19 and DRF 3.18.3 entries (recorded/),
replayed through `analyse` by the local endpoint: what a reader of the card would check."""

from pathlib import Path

import pytest

from kb.models import ErrorEntry, RelatedLink
from tests.analysis.fake_endpoint import FakeEndpoint, serve
from tests.analysis.recorded_set import Replayed, available, replay


@pytest.fixture
def endpoint():
    fake = FakeEndpoint()
    server = serve(fake)
    yield fake
    server.shutdown()
    server.server_close()


def by_name(outcomes: list[Replayed]) -> dict[str, Replayed]:
    return {outcome.recorded.name: outcome for outcome in outcomes}


@pytest.mark.skipif(not available("sglang"), reason="the sglang 0.5.23 wheel's tree is not at /tmp/sgl/tree")
def test_sglang_answers_keep_a_flag_declared_by_its_dest_and_a_url_path(db, endpoint, tmp_path: Path) -> None:
    result, outcomes = replay(endpoint, "sglang", tmp_path)
    replayed = by_name(outcomes)
    prefill = replayed["sglang_prefill_complete_unsupported"].assisted
    assert "--decoupled-spec-role verifier" in prefill["example_fix"]  # declared only as the field decoupled_spec_role
    assert "`/generate` endpoint" in prefill["situations"]
    assert not any("--prefill-complete-force" in s for s in prefill["solutions"])
    seed = replayed["sglang_seed_hisparse_spec_dec"]
    assert "`decode_only_spec_dec` is `n_dst > n_src`" in seed.assisted["meaning"]
    assert "It is raised when `n_dst < n_src`." not in seed.assisted["trigger"]  # every site needs n_dst >= n_src
    linked = ErrorEntry.objects.filter(incoming_links__source__public_id=seed.public_id)
    assert sorted(linked.values_list("message", flat=True)) == sorted(seed.recorded.answer["related"][:3])
    assert result.failures == []


@pytest.mark.skipif(not available("sglang"), reason="the sglang 0.5.23 wheel's tree is not at /tmp/sgl/tree")
def test_a_repair_request_is_sent_once_listing_the_claims_that_did_not_check_out(db, endpoint, tmp_path: Path) -> None:
    replay(endpoint, "sglang", tmp_path)
    first, repair = endpoint.requests_for("NIXL heterogeneous-TP direct-to-host KV transfer")
    asked = repair.payload["messages"][-1]["content"]
    assert "`NixlKVManager.enable_host_transfer()`" in asked and "enable_host_transfer" in asked
    assert repair.payload["messages"][:2] == first.payload["messages"]
    assert repair.payload["messages"][2]["role"] == "assistant"


def test_django_answers_keep_placeholders_and_e_g_and_drop_a_wrong_class_member_pair(
    db, endpoint, tmp_path: Path
) -> None:
    result, outcomes = replay(endpoint, "django", tmp_path)
    replayed = by_name(outcomes)
    assert "from YOUR_APP.models import Place" in replayed["django_field_clash_parent"].assisted["example_fix"]
    get = replayed["django_get_more_than_one"].assisted["meaning"]
    assert "matched several, e.g. `get(name=...)` on a field without `unique=True`." in get
    detail = replayed["django_detail_pk_or_slug"]
    assert not any("allow_empty" in s for s in detail.assisted["solutions"])  # SingleObjectMixin has no allow_empty
    assert len(detail.assisted["solutions"]) == 2 and detail.requests == 2  # repaired once, then kept
    queryset = replayed["django_missing_queryset"].assisted
    assert not any("slug_field" in s for s in queryset["solutions"])  # a member of SingleObjectMixin, not this one
    assert "from YOUR_APP.models import Article" in queryset["example_fix"]  # the repair named the reader's model
    paginator = replayed["django_paginator_less_than_1"].assisted
    assert "`/articles/?page=0`" in paginator["situations"]
    assert "`number > 1`" not in paginator["trigger"]
    assert result.failures == []


def test_a_section_the_answer_leaves_empty_stays_empty_on_the_card_and_in_the_json(
    db, endpoint, tmp_path: Path, client
) -> None:
    _, outcomes = replay(endpoint, "django", tmp_path)
    app_label = by_name(outcomes)["django_model_app_label"]
    entry = ErrorEntry.objects.get(public_id=app_label.public_id)
    entry.generated = {**entry.generated, "how_to_trigger": "Generated from the code.", "meaning": "Generated."}
    entry.status = ErrorEntry.Status.PUBLISHED
    entry.save()
    assert entry.shown("how_to_trigger") == ("", "", "")
    body = client.get(f"/api/errors/{entry.public_id}").json()
    assert body["explanation"]["how_to_trigger"]["markdown"] == ""
    assert body["meaning"]["markdown"] == entry.assisted["meaning"] != ""  # the top level shows the page's text
    assert body["meaning"]["origin"] == "ai-assisted"


def test_the_recorded_set_keeps_its_true_claims_and_drops_every_checkable_invention(
    db, endpoint, tmp_path: Path
) -> None:
    outcomes = replay(endpoint, "django", tmp_path / "d")[1] + replay(endpoint, "drf", tmp_path / "r")[1]
    if available("sglang"):
        outcomes += replay(endpoint, "sglang", tmp_path / "s")[1]
    kept = sum(len(o.true_kept) for o in outcomes)
    true = kept + sum(len(o.true_dropped) for o in outcomes)
    missed = {claim: o.recorded.planted[claim] for o in outcomes for claim in o.planted_kept}
    assert kept >= 0.85 * true
    # What the verifier cannot tell: a false sentence in prose, and a guard that must have passed.
    assert set(missed.values()) <= {
        "false statement in prose (not checkable)",
        "false statement with real names (a guard that must have passed)",
    }
    assert RelatedLink.objects.exists()
