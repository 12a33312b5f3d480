"""Sign-up: where a person's account becomes a player's, above `accounts` and `ledger` and inside neither.

Opening a player's account writes both apps' rows at once (the profile's language in `accounts`, the starting
balance in `ledger`), so its home imports both. `accounts` imports nothing of `ledger` (import-linter contract
`accounts-without-ledger`, which follows indirect chains, so nothing in `accounts` imports this app either), and
the ledger writes no profile, so it lives in neither; nor in `platform_config`, whose shared modules (notify,
rows) import none of the apps, and whose admin registrations Django would not find (it loads the `admin` module
of installed apps only). This small app holds the one call, `signup.players.open_player_account`, and what calls
it on a person's behalf: the allauth sign-up adapter (`signup.adapter`) and the admin's "Add user"
(`signup.admin`); the demo data and the benchmarks call it too. See docs/decisions-ledger.md "Players".
"""
