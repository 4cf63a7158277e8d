"""Learn to play: a lesson per variant on a live board, and puzzles checked by exact play."""
