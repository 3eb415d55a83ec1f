import pino from "pino";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startReminderScheduler } from "./scheduler";

const log = pino({ level: "silent" });

describe("startReminderScheduler", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs every interval, never two runs at once, and stop waits for the one under way", async () => {
    let finish: () => void = () => {};
    const run = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const scheduler = startReminderScheduler(run, 60, log);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(run).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    // Still running a minute later: the next tick is skipped.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).toHaveBeenCalledTimes(2);

    let stopped = false;
    const stopping = scheduler.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    await vi.advanceTimersByTimeAsync(600_000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it("keeps going after a failed run", async () => {
    const run = vi
      .fn()
      .mockRejectedValueOnce(new Error("database away"))
      .mockResolvedValue(undefined);
    const scheduler = startReminderScheduler(run, 1, log);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(run).toHaveBeenCalledTimes(3);
    await scheduler.stop();
  });

  it("never runs with an interval of 0", async () => {
    const run = vi.fn(async () => {});
    const scheduler = startReminderScheduler(run, 0, log);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(run).not.toHaveBeenCalled();
    await scheduler.stop();
  });
});
