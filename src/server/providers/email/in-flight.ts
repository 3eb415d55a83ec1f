import type { Mailer } from "./mailer";

/**
 * Remembers the sends still under way, so shutting down waits for a welcome or reset e-mail that
 * was started (fire-and-forget) instead of cutting it off half-written in the outbox.
 */
export function trackInFlight(mailer: Mailer): { mailer: Mailer; drain(): Promise<void> } {
  const pending = new Set<Promise<void>>();
  return {
    mailer: {
      kind: mailer.kind,
      send(message) {
        const sending = mailer.send(message);
        pending.add(sending);
        const forget = () => pending.delete(sending);
        sending.then(forget, forget);
        return sending;
      },
    },
    async drain() {
      await Promise.allSettled([...pending]);
    },
  };
}
