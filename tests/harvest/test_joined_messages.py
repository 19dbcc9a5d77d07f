"""Messages joined from a list built up under conditions (`message = [...]`, `message.append(...)`,
`self.fail(" ".join(message))`, as Jinja2's parser words unknown tags): each combination of the appends that can
run together is a wording, the longest the entry's message. On code written for the tests and on Jinja2."""

import jinja2
import pytest

from kb.harvest.pipeline.plan import produces
from tests.harvest.test_helper_raises import installed
from tests.harvest.test_messages import harvest_source

PARSER = """
class TemplateSyntaxError(Exception):
    pass

def fail_unknown(name, looking, innermost):
    if name is None:
        message = ["Unexpected end of template."]
    else:
        message = [f"Encountered unknown tag {name!r}."]
    if looking:
        if name in looking:
            message.append(f"Jinja is expecting this tag, but currently looking for {looking}.")
        else:
            message.append(f"Jinja was looking for the following tags: {looking}.")
    if innermost:
        message.append(f"The innermost block that needs to be closed is {innermost!r}.")
    raise TemplateSyntaxError(" ".join(message))
"""


def wordings(tmp_path) -> list[tuple[str, ...]]:
    """(message, *variants) of each entry harvest found in the parser above."""
    found = harvest_source(tmp_path, PARSER).sites
    return [(s.signature, *(v for _m, v in s.variants)) for s in found if s.function == "fail_unknown"]


def test_each_list_the_name_may_hold_is_an_entry_of_its_own(tmp_path):
    assert [w[0].split(".")[0] for w in wordings(tmp_path)] == [
        "Unexpected end of template",
        "Encountered unknown tag {name}",
    ]


def test_the_longest_combination_is_the_message_and_the_others_are_its_variants(tmp_path):
    unexpected = wordings(tmp_path)[0]
    assert unexpected[0] == (
        "Unexpected end of template. Jinja is expecting this tag, but currently looking for {looking}."
        " The innermost block that needs to be closed is {innermost}."
    )
    assert "Unexpected end of template." in unexpected
    assert (
        "Unexpected end of template. Jinja was looking for the following tags: {looking}."
        " The innermost block that needs to be closed is {innermost}."
    ) in unexpected


def test_appends_in_two_arms_of_one_if_never_make_one_wording(tmp_path):
    for wording in wordings(tmp_path):
        assert not any("expecting this tag" in w and "was looking for" in w for w in wording)


@pytest.mark.parametrize(
    "template",
    ["{% if x %}{% endnope %}", "{% if x %}", "{% for x in y %}{% endblock %}", "{% elif %}"],
)
def test_jinja2_s_unknown_tag_and_end_of_template_errors_are_recorded_at_the_parser_s_fail(template):
    with pytest.raises(jinja2.TemplateSyntaxError) as raised:
        jinja2.Environment().from_string(template)
    found = installed(jinja2)
    recorded = [
        wording
        for s in found.sites
        if s.function == "Parser.fail"
        for wording in (s.signature, *(v for _m, v in s.variants))
        if produces(wording, raised.value.message or "")
    ]
    assert recorded, raised.value.message
