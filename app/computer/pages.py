"""The pages of mapped endgame-table files a process holds, dropped when they pass a limit.

Rule: a table file mapped into a process (a search reading it, or the large table's build
writing it) is the host's page cache, but each page the process touched counts in its memory
(PSS) for as long as it stays mapped.  Dropping them (``madvise(MADV_DONTNEED)`` on the file's
mappings) costs nothing but a minor fault on the next touch: the pages stay in the page cache,
and a written page keeps what was written (a shared file mapping's pages are the file's).
"""

from __future__ import annotations

import contextlib
import ctypes
from pathlib import Path

MADV_DONTNEED = 4


def mappings(folder: str, smaps: str = "/proc/self/smaps") -> list[tuple[int, int, int]]:
    """The mappings of files in ``folder``: (start, end, resident bytes) each."""
    found: list[tuple[int, int, int]] = []
    prefix = str(Path(folder).resolve()) + "/"
    current: tuple[int, int] | None = None
    try:
        lines = Path(smaps).read_text().splitlines()
    except OSError:
        return found
    for line in lines:
        head = line.split(maxsplit=5)
        if head and "-" in head[0] and len(head) >= 5 and not head[0].endswith(":"):
            current = None
            if len(head) == 6 and head[5].startswith(prefix):
                start, _, end = head[0].partition("-")
                current = (int(start, 16), int(end, 16))
        elif current is not None and line.startswith("Rss:"):
            found.append((*current, int(line.split()[1]) * 1024))
            current = None
    return found


def drop(folder: str, above: int = 0) -> int:
    """Drop this process's pages of the files it maps from ``folder`` if they hold more than
    ``above`` bytes; the bytes they held (0 when none were dropped)."""
    held = mappings(folder)
    total = sum(rss for _, _, rss in held)
    if total <= above:
        return 0
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        for start, end, _ in held:
            libc.madvise(ctypes.c_void_p(start), ctypes.c_size_t(end - start), MADV_DONTNEED)
    return total
