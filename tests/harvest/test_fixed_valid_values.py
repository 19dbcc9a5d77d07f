"""A call that hands the parameter a raise's test reads only a literal the test refuses is no way in to that raise:
round 28's AI-assisted card named renderer methods that call an attribute helper with fixed names (`"href"`,
`"title"`) as ways in to its raise for a name its module's regex refuses. The literal is put through the test: a
regex of the module's own, `isinstance`, an `or`; a list or dict of literals is a literal too."""

from tests.harvest.test_evidence import evidence_of

# Reduced from django/db/models/sql/query.py:53-55, 664-671, 1210-1219 (Django 5.2.19): `exists()` calls
# `q.add_annotation(Value(1), "a")` on its clone `q` (here on `self`); `annotate_as()`, `spaced()` and `checked()`
# are ours: a name handed on from the user, a literal the regex finds a space in, and a fixed name checked directly.
QUERY = """
FORBIDDEN_ALIAS_PATTERN = _lazy_re_compile(
    r"['`\\"\\]\\[;\\s\\x00-\\x1F\\x7F-\\x9F]|#|--|/\\*|\\*/"
)


class Query:
    def exists(self, limit=True):
        \"\"\"Whether the query has any row.\"\"\"
        self.clear_ordering(force=True)
        self.add_annotation(Value(1), "a")
        return self

    def annotate_as(self, name):
        \"\"\"One annotated under the user's name.\"\"\"
        self.add_annotation(Value(1), name)
        return self

    def spaced(self):
        \"\"\"One annotated under a name with a space.\"\"\"
        self.add_annotation(Value(1), "a b")
        return self

    def checked(self):
        \"\"\"A fixed name checked.\"\"\"
        self.check_alias("_check")
        return self

    def check_alias(self, alias):
        if FORBIDDEN_ALIAS_PATTERN.search(alias):
            raise ValueError(
                "Column aliases cannot contain whitespace characters, hashes, "
                "control characters, quotation marks, semicolons, or SQL comments."
            )

    def add_annotation(self, annotation, alias, select=True):
        \"\"\"Add a single annotation expression to the Query.\"\"\"
        self.check_alias(alias)
        self.annotations[alias] = annotation
"""

# Reduced from django/core/mail/message.py:203-226 (Django 5.2.19) and tests/admin_views/admin.py:264-270, which hands
# `to` a list of one address; `notify()` is ours: a string, which the test refuses to take.
MAIL = """
class EmailMessage:
    def __init__(self, subject="", body="", from_email=None, to=None, bcc=None):
        \"\"\"Initialize a single email message.\"\"\"
        if to:
            if isinstance(to, str):
                raise TypeError('"to" argument must be a list or tuple')
            self.to = list(to)
        else:
            self.to = []


class ArticleAdmin:
    def delete_model(self, request, obj):
        EmailMessage(
            "Greetings from a deleted object",
            "I hereby inform you that some user deleted me",
            "from@example.com",
            ["to@example.com"],
        ).send()

    def notify(self, request, obj):
        EmailMessage("Greetings", "Hello", "from@example.com", "to@example.com").send()
"""


def _ways_in(tmp_path, source: str, words: str) -> set[str]:
    evidence = evidence_of(tmp_path, source, words)
    return {row["function"] for row in (*evidence["entry_points"], *evidence["callers"])}


def test_a_fixed_name_the_modules_regex_takes_is_no_way_in_to_its_raise(tmp_path) -> None:
    ways_in = _ways_in(tmp_path, QUERY, "Column aliases cannot contain")
    assert "Query.exists" not in ways_in
    assert "Query.checked" not in ways_in


def test_a_name_from_the_user_or_one_the_regex_refuses_still_leads_there(tmp_path) -> None:
    ways_in = _ways_in(tmp_path, QUERY, "Column aliases cannot contain")
    assert {"Query.add_annotation", "Query.annotate_as", "Query.spaced"} <= ways_in


def test_a_list_of_literals_is_no_way_in_to_a_raise_for_a_string(tmp_path) -> None:
    ways_in = _ways_in(tmp_path, MAIL, "argument must be a list or tuple")
    assert "ArticleAdmin.delete_model" not in ways_in
    assert "ArticleAdmin.notify" in ways_in


def test_a_regex_that_may_backtrack_without_end_is_not_run_and_the_way_in_is_kept(tmp_path) -> None:
    assignment = QUERY[QUERY.index("FORBIDDEN_ALIAS_PATTERN = ") : QUERY.index("class Query")]
    nested = QUERY.replace(assignment, 'FORBIDDEN_ALIAS_PATTERN = re.compile(r"(a+)+$")\n\n\n')
    assert "Query.checked" in _ways_in(tmp_path, nested, "Column aliases cannot contain")


def test_a_list_the_function_may_change_before_its_test_still_leads_there(tmp_path) -> None:
    source = """
    def take(items):
        \"\"\"Take the last item.\"\"\"
        items.pop()
        if not items:
            raise ValueError("No items left after the last one")
        return items

    def one():
        \"\"\"One item, taken.\"\"\"
        return take(["a"])
    """
    assert "one" in _ways_in(tmp_path, source, "No items left")


def test_a_parameter_named_as_the_modules_regex_may_be_handed_another_one(tmp_path) -> None:
    # jinja2/ext.py:477 (`def _trim_whitespace(self, string, _ws_re=_ws_re)`): the module's regex is only the
    # parameter's default; `strict()` hands a pattern of its own, which finds "a" in "a".
    own = QUERY.replace(
        "def check_alias(self, alias):",
        "def check_alias(self, alias, FORBIDDEN_ALIAS_PATTERN=FORBIDDEN_ALIAS_PATTERN):",
    )
    strict = own.replace(
        "    def check_alias(",
        '''    def strict(self):
        """A fixed name checked against a pattern of its own."""
        self.check_alias("a", re.compile("a"))
        return self

    def check_alias(''',
    )
    assert "Query.strict" in _ways_in(tmp_path, strict, "Column aliases cannot contain")
