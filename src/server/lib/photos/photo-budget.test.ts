import { describe, expect, it } from "vitest";
import { AppError } from "../../errors";
import { PhotoBudget } from "./photo-budget";

/** A budget on a clock the test moves. */
function budget(perMinute: number) {
  const clock = { ms: 1_000_000 };
  return { budget: new PhotoBudget(perMinute, () => clock.ms), clock };
}

function refusal(take: () => void): AppError {
  try {
    take();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error("expected a refusal");
}

describe("PhotoBudget", () => {
  it("lets an address send perMinute photos, then one each 60/perMinute seconds", () => {
    const { budget: photos, clock } = budget(3);
    for (let i = 0; i < 3; i++) photos.take("10.0.0.1");
    const refused = refusal(() => photos.take("10.0.0.1"));
    expect(refused.statusCode).toBe(429);
    expect(refused.code).toBe("rate_limited");
    expect(refused.message).toBe(
      "3 photos a minute can be identified, added to plants or imported from one address: " +
        "try the next one in 20 seconds.",
    );
    expect(refused.headers).toEqual({ "retry-after": "20" });
    // Another address has its own budget.
    photos.take("10.0.0.2");
    clock.ms += 20_000;
    photos.take("10.0.0.1");
    expect(() => photos.take("10.0.0.1")).toThrow(AppError);
  });

  it("never holds more than a minute's photos, however long an address was quiet", () => {
    const { budget: photos, clock } = budget(2);
    photos.take("10.0.0.1");
    clock.ms += 60 * 60_000;
    photos.take("10.0.0.1");
    photos.take("10.0.0.1");
    expect(() => photos.take("10.0.0.1")).toThrow(AppError);
  });

  it("takes an import's photos at once, below zero, and the address then waits them off", () => {
    const { budget: photos, clock } = budget(30);
    photos.take("10.0.0.1", 5);
    // 25 left: an import of 100 goes through, leaving 75 owed.
    photos.take("10.0.0.1", 100);
    const refused = refusal(() => photos.take("10.0.0.1"));
    // 76 photos to refill at 30 a minute: 152 seconds.
    expect(refused.headers).toEqual({ "retry-after": "152" });
    expect(refused.message).toMatch(/try the next one in 3 minutes\.$/);
    clock.ms += 151_000;
    expect(() => photos.take("10.0.0.1")).toThrow(AppError);
    clock.ms += 1_000;
    photos.take("10.0.0.1");
  });
});
