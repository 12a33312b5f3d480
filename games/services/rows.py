"""Model rows read by hand-written SQL on a move's hot path (docs/decisions-tables.md "Sockets": building a
queryset's SQL cost more of a busy process than running it).

A `Part` is one model's columns under a table alias in a SELECT list. `read(sql, params, parts)` runs the
statement and turns each row into one instance per part, exactly as the ORM would: every column goes through the
same database converters (JSON text decoded, SQLite's datetimes parsed) and `Model.from_db` builds the instance,
so the rows behave as a queryset's would. `link` caches a related instance as `select_related` does, so reading
`seat.user.profile` afterwards runs no query. The statements are written for both backends the site runs on
(PostgreSQL, SQLite): standard SQL, `%s` parameters, names quoted by the backend.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.db import connections, models

Converter = Callable[[Any, Any, Any], Any]


@dataclass(frozen=True)
class Part:
    """`model`'s concrete columns under SQL alias `alias` (e.g. `Part(Seat, "s")`); with `deferred`, those fields'
    columns are left out and the instances defer them, as `QuerySet.defer` does (reading one runs a query)."""

    model: type[models.Model]
    alias: str
    deferred: tuple[str, ...] = ()

    @property
    def fields(self) -> list[Any]:
        """The concrete fields the part reads, in column order."""
        return [f for f in self.model._meta.concrete_fields if f.name not in self.deferred]

    def select(self, using: str = "default") -> str:
        """The part's columns for a SELECT list, `"s"."id", "s"."table_id", ...` (names quoted as `using` does)."""
        quote = connections[using].ops.quote_name
        return ", ".join(f"{quote(self.alias)}.{quote(f.column)}" for f in self.fields)

    @property
    def width(self) -> int:
        """How many columns the part takes in a row."""
        return len(self.fields)


@cache
def _converters(part: Part, using: str) -> tuple[list[str], list[tuple[Any, list[Converter]]]]:
    """The part's attribute names, and per column its expression with the converters the ORM applies."""
    connection = connections[using]
    converters = []
    for f in part.fields:
        column = f.get_col(part.model._meta.db_table)
        converters.append(
            (column, connection.ops.get_db_converters(column) + f.get_db_converters(connection))
        )
    return [f.attname for f in part.fields], converters


def instance(part: Part, row: Sequence[Any], start: int, using: str = "default") -> models.Model | None:
    """The instance of `part` in `row` from column `start`, or None when its primary key is NULL (an outer join
    that matched nothing)."""
    attnames, converters = _converters(part, using)
    values = list(row[start : start + part.width])
    if values[attnames.index(part.model._meta.pk.attname)] is None:
        return None
    connection = connections[using]
    for index, (column, column_converters) in enumerate(converters):
        for convert in column_converters:
            values[index] = convert(values[index], column, connection)
    return part.model.from_db(using, attnames, values)


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
    connection = connections[using]
    column = field.get_col(field.model._meta.db_table)
    for convert in connection.ops.get_db_converters(column) + field.get_db_converters(connection):
        value = convert(value, column, connection)
    return value


def link(instance: models.Model, name: str, related: models.Model | None) -> None:
    """Cache `related` as `instance`'s relation `name` (a foreign key, or a reverse one-to-one such as a user's
    `profile`), as `select_related` does: None caches "no such row" (a reverse one-to-one then raises its
    DoesNotExist on access, as after select_related)."""
    field: Any = instance._meta.get_field(name)
    field.set_cached_value(instance, related)
    remote = getattr(field, "remote_field", None)
    if related is not None and isinstance(field, models.OneToOneRel) and remote is not None:
        remote.set_cached_value(related, instance)


def insert(obj: models.Model, using: str = "default") -> None:
    """INSERT `obj` as `obj.save()` would add it (fields prepared as the ORM prepares them, `auto_now_add` set; an
    automatic primary key is assigned to `obj`). Sends no model signals (the hot path's models have none)."""
    connection, meta = connections[using], obj._meta
    fields = [f for f in meta.concrete_fields if not (f.primary_key and getattr(obj, f.attname) is None)]
    values = [f.get_db_prep_save(f.pre_save(obj, True), connection) for f in fields]
    quote = connection.ops.quote_name
    sql = (
        f"INSERT INTO {quote(meta.db_table)} ({', '.join(quote(f.column) for f in fields)})"
        f" VALUES ({', '.join(['%s'] * len(fields))})"
    )
    returning = connection.features.can_return_columns_from_insert
    if returning:
        sql += f" RETURNING {quote(meta.pk.column)}"
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
    assignments = ", ".join(f"{quote(f.column)} = %s" for f in fields)  # type: ignore[union-attr]
    sql = f"UPDATE {quote(meta.db_table)} SET {assignments} WHERE {quote(meta.pk.column)} = %s"
    with connection.cursor() as cursor:
        cursor.execute(sql, [*values, obj.pk])
