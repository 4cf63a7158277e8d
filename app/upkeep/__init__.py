"""The store's upkeep: expiry of old games on a timer, backups and their restore, and a copy of
the games from SQLite into PostgreSQL."""
