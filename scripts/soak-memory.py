#!/usr/bin/env python3
"""Samples one process's memory map every few seconds until it ends (scripts/soak.sh runs it beside the driver).

Where the resident memory lives, from /proc/PID/status and /proc/PID/smaps (kB -> MB per column):
  rss, anon, file     VmRSS, RssAnon, RssFile
  threads             Threads (each thread's stack pages it touched stay resident)
  gc                  resident part of the managed GC's reserved range (anonymous, GBs reserved): what it committed
  code                the JIT's double-mapped code heap (memfd:doublemapper)
  malloc              native heap: [heap] and glibc's 64 MB malloc arenas (one per thread contending, up to 8 per core)
  other_anon          the other anonymous mappings: thread stacks, the runtime's own reservations
usage: soak-memory.py PID OUT.csv [interval seconds, default 5]
"""
import os
import sys
import time


def sample(pid):
    status = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            status[key] = value.split()[0] if value.split() else ""
    # Adjacent anonymous mappings form one reservation: the GC's range (tens of GB reserved, committed in pieces),
    # a malloc arena (64 MB), a thread's stack and guard page. Each block: [end address, size kB, rss kB].
    blocks, doublemapper, heap, block = [], 0, 0, None
    with open(f"/proc/{pid}/smaps") as f:
        for line in f:
            first = line.split(None, 1)[0]
            if "-" in first and not first.endswith(":"):
                parts = line.split(None, 5)
                name = parts[5].strip() if len(parts) > 5 else ""
                lo, hi = (int(x, 16) for x in first.split("-"))
                anonymous = name == "" or name.startswith("[anon")
                if not anonymous:
                    block = None
                elif block is not None and block[0] == lo:
                    block[0] = hi
                    block[1] += (hi - lo) // 1024
                else:
                    block = [hi, (hi - lo) // 1024, 0]
                    blocks.append(block)
            elif first == "Rss:":
                rss = int(line.split()[1])
                if block is not None:
                    block[2] += rss
                elif "doublemapper" in name:
                    doublemapper += rss
                elif name == "[heap]":
                    heap += rss
    gc = sum(b[2] for b in blocks if b[1] >= 1 << 20)
    arenas = heap + sum(b[2] for b in blocks if b[1] == 65536)
    other = sum(b[2] for b in blocks if b[1] < 1 << 20 and b[1] != 65536)
    mb = lambda kb: round(kb / 1024, 1)
    return {
        "rss": mb(int(status["VmRSS"])), "anon": mb(int(status["RssAnon"])), "file": mb(int(status["RssFile"])),
        "threads": int(status["Threads"]), "gc": mb(gc), "code": mb(doublemapper), "malloc": mb(arenas),
        "other_anon": mb(other),
    }


COLUMNS = ("rss", "anon", "file", "threads", "gc", "code", "malloc", "other_anon")


def main():
    pid, out = int(sys.argv[1]), sys.argv[2]
    every = float(sys.argv[3]) if len(sys.argv) > 3 else 5
    start = time.monotonic()
    with open(out, "w") as f:
        f.write("seconds," + ",".join(COLUMNS) + "\n")
        while True:
            try:
                s = sample(pid)
            except (FileNotFoundError, ProcessLookupError, KeyError):
                return  # The process ended.
            f.write(f"{time.monotonic() - start:.0f}," + ",".join(str(s[k]) for k in
                    COLUMNS) + "\n")
            f.flush()
            time.sleep(every)


if __name__ == "__main__":
    main()
