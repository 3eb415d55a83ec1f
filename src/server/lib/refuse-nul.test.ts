import { describe, expect, it } from "vitest";
import { findNul, MAX_NESTING, TOO_DEEP, unsafeInputError } from "./refuse-nul";

const arrays = (levels: number) => JSON.parse("[".repeat(levels) + "]".repeat(levels));
const objects = (levels: number) => JSON.parse(`${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`);

describe("findNul's nesting limit", () => {
  it(`accepts ${MAX_NESTING} levels of arrays or objects and refuses ${MAX_NESTING + 1}`, () => {
    expect(findNul(arrays(MAX_NESTING))).toBeNull();
    expect(findNul(objects(MAX_NESTING))).toBeNull();
    expect(findNul(arrays(MAX_NESTING + 1))).toBe(TOO_DEEP);
    expect(findNul(objects(MAX_NESTING + 1))).toBe(TOO_DEEP);
  });

  it("walks 100,000 levels without overflowing the stack", () => {
    expect(findNul(arrays(100_000), Number.POSITIVE_INFINITY)).toBeNull();
    expect(unsafeInputError("the body", objects(100_000))?.message).toBe(
      `The request body is nested too deeply (more than ${MAX_NESTING} levels).`,
    );
  });

  it("still names the first field holding a NUL, in field order", () => {
    expect(findNul({ a: { b: "ok", "c\u0000": 1 }, "d\u0000": 2 })).toBe("a.c\u0000");
    expect(findNul({ list: ["ok", { name: "N\u0000" }], later: "x\u0000" })).toBe("list.1.name");
    expect(findNul("bare\u0000")).toBe("");
    expect(findNul({ fine: [1, true, null, "text"] })).toBeNull();
  });
});
