import type { Reporter, TestModule } from "vitest/node";

interface ProjectTimes {
  files: number;
  /** When its first file was queued and its last one ended (ms since the epoch). */
  first: number;
  last: number;
  /** Its files' own durations added up: more than the span when files ran side by side. */
  summed: number;
}

/**
 * Ends the run with how long each project took: from its first file queued to its last one done
 * (projects of one group overlap, so the spans add up to more than the run), and its files' own
 * times summed. Issue 38 asks `npm test` to print it, to see where CI's minutes go.
 */
export default class ProjectTimesReporter implements Reporter {
  private readonly projects = new Map<string, ProjectTimes>();
  private runStart = Date.now();

  onTestRunStart() {
    this.runStart = Date.now();
  }

  onTestModuleQueued(module: TestModule) {
    const name = module.project.name || "(root)";
    const now = Date.now();
    const times = this.projects.get(name) ?? { files: 0, first: now, last: now, summed: 0 };
    times.files += 1;
    this.projects.set(name, times);
  }

  onTestModuleEnd(module: TestModule) {
    const times = this.projects.get(module.project.name || "(root)");
    if (!times) return;
    times.last = Date.now();
    times.summed += module.diagnostic().duration;
  }

  onTestRunEnd() {
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const lines = [...this.projects.entries()]
      .sort(([, a], [, b]) => a.first - b.first)
      .map(
        ([name, t]) =>
          `  ${name.padEnd(14)} ${String(t.files).padStart(4)} files  ${seconds(t.last - t.first).padStart(9)} from first file to last  (${seconds(t.summed)} of files' own time)`,
      );
    process.stdout.write(
      `\nTime per project (the run took ${seconds(Date.now() - this.runStart)}):\n${lines.join("\n")}\n`,
    );
  }
}
