import fs from "node:fs";

// CPU accounting from Linux /proc: which processes the server is made of and
// how much CPU each used, so the report can split the server's cost.

/** Pids of every live descendant of `pid`, so we measure (and stop) only what we started. */
export function descendants(pid: number): number[] {
  let entries: string[];
  try {
    entries = fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const children = new Map<number, number[]>();
  for (const entry of entries) {
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid)!.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  const out: number[] = [];
  const queue = [pid];
  while (queue.length) {
    for (const child of children.get(queue.shift()!) ?? []) {
      out.push(child);
      queue.push(child);
    }
  }
  return out;
}

/** CPU seconds (user + system) used so far by this pid. */
function cpuSecondsOf(pid: number): number {
  const tick = 100; // USER_HZ on Linux
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / tick;
  } catch {
    return 0; // Gone.
  }
}

/** pid → what it is (a label from its command line; `label` names the server's own kinds) and its CPU seconds so far. */
export function cpuByProcess(pids: number[], label: (cmd: string) => string): Map<number, { label: string; seconds: number }> {
  const out = new Map<number, { label: string; seconds: number }>();
  for (const pid of pids) {
    let cmd: string;
    try {
      cmd = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ");
    } catch {
      continue;
    }
    out.set(pid, { label: label(cmd), seconds: cpuSecondsOf(pid) });
  }
  return out;
}

/** Busy, iowait and total CPU seconds of the whole machine (/proc/stat), or null off Linux. */
export function machineCpu(): { busy: number; iowait: number; total: number } | null {
  try {
    const line = fs.readFileSync("/proc/stat", "utf8").split("\n")[0];
    const f = line.trim().split(/\s+/).slice(1).map(Number);
    const idle = f[3] + (f[4] ?? 0);
    const total = f.reduce((a, b) => a + b, 0);
    return { busy: (total - idle) / 100, iowait: (f[4] ?? 0) / 100, total: total / 100 };
  } catch {
    return null;
  }
}

/**
 * CPU ms (user + system) used so far by the calling thread alone (/proc/thread-self; 10 ms ticks),
 * or NaN off Linux: a worker thread's event loop, or the main thread's without its workers'.
 */
export function threadCpuMs(): number {
  try {
    const stat = fs.readFileSync("/proc/thread-self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}
