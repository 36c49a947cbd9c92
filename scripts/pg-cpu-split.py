#!/usr/bin/env python3
"""Where a PostgreSQL server's CPU went while a load ran, and the client's beside it (for scripts/bench-load.sh).

usage: pg-cpu-split.py DATADIR CLIENT_PATTERN OUT
Samples /proc every 0.5 s until SIGTERM, then writes one line of key=value pairs to OUT:
  server      CPU seconds (user+system) of the postmaster and every child, exited ones included (the postmaster's
              reaped-children counters), from start to stop;
  copy index alter stats other
              the same split by what each backend's process title said at each sample: COPY; CREATE INDEX or a
              parallel worker; ALTER TABLE (a key added, a foreign key validated); VACUUM/ANALYZE; the rest
              (background processes, idle sessions, CPU of backends that ended between two samples);
  window      seconds from the first to the last sample with a COPY running (the tables step, seen from the server);
  server_w client_w busy_w
              CPU seconds in that window of the server, of the processes whose command line contains CLIENT_PATTERN
              (e.g. dvdstore.dll), and of the whole machine (/proc/stat), to set against cores x window;
  wal wal_w   WAL bytes written (pg_current_wal_insert_lsn: exact and immediate, unlike pg_stat_wal, which a backend
              reports only at its transaction's end), from start to stop and in the window;
  copy_pids client_pids
              the backends that ran a COPY, the client's processes (to restrict a perf profile to them).
OUT.timeline says, per backend, from when (CLOCK_MONOTONIC) it ran what (scripts/perf-by-activity.py reads it).
OUT.ready appears once the first sample is taken: start the part to measure only then.
PGHOST/PGPORT/PGUSER say where the server listens (one psql session stays open to read the WAL position).
"""
import os
import signal
import subprocess
import sys
import time

TICK = os.sysconf("SC_CLK_TCK")
datadir, pattern, out = sys.argv[1], sys.argv[2], sys.argv[3]
with open(os.path.join(datadir, "postmaster.pid")) as f:
    postmaster = int(f.readline())


def stat_of(pid):
    """(ppid, own ticks, reaped children's ticks) of a process, or None when it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            text = f.read()
    except OSError:
        return None
    rest = text[text.rindex(")") + 2:].split()
    return int(rest[1]), int(rest[11]) + int(rest[12]), int(rest[13]) + int(rest[14])


def title_of(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def kind(title):
    if title.endswith(" COPY") or " COPY " in title:
        return "copy"
    if "CREATE INDEX" in title or "parallel worker" in title:
        return "index"
    if "ALTER TABLE" in title:
        return "alter"
    if "VACUUM" in title or "ANALYZE" in title:
        return "stats"
    return "other"


def machine_busy():
    with open("/proc/stat") as f:
        cpu = [int(v) for v in f.readline().split()[1:]]
    return sum(cpu) - cpu[3] - cpu[4]  # all but idle and iowait


psql = subprocess.Popen(["psql", "-d", "postgres", "-AtqX"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def wal_position():
    psql.stdin.write("SELECT pg_current_wal_insert_lsn() - '0/0';\n")
    psql.stdin.flush()
    return int(float(psql.stdout.readline()))


def sample(previous):
    """One look at every process: server and client cumulative ticks, per-class deltas since the previous look."""
    server = client = 0
    ticks = {}
    copying = False
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        pid = int(name)
        st = stat_of(pid)
        if st is None:
            continue
        if pid == postmaster:
            server += st[1] + st[2]
        elif st[0] == postmaster:
            server += st[1]
            title = title_of(pid)
            ticks[pid] = (st[1], kind(title))
            copying |= ticks[pid][1] == "copy"
        elif pid != me and pattern in title_of(pid):
            client += st[1]
            client_pids.add(pid)
    clock = time.monotonic()
    for pid, (now, k) in ticks.items():
        classes[k] += now - previous.get(pid, (0, None))[0]
        if previous.get(pid, (0, None))[1] != k:
            timeline.write(f"{clock:.3f} {pid} {k}\n")
        if k == "copy":
            copy_pids.add(pid)
    return (time.time(), server, client, machine_busy(), wal_position(), copying), ticks


stopping = False


def stop(*_):
    global stopping
    stopping = True


signal.signal(signal.SIGTERM, stop)
classes = dict.fromkeys(["copy", "index", "alter", "stats", "other"], 0)
copy_pids = set()
client_pids = set()
me = os.getpid()
timeline = open(out + ".timeline", "w")  # "monotonic-seconds pid class" each time a backend's class changes
first, ticks = sample({})
classes = dict.fromkeys(classes, 0)  # what ran before the start is not this run's
open(out + ".ready", "w").close()  # the caller starts its timed part only now
last = first
window = []  # the first and last sample with a COPY running
while not stopping:
    time.sleep(0.5)
    last, ticks = sample(ticks)
    if last[5]:
        window = [window[0] if window else last, last]
psql.stdin.close()
psql.wait()
timeline.close()

server = (last[1] - first[1]) / TICK
classes["other"] += server * TICK - sum(classes.values())  # backends that ended between two samples
w0, w1 = window if window else (last, last)
fields = {
    "server": server, **{k: v / TICK for k, v in classes.items()},
    "window": w1[0] - w0[0], "server_w": (w1[1] - w0[1]) / TICK, "client_w": (w1[2] - w0[2]) / TICK,
    "busy_w": (w1[3] - w0[3]) / TICK, "wal": last[4] - first[4], "wal_w": w1[4] - w0[4],
}
with open(out, "w") as f:
    f.write(" ".join(f"{k}={v:.2f}" if isinstance(v, float) else f"{k}={v}" for k, v in fields.items()))
    f.write(f" copy_pids={','.join(map(str, sorted(copy_pids))) or '-'}")
    f.write(f" client_pids={','.join(map(str, sorted(client_pids))) or '-'}\n")
