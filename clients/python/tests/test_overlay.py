"""A shared base seen through an overlay of what changed: changed, added and removed entries, the base untouched."""

from errorkb.matching.index import Entry, MatchIndex, Site
from errorkb.matching.overlay import layered
from errorkb.matching.rank import match_text


def entry(key: int, signature: str, *, type_: str = "ValueError", sites: tuple[Site, ...] = ()) -> Entry:
    return Entry(
        key=key,
        public_id=f"{key:016x}",
        exception_type=type_,
        message=signature,
        status="published",
        repository_url="https://github.com/o/r",
        signature=signature,
        variants=(),
        sites=sites,
    )


def exact_keys(index: MatchIndex, text: str) -> list[int]:
    return [m.entry.key for m in match_text(index, text, limit=5).matches if m.exact]


def base() -> MatchIndex:
    return MatchIndex.build([entry(i, f"Sprocket {i} jammed at {{speed}} rpm") for i in range(200)])


def test_a_changed_entry_answers_with_its_new_wording_and_no_longer_with_its_old_one():
    shared = base()
    view = layered(shared, [entry(7, "Sprocket 7 slipped at {speed} rpm")], removed=())
    assert exact_keys(view, "Sprocket 7 slipped at 90 rpm") == [7]
    assert exact_keys(view, "Sprocket 7 jammed at 90 rpm") == []
    assert exact_keys(view, "Sprocket 8 jammed at 90 rpm") == [8]


def test_the_base_is_left_as_it_was():
    shared = base()
    layered(shared, [entry(7, "Sprocket 7 slipped at {speed} rpm"), entry(500, "Brand new {x}")], removed=[8])
    assert exact_keys(shared, "Sprocket 7 jammed at 90 rpm") == [7]
    assert exact_keys(shared, "Sprocket 8 jammed at 90 rpm") == [8]
    assert exact_keys(shared, "Brand new thing") == []


def test_an_added_entry_is_found_and_its_signature_ids_never_meet_the_bases():
    shared = base()
    view = layered(shared, [entry(500, "Brand new {x} appeared")], removed=())
    assert exact_keys(view, "Brand new thing appeared") == [500]
    assert not set(view.signatures_of(500)) & set(shared.signatures)


def test_a_removed_entry_is_found_neither_by_its_message_nor_by_its_frame():
    site = Site("src/pkg/gears.py", 12, "Gear.turn", "abc")
    signed, unsigned = entry(1, "Gear {n} stuck", sites=(site,)), entry(2, "", type_="pkg.Stuck", sites=(site,))
    shared = MatchIndex.build([signed, unsigned])
    view = layered(shared, [], removed=[1, 2])
    frame = '  File "/v/pkg/gears.py", line 12, in turn'
    traceback = f"Traceback (most recent call last):\n{frame}\npkg.Stuck: Gear 3 stuck"
    assert match_text(shared, traceback, limit=5).matches
    assert match_text(view, traceback, limit=5).matches == []
    assert view.entries.get(1) is None and 1 not in view.entries


def test_an_entry_changed_twice_keeps_only_its_last_wording():
    shared = base()
    first = layered(shared, [entry(7, "Sprocket 7 slipped at {speed} rpm")], removed=())
    second = layered(shared, [entry(7, "Sprocket 7 melted at {speed} rpm")], removed=())
    assert exact_keys(first, "Sprocket 7 slipped at 90 rpm") == [7]
    assert exact_keys(second, "Sprocket 7 slipped at 90 rpm") == []
    assert exact_keys(second, "Sprocket 7 melted at 90 rpm") == [7]


def test_no_change_is_the_base_itself():
    shared = base()
    assert layered(shared, [], removed=()) is shared


def test_an_entry_that_gets_a_signature_is_no_longer_found_by_its_type_alone():
    shared = MatchIndex.build([entry(1, "", type_="lib.errors.Gone")])
    assert [m.entry.key for m in match_text(shared, "lib.errors.Gone: x", limit=5).matches] == [1]
    view = layered(shared, [entry(1, "gone for good: {x}", type_="lib.errors.Gone")], removed=())
    assert match_text(view, "lib.errors.Gone: x", limit=5).matches == []
    assert exact_keys(view, "gone for good: x") == [1]
