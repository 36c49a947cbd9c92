#!/usr/bin/env python3
# mariadbd's CPU by what each of its threads was running (a benchmark aid, as pg-cpu-split.py is for PostgreSQL):
# every 2 s it reads each thread's CPU (/proc/PID/task/TID/stat) and what it runs (performance_schema.threads'
# THREAD_OS_ID joined to the processlist) and adds the thread's CPU since the last sample to that statement's kind:
# load:TABLE (LOAD DATA), alter:TABLE (ALTER TABLE / CREATE INDEX: the keys step), sql:VERB, idle-connection,
# background (InnoDB's own threads). Writes the sums as JSON to OUT after each sample, until the server exits (stop it
# with kill PID). A thread's 2 s go to the statement it ran at the interval's start: short statements blur.
# usage: scripts/mdb-cpu-split.py MARIADBD_PID SOCKET OUT.json     (as root: the root user's unix-socket login)
import os, re, subprocess, sys, time, json
pid, sock, out = sys.argv[1], sys.argv[2], sys.argv[3]
tck = os.sysconf('SC_CLK_TCK')
def cpu():
    r = {}
    for tid in os.listdir(f'/proc/{pid}/task'):
        try:
            f = open(f'/proc/{pid}/task/{tid}/stat').read().rsplit(')', 1)[1].split()
            r[tid] = (int(f[11]) + int(f[12])) / tck
        except Exception: pass
    return r
def stmts():
    q = "SELECT t.THREAD_OS_ID, IFNULL(p.COMMAND,''), IFNULL(REPLACE(LEFT(p.INFO,120),'\\n',' '),'') FROM performance_schema.threads t LEFT JOIN information_schema.PROCESSLIST p ON p.ID = t.PROCESSLIST_ID WHERE t.THREAD_OS_ID IS NOT NULL"
    o = subprocess.run(['mariadb','--no-defaults','--socket='+sock,'-uroot','-Nse',q],capture_output=True,text=True).stdout
    r = {}
    for line in o.splitlines():
        p = line.split('\t')
        if len(p) < 3: continue
        info = p[2].upper()
        if info.startswith('LOAD DATA'):
            m = re.search(r'INTO TABLE `?(\w+)', info); k = 'load:' + (m.group(1) if m else '?')
        elif info.startswith('ALTER TABLE') or info.startswith('CREATE INDEX'):
            m = re.search(r'(?:ALTER TABLE|ON) `?(\w+)', info); k = 'alter:' + (m.group(1) if m else '?')
        elif info: k = 'sql:' + info.split()[0]
        elif p[1]: k = 'idle-connection'
        else: k = 'background'
        r[p[0]] = k
    return r
tot = {}; prev = cpu(); kinds = stmts()
while os.path.exists(f'/proc/{pid}'):
    time.sleep(2)
    now = cpu(); 
    for tid, c in now.items():
        d = c - prev.get(tid, 0.0)
        if d > 0:
            k = kinds.get(tid, 'background'); tot[k] = tot.get(k, 0.0) + d
    prev = now; kinds = stmts()
    json.dump({k: round(v, 1) for k, v in sorted(tot.items(), key=lambda x: -x[1])}, open(out + '.tmp', 'w')); os.replace(out + '.tmp', out)
