"""The lobby: who is here, open seeks, direct challenges, quick messages at the table."""
