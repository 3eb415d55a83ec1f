import { describe, expect, it } from "vitest";
import { trackInFlight } from "./in-flight";
import type { Mailer } from "./mailer";

describe("trackInFlight", () => {
  it("drain waits for a send still under way, and not for finished or failed ones", async () => {
    let finish: () => void = () => {};
    const slow: Mailer = {
      kind: "outbox",
      send: (message) =>
        message.to === "fail@example.com"
          ? Promise.reject(new Error("refused"))
          : new Promise<void>((resolve) => {
              finish = resolve;
            }),
    };
    const { mailer, drain } = trackInFlight(slow);
    await expect(
      mailer.send({ to: "fail@example.com", subject: "s", text: "t" }),
    ).rejects.toThrow();
    void mailer.send({ to: "a@example.com", subject: "s", text: "t" });
    let drained = false;
    const draining = drain().then(() => {
      drained = true;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(drained).toBe(false);
    finish();
    await draining;
    expect(drained).toBe(true);
  });
});
