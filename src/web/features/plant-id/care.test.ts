import { describe, expect, it } from "vitest";
import { careRows, DETAIL_FIELDS, SUMMARY_FIELDS } from "./care";

describe("care rows", () => {
  it("labels the known fields in order, joining lists and skipping blanks", () => {
    const info = {
      id: 1,
      sunlight: ["Full sun", " part shade "],
      watering: "Average",
      soil: "",
      growth_habit: null,
      toxicity: "Non-toxic",
      pruning_month: [],
    };
    expect(careRows(info, SUMMARY_FIELDS)).toEqual([
      { label: "Sunlight", value: "Full sun, part shade" },
      { label: "Watering", value: "Average" },
    ]);
    expect(careRows(info, DETAIL_FIELDS)).toEqual([{ label: "Toxicity", value: "Non-toxic" }]);
  });

  it("is empty when nothing is known (the failure is silent)", () => {
    expect(careRows(null, SUMMARY_FIELDS)).toEqual([]);
    expect(careRows({}, DETAIL_FIELDS)).toEqual([]);
  });
});
