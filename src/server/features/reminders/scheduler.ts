import type { Logger } from "pino";

export interface ReminderScheduler {
  /** Stops the timer and waits for a run still under way. */
  stop(): Promise<void>;
}

/**
 * Runs `run` every `intervalSeconds` in this instance (0: never). Every instance runs one; the
 * claim rows make sure each reminder goes out once. A run that outlasts the interval is not
 * overlapped by the next, and the timer never keeps the process alive on its own.
 */
export function startReminderScheduler(
  run: () => Promise<unknown>,
  intervalSeconds: number,
  log: Logger,
): ReminderScheduler {
  if (intervalSeconds <= 0) return { stop: async () => {} };
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = run()
      .then(
        () => undefined,
        (err: unknown) => log.error({ err }, "the reminder run failed"),
      )
      .finally(() => {
        running = null;
      });
  }, intervalSeconds * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
