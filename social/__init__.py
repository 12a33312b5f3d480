"""Social play between players (docs/decisions-social.md): friends, ignore, invite lists, presence and the lobby
chat. Services in `social.services` own every write of these rows; `social` imports nothing of the tables
(`games`), which own access, invitations, seat requests, kick, spectators and table chat."""
