import { describe, expect, it } from "vitest";
import { asksForReminder, parseReminder } from "./reminder";

// Monday.
const TODAY = "2026-11-23";

describe("parseReminder", () => {
  it("reads the task and the day from 'Remind me to feed the tomatoes next Friday'", () => {
    expect(parseReminder("Remind me to feed the tomatoes next Friday", TODAY)).toEqual({
      title: "Feed the tomatoes",
      dueDate: "2026-12-04",
      dated: true,
      repeatEveryDays: null,
    });
  });

  it.each([
    ["remind me to water the basil tomorrow", "Water the basil", "2026-11-24"],
    ["Please remind me on Friday to prune the roses.", "Prune the roses", "2026-11-27"],
    ["remind me to spray neem oil in 3 days", "Spray neem oil", "2026-11-26"],
    ["Add a task to sow peas on Dec 5", "Sow peas", "2026-12-05"],
    ["can you remind me to harvest garlic on January 10", "Harvest garlic", "2027-01-10"],
  ])("%s", (message, title, dueDate) => {
    expect(parseReminder(message, TODAY)).toMatchObject({ title, dueDate, dated: true });
  });

  it("is due today when no day is named, and says so", () => {
    expect(parseReminder("remind me to check the beds", TODAY)).toMatchObject({
      title: "Check the beds",
      dueDate: TODAY,
      dated: false,
    });
  });

  it("reads a repeat: every week, every 3 days, daily", () => {
    expect(parseReminder("remind me to feed the lemon tree every week", TODAY)).toMatchObject({
      title: "Feed the lemon tree",
      repeatEveryDays: 7,
    });
    expect(parseReminder("remind me to mist the fern every 3 days", TODAY)?.repeatEveryDays).toBe(
      3,
    );
    expect(parseReminder("remind me to water seedlings daily", TODAY)?.repeatEveryDays).toBe(1);
  });

  it("is null for a question, or a request with nothing to do", () => {
    expect(parseReminder("When should I water my tomato?", TODAY)).toBeNull();
    expect(parseReminder("remind me tomorrow", TODAY)).toBeNull();
    expect(asksForReminder("What does remind me mean?")).toBe(false);
  });
});
