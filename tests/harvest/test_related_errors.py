"""Related errors the harvest finds (issue 29, §4): siblings in the same function, then the same class, then errors
of the same package whose messages share rare words; stored per entry, shown on the card and in its JSON only
where the reader may open them, after a curator's links, at most five."""

import io
from pathlib import Path

import django
import pytest
from django.core.management import call_command

from api.serializers import EntryCardSerializer
from kb.actions.status import unpublish
from kb.cards.related import MAX_RELATED, Related, package_of, ranked_related
from kb.models import ErrorEntry, RelatedLink

RUNSERVER = Path(django.__file__).parent / "core" / "management" / "commands" / "runserver.py"


def ids(rows: list[dict]) -> list[tuple[str, str]]:
    return [(row["id"], row["why"]) for row in rows]


def test_siblings_in_the_function_come_first_then_the_class_nearest_first():
    entries = [
        Related("a" * 16, [("pkg/conn.py", "Manager.prepare", 10)], "first"),
        Related("b" * 16, [("pkg/conn.py", "Manager.prepare", 30)], "second"),
        Related("c" * 16, [("pkg/conn.py", "Manager.prepare", 12)], "third"),
        Related("d" * 16, [("pkg/conn.py", "Manager.other", 11)], "fourth"),
        Related("e" * 16, [("pkg/other.py", "Manager.prepare", 10)], "fifth"),  # another file's Manager
    ]
    related = ranked_related(entries)
    assert ids(related["a" * 16]) == [("c" * 16, "sibling"), ("b" * 16, "sibling"), ("d" * 16, "class")]
    assert "e" * 16 not in [row["id"] for row in related["a" * 16]]


def test_errors_of_one_package_sharing_rare_words_are_related_and_common_words_relate_nothing():
    filler = [Related(f"{n:016x}", [("nixl/f.py", f"f{n}", 1)], f"Value {n} is wrong here") for n in range(200)]
    seed = Related("1" * 16, [("python/nixl/conn.py", "prepare", 5)], "NIXL transfer does not support HiSparse")
    ascend = Related("2" * 16, [("python/nixl/ascend.py", "check", 9)], "Ascend transfer does not support HiSparse")
    elsewhere = Related("3" * 16, [("other/x.py", "check", 9)], "HiSparse transfer is off")  # another package
    related = ranked_related([*filler, seed, ascend, elsewhere])
    assert ids(related["1" * 16]) == [("2" * 16, "words")]
    assert f"{0:016x}" not in related  # "value", "wrong", "here": in every filler message


def test_a_message_worded_alike_outranks_one_that_only_shares_its_rarest_words():
    filler = [Related(f"{n:016x}", [("kit/f.py", f"f{n}", 1)], f"Value {n} is wrong here") for n in range(300)]
    seed = Related(
        "1" * 16,
        [("kit/nixl/conn.py", "prepare", 5)],
        "NIXL PD transfer does not support HiSparse combined with speculative decoding.",
    )
    # Shares "HiSparse", "speculative" and "decoding", but no phrase.
    loose = Related("2" * 16, [("kit/spec.py", "check", 9)], "HiSparse speculative decoding uses a fixed swap state")
    # The same sentence about another backend: "PD transfer does not support HiSparse".
    alike = Related("3" * 16, [("kit/ascend/conn.py", "send", 9)], "Ascend PD transfer does not support HiSparse here")
    related = ranked_related([*filler, seed, loose, alike])
    assert [row["id"] for row in related["1" * 16]] == ["3" * 16, "2" * 16]


def test_class_mates_sharing_only_the_class_s_own_words_come_after_the_package_s_word_matches():
    filler = [Related(f"{n:016x}", [("kit/f.py", f"f{n}", 1)], f"Value {n} is wrong here") for n in range(300)]
    manager = [
        Related("1" * 16, [("kit/nixl.py", "Manager.prepare", 5)], "NIXL transfer of HiSparse regions failed"),
        Related("2" * 16, [("kit/nixl.py", "Manager.send", 50)], "NIXL transfer stalled"),
        Related("3" * 16, [("kit/nixl.py", "Manager.wait", 90)], "NIXL transfer timed out"),
        Related("4" * 16, [("kit/nixl.py", "Manager.poll", 99)], "NIXL poll saw HiSparse regions"),
    ]
    ascend = Related("5" * 16, [("kit/ascend.py", "check", 9)], "Ascend does not support HiSparse regions")
    related = ranked_related([*filler, *manager, ascend])
    # "NIXL" and "transfer" are the class's own vocabulary; "HiSparse" and "regions" are not.
    assert ids(related["1" * 16]) == [
        ("4" * 16, "class"),
        ("5" * 16, "words"),
        ("2" * 16, "class"),
        ("3" * 16, "class"),
    ]


def test_a_package_is_the_top_level_module_under_the_usual_source_folders():
    assert package_of("python/sglang/srt/disaggregation/nixl/conn.py") == "sglang"
    assert package_of("django/db/models/query.py") == "django"
    assert package_of("src/click/core.py") == "click"
    assert package_of("client.py") == "client"


def test_at_most_five_are_kept_and_an_entry_without_a_message_is_no_one_s_related_error():
    entries = [Related(f"{n:016x}", [("m.py", "f", n)], f"message {n}") for n in range(8)]
    entries.append(Related("f" * 16, [("m.py", "f", 0)], ""))
    related = ranked_related(entries)
    assert len(related[f"{0:016x}"]) == MAX_RELATED
    assert all(row["id"] != "f" * 16 for rows in related.values() for row in rows)


def test_two_thousand_entries_are_ranked():
    count = 2000
    entries = [
        Related(f"{n:016x}", [(f"pkg/m{n % 40}.py", f"C{n % 7}.f{n % 13}", n)], f"Error {n} in part{n % 90} of x")
        for n in range(count)
    ]
    related = ranked_related(entries)
    assert len(related) == count
    assert all(len(rows) <= MAX_RELATED for rows in related.values())


@pytest.fixture
def runserver(db, git_repo) -> dict[str, ErrorEntry]:
    """Django's own `runserver` command harvested and published: its errors by message."""
    git_repo.write("django/core/management/commands/runserver.py", RUNSERVER.read_text())
    git_repo.commit("runserver")
    call_command(
        "harvest", str(git_repo.root), "--repo", "django/django", "--no-progress", "--publish", stdout=io.StringIO()
    )
    return {entry.message: entry for entry in ErrorEntry.objects.all()}


def test_django_s_runserver_errors_are_each_other_s_siblings(runserver):
    addrport = runserver['"{addrport}" is not a valid port number or address:port pair.']
    stored = addrport.evidence["related"]
    assert {row["why"] for row in stored} == {"sibling"}
    messages = {ErrorEntry.objects.get(public_id=row["id"]).message for row in stored}
    assert "{port} is not a valid port number." in messages
    assert "Your Python does not support IPv6." in messages


def test_the_card_links_only_the_related_errors_a_reader_may_open(client, runserver):
    addrport = runserver['"{addrport}" is not a valid port number or address:port pair.']
    stored = [row["id"] for row in addrport.evidence["related"]]
    hidden = ErrorEntry.objects.get(public_id=stored[0])
    ErrorEntry.objects.filter(pk=hidden.pk).update(status=ErrorEntry.Status.DRAFT)
    ErrorEntry.objects.filter(pk=addrport.pk).update(status=ErrorEntry.Status.PUBLISHED)
    page = client.get(addrport.get_absolute_url()).content.decode()
    shown = [r["id"] for r in client.get(f"/api/errors/{addrport.public_id}").json()["related"]]
    assert shown == [public_id for public_id in stored if public_id != hidden.public_id]
    assert hidden.get_absolute_url() not in page
    assert all(f"/errors/{public_id}/" in page for public_id in shown)


def test_a_curator_s_links_come_first_and_the_harvest_s_fill_up_to_five_without_doubles(client, runserver):
    addrport = runserver['"{addrport}" is not a valid port number or address:port pair.']
    stored = [row["id"] for row in addrport.evidence["related"]]
    curated = ErrorEntry.objects.get(public_id=stored[-1])
    RelatedLink.objects.create(source=addrport, target=curated, position=0)
    ErrorEntry.objects.update(status=ErrorEntry.Status.PUBLISHED)
    related = client.get(f"/api/errors/{addrport.public_id}").json()["related"]
    assert related[0] == {**related[0], "id": curated.public_id, "origin": "curated"}
    assert [r["id"] for r in related[1:]] == stored[:-1]
    assert {r["origin"] for r in related[1:]} == {"generated"}
    assert len(related) <= MAX_RELATED


def test_an_export_keeps_only_the_curator_s_links(runserver):
    addrport = runserver['"{addrport}" is not a valid port number or address:port pair.']
    entry = ErrorEntry.objects.with_card().get(pk=addrport.pk)
    assert entry.evidence["related"]
    assert EntryCardSerializer(entry).data["related"] == []  # no request: an export


def test_the_card_s_version_moves_when_a_related_card_is_unpublished(client, runserver, admin_user):
    addrport = runserver['"{addrport}" is not a valid port number or address:port pair.']
    target = ErrorEntry.objects.get(public_id=addrport.evidence["related"][0]["id"])
    url = f"/api/errors/{addrport.public_id}"
    before = client.get(url)
    assert target.public_id in [r["id"] for r in before.json()["related"]]
    unpublish(ErrorEntry.objects.filter(pk=target.pk), by=admin_user)
    after = client.get(url, headers={"If-None-Match": before["ETag"]})
    assert after.status_code == 200
    assert target.public_id not in [r["id"] for r in after.json()["related"]]


def test_a_pair_of_grammar_words_relates_nothing():
    filler = [Related(f"{n:016x}", [("kit/f.py", f"f{n}", 1)], f"Value {n} is wrong here") for n in range(300)]
    when = Related("1" * 16, [("kit/expressions.py", "When.__init__", 5)], "An empty Q() can't be used as a condition.")
    key = Related("2" * 16, [("kit/keys.py", "Key.check", 9)], "A composite key cannot be used as a lookup value.")
    assert "1" * 16 not in ranked_related([*filler, when, key])  # "be used", "used as": grammar, not a phrase
