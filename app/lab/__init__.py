"""The AI lab: two agents play a match, one game a request, through the computer's fair queue.

The page asks for game ``n`` of a match (the agents, the variant, the seed and the number of
games say which game it is: colours alternate and each pair of games shares a random opening,
as in ``python -m engine arena match``); the server plays it in a search process as the asking
device's work, keeps it as a finished game (it opens in review) and answers with the game, the
running tally and the Elo difference with its 95% interval.  Nothing about a run is kept on the
server between games, so any worker or host can play the next one.
"""
