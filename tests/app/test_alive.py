"""``GET /api/alive``: a page's quick check while its long-poll waits.  A worker told to stop (a
restart) still answers on a kept-alive connection for a moment; it says so, and the page
reconnects at once instead of when the connection closes."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask.testing import FlaskClient

from app.games import liveness


@pytest.fixture
def stopping() -> Iterator[None]:
    liveness.serving_while(lambda: False)
    try:
        yield
    finally:
        liveness.serving_while(lambda: True)


def test_a_serving_worker_says_it_is_alive(client: FlaskClient) -> None:
    answer = client.get("/api/alive")
    assert answer.status_code == 200
    assert answer.get_json() == {"alive": True}
    assert "X-Server-Stopping" not in answer.headers


def test_a_stopping_worker_says_so(client: FlaskClient, stopping: None) -> None:
    answer = client.get("/api/alive")
    assert answer.status_code == 503
    assert answer.get_json() == {"alive": False}
    assert answer.headers["X-Server-Stopping"] == "1"
