"""The tree's classes and flag destinations, as the verifier reads them: from Django's own generic views (installed)
and sglang's server-argument fields; a file is parsed only when a claim needs it."""

from pathlib import Path

import django
import pytest

from kb.analysis.declarations import Declarations
from kb.analysis.vocabulary import Vocabulary, read_source

GENERIC_VIEWS = Path(django.__file__).parent / "views" / "generic"
SGLANG_FIELDS = Path("/tmp/sgl/tree/sglang/srt/arg_groups/fields")


def test_a_pair_holds_through_the_ancestors_the_tree_defines_and_fails_where_none_has_the_member() -> None:
    vocabulary = Vocabulary()
    read_source(vocabulary, GENERIC_VIEWS)
    declarations = vocabulary.declarations
    assert declarations.parsed == set()  # indexed only
    assert declarations.pair_holds("ListView", "allow_empty") is True  # from MultipleObjectMixin
    assert declarations.pair_holds("DetailView", "get_object") is True
    assert declarations.pair_holds("SingleObjectMixin", "allow_empty") is False
    assert declarations.pair_holds("SingleObjectMixin", "extra_context") is True  # from ContextMixin
    assert "dates.py" not in declarations.parsed


def test_a_class_bound_again_or_given_members_from_outside_is_not_judged() -> None:
    declarations = Declarations()
    declarations.read(
        "class ServerArgs:\n    pass\n\nServerArgs = msgspec.defstruct('ServerArgs', fields)\n\n"
        "class HttpRequest:\n    pass\n\ndef middleware(request):\n    request.user = get_user(request)\n\n"
        "class Closed:\n    size = 1\n"
    )
    assert declarations.pair_holds("ServerArgs", "enable_hisparse") is None
    assert declarations.pair_holds("HttpRequest", "user") is None
    assert declarations.pair_holds("Closed", "colour") is False
    assert declarations.pair_holds("Unknown", "anything") is None


@pytest.mark.skipif(not SGLANG_FIELDS.is_dir(), reason="the sglang 0.5.23 wheel's tree is not at /tmp/sgl/tree")
def test_a_flag_is_known_by_its_struct_field_though_the_tree_never_spells_it() -> None:
    vocabulary = Vocabulary()
    read_source(vocabulary, SGLANG_FIELDS)
    assert "--decoupled-spec-role" not in vocabulary.flags
    assert vocabulary.knows_flag("--decoupled-spec-role")
    assert vocabulary.knows_flag("--enable-hisparse=true")
    assert not vocabulary.knows_flag("--nixl-mixed-memory-mode")
