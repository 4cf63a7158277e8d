"""Hooks: how a package above tells one below what to do at an event, without an import
climbing back up.  One registry for every event (a game's end, a rematch's rule, the lobby's
finished tournament games).

Rule: a hook is registered under a name; registering a name again replaces its hook in its
first place, so hooks run in the order their names were first registered.  A hook registered
without a name is named by its identity: the same hook registered twice is kept once.
:meth:`Hooks.run` calls every hook in that order: an error a hook raises is logged and the next
hooks still run (the run says which failed), unless the caller lets that kind of error through,
which stops the run there and reaches the caller.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

log = logging.getLogger(__name__)

H = TypeVar("H")  # the type of the event's hooks (a Callable)
T = TypeVar("T")


def name_of(hook: object) -> str:
    """The name of a hook registered without one: its identity (kept alive by the registry);
    a bound method's is its function's and its object's, as ``obj.method`` is made anew at
    each look-up."""
    func, owner = getattr(hook, "__func__", None), getattr(hook, "__self__", None)
    if func is not None and owner is not None:
        return f"{func.__qualname__} at {id(func):#x} of {id(owner):#x}"
    kind = getattr(hook, "__qualname__", type(hook).__qualname__)
    return f"{kind} at {id(hook):#x}"


@dataclass
class Ran(Generic[T]):
    """What a run of the hooks gave: each hook's answer that returned, in order, and the names
    of those that failed (logged)."""

    answers: list[T] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Whether every hook ran without error."""
        return not self.failed


class Hooks(Generic[H]):
    """The hooks of one event (``event`` names it in the log), in registration order."""

    def __init__(self, event: str) -> None:
        self.event = event
        self._lock = threading.Lock()
        self._hooks: dict[str, H] = {}

    def add(self, hook: H, name: str | None = None) -> None:
        """Run ``hook`` at every event from now on, under ``name`` (default: its identity)."""
        with self._lock:
            self._hooks[name_of(hook) if name is None else name] = hook

    def remove(self, hook_or_name: H | str) -> None:
        """Stop running the hook (given itself or its name); nothing if it is not there."""
        name = hook_or_name if isinstance(hook_or_name, str) else name_of(hook_or_name)
        with self._lock:
            self._hooks.pop(name, None)

    def named(self) -> list[tuple[str, H]]:
        """The hooks with their names, in the order they run."""
        with self._lock:
            return list(self._hooks.items())

    def run(
        self,
        call: Callable[[H], T],
        about: str = "",
        let_through: tuple[type[Exception], ...] = (),
    ) -> Ran[T]:
        """``call(hook)`` for every hook in order; a hook's error is logged (``about`` says
        what it was run for) and the others still run, but an error of a ``let_through`` kind
        stops the run and is raised."""
        ran: Ran[T] = Ran()
        for name, hook in self.named():
            try:
                ran.answers.append(call(hook))
            except let_through:
                raise
            except Exception:  # noqa: BLE001 (one hook failing must not stop the others)
                log.exception("the %s hook %r failed%s", self.event, name, about)
                ran.failed.append(name)
        return ran
