"""A long test is shown on the card from its start to its triggering call when those lines are few enough (round
20's rule, issue 29's "how to trigger it"): `layer.__getitem__(-1)` needs the loops that give `layer`, 33 lines
of a 61-line test. A call further down than a card shows stays unshown: say less rather than cut what it needs."""

from kb.cards.examples import MAX_TEST_LINES, how_to_trigger
from tests.factories import generated_entry

# Django 5.2.19's tests/gis_tests/gdal_tests/test_ds.py:152-212 (sdist), as the harvest records it.
LAYERS_CODE = """    def test03a_layers(self):
        "Testing Data Source Layers."
        for source in ds_list:
            ds = DataSource(source.ds)

            # Incrementing through each layer, this tests DataSource.__iter__
            for layer in ds:
                self.assertEqual(layer.name, source.name)
                self.assertEqual(str(layer), source.name)
                # Making sure we get the number of features we expect
                self.assertEqual(len(layer), source.nfeat)

                # Making sure we get the number of fields we expect
                self.assertEqual(source.nfld, layer.num_fields)
                self.assertEqual(source.nfld, len(layer.fields))

                # Testing the layer's extent (an Envelope), and its properties
                self.assertIsInstance(layer.extent, Envelope)
                self.assertAlmostEqual(source.extent[0], layer.extent.min_x, 5)
                self.assertAlmostEqual(source.extent[1], layer.extent.min_y, 5)
                self.assertAlmostEqual(source.extent[2], layer.extent.max_x, 5)
                self.assertAlmostEqual(source.extent[3], layer.extent.max_y, 5)

                # Now checking the field names.
                flds = layer.fields
                for f in flds:
                    self.assertIn(f, source.fields)

                # Negative FIDs are not allowed.
                with self.assertRaisesMessage(
                    IndexError, "Negative indices are not allowed on OGR Layers."
                ):
                    layer.__getitem__(-1)
                with self.assertRaisesMessage(IndexError, "Invalid feature id: 50000."):
                    layer.__getitem__(50000)

                if hasattr(source, "field_values"):
                    # Testing `Layer.get_fields` (which uses Layer.__iter__)
                    for fld_name, fld_value in source.field_values.items():
                        self.assertEqual(fld_value, layer.get_fields(fld_name))

                    # Testing `Layer.__getitem__`.
                    for i, fid in enumerate(source.fids):
                        feat = layer[fid]
                        self.assertEqual(fid, feat.fid)
                        # Maybe this should be in the test below, but we might
                        # as well test the feature values here while in this
                        # loop.
                        for fld_name, fld_value in source.field_values.items():
                            self.assertEqual(fld_value[i], feat.get(fld_name))

                        msg = (
                            "Index out of range when accessing field in a feature: %s."
                        )
                        with self.assertRaisesMessage(IndexError, msg % len(feat)):
                            feat.__getitem__(len(feat))

                        with self.assertRaisesMessage(
                            IndexError, "Invalid OFT field name given: invalid."
                        ):
                            feat.__getitem__("invalid")"""


def layers_test(call: str, pinned: int) -> dict:
    return {
        "path": "tests/gis_tests/gdal_tests/test_ds.py",
        "line": pinned - 1,
        "name": "DataSourceTest.test03a_layers",
        "assertion": "assertRaisesMessage",
        "how": "message",
        "code": LAYERS_CODE,
        "start": 152,
        "call": call,
        "pinned": pinned,
    }


def test_a_long_test_is_shown_up_to_a_call_its_loops_set_up(db) -> None:
    shown = how_to_trigger(generated_entry(), [layers_test("layer.__getitem__(-1)", 184)])
    assert "for layer in ds:" in shown and shown.rstrip("`\n").endswith("\n            layer.__getitem__(-1)")
    # Its check expects one message on every layer: the first layer raises it, the loops cut from around the call.
    assert "Negative indices are not allowed" not in shown
    assert "layer.__getitem__(50000)" not in shown  # the lines after the call are cut


def test_a_call_further_down_than_a_card_shows_is_not_shown(db) -> None:
    assert len(LAYERS_CODE.splitlines()) > MAX_TEST_LINES
    assert how_to_trigger(generated_entry(), [layers_test('feat.__getitem__("invalid")', 212)]) == ""


# Django 5.2.19's tests/auth_tests/test_login.py:65-72: the request the call is given gets its user in the test.
LOGIN_CODE = """    def test_without_user_authenticated_request(self):
        self.request.user = self.user
        self.assertNotIn(auth.SESSION_KEY, self.request.session)

        msg = "Fallback to request.user when user is None will be removed."
        with self.assertWarnsMessage(RemovedInDjango61Warning, msg):
            auth.login(self.request, None)
        self.assertEqual(self.request.session[auth.SESSION_KEY], str(self.user.pk))"""


def test_an_attribute_the_test_sets_on_what_the_call_reads_is_shown_with_it(db) -> None:
    test = {
        "path": "tests/auth_tests/test_login.py",
        "line": 70,
        "name": "TestLogin.test_without_user_authenticated_request",
        "assertion": "assertWarnsMessage",
        "how": "message",
        "code": LOGIN_CODE,
        "start": 65,
        "call": "auth.login(self.request, None)",
        "pinned": 71,
    }
    shown = how_to_trigger(generated_entry(), [test])
    assert "    self.request.user = self.user\n" in shown
    assert shown.rstrip("`\n").endswith("\n    auth.login(self.request, None)")
