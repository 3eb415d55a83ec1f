import fs from "node:fs";

/** Linux's clock ticks per second for /proc times (USER_HZ: 100 on every mainstream kernel). */
const TICKS_PER_SECOND = 100;

/**
 * CPU time (user + system) another process has used so far, in microseconds, from
 * /proc/<pid>/stat; undefined where /proc is missing. Reading it from outside measures a server
 * child the same way whether or not it answers questions over IPC.
 */
export function processCpuUs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (in parentheses, which may hold spaces): utime and stime
    // are the 12th and 13th of them.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1e6) / TICKS_PER_SECOND : undefined;
  } catch {
    return undefined;
  }
}
