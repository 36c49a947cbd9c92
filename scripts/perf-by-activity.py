#!/usr/bin/env python3
"""The functions a PostgreSQL server spent its time in while its backends ran one kind of statement (for bench-load.sh).

usage: perf script -F pid,time,ip,sym,dso -G -i PERF.data | perf-by-activity.py TIMELINE CLASSES [TOP]
TIMELINE is pg-cpu-split.py's OUT.timeline ("monotonic-seconds pid class" at each change; the perf data must be
recorded with -k CLOCK_MONOTONIC). A sample counts when its process was in one of CLASSES (comma-separated: copy,
index, alter, stats, other) at that moment, as the last look before it saw (0.5 s apart: edges are approximate).
Prints the TOP functions by self samples, as a share of those samples, and how many samples that was.
"""
import bisect
import collections
import sys

timeline_path, wanted = sys.argv[1], set(sys.argv[2].split(","))
top = int(sys.argv[3]) if len(sys.argv) > 3 else 12
changes = collections.defaultdict(list)  # pid -> [(time, class)], in time order
with open(timeline_path) as f:
    for line in f:
        t, pid, kind = line.split()
        changes[int(pid)].append((float(t), kind))
starts = {pid: [t for t, _ in c] for pid, c in changes.items()}



def short(symbol):
    """"name (/usr/lib/.../postgres)" -> "name (postgres)": static functions of a stripped binary show as [unknown]."""
    name, _, dso = symbol.strip().rpartition(" (")
    return f"{name} ({dso.rstrip(')').rsplit('/', 1)[-1]})" if name else symbol.strip()


symbols = collections.Counter()
for line in sys.stdin:
    # "  12345 6789.123456:  ffffffff81234567 symbol_name (/path/of/dso)" (perf script -F pid,time,ip,sym,dso -G)
    parts = line.split(None, 3)
    if len(parts) < 3 or not parts[0].isdigit() or not parts[1].endswith(":"):
        continue
    pid, t = int(parts[0]), float(parts[1][:-1])
    if pid not in changes:
        continue
    i = bisect.bisect_right(starts[pid], t) - 1
    if i >= 0 and changes[pid][i][1] in wanted:
        symbols[short(parts[3]) if len(parts) > 3 else parts[2]] += 1

total = sum(symbols.values())
for name, n in symbols.most_common(top):
    print(f"{100 * n / total:6.2f}%  {name}")
print(f"({total} samples)")
