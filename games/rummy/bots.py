"""Rummy bots (placeholder until the search lands in the next commit)."""
