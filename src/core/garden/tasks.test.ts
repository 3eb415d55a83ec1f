import { describe, expect, it } from "vitest";
import {
  completeTask,
  DEFAULT_REPEAT_DAYS,
  DEFAULT_TASK_PRIORITY,
  DEFAULT_TASK_TYPE,
  groupTasks,
  newTask,
  nextTask,
  normalizeRepeat,
  renameInTitle,
  repeatPhrase,
  sortTasks,
  type Task,
  UPCOMING_WINDOW_DAYS,
} from "./tasks";

const TODAY = "2026-06-15";
const NOW = "2026-06-15T09:30:00.000Z";

function task(overrides: Partial<Task> = {}): Task {
  return {
    id: "t1",
    plantId: "p1",
    title: "Water",
    type: "watering",
    dueDate: TODAY,
    status: "pending",
    priority: 2,
    notes: null,
    repeatEveryDays: null,
    createdAt: "2026-06-01T00:00:00.000Z",
    completedAt: null,
    ...overrides,
  };
}

describe("constants", () => {
  it("match spec §9", () => {
    expect(DEFAULT_TASK_PRIORITY).toBe(2);
    expect(DEFAULT_TASK_TYPE).toBe("custom");
    expect(DEFAULT_REPEAT_DAYS).toBe(7);
    expect(UPCOMING_WINDOW_DAYS).toBe(7);
  });
});

describe("normalizeRepeat", () => {
  it.each([
    [1, 1],
    [7, 7],
    ["3", 3],
    [" 14 ", 14],
  ])("%j → %j", (input, expected) => {
    expect(normalizeRepeat(input)).toBe(expected);
  });

  it.each([
    0,
    -1,
    1.5,
    "1.5",
    "3 days",
    "",
    "-2",
    "0",
    null,
    undefined,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    true,
    "99999999999999999999",
  ])("%j → null", (input) => {
    expect(normalizeRepeat(input)).toBeNull();
  });
});

describe("groupTasks", () => {
  const yesterday = task({ id: "yesterday", dueDate: "2026-06-14" });
  const longAgo = task({ id: "long-ago", dueDate: "2026-01-01" });
  const today = task({ id: "today", dueDate: TODAY });
  const plus1 = task({ id: "plus1", dueDate: "2026-06-16" });
  const plus7 = task({ id: "plus7", dueDate: "2026-06-22" });
  const plus8 = task({ id: "plus8", dueDate: "2026-06-23" });
  const undated = task({ id: "undated", dueDate: null });
  const done = task({ id: "done", dueDate: TODAY, status: "completed", completedAt: NOW });

  const groups = groupTasks([plus8, undated, plus7, today, done, plus1, yesterday, longAgo], TODAY);
  const ids = (list: Task[]) => list.map((t) => t.id);

  it("puts tasks due before today in overdue, oldest first", () => {
    expect(ids(groups.overdue)).toEqual(["long-ago", "yesterday"]);
  });

  it("puts tasks due today in today", () => {
    expect(ids(groups.today)).toEqual(["today"]);
  });

  it("puts today's tasks, today+1 .. today+7 and undated tasks in upcoming, undated last", () => {
    expect(ids(groups.upcoming)).toEqual(["today", "plus1", "plus7", "undated"]);
  });

  it("keeps overdue tasks out of upcoming (yesterday is not within the window)", () => {
    expect(ids(groups.upcoming)).not.toContain("yesterday");
    expect(ids(groups.upcoming)).not.toContain("long-ago");
  });

  it("leaves out today+8 and completed tasks", () => {
    const all = [...groups.overdue, ...groups.today, ...groups.upcoming];
    expect(ids(all)).not.toContain("plus8");
    expect(ids(all)).not.toContain("done");
  });

  it("with only today's tasks, Today and Upcoming list the same ones", () => {
    const only = groupTasks([today], TODAY);
    expect(ids(only.today)).toEqual(["today"]);
    expect(ids(only.upcoming)).toEqual(["today"]);
    expect(only.overdue).toEqual([]);
  });

  it("returns empty groups for no tasks", () => {
    expect(groupTasks([], TODAY)).toEqual({ overdue: [], today: [], upcoming: [] });
  });

  it("orders ties by createdAt", () => {
    const late = task({ id: "late", dueDate: "2026-06-16", createdAt: "2026-06-02T00:00:00Z" });
    const early = task({ id: "early", dueDate: "2026-06-16", createdAt: "2026-06-01T00:00:00Z" });
    expect(ids(groupTasks([late, early], TODAY).upcoming)).toEqual(["early", "late"]);
  });
});

describe("renameInTitle", () => {
  it.each([
    ["Water Tomato", "Tomato", "Cherry tomato", "Water Cherry tomato"],
    ["Check Tomato for harvest", "Tomato", "San Marzano", "Check San Marzano for harvest"],
    ["check tomato leaves", "Tomato", "Roma", "check Roma leaves"],
    ["Tomato: tie Tomato to the stake", "Tomato", "Roma", "Roma: tie Roma to the stake"],
    ["Water Big (Red) Tomato", "Big (Red) Tomato", "Roma", "Water Roma"],
  ])("%j, %j → %j: %j", (title, from, to, expected) => {
    expect(renameInTitle(title, from, to)).toBe(expected);
  });

  it("changes only whole words: 'Tomatoes' and 'Basilisk' keep their names", () => {
    expect(renameInTitle("Stake the Tomatoes", "Tomato", "Roma")).toBe("Stake the Tomatoes");
    expect(renameInTitle("Feed Basilisk", "Basil", "Thai basil")).toBe("Feed Basilisk");
  });

  it("leaves titles without the name, and empty or same names, alone", () => {
    expect(renameInTitle("Pest watch: check under leaves", "Tomato", "Roma")).toBe(
      "Pest watch: check under leaves",
    );
    expect(renameInTitle("Water Tomato", "", "Roma")).toBe("Water Tomato");
    expect(renameInTitle("Water Tomato", "Tomato", " ")).toBe("Water Tomato");
    expect(renameInTitle("Water Tomato", "Tomato", "Tomato")).toBe("Water Tomato");
  });

  it("keeps a title the new name would take past 200 characters (199 → 200 is fine)", () => {
    const fits = `${"x".repeat(192)} Tomato`;
    expect(renameInTitle(fits, "Tomato", "Tomatoo")).toBe(`${"x".repeat(192)} Tomatoo`);
    const tooLong = `${"x".repeat(193)} Tomato`;
    expect(renameInTitle(tooLong, "Tomato", "Tomatoo")).toBe(tooLong);
  });
});

describe("repeatPhrase", () => {
  it.each([
    [1, "every day"],
    [2, "every 2 days"],
    [7, "every 7 days"],
  ])("%j → %j", (days, phrase) => {
    expect(repeatPhrase(days)).toBe(phrase);
  });
});

describe("sortTasks", () => {
  it("sorts by due date with undated last, without mutating the input", () => {
    const input = [
      task({ id: "c", dueDate: null }),
      task({ id: "b", dueDate: "2026-07-01" }),
      task({ id: "a", dueDate: "2026-06-01" }),
    ];
    expect(sortTasks(input).map((t) => t.id)).toEqual(["a", "b", "c"]);
    expect(input.map((t) => t.id)).toEqual(["c", "b", "a"]);
  });

  it("breaks full ties by id", () => {
    const input = [task({ id: "b" }), task({ id: "a" })];
    expect(sortTasks(input).map((t) => t.id)).toEqual(["a", "b"]);
  });
});

describe("nextTask", () => {
  it("is the earliest pending task", () => {
    const tasks = [
      task({ id: "later", dueDate: "2026-06-20" }),
      task({ id: "done", dueDate: "2026-06-01", status: "completed", completedAt: NOW }),
      task({ id: "soon", dueDate: "2026-06-10" }),
      task({ id: "undated", dueDate: null }),
    ];
    expect(nextTask(tasks)?.id).toBe("soon");
  });

  it("puts undated tasks last and breaks ties by createdAt", () => {
    const tasks = [
      task({ id: "undated", dueDate: null, createdAt: "2026-01-01T00:00:00Z" }),
      task({ id: "newer", dueDate: "2026-06-20", createdAt: "2026-06-03T00:00:00Z" }),
      task({ id: "older", dueDate: "2026-06-20", createdAt: "2026-06-02T00:00:00Z" }),
    ];
    expect(nextTask(tasks)?.id).toBe("older");
    expect(nextTask([tasks[0] as Task])?.id).toBe("undated");
  });

  it("is null without pending tasks", () => {
    expect(nextTask([])).toBeNull();
    expect(nextTask([task({ status: "completed", completedAt: NOW })])).toBeNull();
  });
});

describe("newTask", () => {
  const ctx = { id: "n1", nowIso: NOW, today: TODAY };

  it("fills the spec's defaults", () => {
    expect(newTask({ title: "  Stake tomatoes " }, ctx)).toEqual({
      id: "n1",
      plantId: null,
      title: "Stake tomatoes",
      type: "custom",
      dueDate: TODAY,
      status: "pending",
      priority: 2,
      notes: null,
      repeatEveryDays: null,
      createdAt: NOW,
      completedAt: null,
    });
  });

  it("keeps given values and normalizes the repeat", () => {
    const t = newTask(
      { title: "Feed", dueDate: "2026-07-01", plantId: "p9", repeatEveryDays: "14", notes: "n" },
      ctx,
    );
    expect(t).toMatchObject({ dueDate: "2026-07-01", plantId: "p9", repeatEveryDays: 14 });
    expect(newTask({ title: "x", repeatEveryDays: 0 }, ctx).repeatEveryDays).toBeNull();
    expect(newTask({ title: "x", dueDate: null }, ctx).dueDate).toBeNull();
  });
});

describe("completeTask", () => {
  it("schedules a repeat due on 31 December 2199, the last date kept, and none after it", () => {
    const lastDay = completeTask(
      task({ dueDate: "2199-12-30", repeatEveryDays: 1 }),
      "2199-12-30",
      "n1",
      NOW,
    );
    expect(lastDay.next?.dueDate).toBe("2199-12-31");
    const pastIt = completeTask(
      task({ dueDate: "2199-12-31", repeatEveryDays: 1 }),
      "2199-12-31",
      "n1",
      NOW,
    );
    expect(pastIt.completed.status).toBe("completed");
    expect(pastIt.next).toBeNull();
  });

  it("marks a one-off task completed and schedules nothing", () => {
    const original = task();
    const { completed, next } = completeTask(original, TODAY, "n1", NOW);
    expect(completed).toEqual({ ...original, status: "completed", completedAt: NOW });
    expect(next).toBeNull();
    expect(original.status).toBe("pending");
  });

  it("stamps a completion after the task was made, so a repeat's stamp is never its parent's", () => {
    const made = "2026-06-15T09:00:00.000Z";
    const sameInstant = completeTask(
      task({ createdAt: made, repeatEveryDays: 2 }),
      TODAY,
      "n1",
      made,
    );
    expect(sameInstant.completed.completedAt).toBe("2026-06-15T09:00:00.001Z");
    expect(sameInstant.next?.createdAt).toBe("2026-06-15T09:00:00.001Z");
    const later = completeTask(task({ createdAt: made }), TODAY, "n1", "2026-06-15T09:00:00.001Z");
    expect(later.completed.completedAt).toBe("2026-06-15T09:00:00.001Z");
  });

  it("repeats from today when the old due date is in the past", () => {
    const { next } = completeTask(
      task({ dueDate: "2026-06-10", repeatEveryDays: 3 }),
      TODAY,
      "n1",
      NOW,
    );
    expect(next?.dueDate).toBe("2026-06-18");
  });

  it("repeats from the day it was done, not the old due date, when done early", () => {
    const { next } = completeTask(
      task({ dueDate: "2026-06-20", repeatEveryDays: 3 }),
      TODAY,
      "n1",
      NOW,
    );
    expect(next?.dueDate).toBe("2026-06-18");
  });

  it("repeats from today when due today", () => {
    const { next } = completeTask(task({ repeatEveryDays: 1 }), TODAY, "n1", NOW);
    expect(next?.dueDate).toBe("2026-06-16");
  });

  it("repeats from today when there was no due date", () => {
    const { next } = completeTask(task({ dueDate: null, repeatEveryDays: 7 }), TODAY, "n1", NOW);
    expect(next?.dueDate).toBe("2026-06-22");
  });

  it("copies title, type, plant, priority, notes and interval into a fresh pending task", () => {
    const original = task({
      id: "old",
      title: "Feed",
      type: "feeding",
      plantId: "p7",
      priority: 1,
      notes: "half strength",
      repeatEveryDays: 14,
    });
    const { next } = completeTask(original, TODAY, "new", NOW);
    expect(next).toEqual({
      id: "new",
      plantId: "p7",
      title: "Feed",
      type: "feeding",
      dueDate: "2026-06-29",
      status: "pending",
      priority: 1,
      notes: "half strength",
      repeatEveryDays: 14,
      createdAt: NOW,
      completedAt: null,
    });
  });

  it("does not repeat when the stored interval is not a positive integer", () => {
    expect(completeTask(task({ repeatEveryDays: 0 }), TODAY, "n1", NOW).next).toBeNull();
    expect(completeTask(task({ repeatEveryDays: -2 }), TODAY, "n1", NOW).next).toBeNull();
    expect(completeTask(task({ repeatEveryDays: 1.5 }), TODAY, "n1", NOW).next).toBeNull();
  });

  it("is a no-op for an already completed task", () => {
    const done = task({
      status: "completed",
      completedAt: "2026-06-01T00:00:00Z",
      repeatEveryDays: 7,
    });
    const result = completeTask(done, TODAY, "n1", NOW);
    expect(result.completed).toBe(done);
    expect(result.next).toBeNull();
  });
});
