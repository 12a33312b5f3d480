"""Ledger pages: the player's wallet (player.py) and the staff reports (staff.py)."""
