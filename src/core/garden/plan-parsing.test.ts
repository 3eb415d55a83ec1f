import { describe, expect, it } from "vitest";
import {
  type AiPlan,
  extractJsonObject,
  firstOccurrenceFrom,
  MIN_PLAN_TASKS,
  PLAN_PROMPT_RULES,
  parseAiPlan,
  planToTasks,
  toNumber,
  WEEKLY_REPEAT_DAYS,
} from "./plan-parsing";

const VALID = {
  plant: "Basil",
  stages: [
    { name: "Germination", durationDays: 7 },
    { name: "Vegetative", durationDays: 40 },
  ],
  tasks: [
    { title: "Water", dueInDays: 0, repeat: true, repeatEveryDays: 2 },
    { title: "Pinch tips", dueInDays: 21, repeat: false, repeatEveryDays: null },
  ],
  tips: ["Pinch above a leaf pair.", "Harvest from the top."],
};

function parse(value: unknown) {
  return parseAiPlan(typeof value === "string" ? value : JSON.stringify(value));
}

function plan(value: unknown): AiPlan {
  const result = parse(value);
  if (!result.ok) throw new Error(`expected a plan, got: ${result.reason}`);
  return result.plan;
}

function withTask(task: Record<string, unknown>) {
  return { ...VALID, tasks: [task] };
}

function withStage(stage: unknown) {
  return { ...VALID, stages: [stage] };
}

describe("extractJsonObject", () => {
  it("reads a bare object", () => {
    expect(extractJsonObject('{"a":1}')).toEqual({ a: 1 });
  });

  it("reads an object wrapped in prose and a ```json fence", () => {
    const reply = 'Sure! Here is your plan:\n```json\n{"a": {"b": [1, 2]}}\n```\nHappy growing!';
    expect(extractJsonObject(reply)).toEqual({ a: { b: [1, 2] } });
  });

  it("ignores braces inside strings, including escaped quotes", () => {
    expect(extractJsonObject('{"tip": "use a \\"{\\" brace }"} trailing }')).toEqual({
      tip: 'use a "{" brace }',
    });
  });

  it("skips a balanced non-JSON candidate and takes the next outermost object", () => {
    expect(extractJsonObject('I used {your settings}. {"plant": "x"}')).toEqual({ plant: "x" });
  });

  it("skips an unbalanced brace in prose", () => {
    expect(extractJsonObject('a { stray brace then {"ok": true}')).toEqual({ ok: true });
  });

  it("does not return an object nested inside broken JSON", () => {
    expect(extractJsonObject('{"plant": "x", "stages": [{"name": "a"},],}')).toBeNull();
  });

  it("returns null without an object", () => {
    expect(extractJsonObject("no json here")).toBeNull();
    expect(extractJsonObject("[1, 2, 3]")).toBeNull();
    expect(extractJsonObject("")).toBeNull();
  });

  it("gives up on a reply full of unmatched braces instead of scanning every one", () => {
    // Scanning from each of 200,000 braces would take far longer than the test timeout.
    expect(extractJsonObject("{".repeat(200_000))).toBeNull();
  });
});

describe("toNumber", () => {
  it.each([
    [7, 7],
    [0, 0],
    [-2.5, -2.5],
    ["7", 7],
    [" 2.5 ", 2.5],
  ])("%j → %j", (input, expected) => {
    expect(toNumber(input)).toBe(expected);
  });

  it.each([
    "7 days",
    "",
    "  ",
    "seven",
    null,
    undefined,
    true,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    [7],
  ])("%j is not numeric", (input) => {
    expect(toNumber(input)).toBeNull();
  });
});

describe("parseAiPlan: the object", () => {
  it("accepts a valid plan", () => {
    expect(plan(VALID)).toEqual({
      plant: "Basil",
      stages: VALID.stages,
      tasks: VALID.tasks,
      tips: VALID.tips,
    });
  });

  it("accepts a plan wrapped in prose and fences", () => {
    expect(plan(`Here you go:\n\`\`\`json\n${JSON.stringify(VALID, null, 2)}\n\`\`\``).plant).toBe(
      "Basil",
    );
  });

  it("rejects a reply with no JSON object", () => {
    expect(parse("Sorry, I can't help with that.")).toEqual({
      ok: false,
      reason: "No JSON object found in the reply.",
    });
  });

  it("rejects a missing, empty or non-string plant", () => {
    for (const value of [undefined, "", "  ", 42, null]) {
      expect(parse({ ...VALID, plant: value }).ok).toBe(false);
    }
    expect(plan({ ...VALID, plant: "  Thai basil " }).plant).toBe("Thai basil");
  });

  it("rejects missing or non-array stages and tasks", () => {
    expect(parse({ ...VALID, stages: undefined }).ok).toBe(false);
    expect(parse({ ...VALID, stages: { name: "a", durationDays: 1 } }).ok).toBe(false);
    expect(parse({ ...VALID, tasks: undefined }).ok).toBe(false);
    expect(parse({ ...VALID, tasks: "water daily" }).ok).toBe(false);
  });

  it("rejects a plan with no valid stage or no valid task left", () => {
    expect(parse({ ...VALID, stages: [] })).toEqual({
      ok: false,
      reason: "The plan has no valid stage.",
    });
    expect(parse({ ...VALID, tasks: [{ title: "", dueInDays: 1 }] })).toEqual({
      ok: false,
      reason: "The plan has no valid task.",
    });
  });

  it("keeps string tips, dropping others; no tips is an empty list", () => {
    expect(plan({ ...VALID, tips: [" a ", "", 3, null, "b"] }).tips).toEqual(["a", "b"]);
    expect(plan({ ...VALID, tips: undefined }).tips).toEqual([]);
    expect(plan({ ...VALID, tips: "one tip" }).tips).toEqual([]);
  });
});

describe("parseAiPlan: stages", () => {
  it("rounds durations with a minimum of 1", () => {
    const stages = plan({
      ...VALID,
      stages: [
        { name: "a", durationDays: 0 },
        { name: "b", durationDays: 0.4 },
        { name: "c", durationDays: 1 },
        { name: "d", durationDays: 1.6 },
        { name: "e", durationDays: -5 },
      ],
    }).stages;
    expect(stages.map((s) => s.durationDays)).toEqual([1, 1, 1, 2, 1]);
  });

  it("counts a numeric string as numeric", () => {
    expect(plan(withStage({ name: "a", durationDays: "10" })).stages).toEqual([
      { name: "a", durationDays: 10 },
    ]);
  });

  it("drops a stage without a name or numeric duration, keeping the valid ones", () => {
    const stages = plan({
      ...VALID,
      stages: [
        { name: "kept", durationDays: 3 },
        { durationDays: 3 },
        { name: "", durationDays: 3 },
        { name: "no duration" },
        { name: "words", durationDays: "two weeks" },
        "Germination",
        null,
      ],
    }).stages;
    expect(stages).toEqual([{ name: "kept", durationDays: 3 }]);
  });
});

describe("parseAiPlan: tasks", () => {
  it("rounds dueInDays with a minimum of 0", () => {
    const tasks = plan({
      ...VALID,
      tasks: [
        { title: "a", dueInDays: -3 },
        { title: "b", dueInDays: 0.4 },
        { title: "c", dueInDays: 2.6 },
        { title: "d", dueInDays: "5" },
      ],
    }).tasks;
    expect(tasks.map((t) => t.dueInDays)).toEqual([0, 0, 3, 5]);
  });

  it("drops a task without a title or numeric dueInDays", () => {
    const tasks = plan({
      ...VALID,
      tasks: [
        { title: "kept", dueInDays: 1 },
        { dueInDays: 1 },
        { title: 5, dueInDays: 1 },
        { title: "no due" },
        { title: "words", dueInDays: "soon" },
      ],
    }).tasks;
    expect(tasks.map((t) => t.title)).toEqual(["kept"]);
  });

  it("does not repeat with neither repeat nor an interval", () => {
    expect(plan(withTask({ title: "a", dueInDays: 1 })).tasks[0]).toEqual({
      title: "a",
      dueInDays: 1,
      repeat: false,
      repeatEveryDays: null,
    });
  });

  it("repeat true with no interval uses 7 days", () => {
    expect(plan(withTask({ title: "a", dueInDays: 1, repeat: true })).tasks[0]).toMatchObject({
      repeat: true,
      repeatEveryDays: 7,
    });
    expect(
      plan(withTask({ title: "a", dueInDays: 1, repeat: true, repeatEveryDays: null })).tasks[0],
    ).toMatchObject({ repeat: true, repeatEveryDays: 7 });
  });

  it("an interval alone makes the task repeat", () => {
    expect(plan(withTask({ title: "a", dueInDays: 1, repeatEveryDays: 3 })).tasks[0]).toMatchObject(
      { repeat: true, repeatEveryDays: 3 },
    );
    expect(
      plan(withTask({ title: "a", dueInDays: 1, repeat: false, repeatEveryDays: "14" })).tasks[0],
    ).toMatchObject({ repeat: true, repeatEveryDays: 14 });
  });

  it("rounds the interval with a minimum of 1", () => {
    const interval = (value: unknown) =>
      plan(withTask({ title: "a", dueInDays: 1, repeatEveryDays: value })).tasks[0]
        ?.repeatEveryDays;
    expect(interval(0.4)).toBe(1);
    expect(interval(1.6)).toBe(2);
    expect(interval(6.5)).toBe(7);
  });

  it("treats a zero or negative interval as not set", () => {
    expect(plan(withTask({ title: "a", dueInDays: 1, repeatEveryDays: 0 })).tasks[0]).toMatchObject(
      { repeat: false, repeatEveryDays: null },
    );
    expect(
      plan(withTask({ title: "a", dueInDays: 1, repeat: true, repeatEveryDays: -2 })).tasks[0],
    ).toMatchObject({ repeat: true, repeatEveryDays: 7 });
  });

  it("counts only the boolean true as a repeat flag", () => {
    for (const flag of ["true", "weekly", 1]) {
      expect(plan(withTask({ title: "a", dueInDays: 1, repeat: flag })).tasks[0]?.repeat).toBe(
        false,
      );
    }
  });

  it("ignores a type sent by the model", () => {
    expect(plan(withTask({ title: "a", dueInDays: 1, type: "pest" })).tasks[0]).not.toHaveProperty(
      "type",
    );
  });
});

describe("PLAN_PROMPT_RULES", () => {
  it("asks for at least 4 tasks and at least one weekly repeat", () => {
    expect(MIN_PLAN_TASKS).toBe(4);
    expect(WEEKLY_REPEAT_DAYS).toBe(7);
    expect(PLAN_PROMPT_RULES).toContain("at least 4 tasks");
    expect(PLAN_PROMPT_RULES).toContain("At least one task must repeat weekly");
    expect(PLAN_PROMPT_RULES).toContain('"repeatEveryDays": 7');
  });
});

describe("planToTasks", () => {
  it("dates tasks from the planting date with the task defaults", () => {
    const tasks = planToTasks(
      {
        tasks: [
          { title: "Water", dueInDays: 0, repeat: true, repeatEveryDays: 2, type: "watering" },
          { title: "Feed", dueInDays: 14, repeat: false, repeatEveryDays: null },
          { title: "Check", dueInDays: 3, repeat: true, repeatEveryDays: null },
        ],
      },
      "2026-12-25",
    );
    expect(tasks).toEqual([
      {
        title: "Water",
        type: "watering",
        dueDate: "2026-12-25",
        repeatEveryDays: 2,
        priority: 2,
        notes: null,
      },
      {
        title: "Feed",
        type: "custom",
        dueDate: "2027-01-08",
        repeatEveryDays: null,
        priority: 2,
        notes: null,
      },
      {
        title: "Check",
        type: "custom",
        dueDate: "2026-12-28",
        repeatEveryDays: 7,
        priority: 2,
        notes: null,
      },
    ]);
  });

  it("drops an interval on a task that does not repeat", () => {
    expect(
      planToTasks(
        { tasks: [{ title: "a", dueInDays: 1, repeat: false, repeatEveryDays: 5 }] },
        "2026-01-01",
      )[0]?.repeatEveryDays,
    ).toBeNull();
  });

  describe("a backdated planting date", () => {
    const tasks = [
      { title: "Water", dueInDays: 0, repeat: true, repeatEveryDays: 3 },
      { title: "Feed", dueInDays: 7, repeat: true, repeatEveryDays: 7 },
      { title: "Transplant", dueInDays: 5, repeat: false, repeatEveryDays: null },
      { title: "Harvest check", dueInDays: 40, repeat: false, repeatEveryDays: null },
    ];
    const due = (plantingDate: string, today: string) =>
      planToTasks({ tasks }, plantingDate, today).map((t) => t.dueDate);

    it("rolls repeating tasks forward to their first occurrence on or after today", () => {
      // Planted 2026-11-01, added 2026-11-22: water on day 21 (a multiple of 3) is today,
      // feeding (days 7, 14, 21, 28) is today too.
      expect(due("2026-11-01", "2026-11-22")).toEqual([
        "2026-11-22",
        "2026-11-22",
        "2026-11-06",
        "2026-12-11",
      ]);
    });

    it("moves a series one day behind today to the next occurrence, not to today", () => {
      // Day 20 after planting: water fell on day 18, next on day 21; feeding on day 14, next 21.
      expect(due("2026-11-01", "2026-11-21").slice(0, 2)).toEqual(["2026-11-22", "2026-11-22"]);
      expect(due("2026-11-02", "2026-11-22").slice(0, 2)).toEqual(["2026-11-23", "2026-11-23"]);
    });

    it("keeps dates that are today or later, and every date when planting today or later", () => {
      expect(due("2026-11-22", "2026-11-22")).toEqual([
        "2026-11-22",
        "2026-11-29",
        "2026-11-27",
        "2027-01-01",
      ]);
      expect(due("2026-12-01", "2026-11-22")[0]).toBe("2026-12-01");
      expect(due("2026-11-15", "2026-11-22")[1]).toBe("2026-11-22");
    });

    it("keeps a missed one-off task on its date so it shows as overdue", () => {
      expect(due("2026-10-01", "2026-11-22")[2]).toBe("2026-10-06");
    });
  });
});

describe("firstOccurrenceFrom", () => {
  it.each([
    ["2026-11-22", 7, "2026-11-22", "2026-11-22"],
    ["2026-11-23", 7, "2026-11-22", "2026-11-23"],
    ["2026-11-21", 7, "2026-11-22", "2026-11-28"],
    ["2026-11-15", 7, "2026-11-22", "2026-11-22"],
    ["2026-11-14", 7, "2026-11-22", "2026-11-28"],
    ["2026-11-21", 1, "2026-11-22", "2026-11-22"],
    ["2026-02-27", 2, "2026-03-02", "2026-03-03"],
  ])("series from %s every %i days, seen on %s → %s", (start, every, today, expected) => {
    expect(firstOccurrenceFrom(start, every, today)).toBe(expected);
  });
});
