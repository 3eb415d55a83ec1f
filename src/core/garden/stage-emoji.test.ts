import { describe, expect, it } from "vitest";
import { relativeDay, stageEmoji } from "./stage-emoji";

describe("stageEmoji", () => {
  it.each([
    ["Germination", "🌱"],
    ["germinating", "🌱"],
    ["Vegetative", "🌿"],
    ["VEG", "🌿"],
    ["Flowering", "🌸"],
    ["flower", "🌸"],
    ["Harvest", "🧺"],
    ["harvesting", "🧺"],
    ["Fruiting", "🍅"],
    ["fruit set", "🍅"],
    ["  Vegetative  ", "🌿"],
  ])("%s → %s", (stage, emoji) => {
    expect(stageEmoji(stage)).toBe(emoji);
  });

  it.each(["seed", "Seedling", "Established", "", null, undefined, "pre-flowering"])(
    "%j falls back to 🌱",
    (stage) => {
      expect(stageEmoji(stage)).toBe("🌱");
    },
  );
});

describe("relativeDay", () => {
  const today = "2026-03-28";

  it.each([
    ["2026-03-28", "Today"],
    ["2026-03-29", "Tomorrow"],
    ["2026-03-31", "in 3 days"],
    ["2026-04-04", "in 7 days"],
    ["2026-03-27", "1 day overdue"],
    ["2026-03-26", "2 days overdue"],
    ["2025-03-28", "365 days overdue"],
  ])("%s → %s", (due, label) => {
    expect(relativeDay(due, today)).toBe(label);
  });

  it("labels a task without a due date", () => {
    expect(relativeDay(null, today)).toBe("No due date");
  });
});
