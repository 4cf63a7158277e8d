"""The room of friends: players (a name kept for a device), their pages and their ratings."""
