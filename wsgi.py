"""The WSGI entry point gunicorn serves."""

from app import create_app

app = create_app()
