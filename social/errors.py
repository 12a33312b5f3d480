"""The refusal of a social service (a friend request, an ignore, an invite list, a lobby chat line)."""

from __future__ import annotations


class SocialError(Exception):
    """A social request refused; nothing changed. Same argument order as the tables' refusals (code, message).

    Args:
        code: stable machine-readable code (`bad_request`, `ignored`, `already`, `no_request`, `not_friends`,
            `no_list`, `chat_too_long`, `chat_flood`).
        message: translated text for people.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
