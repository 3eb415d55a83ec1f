import fs from "node:fs";

/** [pid, parent pid, state] of every process, from /proc (Linux). */
function processTable(): [number, number, string][] {
  const rows: [number, number, string][] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // "pid (comm) state ppid …": comm may hold spaces and parentheses, so split after the last ")".
      const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      rows.push([Number(entry), Number(ppid), state ?? "?"]);
    } catch {
      // gone between readdir and read
    }
  }
  return rows;
}

/** The process and all its descendants, deepest first. */
export function processTree(pid: number): number[] {
  const table = processTable();
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, ppid] of table) {
      if (ppid === parent) {
        walk(child);
        found.push(child);
      }
    }
  };
  walk(pid);
  return [...found, pid];
}

/**
 * Signals a process and every descendant at once: `tsx src/server/main.ts` runs the server in a
 * child node process, so killing only the tsx process would leave the server running.
 */
export function killTree(pid: number, signal: NodeJS.Signals): number[] {
  const pids = processTree(pid);
  for (const each of pids) {
    try {
      process.kill(each, signal);
    } catch {
      // already gone
    }
  }
  return pids;
}

/** Resolves once none of the processes runs any more (zombies count as gone). */
export async function waitUntilGone(pids: number[], timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const alive = () => {
    const states = new Map(processTable().map(([pid, , state]) => [pid, state]));
    return pids.filter((pid) => states.has(pid) && states.get(pid) !== "Z");
  };
  while (alive().length > 0) {
    if (Date.now() > deadline) throw new Error(`processes still running: ${alive().join(", ")}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
