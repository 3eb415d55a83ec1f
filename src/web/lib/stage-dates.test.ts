import { describe, expect, it } from "vitest";
import { formatDay } from "./format";
import { stageDateLabel } from "./stage-dates";

const STAGE = { startDate: "2026-03-12", endDate: "2026-04-15" };

describe("stageDateLabel", () => {
  it("a stage ahead gives the day it begins as its ETA", () => {
    expect(stageDateLabel(STAGE, "2026-03-11")).toEqual({
      text: `ETA ${formatDay("2026-03-12")}`,
      date: "2026-03-12",
    });
  });

  it("the stage under way, first day to last, says until when", () => {
    for (const today of ["2026-03-12", "2026-04-15"]) {
      expect(stageDateLabel(STAGE, today).text).toBe(`Until ${formatDay("2026-04-15")}`);
    }
  });

  it("a stage behind says when it ended", () => {
    expect(stageDateLabel(STAGE, "2026-04-16").text).toBe(`Ended ${formatDay("2026-04-15")}`);
  });
});
