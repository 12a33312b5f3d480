"""Model rows read by hand-written SQL on a move's hot path (docs/decisions-tables.md "Sockets": building a
queryset's SQL cost more of a busy process than running it).

A `Part` is one model's columns under a table alias in a SELECT list. `read(sql, params, parts)` runs the
statement and turns each row into one instance per part, exactly as the ORM would: every column goes through the
same database converters (JSON text decoded, SQLite's datetimes parsed) and `Model.from_db` builds the instance,
so the rows behave as a queryset's would. `link` caches a related instance as `select_related` does, so reading
`seat.table` afterwards runs no query. The statements are written for both backends the site runs on
(PostgreSQL, SQLite): standard SQL, `%s` parameters, names quoted by the backend.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.db import connections, models

Converter = Callable[[Any, Any, Any], Any]


def _column(field: Any) -> str:
    """`field`'s column name (every concrete field has one; the stubs type it optional)."""
    column: str | None = field.column
    assert column is not None, field
    return column


@dataclass(frozen=True)
class Part:
    """`model`'s concrete columns under SQL alias `alias` (e.g. `Part(Seat, "s")`)."""

    model: type[models.Model]
    alias: str

    def select(self, using: str = "default") -> str:
        """The part's columns for a SELECT list, `"s"."id", "s"."table_id", ...` (names quoted as `using` does;
        worked out once per backend: every statement of the hot path asks)."""
        return _select_list(self, connections[using].vendor, using)

    @property
    def width(self) -> int:
        """How many columns the part takes in a row."""
        return len(self.model._meta.concrete_fields)


@cache
def _select_list(part: Part, vendor: str, using: str) -> str:
    quote = connections[using].ops.quote_name
    return ", ".join(f"{quote(part.alias)}.{quote(_column(f))}" for f in part.model._meta.concrete_fields)


@dataclass(frozen=True)
class _Reading:
    """How a model's columns are read: attribute names, the primary key's position, per column its expression
    and the converters the ORM applies to it."""

    attnames: list[str]
    pk_index: int
    columns: list[tuple[Any, list[Converter]]]


@cache
def _reading(model: type[models.Model], using: str) -> _Reading:
    connection = connections[using]
    fields = model._meta.concrete_fields
    columns = [(f.get_col(model._meta.db_table), f) for f in fields]
    return _Reading(
        attnames=[f.attname for f in fields],
        pk_index=[f.attname for f in fields].index(model._meta.pk.attname),
        columns=[
            (column, connection.ops.get_db_converters(column) + f.get_db_converters(connection))
            for column, f in columns
        ],
    )


def _converted(value: Any, column: Any, converters: list[Converter], using: str) -> Any:
    connection = connections[using]
    for convert in converters:
        value = convert(value, column, connection)
    return value


def instance(part: Part, row: Sequence[Any], start: int, using: str = "default") -> models.Model | None:
    """The instance of `part` in `row` from column `start`, or None when its primary key is NULL (an outer join
    that matched nothing)."""
    reading = _reading(part.model, using)
    values = list(row[start : start + part.width])
    if values[reading.pk_index] is None:
        return None
    for index, (column, converters) in enumerate(reading.columns):
        if converters:
            values[index] = _converted(values[index], column, converters, using)
    return part.model.from_db(using, reading.attnames, values)


def read(
    sql: str, params: Sequence[Any], parts: Sequence[Part], using: str = "default"
) -> list[list[models.Model | None]]:
    """Run `sql` (its SELECT list: each part's `select()` in order, then nothing else) and return, per row, one
    instance (or None, see `instance`) per part."""
    with connections[using].cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    result = []
    for row in rows:
        start, instances = 0, []
        for part in parts:
            instances.append(instance(part, row, start, using))
            start += part.width
        result.append(instances)
    return result


def read_value(field: models.Field[Any, Any], value: Any, using: str = "default") -> Any:
    """A column `value` read by hand as `field` would read it (its database converters applied)."""
    column, converters = _reading(field.model, using).columns[field.model._meta.concrete_fields.index(field)]
    return _converted(value, column, converters, using)


def link(instance: models.Model, name: str, related: models.Model | None) -> None:
    """Cache `related` as `instance`'s foreign key `name`, as `select_related` does (reading it runs no query)."""
    instance._meta.get_field(name).set_cached_value(instance, related)  # type: ignore[union-attr]


def insert(obj: models.Model, using: str = "default") -> None:
    """INSERT `obj` as `obj.save()` would add it (fields prepared as the ORM prepares them, `auto_now_add` set; an
    automatic primary key is assigned to `obj`). Sends no model signals (the hot path's models have none)."""
    connection, meta = connections[using], obj._meta
    fields = [f for f in meta.concrete_fields if not (f.primary_key and getattr(obj, f.attname) is None)]
    values = [f.get_db_prep_save(f.pre_save(obj, True), connection) for f in fields]
    quote = connection.ops.quote_name
    sql = (
        f"INSERT INTO {quote(meta.db_table)} ({', '.join(quote(_column(f)) for f in fields)})"
        f" VALUES ({', '.join(['%s'] * len(fields))})"
    )
    returning = connection.features.can_return_columns_from_insert
    if returning:
        sql += f" RETURNING {quote(_column(meta.pk))}"
    with connection.cursor() as cursor:
        cursor.execute(sql, values)
        pk = cursor.fetchone()[0] if returning else cursor.lastrowid
    if getattr(obj, meta.pk.attname) is None:
        setattr(obj, meta.pk.attname, pk)
    obj._state.adding, obj._state.db = False, using


def update(obj: models.Model, names: Sequence[str], using: str = "default") -> None:
    """UPDATE the columns of fields `names` of the saved `obj` (`obj.save(update_fields=names)` without its
    signals)."""
    connection, meta = connections[using], obj._meta
    fields = [meta.get_field(name) for name in names]
    values = [f.get_db_prep_save(f.pre_save(obj, False), connection) for f in fields]  # type: ignore[union-attr]
    quote = connection.ops.quote_name
    assignments = ", ".join(f"{quote(_column(f))} = %s" for f in fields)
    sql = f"UPDATE {quote(meta.db_table)} SET {assignments} WHERE {quote(_column(meta.pk))} = %s"
    with connection.cursor() as cursor:
        cursor.execute(sql, [*values, obj.pk])


def table_name(model: type[models.Model], using: str = "default") -> str:
    """`model`'s table name quoted for a statement (`"ledger_account"`)."""
    return connections[using].ops.quote_name(model._meta.db_table)


def for_update(alias: str, *, skip_locked: bool = False, using: str = "default") -> str:
    """The row-lock clause that ends a SELECT locking the rows of table alias `alias`, as the database can say it:
    ` FOR UPDATE OF "t"` (` SKIP LOCKED` with `skip_locked`) on PostgreSQL, nothing on SQLite (no row locks: its
    writers are serialised by BEGIN IMMEDIATE, docs/decisions-tables.md)."""
    features = connections[using].features
    if not features.has_select_for_update:
        return ""
    clause = " FOR UPDATE"
    if features.has_select_for_update_of:
        clause += f" OF {connections[using].ops.quote_name(alias)}"
    if skip_locked and features.has_select_for_update_skip_locked:
        clause += " SKIP LOCKED"
    return clause


def insert_many(
    model: type[models.Model], names: Sequence[str], rows: Sequence[Sequence[Any]], using: str = "default"
) -> None:
    """INSERT `rows` (per row the values of fields `names`, already what the database stores: integers, strings)
    into `model`'s table in one statement. No instances, no signals, no primary keys returned."""
    if not rows:
        return
    connection, meta = connections[using], model._meta
    quote = connection.ops.quote_name
    columns = ", ".join(quote(_column(meta.get_field(name))) for name in names)
    row = "(" + ", ".join(["%s"] * len(names)) + ")"
    sql = f"INSERT INTO {quote(meta.db_table)} ({columns}) VALUES {', '.join([row] * len(rows))}"
    with connection.cursor() as cursor:
        cursor.execute(sql, [value for values in rows for value in values])
