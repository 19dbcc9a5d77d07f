"""A warning does not stop its `with self.assertWarnsMessage(...)` block: the call a card quotes is the block's
first that is not an assertion, not its last line (`self.assertSequenceEqual(...)` issues nothing; issue 29,
round 6's card 05, tests/modeladmin/tests.py:300-306). A raise still quotes the block's last call."""

from pathlib import Path

from kb.harvest.evidence.assertions import read_assertions

MODELADMIN = "tests/modeladmin/tests.py"


def test_a_warning_block_quotes_the_call_that_warns(django_sdist: Path):
    found = read_assertions((django_sdist / MODELADMIN).read_text(), MODELADMIN)
    warned = [a for a in found if a.name.endswith("test_lookup_allowed_without_request_deprecation")]
    assert [(a.call, a.pinned) for a in warned] == [
        ("changelist = model_admin.get_changelist_instance(request_band_name_filter)", 301)
    ]


def test_a_raise_block_still_quotes_its_last_call():
    text = (
        "class T:\n"
        "    def test_one(self):\n"
        "        with self.assertRaisesMessage(ValueError, 'bad value'):\n"
        "            item = make()\n"
        "            item.check()\n"
        "    def test_two(self):\n"
        "        with self.assertWarnsMessage(UserWarning, 'old name'):\n"
        "            self.assertTrue(ready())\n"
        "            item = make()\n"
        "            self.assertEqual(item.size, 1)\n"
    )
    found = read_assertions(text, "tests/test_t.py")
    assert [(a.name, a.call) for a in found] == [("T.test_one", "item.check()"), ("T.test_two", "item = make()")]
