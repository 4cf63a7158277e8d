"""Tournaments for a room of friends: arena, round robin and Swiss, with live standings."""
