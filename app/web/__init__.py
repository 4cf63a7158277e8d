"""The HTTP edge: the JSON API and the pages, input checks, error answers, per-client limits,
security headers, seat tokens, long-poll caps and the server (gunicorn's settings and worker)."""
