"""The two refusal kinds every engine raises (docs/style.md "Value types with a wire codec").

`InvalidAction` means the payload is malformed (unknown key, unknown card code, wrong JSON type): the
code is always a form code such as `bad_action`. `IllegalAction` means a well-formed action is not
allowed now; its `code` is the stable refusal code named by the game's rules file (`not_your_turn`,
`must_follow_suit`, `bad_deal`, ...), which the browser translates.
"""

from __future__ import annotations


class RuleError(Exception):
    """Base of engine refusals.

    Args:
        code: stable machine-readable refusal code from the rules file.
        message: human-readable English explanation (the browser shows its own translation of `code`).
    """

    def __init__(self, code: str, message: str = "") -> None:
        super().__init__(f"{code}: {message}" if message else code)
        self.code = code
        self.message = message or code.replace("_", " ")

    def as_dict(self) -> dict[str, str]:
        """Return `{"code": ..., "message": ...}` for wire frames and replay output."""
        return {"code": self.code, "message": self.message}


class InvalidAction(RuleError):
    """A malformed action payload (docs/design.md "Conventions": form errors are `bad_action`)."""

    def __init__(self, message: str = "malformed action", code: str = "bad_action") -> None:
        super().__init__(code, message)


class IllegalAction(RuleError):
    """A well-formed action (or deal, or option set) that the rules refuse; the state is left untouched."""
