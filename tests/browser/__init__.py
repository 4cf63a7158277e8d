"""Browser tests: the real app under gunicorn, driven by headless Chromium."""
