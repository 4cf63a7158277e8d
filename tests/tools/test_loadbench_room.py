"""The loadbench's web CPU is the web processes' own: a child process that ended (a search
process stopped or replaced) is added by the kernel to its parent's children's time, which
the group's figures keep and the web figure of the room at 64 players leaves out."""

from __future__ import annotations

import os
import resource
import subprocess
import sys

from tools.loadbench import web_own_cpu
from tools.servers import group_cpu

BURN = "x = 0\nfor i in range(4 * 10**6):\n    x += i * i\n"


def test_the_web_figure_leaves_out_children_that_ended() -> None:
    group = os.getpgid(0)
    own0, all0 = web_own_cpu([group]), group_cpu([group]).get("server", 0.0)
    used0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-c", BURN], check=True)  # a child that ends, reaped
    used1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    own1, all1 = web_own_cpu([group]), group_cpu([group]).get("server", 0.0)
    child = (used1.ru_utime + used1.ru_stime) - (used0.ru_utime + used0.ru_stime)
    tick = 1.0 / os.sysconf("SC_CLK_TCK")
    assert child > 5 * tick  # the child's time is measurable in clock ticks
    # The group's figure gained the ended child's time on top of what the web figure gained.
    assert (all1 - all0) - (own1 - own0) >= child - 4 * tick
