"""One argument order for every refusal: `(code, message)`, as the engines' IllegalAction takes them."""

from __future__ import annotations

import importlib
import inspect

from .sources import REPO, app_sources

# Modules that start servers or need a command line when imported; they define no errors.
NOT_IMPORTED = ("management", "asgi", "wsgi", "celery")


def project_error_classes() -> dict[str, type[BaseException]]:
    """Every exception class defined in the apps (engines included), by dotted name."""
    for path in app_sources(engines=True):
        parts = path.relative_to(REPO).with_suffix("").parts
        if not any(part in NOT_IMPORTED for part in parts):
            importlib.import_module(".".join(p for p in parts if p != "__init__"))
    found: dict[str, type[BaseException]] = {}
    pending = [BaseException]
    while pending:
        for cls in pending.pop().__subclasses__():
            pending.append(cls)
            if cls.__module__.split(".")[0] in ("accounts", "games", "ledger", "social"):
                found[f"{cls.__module__}.{cls.__qualname__}"] = cls
    return found


def carries_a_code(cls: type[BaseException]) -> bool:
    """Whether the constructor (the class's or a project base class's, not Exception's *args) names a code or
    a message: a refusal. A wrapper such as the replay's ReplayRefusal(index, error) names neither."""
    if not any("__init__" in vars(base) for base in cls.__mro__ if base.__module__ != "builtins"):
        return False
    return bool({"code", "message"} & set(inspect.signature(cls.__init__).parameters))


def leading_parameters(cls: type[BaseException]) -> list[str]:
    """The constructor's first two parameter names after self."""
    return list(inspect.signature(cls.__init__).parameters)[1:3]


def test_it_finds_the_errors_of_every_part():
    names = set(project_error_classes())
    for expected in (
        "games.engines.core.errors.IllegalAction",
        "games.errors.ServiceError",
        "games.realtime.frames.FrameError",
        "ledger.errors.LedgerError",
        "ledger.errors.InsufficientFunds",
        "ledger.errors.SeatsCannotCover",
    ):
        assert expected in names


def test_every_error_constructor_takes_code_then_message():
    wrong = {
        name: leading_parameters(cls)
        for name, cls in project_error_classes().items()
        if carries_a_code(cls) and leading_parameters(cls) != ["code", "message"]
    }
    assert wrong == {}


def test_the_ledger_and_the_table_service_read_the_same_positions():
    from games.errors import ServiceError
    from ledger.errors import InsufficientFunds, NotEligible, SeatsCannotCover

    for error in (ServiceError("not_open", "closed"), NotEligible("not_open", "closed")):
        assert (error.code, error.message) == ("not_open", "closed")
    funds = InsufficientFunds("insufficient_funds", "empty", 7)
    assert (funds.code, funds.message, funds.account_id) == ("insufficient_funds", "empty", 7)
    cover = SeatsCannotCover.of({1: NotEligible("loss_limit", "over the limit")})
    assert cover.code == "seats_cannot_cover" and "seat 1: over the limit" in cover.message
