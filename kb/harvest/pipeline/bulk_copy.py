"""A harvest's new rows written with PostgreSQL's COPY, each with its history row ("+", made by the server from the
row) where the model keeps history, as `simple_history.utils.bulk_create_with_history` and `bulk_create` write
them with INSERTs elsewhere.

Django's bulk insert prepares every value through its field (165,000 of them on a first harvest of Django: most of
the main process's writing, which is the harvest's critical path) and the server parses a statement of arrays per
batch; here the values go as the model holds them, JSON wrapped for psycopg, and COPY streams them. The ids are
drawn from the tables' own sequences first, so that the sites and history rows can name them."""

from collections.abc import Callable, Iterator, Sequence

from django.db import connection, models
from django.utils import timezone
from psycopg.types.json import Jsonb
from simple_history.utils import bulk_create_with_history, get_history_manager_for_model

# Fields whose value psycopg takes as the model holds it: Django's preparation returns it unchanged on PostgreSQL.
_AS_THEY_ARE = (
    models.CharField,
    models.TextField,
    models.IntegerField,
    models.DateField,
    models.ForeignKey,
    models.BooleanField,
    models.AutoField,
    models.BigAutoField,
    models.SmallAutoField,
)
# The columns of a history row beyond the model's own (django-simple-history's, with no extra field configured).
_HISTORY_OWN = {"history_id", "history_date", "history_user_id", "history_change_reason", "history_type"}

Columns = list[tuple[str, str | None, Callable | None]]  # (attribute, column, what wraps a value for psycopg)


def create_with_history(objs: Sequence[models.Model], model: type[models.Model], *, reason: str, batch: int) -> None:
    """Insert `objs` (new, unsaved; each gets its id) and their history rows, as django-simple-history would:
    with its own function elsewhere than PostgreSQL, or for a model with a field of a kind not known here."""
    history = get_history_manager_for_model(model).model
    columns, history_columns = _columns(model), _columns(history)
    tracked = {field.attname for field in history.tracked_fields}
    if (
        connection.vendor != "postgresql"
        or not objs
        or columns is None
        or history_columns is None
        or {attribute for attribute, _, _ in history_columns} != tracked | _HISTORY_OWN
    ):
        bulk_create_with_history(objs, model, batch_size=batch, default_change_reason=reason)
        return
    _prepare(objs, model)
    _copy(model, columns, _rows(objs, columns))
    own = {
        "history_date": timezone.now(),
        "history_user_id": getattr(history.get_default_history_user(objs[0]), "pk", None),
        "history_type": "+",
    }
    history_ids = _next_ids(history, "history_id", len(objs))
    # An object's own reason first, as django-simple-history's bulk_create_with_history reads it.
    reasons = [getattr(obj, "_change_reason", None) or reason for obj in objs]
    _copy_history(model, history, [obj.pk for obj in objs], history_ids, reasons, own)


def copy_values(model: type[models.Model], fields: list[str], rows: Sequence[tuple]) -> None:
    """Insert `rows`, plain values for the model's `fields` (attribute names; every concrete field but the id),
    for a model without history whose ids nothing reads: no instance made per row (thousands of suggestions on a
    first harvest), the ids left to the table. With `bulk_create` elsewhere than PostgreSQL."""
    if not rows:
        return
    if connection.vendor != "postgresql":
        model._default_manager.bulk_create([model(**dict(zip(fields, row, strict=True))) for row in rows])
        return
    by_name = {field.attname: field for field in model._meta.concrete_fields}
    columns: Columns = [
        (name, by_name[name].column, Jsonb if isinstance(by_name[name], models.JSONField) else None) for name in fields
    ]
    _copy(model, columns, (list(row) for row in rows))


def _rows(objs: Sequence[models.Model], columns: Columns) -> Iterator[list]:
    return ([getattr(obj, attribute) for attribute, _, _ in columns] for obj in objs)


def _prepare(objs: Sequence[models.Model], model: type[models.Model]) -> None:
    """Each object as `bulk_create` leaves it: its id (drawn from the table's sequence), its foreign keys' ids
    from the objects they name, its timestamps, and saved."""
    stamped = [
        f for f in model._meta.concrete_fields if getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False)
    ]
    draw_ids(objs, model)
    for obj in objs:
        obj._prepare_related_fields_for_save(operation_name="bulk_create")  # type: ignore[attr-defined]
        obj._state.adding, obj._state.db = False, connection.alias
        for field in stamped:
            field.pre_save(obj, add=True)


def draw_ids(objs: Sequence[models.Model], model: type[models.Model]) -> None:
    """Ids for those of `objs` without one, from the table's sequence, in their order (on PostgreSQL: elsewhere the
    insert gives them). A harvest draws its new entries' ids in the plan's order before their cards are rendered,
    which finishes them in no set order."""
    if connection.vendor != "postgresql":
        return
    missing = [obj for obj in objs if obj.pk is None]
    for obj, pk in zip(missing, _next_ids(model, "id", len(missing)), strict=True):
        obj.pk = pk


def _copy_history(
    model: type[models.Model],
    history: type[models.Model],
    ids: list[int],
    history_ids: list[int],
    reasons: list[str],
    own: dict,
) -> None:
    """The history rows of the rows just copied, made by the server from them: their tracked columns as the table
    now holds them (the very values the copy wrote), each with its history id and reason, in one statement. A second
    COPY sent every value again: the large texts and JSON of entries and sites dumped and escaped a second time by
    this process, the harvest's critical path."""
    quote = connection.ops.quote_name
    by_name = {field.attname: field for field in model._meta.concrete_fields}
    names, values, params = [], [], []
    history_id = "integer"
    for field in history._meta.concrete_fields:
        names.append(quote(field.column or ""))
        if field.attname == "history_id":
            values.append("u.history_id")
            history_id = _cast(field)
        elif field.attname == "history_change_reason":
            values.append("u.reason")
        elif field.attname in own:
            values.append(f"CAST(%s AS {_cast(field)})")
            params.append(own[field.attname])
        else:
            values.append(f"t.{quote(by_name[field.attname].column or '')}")
    pk = model._meta.pk
    statement = (
        f"INSERT INTO {quote(history._meta.db_table)} ({', '.join(names)}) SELECT {', '.join(values)}"
        f" FROM {quote(model._meta.db_table)} t JOIN unnest(CAST(%s AS {_cast(pk)}[]), CAST(%s AS"
        f" {history_id}[]), CAST(%s AS text[])) AS u(id, history_id, reason) ON t.{quote(pk.column or '')} = u.id"
    )
    with connection.wrap_database_errors, connection.cursor() as cursor:
        cursor.execute(statement, [*params, ids, history_ids, reasons])


def _cast(field: models.Field) -> str:
    """The type a value is cast to for the field's column: text for a string (the column checks its length)."""
    return "text" if isinstance(field, (models.CharField, models.TextField)) else str(field.db_type(connection))


def _columns(model: type[models.Model]) -> Columns | None:
    """Each concrete column, with what wraps its values; None if one is of a kind not known here."""
    found: Columns = []
    for field in model._meta.concrete_fields:
        if isinstance(field, models.JSONField):
            found.append((field.attname, field.column, Jsonb))
        elif isinstance(field, _AS_THEY_ARE):
            found.append((field.attname, field.column, None))
        else:
            return None
    return found


def _next_ids(model: type[models.Model], column: str, count: int) -> list[int]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT nextval(pg_get_serial_sequence(%s, %s)) FROM generate_series(1, %s)",
            [model._meta.db_table, column, count],
        )
        return [row[0] for row in cursor.fetchall()]


def _copy(model: type[models.Model], columns: Columns, rows: Iterator[list]) -> None:
    quote = connection.ops.quote_name
    names = ", ".join(quote(column or "") for _, column, _ in columns)
    wraps = [wrap for _, _, wrap in columns]
    statement = f"COPY {quote(model._meta.db_table)} ({names}) FROM STDIN"
    # Django's wrapper turns the driver's errors into its own (a duplicate is an IntegrityError, as from an INSERT).
    with connection.wrap_database_errors, connection.cursor() as cursor, cursor.copy(statement) as copy:
        for row in rows:
            copy.write_row([v if w is None or v is None else w(v) for w, v in zip(wraps, row, strict=True)])
