import { describe, expect, it } from "vitest";
import { formatConfidence, isLowConfidence } from "./confidence";

describe("confidence", () => {
  it("is low below 0.7 and not at it (spec §9)", () => {
    expect(isLowConfidence(0.69)).toBe(true);
    expect(isLowConfidence(0.6999)).toBe(true);
    expect(isLowConfidence(0.7)).toBe(false);
    expect(isLowConfidence(0.71)).toBe(false);
  });

  it("reads as a whole percentage, never 70% while below the threshold", () => {
    expect(formatConfidence(0.94)).toBe("94%");
    expect(formatConfidence(0.7779)).toBe("78%");
    expect(formatConfidence(0.695)).toBe("69%");
    expect(formatConfidence(0.699)).toBe("69%");
    expect(formatConfidence(0.7)).toBe("70%");
    expect(formatConfidence(0.57)).toBe("57%");
    expect(formatConfidence(1)).toBe("100%");
    expect(formatConfidence(1.2)).toBe("100%");
    expect(formatConfidence(0)).toBe("0%");
    expect(formatConfidence(0.004)).toBe("<1%");
    expect(formatConfidence(0.005)).toBe("1%");
  });
});
