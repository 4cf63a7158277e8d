#!/bin/sh
# Instructions of the bench's plain alpha-beta (Kalah(6,4) start, depth 12 unless given), the C
# reference against the native core, counted by valgrind's callgrind: a count that the load of
# other work on the machine does not change, unlike CPU seconds.
#
#   sh tools/bench_reference/instructions.sh [depth]     (from the repository, native core built)
#
# The reference is counted from main (its root loop and search, not process start-up); the
# engine from the native Searcher.alphabeta calls (the search below the root: the Python root
# loop around them, six calls, is left out).  Prints both counts and reference / native.
set -eu
command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 1; }
depth=${1:-12}
root=$(cd "$(dirname "$0")/../.." && pwd)
python=${PYTHON:-$root/.venv/bin/python}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

collected() { # the instructions callgrind collected, from its log on stdin
    sed -n 's/.*Collected : *//p' | tr -d ,
}

gcc -O2 "$root/tools/bench_reference/alphabeta.c" -o "$work/alphabeta"
reference=$(valgrind --tool=callgrind --callgrind-out-file="$work/reference.out" \
    --toggle-collect=main "$work/alphabeta" "$depth" 2>&1 >/dev/null | collected)
native=$(cd "$root" && valgrind --tool=callgrind --callgrind-out-file="$work/native.out" \
    --toggle-collect=Searcher_alphabeta "$python" -c "
from engine import native
from engine.cli.bench import bench_plain
assert (native.core or native.load()) is not None, 'native core not built (make native)'
bench_plain($depth)
" 2>&1 >/dev/null | collected)
echo "C reference: $reference instructions"
echo "native core: $native instructions"
awk -v r="$reference" -v n="$native" 'BEGIN { printf "native: %.3f x C (reference / native)\n", r / n }'
