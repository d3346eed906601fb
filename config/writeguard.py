"""The one way a write takes a row lock or claims a row at the version a form was loaded with.

Every workflow that must not race another one (two coaches saving the same result, a result
racing a cancellation, two admins starting a season) goes through a queryset that inherits
`GuardedQuerySet`:

- `lock(*pks)` (or `locked()` for a queryset's rows) locks rows until the transaction ends,
  always in the order of their ids, and returns them. Two workflows that lock the same rows
  therefore never wait for each other crosswise (no deadlock).
- `claim(pk, version=…)` locks one row and checks that it still has the version the user's page
  showed: the row as it is now comes back with its version counted up, or `StaleVersion` says
  that somebody else was faster. `new_version=False` checks without counting up (an answer to a
  version, such as a confirmation, that does not change what it answers).

A model whose rows are locked together with other rows (a match with its two teams) overrides
`lock` to take them in one fixed order, so the order is decided in one place. Outside this
module nothing calls `select_for_update` (tests/test_architecture.py checks it).
"""

from django.db import models
from django.db.models import F


class StaleVersion(Exception):
    """The row changed since the page was loaded; `current` is the row as it is now (locked)."""

    def __init__(self, current):
        super().__init__(f"{current!r} is at version {current.version}")
        self.current = current


class GuardedQuerySet(models.QuerySet):
    def locked(self) -> list:
        """This queryset's rows, locked until the transaction ends, in the order of their ids.

        Only the model's own rows are locked (`of=("self",)`): rows joined by `select_related`
        are read, not locked, and PostgreSQL refuses to lock the nullable side of an outer join.
        """
        return list(self.select_for_update(of=("self",)).order_by("pk"))

    def lock(self, *pks: int) -> list:
        """Lock the rows with these ids (see `locked`) and return them as they are now; no ids,
        no lock."""
        return self.filter(pk__in=pks).locked() if pks else []

    def lock_one(self, pk: int):
        """Lock one row and return it; `DoesNotExist` when there is none (any more)."""
        rows = self.lock(pk)
        if not rows:
            raise self.model.DoesNotExist(f"No {self.model.__name__} with id {pk}")
        return rows[0]

    def claim(self, pk: int, *, version: int, new_version: bool = True):
        """Lock the row and check it is still at `version`; count its version up (unless
        `new_version` is False) and return it. Raises `StaleVersion` with the current row."""
        row = self.lock_one(pk)
        if row.version != version:
            raise StaleVersion(row)
        if new_version:
            self.model._default_manager.filter(pk=row.pk).update(version=F("version") + 1)
            row.version += 1
        return row
