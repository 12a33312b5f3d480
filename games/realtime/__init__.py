"""Real-time plumbing of the table sockets (docs/design.md "The tree"): the hand-written SQL of a table's hot
rows, the registry of open sockets, the one shared cache of the socket path, the database threads sockets call
through, and the frames a socket reads and writes. It knows no rule of the tables: it imports nothing of the
commands (games.services), the read models (games.reads) or the sockets (games.consumers).
"""
