import { describe, expect, it } from "vitest";
import { gardeningRecommendations } from "./gardening-recommendations";

describe("gardeningRecommendations", () => {
  it.each(["Spring", "Summer", "Autumn", "Winter", "Monsoon", "Post-monsoon"] as const)(
    "gives a few jobs for %s",
    (season) => {
      const jobs = gardeningRecommendations(season);
      expect(jobs.length).toBeGreaterThanOrEqual(2);
      expect(jobs.length).toBeLessThanOrEqual(4);
    },
  );

  it("fits each job to its season", () => {
    expect(gardeningRecommendations("Autumn").join(" ")).toMatch(/garlic/i);
    expect(gardeningRecommendations("Spring").join(" ")).toMatch(/harden off/i);
    expect(gardeningRecommendations("Monsoon").join(" ")).toMatch(/drain/i);
    expect(gardeningRecommendations("Summer").join(" ")).toMatch(/mulch/i);
  });

  it("gives different jobs for different seasons", () => {
    expect(gardeningRecommendations("Winter")).not.toEqual(gardeningRecommendations("Summer"));
  });

  it("returns a copy", () => {
    const jobs = gardeningRecommendations("Winter");
    jobs.length = 0;
    expect(gardeningRecommendations("Winter").length).toBeGreaterThan(0);
  });
});
