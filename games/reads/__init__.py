"""Read models: what a socket or a page shows of a table, built from its rows (docs/design.md "The tree").

Nothing here writes a row: a version's frames, the side panel, the player card, who watches, who may sit and watch,
the chat a recipient reads and a table's money terms. The table service (games.services) may call these; they
import nothing of it (the import contract `reads-without-commands` in pyproject.toml), and
tests/tables/test_reads_write_nothing.py builds every frame kind and finds no INSERT, UPDATE or DELETE.
"""
