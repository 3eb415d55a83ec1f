import { describe, expect, it } from "vitest";
import { greetingLength, nextRevealLength, REVEAL_FRACTION } from "./reveal";

function framesToReveal(text: string, from = 0): number {
  let shown = from;
  let frames = 0;
  while (shown < text.length) {
    shown = nextRevealLength(shown, text);
    frames += 1;
  }
  return frames;
}

describe("typing reveal", () => {
  it("reveals about 1/140 of the reply per frame", () => {
    const reply = "x".repeat(1400);
    expect(nextRevealLength(0, reply)).toBeGreaterThanOrEqual(10);
    expect(nextRevealLength(700, reply) - 700).toBe(1400 / REVEAL_FRACTION);
    expect(framesToReveal(reply, 1300)).toBe(10);
  });

  it("moves at least one character a frame, and never past the text", () => {
    expect(nextRevealLength(0, "ab")).toBe(1);
    expect(nextRevealLength(2, "ab")).toBe(2);
    expect(nextRevealLength(5, "ab")).toBe(2);
  });

  it("shows whatever has arrived within 140 frames, however much arrives at once", () => {
    expect(framesToReveal("y".repeat(20_000))).toBeLessThanOrEqual(REVEAL_FRACTION);
    expect(framesToReveal("y".repeat(20_000), 10)).toBeLessThanOrEqual(REVEAL_FRACTION);
    expect(framesToReveal("short")).toBe(5);
  });

  it("keeps emoji whole", () => {
    const text = `${"a".repeat(139)}🌱${"b".repeat(139)}`;
    for (let shown = 0; shown < text.length; shown = nextRevealLength(shown, text)) {
      const next = nextRevealLength(shown, text);
      const last = text.charCodeAt(next - 1);
      expect(last >= 0xd800 && last <= 0xdbff).toBe(false);
    }
  });

  it("finds the greeting so it shows at once", () => {
    expect(greetingLength("Hi Rowan,\n\nWater deeply.")).toBe("Hi Rowan,\n\n".length);
    expect(greetingLength("Hi there, gardener,\n\nx")).toBe("Hi there, gardener,\n\n".length);
    expect(greetingLength("Hint: water deeply, weekly.")).toBe(0);
    expect(greetingLength("Water at dawn.")).toBe(0);
  });
});
