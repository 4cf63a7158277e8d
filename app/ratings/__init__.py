"""Ratings: Glicko-2 (:mod:`app.ratings.glicko2`), one rating per player and pool."""
