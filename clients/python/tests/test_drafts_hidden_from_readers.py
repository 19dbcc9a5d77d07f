"""To a reader who may not see drafts, a draft does not exist: not as a match, and not as what decides the others
(the raise the innermost frame stands on, the wording of a message, the nearest entry). Their answers are those of
an index built without the drafts, which is what the offline bundle holds."""

import pytest

from errorkb.matching.frozen import FrozenIndex
from errorkb.matching.index import Entry, LookupIndex, MatchIndex, Site
from errorkb.matching.overlay import layered, without_drafts
from errorkb.matching.rank import match_text


def entry(key: int, message: str, site: Site, *, status: str = "published", type_: str = "ValueError") -> Entry:
    return Entry(
        key=key,
        public_id=f"{key:016x}",
        exception_type=type_,
        message=message,
        status=status,
        repository_url="https://github.com/acme/widgets",
        signature=message.replace("-1", "{size}"),
        variants=(),
        sites=(site,),
    )


PUBLISHED = entry(1, "Widget size must be positive, got -1", Site("widgets/core.py", 40, "Widget.resize", "v1"))
# A draft with no message of its own, raised on the very line a traceback's innermost frame stands on.
DRAFT = entry(2, "", Site("widgets/core.py", 61, "Widget.validate", "v1"), status="draft")
WORDING_DRAFT = entry(3, "Gear -1 slipped off its axle", Site("widgets/gears.py", 9, "Gear.turn", "v1"), status="draft")
ENTRIES = [PUBLISHED, DRAFT, WORDING_DRAFT]
TEXTS = [
    "Traceback (most recent call last):\n"
    '  File "/venv/lib/python3.12/site-packages/widgets/core.py", line 61, in validate\n'
    "ValueError: something the harvest could not word\n",
    "Traceback (most recent call last):\n"
    '  File "/venv/lib/python3.12/site-packages/widgets/core.py", line 40, in resize\n'
    "ValueError: Gear -4 slipped off its axle\n",
    "ValueError: Widget size must be positive, got -3",
    "Gear -2 slipped off its axle",
]


def answers(index: LookupIndex, *, drafts: bool) -> list[list[tuple[int, float, str | None, bool]]]:
    found = [match_text(index, text, limit=5, drafts=drafts).matches for text in TEXTS]
    return [[(m.entry.key, m.score, m.nearby, m.raise_site) for m in matches] for matches in found]


@pytest.mark.parametrize("build", [MatchIndex.build, FrozenIndex.build], ids=["objects", "frozen"])
def test_a_readers_answers_are_those_of_the_index_without_its_drafts(build):
    with_drafts, published_only = build(ENTRIES), build([PUBLISHED])
    assert with_drafts.draft_keys == {DRAFT.key, WORDING_DRAFT.key} and not published_only.draft_keys
    assert answers(with_drafts, drafts=False) == answers(published_only, drafts=False)
    # A curator sees the drafts, and the draft's raise leads for the first text.
    assert answers(with_drafts, drafts=True)[0][0][0] == DRAFT.key


def test_the_draft_on_the_frames_line_no_longer_hides_the_nearby_published_card():
    [[(key, _score, nearby, _raise)]] = answers(MatchIndex.build(ENTRIES), drafts=False)[:1]
    assert (key, nearby) == (PUBLISHED.key, "file")


def test_an_overlay_keeps_the_drafts_it_adds_or_publishes_out_of_a_readers_answers():
    base = MatchIndex.build(ENTRIES)
    published = entry(2, "", DRAFT.sites[0])
    view = layered(base, [published], removed=[WORDING_DRAFT.key])
    assert view.draft_keys == frozenset()
    assert answers(view, drafts=False)[0][0][:1] == (DRAFT.key,)
    redrafted = layered(base, [entry(1, PUBLISHED.message, PUBLISHED.sites[0], status="draft")], removed=())
    assert redrafted.draft_keys == {1, 2, 3}
    assert answers(redrafted, drafts=False) == [[], [], [], []]


def test_the_readers_view_is_made_once_per_index():
    index = MatchIndex.build(ENTRIES)
    assert without_drafts(index) is without_drafts(index)
    published_only = MatchIndex.build([PUBLISHED])
    assert without_drafts(published_only) is published_only
