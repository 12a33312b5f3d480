"""Social play (docs/decisions-social.md): friends, ignore, invite lists, table access, invitations, spectators, chat, kick,
presence and the player card. Services in `social.services` own every write of these rows."""
