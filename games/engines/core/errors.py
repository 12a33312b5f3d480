"""The two refusal kinds every engine raises (docs/style.md "Value types with a wire codec").

Both take `(code, message)`, code first, like every refusal in the project (`games.errors.ServiceError`
too). `InvalidAction` means the payload is malformed (unknown key, unknown card code, wrong JSON type): its code
is the form code `bad_action` (`BAD_ACTION`). `IllegalAction` means a well-formed action is not allowed now; its
code is the stable refusal code named by the game's rules file (`not_your_turn`, `must_follow_suit`, `bad_deal`,
...), which the browser translates. Engines raise refusals; they never return them from a verb.
"""

from __future__ import annotations

BAD_ACTION = "bad_action"


class RuleError(Exception):
    """Base of engine refusals.

    Args:
        code: stable machine-readable refusal code from the rules file.
        message: human-readable English explanation (the browser shows its own translation of `code`);
            defaults to the code with spaces.
    """

    def __init__(self, code: str, message: str = "") -> None:
        super().__init__(f"{code}: {message}" if message else code)
        self.code = code
        self.message = message or code.replace("_", " ")

    def as_dict(self) -> dict[str, str]:
        """Return `{"code": ..., "message": ...}` for wire frames and replay output."""
        return {"code": self.code, "message": self.message}


class InvalidAction(RuleError):
    """A malformed action payload (docs/design.md "Conventions": form errors are `bad_action`).

    Raised as `InvalidAction(BAD_ACTION, "what is wrong")`.
    """


class IllegalAction(RuleError):
    """A well-formed action (or deal, or option set) that the rules refuse; the state is left untouched."""
