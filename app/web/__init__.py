"""The HTTP edge: the JSON API (:mod:`.api`) and the pages (:mod:`.pages`), what a request brings
(:mod:`.inputs`), error answers (:mod:`.errors`), per-client limits, security headers, seat
tokens, long-poll caps, ``/health``, the OpenAPI description, and the server: ``make run``
(:mod:`.serve`), gunicorn's settings (:mod:`.gunicorn_conf`) and worker (:mod:`.worker`)."""
