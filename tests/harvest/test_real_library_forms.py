"""Raise forms met in real libraries (Django, DRF, click, urllib3, dj-database-url, tqdm, werkzeug), as harvest
reads them: each test is a pared-down copy of the library's own code."""

from tests.harvest.test_messages import harvest_source


def sites_of(tmp_path, source: str, function: str) -> list[tuple[str, str, tuple]]:
    return [
        (site.exception_type.rsplit(".", 1)[-1], site.signature, tuple(s for _m, s in site.variants))
        for site in harvest_source(tmp_path, source).sites
        if site.function == function
    ]


def test_a_message_bound_in_an_except_block_that_raises_does_not_reach_the_raise_after_it(tmp_path):
    # DRF's Field.fail: the AssertionError's message is no wording of the ValidationError raised below.
    source = """
    MISSING = "ValidationError raised by `{class_name}`, but error key `{key}` does not exist."

    class ValidationError(Exception):
        pass

    class Field:
        def fail(self, key, **kwargs):
            try:
                msg = self.error_messages[key]
            except KeyError:
                msg = MISSING.format(class_name=type(self).__name__, key=key)
                raise AssertionError(msg)
            message_string = msg.format(**kwargs)
            raise ValidationError(message_string, code=key)
    """
    assert sites_of(tmp_path, source, "Field.fail") == [
        ("AssertionError", "ValidationError raised by `{class_name}`, but error key `{key}` does not exist.", ()),
        ("ValidationError", "", ()),
    ]


def test_a_message_returned_from_an_if_arm_does_not_reach_code_after_the_if(tmp_path):
    source = """
    def check(value):
        msg = "Value {} is too large".format(value)
        if value is None:
            msg = "No value"
            return msg
        raise ValueError(msg)
    """
    assert sites_of(tmp_path, source, "check") == [("ValueError", "Value {value} is too large", ())]


def test_self_fail_in_a_class_with_a_generic_base_finds_the_fail_helper(tmp_path):
    # click: class _NumberParamTypeBase(ParamType[T]) with ParamType.fail raising BadParameter.
    source = """
    import typing as t

    class BadParameter(Exception):
        pass

    class ParamType(t.Generic[t.Any]):
        def fail(self, message, param=None, ctx=None):
            raise BadParameter(message, ctx=ctx, param=param)

    class IntParamType(ParamType[int]):
        def convert(self, value, param, ctx):
            self.fail(
                _("{value!r} is not a valid {number_type}.").format(value=value, number_type=self.name),
                param,
                ctx,
            )
    """
    assert sites_of(tmp_path, source, "IntParamType.convert") == [
        ("BadParameter", "{value} is not a valid {number_type}.", ())
    ]


def test_a_base_class_raise_of_self_message_gives_an_entry_per_subclass_that_sets_its_own_message(tmp_path):
    # Django's BaseValidator.__call__ raises every validator's message: MaxLengthValidator only sets `message`.
    source = """
    class ValidationError(Exception):
        pass

    class BaseValidator:
        message = "Ensure this value is %(limit_value)s (it is %(show_value)s)."

        def __call__(self, value):
            params = {"limit_value": self.limit_value, "show_value": value}
            raise ValidationError(self.message, code=self.code, params=params)

    class MinValueValidator(BaseValidator):
        message = "Ensure this value is greater than or equal to %(limit_value)s."

    class MaxLengthValidator(BaseValidator):
        message = ngettext_lazy(
            "Ensure this value has at most %(limit_value)d character (it has %(show_value)d).",
            "Ensure this value has at most %(limit_value)d characters (it has %(show_value)d).",
            "limit_value",
        )

    class StepValidator(BaseValidator):
        message = "A multiple of %(limit_value)s."

        def __call__(self, value):
            raise ValidationError(self.message)
    """
    assert sites_of(tmp_path, source, "BaseValidator.__call__") == [
        ("ValidationError", "Ensure this value is {limit_value} (it is {show_value}).", ()),
        ("ValidationError", "Ensure this value is greater than or equal to {limit_value}.", ()),
        (
            "ValidationError",
            "Ensure this value has at most {limit_value} character (it has {show_value}).",
            ("Ensure this value has at most {limit_value} characters (it has {show_value}).",),
        ),
    ]


def test_an_exception_that_words_its_message_in_init_gives_the_raise_that_message(tmp_path):
    # urllib3: URLSchemeUnknown(scheme), and MaxRetryError through RequestError and PoolError's __init__.
    source = """
    class PoolError(Exception):
        def __init__(self, pool, message):
            self.pool = pool
            super().__init__(f"{pool}: {message}")

    class RequestError(PoolError):
        def __init__(self, pool, url, message):
            self.url = url
            super().__init__(pool, message)

    class MaxRetryError(RequestError):
        def __init__(self, pool, url, reason=None):
            message = f"Max retries exceeded with url: {url} (Caused by {reason!r})"
            super().__init__(pool, url, message)

    class URLSchemeUnknown(ValueError):
        def __init__(self, scheme):
            message = f"Not supported URL scheme {scheme}"
            super().__init__(message)

    def connect(scheme, _pool, url, error):
        if scheme not in ("http", "https"):
            raise URLSchemeUnknown(scheme)
        raise MaxRetryError(_pool, url, error) from error
    """
    assert sites_of(tmp_path, source, "connect") == [
        ("URLSchemeUnknown", "Not supported URL scheme {scheme}", ()),
        ("MaxRetryError", "{pool}: Max retries exceeded with url: {url} (Caused by {error})", ()),
    ]


def test_an_exception_that_words_its_message_in_str_gives_the_raise_that_message(tmp_path):
    # dj-database-url: UnknownSchemeError(scheme) says it in __str__.
    source = """
    class UnknownSchemeError(ValueError):
        def __init__(self, scheme):
            self.scheme = scheme

        def __str__(self):
            return f"Scheme '{self.scheme}://' is unknown."

    def parse(url, scheme):
        raise UnknownSchemeError(scheme)
    """
    assert sites_of(tmp_path, source, "parse") == [("UnknownSchemeError", "Scheme '{scheme}://' is unknown.", ())]


def test_a_message_extended_inside_a_loop_keeps_both_wordings_the_plain_one_first(tmp_path):
    # Django's Apps.get_app_config: " Did you mean ...?" is added only when a close label exists, inside a loop
    # that may add nothing, so the plain wording is the entry's and the extended one its variant.
    source = """
    def get_app_config(app_configs, app_label):
        message = "No installed app with label '%s'." % app_label
        for app_config in app_configs:
            if app_config.name == app_label:
                message += " Did you mean '%s'?" % app_config.label
                break
        raise LookupError(message)
    """
    assert sites_of(tmp_path, source, "get_app_config") == [
        (
            "LookupError",
            "No installed app with label '{app_label}'.",
            ("No installed app with label '{app_label}'. Did you mean '{label}'?",),
        ),
    ]


def test_a_conditional_raise_and_a_raise_with_traceback_are_read_as_the_exceptions_they_raise(tmp_path):
    # tqdm raises `(A(...) if c else B(...))`; werkzeug `ImportStringError(...).with_traceback(tb)`.
    source = """
    import sys

    class TqdmKeyError(KeyError):
        pass

    def start(kwargs):
        if kwargs:
            raise (
                DeprecationWarning("`nested` is deprecated.")
                if "nested" in kwargs else
                TqdmKeyError("Unknown argument(s): " + str(kwargs)))

    def load(name):
        raise ImportError(f"import_string() failed for {name!r}").with_traceback(sys.exc_info()[2]) from None
    """
    assert sites_of(tmp_path, source, "start") == [
        ("DeprecationWarning", "`nested` is deprecated.", ()),
        ("TqdmKeyError", "Unknown argument(s): {kwargs}", ()),
    ]
    assert sites_of(tmp_path, source, "load") == [("ImportError", "import_string() failed for {name}", ())]


def test_a_raise_of_self_error_class_has_the_type_each_class_that_runs_it_names(tmp_path):
    # Django's IfParser.parse raises `self.error_class`: ValueError, and TemplateSyntaxError for the
    # template tag's TemplateIfParser, which sets its own in another module and does not override parse().
    smartif = """
    class IfParser:
        error_class = ValueError

        def parse(self):
            raise self.error_class("Unused '%s' at end of if expression." % self.current_token)
    """
    tags = """
    from .exceptions import TemplateSyntaxError
    from .mod import IfParser

    class TemplateIfParser(IfParser):
        error_class = TemplateSyntaxError

    class StrictIfParser(TemplateIfParser):
        pass
    """
    extra = {"exceptions.py": "class TemplateSyntaxError(Exception):\n    pass\n", "tags.py": tags}
    sites = [s for s in harvest_source(tmp_path, smartif, extra=extra).sites if s.function == "IfParser.parse"]
    assert [(s.exception_type, s.signature, s.path, s.line) for s in sites] == [
        ("ValueError", "Unused '{current_token}' at end of if expression.", "pkg/mod.py", 6),
        ("pkg.exceptions.TemplateSyntaxError", "Unused '{current_token}' at end of if expression.", "pkg/mod.py", 6),
    ]


def test_a_subclass_that_overrides_the_raising_method_lends_its_exception_class_to_no_base_raise(tmp_path):
    # Django's BaseConnectionHandler.__getitem__ raises `self.exception_class(...)`, bare or named (lookups'
    # `raise self.underflow_exception`); a subclass with its own __getitem__ raises from there instead.
    source = """
    class ConnectionDoesNotExist(Exception):
        pass

    class InvalidCacheBackendError(Exception):
        pass

    class BaseConnectionHandler:
        exception_class = ConnectionDoesNotExist

        def __getitem__(self, alias):
            raise self.exception_class(f"The connection '{alias}' doesn't exist.")

        def check(self):
            raise self.exception_class

    class CacheHandler(BaseConnectionHandler):
        exception_class = InvalidCacheBackendError

    class StorageHandler(BaseConnectionHandler):
        exception_class = KeyError

        def __getitem__(self, alias):
            raise self.exception_class(f"Could not find config for '{alias}'.")
    """
    assert sites_of(tmp_path, source, "BaseConnectionHandler.__getitem__") == [
        ("ConnectionDoesNotExist", "The connection '{alias}' doesn't exist.", ()),
        ("InvalidCacheBackendError", "The connection '{alias}' doesn't exist.", ()),
    ]
    assert [t for t, _s, _v in sites_of(tmp_path, source, "BaseConnectionHandler.check")] == [
        "ConnectionDoesNotExist",
        "InvalidCacheBackendError",
        "KeyError",
    ]
    assert sites_of(tmp_path, source, "StorageHandler.__getitem__") == [
        ("KeyError", "Could not find config for '{alias}'.", ())
    ]


def test_an_exception_class_attribute_set_to_a_module_level_default_has_the_default_s_type(tmp_path):
    source = """
    from .errors import ParseError

    DEFAULT_ERROR = ParseError

    class Reader:
        error_class = DEFAULT_ERROR

        @classmethod
        def read(cls, text):
            raise cls.error_class("Cannot read %r." % text)
    """
    extra = {"errors.py": "class ParseError(Exception):\n    pass\n"}
    assert [(s.exception_type, s.signature) for s in harvest_source(tmp_path, source, extra=extra).sites] == [
        ("pkg.errors.ParseError", "Cannot read {text}.")
    ]


def test_an_exception_class_chosen_per_instance_or_not_a_class_gives_no_entry(tmp_path):
    # `self.error_class = error_class` in __init__ is only known at run time; `None` or a factory names no class.
    source = """
    def make_error(message):
        return ValueError(message)

    class Parser:
        error_class = ValueError

        def __init__(self, error_class=None):
            self.error_class = error_class or ValueError

        def parse(self):
            raise self.error_class("bad input")

    class Lexer:
        error_class = None
        factory = make_error

        def lex(self):
            raise self.error_class("bad token")

        def build(self):
            raise self.factory("bad")
    """
    scanned = harvest_source(tmp_path, source)
    assert scanned.sites == []
    assert scanned.skipped["exception type is computed at run time"] == 3
    assert ("pkg/mod.py", "Parser.parse") in scanned.unresolved


def test_a_subclass_that_sets_both_the_exception_class_and_the_message_pairs_them_in_one_entry(tmp_path):
    source = """
    class ConfigError(Exception):
        pass

    class Loader:
        error_class = ValueError
        message = "Cannot load %(name)s."

        def load(self, name):
            raise self.error_class(self.message % {"name": name})

    class ConfigLoader(Loader):
        error_class = ConfigError
        message = "Cannot load the configuration file %(name)s."

    class QuietLoader(Loader):
        message = "Skipped %(name)s."
    """
    assert sites_of(tmp_path, source, "Loader.load") == [
        ("ValueError", "Cannot load {name}.", ()),
        ("ValueError", "Skipped {name}.", ()),
        ("ConfigError", "Cannot load the configuration file {name}.", ()),
    ]
