import { describe, expect, it } from "vitest";
import { careLoggedMoves } from "./care-logged";
import type { Task } from "./tasks";

function task(overrides: Partial<Task> = {}): Task {
  return {
    id: "t1",
    plantId: "p1",
    title: "Water",
    type: "watering",
    dueDate: "2026-06-15",
    status: "pending",
    priority: 2,
    notes: null,
    repeatEveryDays: 3,
    createdAt: "2026-06-01T00:00:00.000Z",
    completedAt: null,
    ...overrides,
  };
}

const due = (moved: Task[]) => moved.map((t) => [t.id, t.dueDate]);

describe("careLoggedMoves", () => {
  it("moves a watering task to the day watered plus its interval", () => {
    expect(due(careLoggedMoves([task()], "watering", "2026-06-14"))).toEqual([
      ["t1", "2026-06-17"],
    ]);
  });

  it("moves it only when that is later than its due date (one day later is enough)", () => {
    // Due the 15th, every 3 days: watered the 12th → the 15th, no change; the 13th → the 16th.
    expect(careLoggedMoves([task()], "watering", "2026-06-12")).toEqual([]);
    expect(due(careLoggedMoves([task()], "watering", "2026-06-13"))).toEqual([
      ["t1", "2026-06-16"],
    ]);
  });

  it("changes nothing for care logged long ago", () => {
    expect(careLoggedMoves([task()], "watering", "2026-05-01")).toEqual([]);
  });

  it("moves an overdue task from the day the care was logged", () => {
    const overdue = task({ dueDate: "2026-06-01", repeatEveryDays: 7 });
    expect(due(careLoggedMoves([overdue], "watering", "2026-06-15"))).toEqual([
      ["t1", "2026-06-22"],
    ]);
  });

  it("feeding moves feeding and nutrients tasks; watering moves only watering", () => {
    const tasks = [
      task({ id: "w", type: "watering" }),
      task({ id: "f", type: "feeding", repeatEveryDays: 14 }),
      task({ id: "n", type: "nutrients", repeatEveryDays: 7 }),
      task({ id: "p", type: "pruning" }),
    ];
    expect(due(careLoggedMoves(tasks, "feeding", "2026-06-15"))).toEqual([
      ["f", "2026-06-29"],
      ["n", "2026-06-22"],
    ]);
    expect(due(careLoggedMoves(tasks, "watering", "2026-06-15"))).toEqual([["w", "2026-06-18"]]);
  });

  it("leaves one-off, completed and undated tasks alone", () => {
    const tasks = [
      task({ id: "once", repeatEveryDays: null }),
      task({ id: "done", status: "completed", completedAt: "2026-06-14T08:00:00.000Z" }),
      task({ id: "undated", dueDate: null }),
    ];
    expect(careLoggedMoves(tasks, "watering", "2026-06-15")).toEqual([]);
  });

  it("never moves a task past 31 December 2199", () => {
    const late = task({ dueDate: "2199-12-30", repeatEveryDays: 3 });
    expect(careLoggedMoves([late], "watering", "2199-12-30")).toEqual([]);
  });

  it("keeps everything else about the task", () => {
    const original = task({ notes: "deeply", priority: 1 });
    const [moved] = careLoggedMoves([original], "watering", "2026-06-15");
    expect(moved).toEqual({ ...original, dueDate: "2026-06-18" });
    expect(original.dueDate).toBe("2026-06-15");
  });
});
