"""Raise real errors from the installed Django and DRF, one JSON line each (see common.py).

Run in its own process: it configures Django for a small in-memory SQLite app (corpusapp)."""

import datetime
import decimal
import inspect
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import django
from django.conf import settings

settings.configure(
    DEBUG=False,
    SECRET_KEY="corpus",
    ALLOWED_HOSTS=["good.example"],
    INSTALLED_APPS=["django.contrib.contenttypes", "django.contrib.auth", "corpusapp"],
    DATABASES={"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": ":memory:"}},
    ROOT_URLCONF="corpusapp.urls",
    USE_TZ=True,
    TEMPLATES=[{"BACKEND": "django.template.backends.django.DjangoTemplates", "DIRS": [], "OPTIONS": {}}],
)
django.setup()

from common import Recorder  # noqa: E402
from corpusapp.models import Author, Book, Profile  # noqa: E402
from django import forms  # noqa: E402
from django.core import signing, validators  # noqa: E402
from django.db import connection, models  # noqa: E402
from django.db.models import Count, F, Sum  # noqa: E402
from django.template import Context, Engine, defaultfilters, defaulttags, loader_tags  # noqa: E402

BAD_VALUES = [
    "",
    "not valid ☃",
    "x" * 300,
    "-5",
    "2020-13-45",
    "abc@",
    ["a", "b"],
    {"k": "v"},
    "1e400",
    "9" * 30,
    "12:99",
    "1.2345",
    "a\x00b",
    "http://",
    "300.1.1.1",
    "P1X",
    "zz-zz",
    None,
]


def form_fields():
    fields = []
    for name, cls in inspect.getmembers(forms.fields, inspect.isclass):
        if not issubclass(cls, forms.Field) or cls in (forms.Field, forms.MultiValueField, forms.ComboField):
            continue
        kwargs_list = [{}, {"required": False}]
        if cls in (
            forms.ChoiceField,
            forms.TypedChoiceField,
            forms.MultipleChoiceField,
            forms.TypedMultipleChoiceField,
        ):
            kwargs_list = [{"choices": [("a", "A")]}]
        elif cls is forms.RegexField:
            kwargs_list = [{"regex": "^a+$"}, {"regex": "^a+$", "max_length": 2}]
        elif cls is forms.FilePathField:
            kwargs_list = [{"path": str(Path(__file__).parent)}]
        elif cls in (forms.IntegerField, forms.FloatField, forms.DecimalField):
            kwargs_list = [{}, {"min_value": 0, "max_value": 10}, {"step_size": 3}]
            if cls is forms.DecimalField:
                kwargs_list.append({"max_digits": 3, "decimal_places": 1})
        elif cls in (forms.CharField, forms.SlugField, forms.EmailField, forms.URLField):
            kwargs_list = [{}, {"max_length": 3}, {"min_length": 50}]
        for kwargs in kwargs_list:
            try:
                fields.append((name, kwargs, cls(**kwargs)))
            except Exception:
                continue
    for name, kwargs, field in fields:
        for value in BAD_VALUES:
            yield f"forms.{name}({kwargs}).clean({value!r:.20})", lambda f=field, v=value: f.clean(v)


def validator_cases():
    made = [
        validators.EmailValidator(),
        validators.URLValidator(),
        validators.validate_slug,
        validators.validate_unicode_slug,
        validators.validate_ipv4_address,
        validators.validate_ipv6_address,
        validators.validate_ipv46_address,
        validators.int_list_validator(),
        validators.MaxValueValidator(5),
        validators.MinValueValidator(5),
        validators.MaxLengthValidator(2),
        validators.MinLengthValidator(50),
        validators.DecimalValidator(3, 1),
        validators.ProhibitNullCharactersValidator(),
        validators.StepValueValidator(3),
        validators.RegexValidator("^a$"),
        validators.validate_integer,
        validators.validate_comma_separated_integer_list,
        validators.validate_email,
    ]
    values = [*BAD_VALUES, 7, 11, decimal.Decimal("123.45"), decimal.Decimal("NaN")]
    for validator in made:
        for value in values:
            yield f"validators.{validator!r:.30}({value!r:.20})", lambda f=validator, v=value: f(v)


def model_field_cases():
    made = [
        models.CharField(max_length=3),
        models.IntegerField(),
        models.BigIntegerField(),
        models.SmallIntegerField(),
        models.PositiveIntegerField(),
        models.FloatField(),
        models.DecimalField(max_digits=4, decimal_places=2),
        models.BooleanField(),
        models.DateField(),
        models.DateTimeField(),
        models.TimeField(),
        models.DurationField(),
        models.UUIDField(),
        models.EmailField(),
        models.URLField(),
        models.SlugField(),
        models.GenericIPAddressField(),
        models.JSONField(),
        models.IntegerField(choices=[(1, "one")]),
        models.CharField(max_length=10, blank=False),
        models.IntegerField(null=False),
    ]
    for n, field in enumerate(made):
        field.set_attributes_from_name(f"f{n}")
        for value in [*BAD_VALUES, 5, 1.5]:
            yield f"models.{type(field).__name__}.clean({value!r:.20})", lambda f=field, v=value: f.clean(v, None)


def queryset_cases():
    qs = Book.objects.all()
    return [
        ("negative index", lambda: qs[-1]),
        ("negative slice", lambda: qs[-2:]),
        ("slice step", lambda: list(qs[::0])),
        ("filter after slice", lambda: qs[1:2].filter(title="a")),
        ("order after slice", lambda: qs[1:2].order_by("title")),
        ("unknown field filter", lambda: list(qs.filter(nope=1))),
        ("unknown lookup", lambda: list(qs.filter(title__nope=1))),
        ("unknown order", lambda: list(qs.order_by("nope"))),
        ("unknown values", lambda: list(qs.values("nope"))),
        ("unknown select_related", lambda: list(qs.select_related("nope"))),
        ("select_related non-relation", lambda: list(qs.select_related("title"))),
        ("unknown prefetch", lambda: list(qs.prefetch_related("nope"))),
        ("unknown only", lambda: list(qs.only("nope"))),
        ("values_list flat named", lambda: qs.values_list("title", flat=True, named=True)),
        ("values_list flat two", lambda: qs.values_list("title", "pages", flat=True)),
        ("annotate conflict", lambda: qs.annotate(title=F("pages"))),
        ("aggregate no alias", lambda: qs.aggregate(F("pages") + 1)),
        ("aggregate non-aggregate", lambda: qs.aggregate(x=F("pages"))),
        ("latest without field", lambda: qs.latest()),
        ("in_bulk non-unique", lambda: qs.in_bulk(field_name="title")),
        ("union filter", lambda: qs.union(qs).filter(title="a")),
        ("distinct on fields sqlite", lambda: list(qs.distinct("title"))),
        ("pages not a number", lambda: list(qs.filter(pages="abc"))),
        ("pk not a number", lambda: qs.get(pk="abc")),
        ("does not exist", lambda: qs.get(pk=999)),
        ("multiple returned", lambda: qs.get(title__startswith="dup")),
        ("author does not exist", lambda: Author.objects.get(name="nobody")),
        ("profile does not exist", lambda: Profile.objects.get(pk=42)),
        ("reverse one-to-one missing", lambda: Author.objects.get(name="a1").profile),
        ("forward fk unset", lambda: Book().author),
        ("forward one-to-one unset", lambda: Profile().author),
        ("assign wrong instance", lambda: Book(author="x")),
        ("unexpected kwargs", lambda: Book(nope=1)),
        ("create unexpected", lambda: Book.objects.create(nope=1)),
        ("update unknown field", lambda: qs.update(nope=1)),
        ("update_fields unknown", lambda: Book.objects.first().save(update_fields=["nope"])),
        ("save unsaved related", lambda: Book(title="t", author=Author(name="unsaved")).save()),
        ("bulk_update no fields", lambda: qs.bulk_update([], [])),
        ("bulk_update pk", lambda: qs.bulk_update(list(qs), ["id"])),
        ("full_clean", lambda: Book(title="x" * 40, pages=-1).full_clean()),
        ("full_clean unique", lambda: Author(name="a1").full_clean()),
        ("delete unsaved", lambda: Book().delete()),
        ("count then filter sliced", lambda: qs[:1].delete()),
        ("reverse manager unsaved", lambda: Author().books.all()),
        ("sum of text", lambda: qs.aggregate(Sum("title", output_field=models.DateField()))),
        ("annotate count conflict", lambda: Author.objects.annotate(books=Count("books"))),
        ("order_by random combined", lambda: list(qs.union(qs).order_by("nope"))),
        ("get_or_create unknown", lambda: Book.objects.get_or_create(nope=1)),
        ("earliest unknown", lambda: qs.earliest("nope")),
        ("dates bad kind", lambda: qs.dates("title", "week")),
        ("datetimes bad kind", lambda: qs.datetimes("title", "fortnight")),
        ("extra bad", lambda: qs.extra(select=["x"])),
        ("iterator chunk", lambda: list(qs.iterator(chunk_size=0))),
        ("F on unknown", lambda: list(qs.filter(pages=F("nope")))),
        ("contains unsaved", lambda: qs.contains(Book())),
        ("contains other model", lambda: qs.contains(Author.objects.first())),
        ("exclude after slice", lambda: qs[1:2].exclude(title="a")),
        ("reverse after slice", lambda: qs[1:2].reverse()),
        ("add unsaved to reverse", lambda: Author.objects.first().books.add(Book(title="n"))),
    ]


def template_cases():
    engine = Engine(
        libraries={
            "i18n": "django.templatetags.i18n",
            "l10n": "django.templatetags.l10n",
            "tz": "django.templatetags.tz",
            "static": "django.templatetags.static",
            "cache": "django.templatetags.cache",
        }
    )
    tags = [*defaulttags.register.tags, *loader_tags.register.tags]
    loads = {
        "i18n": ["trans", "translate", "blocktrans", "blocktranslate", "language", "get_current_language"],
        "tz": ["timezone", "localtime", "get_current_timezone"],
        "l10n": ["localize"],
        "static": ["static", "get_static_prefix"],
        "cache": ["cache"],
    }
    shapes = [
        "{%% %s %%}",
        "{%% %s a b c d e f g %%}",
        "{%% %s as %%}",
        "{%% %s x in %%}",
        "{%% %s 'a' with %%}",
        "{%% %s %%}{%% end%s %%}",
        "{%% %s x %%}",
    ]
    for tag in tags:
        for shape in shapes:
            source = shape % ((tag, tag) if shape.count("%s") == 2 else tag)
            yield f"template {source}", lambda s=source: engine.from_string(s)
    for library, names in loads.items():
        for tag in names:
            for shape in shapes:
                source = "{% load " + library + " %}" + (shape % ((tag, tag) if shape.count("%s") == 2 else tag))
                yield f"template {source}", lambda s=source: engine.from_string(s)
    for name in defaultfilters.register.filters:
        for source in [f"{{{{ x|{name} }}}}", f"{{{{ x|{name}:'a' }}}}", f"{{{{ x|{name}:1:2 }}}}"]:
            yield f"template {source}", lambda s=source: engine.from_string(s)
    for source in [
        "{{ x|nofilter }}",
        "{% nosuchtag %}",
        "{{ }}",
        "{% if %}",
        "{% endif %}",
        "{{ x| }}",
        "{% block a %}{% block a %}{% endblock %}{% endblock %}",
        "{% load nolib %}",
        "{% extends 'a' %}{% extends 'b' %}",
        "{{ x.}}",
        "{{ 'a }}",
        "{% if a and %}{% endif %}",
        "{% if a == %}{% endif %}",
        "{% for x in y %}{% empty %}{% empty %}{% endfor %}",
        "{% comment %}",
    ]:
        yield f"template {source}", lambda s=source: engine.from_string(s)
    renders = [
        "{% include 'missing.html' %}",
        "{% extends 'missing.html' %}",
        "{{ x|date:'Y' }}{% now %}",
        "{% cycle %}",
        "{% widthratio a b %}",
        "{% url 'nope' %}",
        "{% url 'book' %}",
    ]
    for source in renders:
        yield f"render {source}", lambda s=source: engine.from_string(s).render(Context({}))


def misc_cases():
    from django.apps import apps
    from django.core.cache import caches
    from django.core.paginator import Paginator
    from django.core.serializers import get_serializer
    from django.http import HttpResponse, HttpResponseRedirect, QueryDict
    from django.shortcuts import get_object_or_404
    from django.template.loader import get_template
    from django.test import RequestFactory
    from django.urls import resolve, reverse
    from django.utils.module_loading import import_string

    signer = signing.TimestampSigner()
    old = signer.sign("value")
    return [
        ("reverse unknown", lambda: reverse("nope")),
        ("reverse missing args", lambda: reverse("book")),
        ("reverse bad args", lambda: reverse("book", args=["x"])),
        ("resolve unknown", lambda: resolve("/nope/")),
        ("signing bad", lambda: signing.loads("garbage")),
        ("signing tampered", lambda: signing.loads(signing.dumps({"a": 1})[:-2] + "xx")),
        ("signer no sep", lambda: signing.Signer().unsign("nosep")),
        ("signer expired", lambda: signer.unsign(old, max_age=-1)),
        ("get_object_or_404", lambda: get_object_or_404(Book, pk=999)),
        ("get_object_or_404 bad klass", lambda: get_object_or_404("nope", pk=1)),
        ("get_model unknown app", lambda: apps.get_model("nope.Thing")),
        ("get_model unknown model", lambda: apps.get_model("corpusapp.Thing")),
        ("get_model bad label", lambda: apps.get_model("nodot")),
        ("get_app_config", lambda: apps.get_app_config("nope")),
        ("import_string no dot", lambda: import_string("nodots")),
        ("import_string missing attr", lambda: import_string("os.nope")),
        ("caches unknown", lambda: caches["nope"]),
        ("serializer unknown", lambda: get_serializer("nope")),
        ("page too high", lambda: Paginator([1, 2, 3], 2).page(9)),
        ("page zero", lambda: Paginator([1, 2, 3], 2).page(0)),
        ("page not int", lambda: Paginator([1, 2, 3], 2).page("x")),
        ("page empty", lambda: Paginator([], 2, allow_empty_first_page=False).page(1)),
        ("status code", lambda: HttpResponse(status=999)),
        ("status code type", lambda: HttpResponse(status="abc")),
        ("redirect scheme", lambda: HttpResponseRedirect("ftp://x")),
        ("querydict missing", lambda: QueryDict("a=1")["b"]),
        ("querydict immutable", lambda: QueryDict("a=1").__setitem__("a", "2")),
        ("disallowed host", lambda: RequestFactory().get("/", HTTP_HOST="bad.example").get_host()),
        ("template missing", lambda: get_template("missing.html")),
        ("settings unknown", lambda: settings.NOPE_SETTING),
    ]


def drf_cases():
    from rest_framework import exceptions, fields, relations, serializers

    simple = [
        fields.BooleanField(),
        fields.CharField(max_length=3, min_length=2),
        fields.CharField(allow_blank=False),
        fields.EmailField(),
        fields.RegexField("^a+$"),
        fields.SlugField(),
        fields.URLField(),
        fields.UUIDField(),
        fields.IPAddressField(),
        fields.IntegerField(min_value=0, max_value=10),
        fields.FloatField(min_value=0),
        fields.DecimalField(max_digits=4, decimal_places=2),
        fields.DateTimeField(),
        fields.DateField(),
        fields.TimeField(),
        fields.DurationField(),
        fields.ChoiceField(choices=["a"]),
        fields.MultipleChoiceField(choices=["a"]),
        fields.MultipleChoiceField(choices=["a"], allow_empty=False),
        fields.ListField(child=fields.IntegerField()),
        fields.ListField(child=fields.IntegerField(), min_length=5),
        fields.DictField(child=fields.IntegerField()),
        fields.JSONField(binary=True),
        fields.FileField(),
        fields.IntegerField(),
        fields.FloatField(),
        fields.DecimalField(max_digits=3, decimal_places=0, max_value=5),
        fields.CharField(allow_null=False),
        fields.ListField(child=fields.CharField(), allow_empty=False),
        relations.PrimaryKeyRelatedField(queryset=Book.objects.all()),
        relations.SlugRelatedField(slug_field="title", queryset=Book.objects.all()),
        relations.HyperlinkedRelatedField(view_name="book", queryset=Book.objects.all()),
        fields.HStoreField(),
        fields.ModelField(models.IntegerField()),
    ]
    values = [*BAD_VALUES, fields.empty, 999, 12.5, True, "a" * 5, [1, "x"], {"a": "x"}]
    for field in simple:
        for value in values:
            yield (
                f"drf {type(field).__name__}.run_validation({value!r:.20})",
                lambda f=field, v=value: f.run_validation(v),
            )

    class BookSerializer(serializers.ModelSerializer):
        class Meta:
            model = Book
            fields = ["title", "pages", "author"]

    class PlainSerializer(serializers.Serializer):
        name = serializers.CharField(max_length=5)
        age = serializers.IntegerField(min_value=0)
        when = serializers.DateField()

        def validate_name(self, value):
            if value == "root":
                raise serializers.ValidationError("Name may not be root.")
            return value

    datas = [
        {},
        {"title": "x" * 40},
        {"pages": "abc"},
        {"author": 999},
        {"title": "a", "pages": -1, "author": "x"},
        {"name": "toolongname", "age": -1, "when": "x"},
        {"name": "root", "age": 1, "when": "2020-01-01"},
        [],
    ]
    for data in datas:
        for cls in (BookSerializer, PlainSerializer):
            yield f"drf {cls.__name__}.is_valid({data})", lambda c=cls, d=data: c(data=d).is_valid(raise_exception=True)
        yield f"drf many {data}", lambda d=data: PlainSerializer(data=[d], many=True).is_valid(raise_exception=True)

    class NoMeta(serializers.ModelSerializer):
        pass

    class NoModel(serializers.ModelSerializer):
        class Meta:
            fields = "__all__"

    class NoFields(serializers.ModelSerializer):
        class Meta:
            model = Book

    class BadFields(serializers.ModelSerializer):
        class Meta:
            model = Book
            fields = ["nope"]

    class BothFields(serializers.ModelSerializer):
        class Meta:
            model = Book
            fields = ["title"]
            exclude = ["pages"]

    class FieldsString(serializers.ModelSerializer):
        class Meta:
            model = Book
            fields = "title"

    yield from [
        ("drf data before is_valid", lambda: BookSerializer(data={}).data),
        ("drf save before is_valid", lambda: BookSerializer(data={}).save()),
        ("drf validated_data before", lambda: BookSerializer(data={}).validated_data),
        ("drf errors before", lambda: BookSerializer(data={}).errors),
        ("drf is_valid without data", lambda: BookSerializer().is_valid()),
        ("drf no meta", lambda: NoMeta().fields),
        ("drf no model", lambda: NoModel().fields),
        ("drf no fields", lambda: NoFields().fields),
        ("drf bad fields", lambda: BadFields().fields),
        ("drf both", lambda: BothFields().fields),
        ("drf fields string", lambda: FieldsString().fields),
        ("drf source and name", lambda: fields.CharField(source="x").bind("x", serializers.Serializer())),
        ("drf read_only required", lambda: fields.CharField(read_only=True, required=True)),
        ("drf required default", lambda: fields.CharField(required=True, default="x")),
        ("drf related no queryset", lambda: relations.PrimaryKeyRelatedField()),
        ("drf related both", lambda: relations.PrimaryKeyRelatedField(queryset=Book.objects.all(), read_only=True)),
        ("drf not found", lambda: (_ for _ in ()).throw(exceptions.NotFound())),
        ("drf choice bad", lambda: fields.ChoiceField(choices=["a"]).to_internal_value("b")),
        ("drf decimal max_digits", lambda: fields.DecimalField(max_digits=2, decimal_places=5)),
        ("drf datetime naive", lambda: fields.DateTimeField().enforce_timezone(datetime.datetime(2020, 1, 1, 1))),
    ]


def prepare() -> None:
    with connection.schema_editor() as editor:
        for model in (Author, Book, Profile):
            editor.create_model(model)
    a1 = Author.objects.create(name="a1")
    Book.objects.create(title="dup1", author=a1)
    Book.objects.create(title="dup2", author=a1)


def main() -> None:
    prepare()
    django_cases = Recorder("Django", ("django",))
    for cases in (
        form_fields(),
        validator_cases(),
        model_field_cases(),
        queryset_cases(),
        template_cases(),
        misc_cases(),
    ):
        django_cases.run_all(cases)
    Recorder("DRF", ("rest_framework",)).run_all(drf_cases())


if __name__ == "__main__":
    main()
