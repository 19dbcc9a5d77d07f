"""The card speaks from the reader's side (issue 29, §1 and §3), from evidence built by hand as the evidence contract
(docs/entry-format.md) gives it: the public entry point, each name in the condition by what it stands for, what an
`except` caught, the documentation's paragraph; solutions only from what the user controls, in correct English."""

from kb.cards.explain import generate_sections
from kb.models import ErrorEntry, RaiseSite
from tests.factories import ErrorEntryFactory, RaiseSiteFactory, RepositoryFactory

COMMIT = "0123456789abcdef0123456789abcdef01234567"


def generated(*sites: dict, entry_evidence: dict | None = None, exception: str = "ValueError") -> dict:
    repository = RepositoryFactory.build(owner="acme", name="kit", url="https://github.com/acme/kit")
    entry: ErrorEntry = ErrorEntryFactory.build(
        repository=repository,
        exception_type=exception,
        analysed_commit=COMMIT,
        evidence=entry_evidence or {},
        message="Widget size out of range: -1",  # no rule of its own: the solutions come from the code alone
    )
    built: list[RaiseSite] = [
        RaiseSiteFactory.build(
            entry=entry,
            commit=COMMIT,
            path=site.pop("path", "kit/query.py"),
            line=site.pop("line", 40),
            function=site["function"]["name"],
            evidence=site,
        )
        for site in sites
    ]
    return generate_sections(entry=entry, sites=built)


def site(function: str, condition: str, sentence: str, **evidence) -> dict:
    return {
        "conditions": [{"kind": "if", "code": condition, "sentence": sentence, "line": 39}],
        "under_condition": True,
        "function": {"name": function},
        **evidence,
    }


def test_a_private_function_s_raise_is_told_from_the_public_entry_point_and_its_argument():
    card = generated(
        site(
            "QuerySet._check_limit",
            "num > limit",
            "`num` is greater than `limit`",
            parameters=["num"],
            definitions=[{"name": "limit", "code": "MAX_GET_RESULTS", "line": 30}],
            entry_points=[
                {
                    "function": "QuerySet.get",
                    "path": "kit/query.py",
                    "line": 600,
                    "kind": "method",
                    "doc": "Perform the query and return a single object.",
                    "arguments": {"num": "count"},
                },
            ],
        )
    )
    assert card["meaning"].startswith(
        "`QuerySet.get()` raises this (from `QuerySet._check_limit`) when the `count` argument is greater than "
        "`limit` (`limit` is `MAX_GET_RESULTS`)."
    )
    assert "`QuerySet.get()` is documented as: “Perform the query and return a single object\\.”" in card["meaning"]
    assert "- reached from `QuerySet.get()`" in card["situations"]


def test_a_bare_local_is_never_named_the_card_says_less():
    card = generated(site("Command.handle", "m is None", "`m` is `None`", parameters=["options"]))
    for section in ("meaning", "trigger"):
        assert "`m`" not in card.get(section, "")
    assert card["meaning"] == "`Command.handle()` raises this."


def test_a_local_is_said_by_its_definition_and_a_caught_error_by_what_the_callee_raised():
    # The seed's error (sglang 0.5.23, nixl/conn.py), with the evidence the contract gives it.
    evidence = {
        "conditions": [
            {"kind": "if", "code": "decode_only_spec_dec", "sentence": "`decode_only_spec_dec` is true", "line": 1531},
            {"kind": "except", "code": "except NotImplementedError", "sentence": "", "line": 1530},
        ],
        "under_condition": True,
        "function": {"name": "NixlKVManager._prepare_payload_xfer"},
        "parameters": ["peer_info"],
        "definitions": [{"name": "decode_only_spec_dec", "code": "n_dst > n_src", "line": 1497}],
        "callee_raises": [
            {"function": "_homogeneous_kv_mem_kind", "exception": "NotImplementedError",
             "message": "NIXL {context} mixed KV memory kinds are not implemented safely yet",
             "condition": "len(set(kinds)) != 1", "path": "python/sglang/conn.py", "line": 80},
        ],
        "entry_points": [],
    }  # fmt: skip
    meaning = generated(evidence, exception="NotImplementedError")["meaning"]
    assert meaning == (
        "`NotImplementedError` is raised in `NixlKVManager._prepare_payload_xfer` when `_homogeneous_kv_mem_kind()` "
        "raised `NotImplementedError` (“NIXL \\{context\\} mixed KV memory kinds are not implemented safely yet”) "
        "and `decode_only_spec_dec` is true (`decode_only_spec_dec` is `n_dst > n_src`)."
    )


def test_self_attributes_flags_and_settings_are_said_by_their_own_names():
    card = generated(
        site(
            "Client.send",
            "self.timeout < 0 and server_args.enable_hisparse",
            "`self.timeout` is less than `0` and `server_args.enable_hisparse` is true",
            attributes=[
                {"name": "self.timeout", "class": "Client", "parameter": "timeout", "code": "timeout", "line": 12}
            ],
            switches=[
                {
                    "name": "enable_hisparse",
                    "kind": "flag",
                    "declared": "--enable-hisparse",
                    "help": "",
                    "path": "kit/args.py",
                    "line": 5,
                }
            ],
            definitions=[{"name": "server_args", "code": "get_global_server_args()", "line": 30}],
        )
    )
    assert card["meaning"].startswith(
        "`Client.send()` raises this when the `timeout` argument of `Client()` is less than `0` and the "
        "`--enable-hisparse` flag is set"
    )
    assert "Check the `--enable-hisparse` flag" in card["solutions"][0]


def test_each_distinct_condition_is_said_once_and_many_places_are_summed_up():
    sites = [site("Form.clean", "not value", "`value` is empty or false", parameters=["value"]) for _ in range(6)]
    meaning = generated(*sites)["meaning"]
    assert meaning.count("raises this") == 1
    assert "It is raised at 6 places in all." in meaning


def test_the_documentation_paragraph_is_quoted_in_the_meaning():
    docs = [{"path": "docs/ref.txt", "line": 8, "text": ".. method:: get()",
             "paragraph": "get() raises MultipleObjectsReturned if more than one object was found."}]  # fmt: skip
    card = generated(site("QuerySet.get", "num > 1", "`num` is greater than `1`"), entry_evidence={"docs": docs})
    assert "says: “get\\(\\) raises MultipleObjectsReturned if more than one object was found\\.”" in card["meaning"]
    assert "get\\(\\) raises MultipleObjectsReturned" in card["documentation"]


def test_no_solution_comes_from_a_guard_that_must_have_passed():
    # Django's runserver: `if not settings.DEBUG and not settings.ALLOWED_HOSTS: raise ...` comes first, so the
    # port error's site holds the guard `settings.DEBUG or settings.ALLOWED_HOSTS`: true on every path to it.
    evidence = site("Command.handle", "m is None", "`m` is `None`", parameters=["options"])
    evidence["conditions"].append(
        {"kind": "guard", "code": "settings.DEBUG or settings.ALLOWED_HOSTS",
         "sentence": "the setting `DEBUG` is true or the setting `ALLOWED_HOSTS` is true", "line": 80}
    )  # fmt: skip
    card = generated(evidence, exception="CommandError")
    assert "solutions" not in card
    assert "DEBUG" not in card.get("trigger", "")


def test_no_solution_names_a_private_or_self_internal_name():
    evidence = site(
        "RelatedManager.add.check_and_update_obj",
        "not isinstance(obj, self.model)",
        "`obj` is not an instance of `self.model`",
        parameters=["obj"],
    )
    assert "solutions" not in generated(evidence)
    private = site("Manager._prepare", "len(items) < 2", "`items` has fewer than 2 items", parameters=["items"])
    assert "solutions" not in generated(private)


def test_solutions_use_correct_plurals_and_articles():
    one = site("Batch.add", "len(items) > 1", "`items` has more than 1 item", parameters=["items"])
    assert generated(one)["solutions"] == ["Pass at most 1 item as `items` to `Batch.add()`."]
    typed = site("Batch.add", "not isinstance(size, int)", "`size` is not an instance of `int`", parameters=["size"])
    assert generated(typed)["solutions"] == ["Pass an `int` as `size` to `Batch.add()`."]


def test_a_hook_the_framework_calls_is_told_what_it_must_return():
    evidence = site(
        "BaseSerializer.save",
        "instance is None",
        "`instance` is `None`",
        definitions=[{"name": "instance", "code": "self.create(validated_data)", "line": 210}],
        entry_points=[
            {"function": "BaseSerializer.save", "kind": "method", "path": "kit/s.py", "line": 200, "arguments": {}},
            {"function": "BaseSerializer.create", "kind": "hook", "path": "kit/s.py", "line": 150, "arguments": {}},
        ],
    )
    assert generated(evidence)["solutions"] == ["Make your `BaseSerializer.create()` return a value other than `None`."]


def test_an_example_fix_changes_the_failing_call_from_the_test_to_a_value_that_passes():
    evidence = site("Widget.resize", "size >= 10", "`size` is at least `10`", parameters=["size"])
    tests = [{"path": "tests/t.py", "line": 4, "name": "T.test_big", "how": "message", "code": "...",
              "call": "Widget.resize(size=12)", "pinned": 5}]  # fmt: skip
    card = generated(evidence, entry_evidence={"tests": tests})
    assert (
        card["example_fix"]
        == "```python\n# before: raises\nWidget.resize(size=12)\n# after\nWidget.resize(size=9)\n```"
    )
    assert card["solutions"] == ["Pass `size` less than `10` to `Widget.resize()`."]
    assert "Widget.resize(size=12)" in card["how_to_trigger"]  # the call, pinned at its line
    assert "tests/t.py` line 5" in card["how_to_trigger"]


def test_a_guessed_entry_point_or_caller_is_never_shown():
    evidence = site(
        "Query.names_to_path",
        "fail_on_missing",
        "`fail_on_missing` is true",
        parameters=["fail_on_missing"],
        entry_points=[],
        callers=[{"function": "LoginView.get", "path": "kit/views.py", "line": 3, "level": 1, "guess": True}],
    )
    card = generated(evidence)
    assert "LoginView" not in str(card)
    # No public entry point reaches it: the test is said of the function it is written in, by its argument.
    assert card["meaning"].startswith("`ValueError` is raised in `Query.names_to_path` when the `fail_on_missing`")


def test_a_short_local_set_by_a_match_is_said_of_what_it_matched():
    # Django's runserver: `m = re.match(naiveip_re, options["addrport"])`, then `if m is None: raise ...`.
    evidence = site(
        "Command.handle",
        "m is None",
        "`m` is `None`",
        path="django/core/management/commands/runserver.py",
        parameters=["options"],
        definitions=[{"name": "m", "code": "re.match(naiveip_re, options['addrport'])", "line": 30}],
        entry_points=[
            {"function": "runserver", "kind": "command", "path": "django/core/management/commands/runserver.py",
             "line": 79, "arguments": {"options": "options"}},
        ],
        switches=[{"name": "addrport", "kind": "flag", "declared": "addrport", "help": "", "path": "", "line": 40}],
    )  # fmt: skip
    card = generated(evidence, exception="CommandError")
    # A match that found nothing is said of what it matched (`matched`), the pattern a module-level name.
    assert card["meaning"] == (
        "Running the `runserver` command raises this (from `Command.handle`) when "
        "the `addrport` argument does not match the expected pattern at its start."
    )
    assert "`m`" not in str(card)


def test_a_name_two_assignments_may_reach_or_a_value_built_up_afterwards_is_not_said():
    # Django's OGRGeomType: `type_input = type_input.lower()`, then maybe `type_input = "unknown"`.
    two = site(
        "Kind.__init__",
        "num is None",
        "`num` is `None`",
        parameters=["type_input"],
        definitions=[
            {"name": "num", "code": "self._str_types.get(type_input)", "line": 38},
            {"name": "type_input", "code": "'unknown'", "line": 37},
            {"name": "type_input", "code": "type_input.lower()", "line": 35},
        ],
    )
    assert "'unknown'" not in str(generated(two))
    assert "_str_types" not in str(generated(two))  # `self._str_types`: no reader's name either
    # Django's Query.add_ordering: `errors = []`, appended to in a loop, then `if errors: raise ...`.
    built = site("Query.add_ordering", "errors", "`errors` is true", definitions=[{"name": "errors", "code": "[]"}])
    card = generated(built, exception="FieldError")
    assert card["meaning"] == "`Query.add_ordering()` raises this."
    assert "[]" not in str(card)


def test_a_definition_after_the_test_is_not_what_the_test_reads():
    evidence = site(
        "Kind.check",
        "not isinstance(value, str)",
        "`value` is not an instance of `str`",
        parameters=["value"],
        definitions=[{"name": "value", "code": "value.lower()", "line": 45}],  # the test is at line 39
    )
    card = generated(evidence)
    assert card["meaning"].startswith("`Kind.check()` raises this when the `value` argument is not an instance of")
    assert card["solutions"] == ["Pass a `str` as `value` to `Kind.check()`."]
    evidence["definitions"] = [{"name": "value", "code": "value.strip()", "line": 30}]
    assert "solutions" not in generated(evidence)  # a new value before the test: not the argument as passed


def test_an_argument_converted_before_the_test_is_still_the_argument_to_advise_on():
    # Django's Paginator.validate_number: `number = int(number)`, then `if number < 1: raise EmptyPage(...)`.
    evidence = site(
        "Paginator.validate_number",
        "number < 1",
        "`number` is less than `1`",
        parameters=["number"],
        definitions=[{"name": "number", "code": "int(number)", "line": 35}],
    )
    card = generated(evidence)
    assert card["meaning"] == "`Paginator.validate_number()` raises this when the `number` argument is less than `1`."
    assert card["solutions"] == ["Pass `number` of at least `1` to `Paginator.validate_number()`."]


def test_a_local_built_on_its_own_earlier_value_is_not_said():
    # Django's SplitArrayField.clean: `errors = list(filter(None, errors))`, then `if errors: raise ...`.
    evidence = site(
        "SplitArrayField.clean",
        "errors",
        "`errors` is true",
        definitions=[{"name": "errors", "code": "list(filter(None, errors))", "line": 30}],
    )
    assert generated(evidence)["meaning"] == "`SplitArrayField.clean()` raises this."


def test_a_flag_read_only_by_an_outer_test_gets_no_advice_and_settings_must_be_settings():
    evidence = site(
        "Command.handle",
        "not self.port.isdigit()",
        "`self.port.isdigit()` is false",
        path="django/core/management/commands/runserver.py",
        parameters=["options"],
        switches=[
            {"name": "addrport", "kind": "flag", "declared": "addrport", "help": "", "path": "", "line": 40},
            {"name": "configured", "kind": "setting", "declared": "configured", "help": "", "path": "", "line": 1},
        ],
    )
    evidence["conditions"].append(
        {"kind": "else", "code": "options['addrport']", "sentence": "`options['addrport']` is true", "line": 30}
    )
    evidence["conditions"].append(
        {"kind": "if", "code": "settings.configured", "sentence": "`settings.configured` is true", "line": 20}
    )
    card = generated(evidence, exception="CommandError")
    assert "solutions" not in card
    assert "the `addrport` argument is given" in card["trigger"]


def test_a_second_condition_of_the_same_entry_point_reads_as_also():
    sites = [
        site("Form.clean", "not value", "`value` is empty or false", parameters=["value"]),
        site("Form.clean", "value is None", "`value` is `None`", parameters=["value"]),
    ]
    assert generated(*sites)["meaning"] == (
        "`Form.clean()` raises this when the `value` argument is not given (or empty). "
        "It is also raised when the `value` argument is `None`."
    )


def test_a_value_checked_only_when_given_is_not_advised_away():
    # marshmallow's Nested: `if only is not None and not is_collection(only): raise StringNotCollectionError`.
    # Passing None avoids the error but throws away the fields the caller asked for: no such advice.
    nested = site(
        "Nested.__init__",
        "only is not None and not is_collection(only)",
        "`only` is not `None` and `is_collection(only)` is false",
        parameters=["only"],
        entry_points=[{"function": "Nested.__init__", "kind": "constructor", "arguments": {"only": "only"}}],
    )
    assert not any("`None`" in s for s in generated(nested).get("solutions", []))
    typed = site(
        "Batch.add",
        "size is not None and not isinstance(size, int)",
        "`size` is not `None` and `size` is not an instance of `int`",
        parameters=["size"],
    )
    assert generated(typed)["solutions"] == ["Pass an `int` as `size` to `Batch.add()`."]
