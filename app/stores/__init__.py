"""Game stores beside the default SQLite one (app.store): PostgreSQL, for several app hosts."""
