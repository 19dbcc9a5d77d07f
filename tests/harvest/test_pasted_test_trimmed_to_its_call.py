"""A test shown with what makes its call raise is cut to that (round 29's cards 02, 04, 13, T = 2 for a whole test
pasted): its decorators and the lines the call reads stay, the message the assertion compares and the assertion
around the call go, and nothing after the call is shown but what its check block goes on to run."""

from kb.cards.examples import how_to_trigger
from tests.factories import generated_entry

# Django 5.2.19's tests/fixtures_regress/tests.py:603-615 (sdist).
FIXTURE_DIRS_TEST = '''    @override_settings(FIXTURE_DIRS=[os.path.join(_cur_dir, "fixtures")])
    def test_fixture_dirs_with_default_fixture_path(self):
        """
        settings.FIXTURE_DIRS cannot contain a default fixtures directory
        for application (app/fixtures) in order to avoid repeated fixture loading.
        """
        msg = (
            "'%s' is a default fixture directory for the '%s' app "
            "and cannot be listed in settings.FIXTURE_DIRS."
            % (os.path.join(_cur_dir, "fixtures"), "fixtures_regress")
        )
        with self.assertRaisesMessage(ImproperlyConfigured, msg):
            management.call_command("loaddata", "absolute.json", verbosity=0)'''

# Django 5.2.19's tests/backends/base/test_operations.py:182-191 (sdist).
SUBTRACT_TEST = """    @skipIfDBFeature("supports_temporal_subtraction")
    def test_subtract_temporals(self):
        duration_field = DurationField()
        duration_field_internal_type = duration_field.get_internal_type()
        msg = (
            "This backend does not support %s subtraction."
            % duration_field_internal_type
        )
        with self.assertRaisesMessage(NotSupportedError, msg):
            self.ops.subtract_temporals(duration_field_internal_type, None, None)"""

# Django 5.2.19's tests/gis_tests/test_geoip2.py:259-263 (sdist).
GEOIP_TEST = """    def test_unsupported_database(self):
        msg = "Unable to handle database edition: GeoLite2-ASN"
        with self.settings(GEOIP_PATH=build_geoip_path("GeoLite2-ASN-Test.mmdb")):
            with self.assertRaisesMessage(GeoIP2Exception, msg):
                GeoIP2()"""

# Django 5.2.19's tests/httpwrappers/tests.py:801-809 (sdist).
STREAMING_TEST = """    async def test_sync_streaming_response_warning(self):
        r = StreamingHttpResponse(iter(["hello", "world"]))

        msg = (
            "StreamingHttpResponse must consume synchronous iterators in order to "
            "serve them asynchronously. Use an asynchronous iterator instead."
        )
        with self.assertWarnsMessage(Warning, msg):
            self.assertEqual(b"hello", await anext(aiter(r)))"""

# Django 5.2.19's tests/requests_tests/test_data_upload_settings.py:137-147 (sdist): the harvest picks the last
# statement that calls something, `request = WSGIRequest(...)`; `request.GET["a"]` after it is what raises.
GET_FIELDS_TEST = """    def test_get_max_fields_exceeded(self):
        with self.settings(DATA_UPLOAD_MAX_NUMBER_FIELDS=1):
            with self.assertRaisesMessage(TooManyFieldsSent, TOO_MANY_FIELDS_MSG):
                request = WSGIRequest(
                    {
                        "REQUEST_METHOD": "GET",
                        "wsgi.input": BytesIO(b""),
                        "QUERY_STRING": "a=1&a=2&a=3",
                    }
                )
                request.GET["a"]"""


def shown(code: str, start: int, call: str, pinned: int, **more) -> str:
    test = {
        "path": "tests/some/tests.py",
        "line": start,
        "name": "SomeTests.test_it",
        "assertion": "assertRaisesMessage",
        "how": "message",
        "code": code,
        "start": start,
        "call": call,
        "pinned": pinned,
        **more,
    }
    return how_to_trigger(generated_entry(), [test])


def test_a_test_under_settings_is_shown_as_its_decorator_and_its_call(db) -> None:
    text = shown(FIXTURE_DIRS_TEST, 603, 'management.call_command("loaddata", "absolute.json", verbosity=0)', 615)
    assert (
        '```python\n@override_settings(FIXTURE_DIRS=[os.path.join(_cur_dir, "fixtures")])\n'
        "def test_fixture_dirs_with_default_fixture_path(self):\n"
        '    management.call_command("loaddata", "absolute.json", verbosity=0)\n```'
    ) in text
    assert "msg" not in text and "assertRaises" not in text and "repeated fixture loading" not in text


def test_the_values_the_call_reads_stay_and_the_message_built_from_them_goes(db) -> None:
    call = "self.ops.subtract_temporals(duration_field_internal_type, None, None)"
    text = shown(SUBTRACT_TEST, 182, call, 191, set_up="self.ops = BaseDatabaseOperations(connection=connection)")
    assert (
        '@skipIfDBFeature("supports_temporal_subtraction")\ndef test_subtract_temporals(self):\n'
        "    duration_field = DurationField()\n"
        "    duration_field_internal_type = duration_field.get_internal_type()\n"
        f"    {call}\n```"
    ) in text
    assert "self.ops = BaseDatabaseOperations(connection=connection)" in text  # what its setUp binds
    assert "msg" not in text and "does not support" not in text


def test_a_settings_block_around_the_check_stays_around_the_call(db) -> None:
    text = shown(GEOIP_TEST, 259, "GeoIP2()", 263)
    assert (
        "def test_unsupported_database(self):\n"
        '    with self.settings(GEOIP_PATH=build_geoip_path("GeoLite2-ASN-Test.mmdb")):\n'
        "        GeoIP2()\n```"
    ) in text
    assert "msg" not in text


def test_an_assertion_around_the_call_gives_the_call(db) -> None:
    text = shown(STREAMING_TEST, 801, 'self.assertEqual(b"hello", await anext(aiter(r)))', 809)
    assert 'r = StreamingHttpResponse(iter(["hello", "world"]))\n' in text
    assert text.rstrip("`\n").endswith("\n    await anext(aiter(r))")
    assert "assert" not in text


def test_what_the_check_block_runs_after_the_call_stays(db) -> None:
    text = shown(GET_FIELDS_TEST, 137, "request = WSGIRequest(\n...", 140)
    assert text.rstrip("`\n").endswith('        )\n        request.GET["a"]')
    assert "assertRaises" not in text and "TOO_MANY_FIELDS_MSG" not in text


# Django 5.2.19's tests/migrations/test_writer.py:1125-1134 (sdist): the test's own assertion serializes.
SERIALIZER_TEST = """    def test_register_serializer(self):
        class ComplexSerializer(BaseSerializer):
            def serialize(self):
                return "complex(%r)" % self.value, {}

        MigrationWriter.register_serializer(complex, ComplexSerializer)
        self.assertSerializedEqual(complex(1, 2))
        MigrationWriter.unregister_serializer(complex)
        with self.assertRaisesMessage(ValueError, "Cannot serialize: (1+2j)"):
            self.assertSerializedEqual(complex(1, 2))"""

# Django 5.2.19's tests/migrations/test_loader.py:201-214 (sdist): `msg` is given twice, read by two checks.
PREFIX_TEST = """    @override_settings(MIGRATION_MODULES={"migrations": "migrations.test_migrations"})
    def test_name_match(self):
        "Tests prefix name matching"
        migration_loader = MigrationLoader(connection)
        self.assertEqual(
            migration_loader.get_migration_by_prefix("migrations", "0001").name,
            "0001_initial",
        )
        msg = "There is more than one migration for 'migrations' with the prefix '0'"
        with self.assertRaisesMessage(AmbiguityError, msg):
            migration_loader.get_migration_by_prefix("migrations", "0")
        msg = "There is no migration for 'migrations' with the prefix 'blarg'"
        with self.assertRaisesMessage(KeyError, msg):
            migration_loader.get_migration_by_prefix("migrations", "blarg")"""


def test_a_helper_of_the_test_that_acts_is_not_cut_to_its_argument(db) -> None:
    text = shown(SERIALIZER_TEST, 1125, "self.assertSerializedEqual(complex(1, 2))", 1134)
    assert text.rstrip("`\n").endswith("    MigrationWriter.unregister_serializer(complex)\n"
                                       "    self.assertSerializedEqual(complex(1, 2))")  # fmt: skip
    assert "\n    complex(1, 2)" not in text


def test_a_message_given_again_is_left_out_where_only_the_check_after_it_reads_it(db) -> None:
    call = 'migration_loader.get_migration_by_prefix("migrations", "blarg")'
    text = shown(PREFIX_TEST, 201, call, 214)
    assert "with the prefix '0'\"\n    with self.assertRaisesMessage(AmbiguityError, msg):" in text  # still read
    assert "'blarg'\"" not in text and text.rstrip("`\n").endswith(f'"0")\n    {call}')


# Django 5.2.19's tests/utils_tests/test_archive.py:99-115 (sdist): the name is read inside a block shown whole.
ARCHIVE_TEST = """    def test_extract_function_traversal_startswith(self):
        with tempfile.TemporaryDirectory() as tmpdir:
            base = os.path.abspath(tmpdir)
            tarfile_handle = tempfile.NamedTemporaryFile(suffix=".zip", delete=False)
            tar_path = tarfile_handle.name
            tarfile_handle.close()
            self.addCleanup(os.remove, tar_path)

            malicious_member = os.path.join(base + "abc", "evil.txt")
            with zipfile.ZipFile(tar_path, "w") as zf:
                zf.writestr(malicious_member, "evil\\n")
                zf.writestr("test.txt", "data\\n")

            with self.assertRaisesMessage(
                SuspiciousOperation, "Archive contains invalid path"
            ):
                archive.extract(tar_path, base)"""


def test_a_value_a_block_before_the_call_reads_stays(db) -> None:
    text = shown(ARCHIVE_TEST, 99, "archive.extract(tar_path, base)", 115)
    assert '        malicious_member = os.path.join(base + "abc", "evil.txt")\n' in text
    assert text.rstrip("`\n").endswith("\n        archive.extract(tar_path, base)")


# Django 5.2.19's tests/view_tests/tests/test_debug.py (sdist), the lines of test_reporting_frames_for_cyclic_reference
# from its reporter on: the function it defines binds `tb_frames` as `nonlocal`.
CYCLE_TEST = """    def test_reporting_frames_for_cyclic_reference(self):
        reporter = ExceptionReporter(request, exc_type, exc_value, tb)

        def generate_traceback_frames(*args, **kwargs):
            nonlocal tb_frames
            tb_frames = reporter.get_traceback_frames()

        tb_frames = None
        tb_generator = threading.Thread(target=generate_traceback_frames, daemon=True)
        msg = (
            "Cycle in the exception chain detected: exception 'inner' "
            "encountered again."
        )
        with self.assertWarnsMessage(ExceptionCycleWarning, msg):
            tb_generator.start()"""


def test_a_name_a_function_of_the_test_binds_stays(db) -> None:
    text = shown(CYCLE_TEST, 1, "tb_generator.start()", 15)
    assert "    tb_frames = None\n" in text and "Cycle in the exception chain" not in text


# Django 5.2.19's tests/composite_pk/test_get.py:93-123 (sdist), two of its fifteen cases: the first case raises
# "must be a tuple or a list", the second this card's "must have 2 elements".
LOOKUP_ERRORS_TEST = """    def test_lookup_errors(self):
        m_tuple = "'%s' lookup of 'pk' must be a tuple or a list"
        m_2_elements = "'%s' lookup of 'pk' must have 2 elements"
        test_cases = (
            ({"pk": 1}, m_tuple % "exact"),
            ({"pk": (1, 2, 3)}, m_2_elements % "exact"),
        )

        for kwargs, message in test_cases:
            with (
                self.subTest(kwargs=kwargs),
                self.assertRaisesMessage(ValueError, message),
            ):
                Comment.objects.get(**kwargs)"""


def test_a_check_in_a_loop_stays_as_the_loop_would_stop_at_another_error(db) -> None:
    text = shown(LOOKUP_ERRORS_TEST, 93, "Comment.objects.get(**{'pk': (1, 2, 3)})", 106)
    assert (
        "    for kwargs, message in test_cases:\n"
        "        with (\n"
        "            self.subTest(kwargs=kwargs),\n"
        "            self.assertRaisesMessage(ValueError, message),\n"
        "        ):\n"
        "            Comment.objects.get(**kwargs)\n```"
    ) in text


# DRF 3.18.3's tests/test_relations_hyperlink.py:207-209 and 258-263 (sdist): a call of four statements, the first
# a dict of text, under the class's decorated header.
HYPERLINK_HEAD = """@pytest.mark.usefixtures("reset_sequences")
@override_settings(ROOT_URLCONF='tests.test_relations_hyperlink')
class HyperlinkedForeignKeyTests(TestCase):"""
INCORRECT_TYPE_TEST = """    def test_foreign_key_update_incorrect_type(self):
        data = {'url': 'http://testserver/foreignkeysource/1/', 'name': 'source-1', 'target': 2}
        instance = ForeignKeySource.objects.get(pk=1)
        serializer = ForeignKeySourceSerializer(instance, data=data, context={'request': request})
        assert not serializer.is_valid()
        assert serializer.errors == {'target': ['Incorrect type. Expected URL string, received int.']}"""


def test_a_call_of_several_statements_is_shown_whole(db) -> None:
    call = "\n".join(line.strip() for line in INCORRECT_TYPE_TEST.splitlines()[1:5])
    text = shown(INCORRECT_TYPE_TEST, 258, call, 259, head=HYPERLINK_HEAD, head_start=207, head_end=209)
    assert "        data = {'url': 'http://testserver/foreignkeysource/1/'" in text
    assert "        assert not serializer.is_valid()\n" in text


# Django 5.2.19's tests/gis_tests/gdal_tests/test_ds.py:115-139 (sdist).
VALID_SHP_TEST = """    def test01_valid_shp(self):
        "Testing valid SHP Data Source files."

        for source in ds_list:
            # Loading up the data source
            ds = DataSource(source.ds)

            # The layer count is what's expected (only 1 layer in a SHP file).
            self.assertEqual(1, len(ds))

            # Making sure GetName works
            self.assertEqual(source.ds, ds.name)

            # Making sure the driver name matches up
            self.assertEqual(source.driver, str(ds.driver))

            # Making sure indexing works
            msg = "Index out of range when accessing layers in a datasource: %s."
            with self.assertRaisesMessage(IndexError, msg % len(ds)):
                ds.__getitem__(len(ds))

            with self.assertRaisesMessage(
                IndexError, "Invalid OGR layer name given: invalid."
            ):
                ds.__getitem__("invalid")"""


def test_a_check_in_a_loop_expecting_one_message_on_every_case_is_cut(db) -> None:
    text = shown(VALID_SHP_TEST, 115, 'ds.__getitem__("invalid")', 139)
    assert ('            ds.__getitem__(len(ds))\n\n        ds.__getitem__("invalid")\n```') in text
    assert "Invalid OGR layer name given" not in text


def test_a_check_in_a_loop_of_the_type_alone_stays(db) -> None:
    checked = 'self.assertRaisesMessage(\n                IndexError, "Invalid OGR layer name given: invalid."'
    code = VALID_SHP_TEST.replace(checked, "self.assertRaises(\n                IndexError,")
    text = shown(code, 115, 'ds.__getitem__("invalid")', 139)
    assert '            ds.__getitem__("invalid")\n```' in text and "self.assertRaises(\n" in text


# Django 5.2.19's tests/select_for_update/tests.py:370-380 (sdist).
UNSUPPORTED_OF_TEST = '''    @skipIfDBFeature("has_select_for_update_of")
    @skipUnlessDBFeature("has_select_for_update")
    def test_unsupported_of_raises_error(self):
        """
        NotSupportedError is raised if a SELECT...FOR UPDATE OF... is run on
        a database backend that supports FOR UPDATE but not OF.
        """
        msg = "FOR UPDATE OF is not supported on this database backend."
        with self.assertRaisesMessage(NotSupportedError, msg):
            with transaction.atomic():
                Person.objects.select_for_update(of=("self",)).get()'''


def test_a_call_that_is_a_with_block_is_cut_from_its_check(db) -> None:
    call = 'with transaction.atomic():\n    Person.objects.select_for_update(of=("self",)).get()'
    text = shown(UNSUPPORTED_OF_TEST, 370, call, 379)
    assert (
        "def test_unsupported_of_raises_error(self):\n"
        "    with transaction.atomic():\n"
        '        Person.objects.select_for_update(of=("self",)).get()\n```'
    ) in text
    assert "msg" not in text and "assertRaises" not in text
