"""The computer player: searches in a pool of processes (:mod:`.pool`), shared fairly between
clients (:mod:`.queue`), and its moves written into stored games (:mod:`.moves`)."""
