import { describe, expect, it } from "vitest";
import { OneAtATime } from "./one-at-a-time";

/** A job runner the test finishes by hand, recording what it was given. */
function manualRunner() {
  const started: string[] = [];
  const finish: ((value: string) => void)[] = [];
  const run = (input: string) =>
    new Promise<string>((resolve) => {
      started.push(input);
      finish.push((value) => resolve(value));
    });
  return { run, started, finish };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("OneAtATime", () => {
  it("runs one job at a time, in arrival order", async () => {
    const runner = manualRunner();
    const queue = new OneAtATime(runner.run);
    const a = queue.push("a");
    const b = queue.push("b");
    expect(runner.started).toEqual(["a"]);
    expect(queue.size).toBe(2);
    runner.finish[0]?.("A");
    expect(await a).toBe("A");
    await settle();
    expect(runner.started).toEqual(["a", "b"]);
    runner.finish[1]?.("B");
    expect(await b).toBe("B");
    await settle();
    expect(queue.size).toBe(0);
  });

  it("drops a waiting job whose signal aborts: it never runs, the next one does", async () => {
    const runner = manualRunner();
    const queue = new OneAtATime(runner.run);
    const gone = new AbortController();
    const a = queue.push("a");
    const b = queue.push("b", gone.signal);
    const c = queue.push("c");
    gone.abort(new Error("the client closed the connection"));
    await expect(b).rejects.toThrow("the client closed the connection");
    expect(queue.size).toBe(2);
    runner.finish[0]?.("A");
    await a;
    await settle();
    expect(runner.started).toEqual(["a", "c"]);
    runner.finish[1]?.("C");
    expect(await c).toBe("C");
  });

  it("lets a running job finish when its signal aborts, and refuses an already aborted one", async () => {
    const runner = manualRunner();
    const queue = new OneAtATime(runner.run);
    const gone = new AbortController();
    const a = queue.push("a", gone.signal);
    gone.abort(new Error("gone"));
    runner.finish[0]?.("A");
    expect(await a).toBe("A");
    await expect(queue.push("b", gone.signal)).rejects.toThrow("gone");
    expect(runner.started).toEqual(["a"]);
  });

  it("goes on after a job fails", async () => {
    const queue = new OneAtATime(async (input: string) => {
      if (input === "bad") throw new Error("model failed");
      return input.toUpperCase();
    });
    const bad = queue.push("bad");
    const good = queue.push("good");
    await expect(bad).rejects.toThrow("model failed");
    expect(await good).toBe("GOOD");
  });

  it("refuses a job that finds its bound of waiting jobs reached, and takes one once there is room", async () => {
    const runner = manualRunner();
    const queue = new OneAtATime(runner.run, {
      waiting: 2,
      refuse: () => new Error("busy"),
    });
    const a = queue.push("a");
    const b = queue.push("b");
    const c = queue.push("c");
    await expect(queue.push("d")).rejects.toThrow("busy");
    expect(queue.size).toBe(3);
    runner.finish[0]?.("A");
    await a;
    await settle();
    const e = queue.push("e");
    for (const [at, value] of ["B", "C", "E"].entries()) {
      await settle();
      runner.finish[at + 1]?.(value);
    }
    expect(await Promise.all([b, c, e])).toEqual(["B", "C", "E"]);
    expect(runner.started).toEqual(["a", "b", "c", "e"]);
  });
});
