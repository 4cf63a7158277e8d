"""The computer's capacity in one server worker: search processes in three lanes.

Rule: work a person waits for (the computer's move against them, a hint) is *interactive*;
everything else (analysis, the lab, watch games, board values) is *background*.  Every job has
a time budget known before it starts, and no job holds a process for long:

* the **quick** lane (``quick`` processes, niceness 5) takes only interactive jobs of at most
  :data:`SLICE` seconds (Beginner to Hard), so a person's short move always finds a process
  within one slice, whatever else runs;
* the **people** lane (``people`` processes, niceness 10) takes any interactive job (Expert,
  Master and Perfect moves and hints) and the quick lane's overflow;
* the **background** lane (``background`` processes, niceness 19) takes background jobs only,
  each one bounded (a lab move, one analysed position, one board's values, a watch game's move).

The lanes run at once and the operating system shares the cores by niceness: a background
search at 19 gets about a seventh of the CPU a people search at 10 gets, and a fiftieth of the
web workers', so background work fills idle cores but never slows a person's reply much.  A lane
with no process passes its jobs on: background jobs to the people lane, quick ones to people.
"""

from __future__ import annotations

from dataclasses import dataclass

SLICE = 0.5
"""The longest budget a quick-lane job may have (seconds): Beginner to Hard's caps."""


@dataclass(frozen=True)
class Lane:
    """One kind of search process: which jobs it takes and at what CPU priority."""

    name: str
    niceness: int

    def takes(self, interactive: bool, seconds: float, lanes: frozenset[str]) -> bool:
        """Whether a job (a person waits for it or not, its budget) may run in this lane,
        given the names of the lanes that have processes."""
        if self.name == "quick":
            return interactive and seconds <= SLICE
        if self.name == "people":
            return interactive or "background" not in lanes
        return not interactive


QUICK = Lane("quick", 5)
PEOPLE = Lane("people", 10)
BACKGROUND = Lane("background", 19)


def slots(quick: int, people: int, background: int) -> list[Lane]:
    """The lanes of a worker's processes, one entry per process (at least one people
    process)."""
    return [QUICK] * max(0, quick) + [PEOPLE] * max(1, people) + [BACKGROUND] * max(0, background)
