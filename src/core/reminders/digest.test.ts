import { describe, expect, it } from "vitest";
import {
  type DueTask,
  MAX_PUSH_PAYLOAD_BYTES,
  pushPayload,
  reminderDigest,
  snoozedDueDate,
} from "./digest";

const TODAY = "2026-06-10";
const task = (id: string, dueDate: string, title = `Task ${id}`, plantName: string | null = null) =>
  ({ id, title, dueDate, plantName }) satisfies DueTask;

describe("reminderDigest", () => {
  it("lists tasks due today and overdue, oldest first, and leaves out later ones", () => {
    const digest = reminderDigest(
      [
        task("a", "2026-06-11", "Tomorrow"),
        task("b", TODAY, "Water", "Tomato"),
        task("c", "2026-06-08", "Feed", "Basil"),
      ],
      TODAY,
    );
    expect(digest.listed.map((t) => t.id)).toEqual(["c", "b"]);
    expect(digest.title).toBe("2 garden tasks: 1 due today, 1 overdue");
    expect(digest.lines).toEqual(["Feed — Basil (overdue since 2026-06-08)", "Water — Tomato"]);
    expect(digest).toMatchObject({ more: 0, dueToday: 1, overdue: 1 });
  });

  it("names the day's tasks alone, or the overdue ones alone", () => {
    expect(reminderDigest([task("a", TODAY)], TODAY).title).toBe("1 garden task today");
    expect(reminderDigest([task("a", "2026-06-01"), task("b", "2026-06-09")], TODAY).title).toBe(
      "2 garden tasks overdue",
    );
    expect(reminderDigest([], TODAY)).toMatchObject({
      listed: [],
      more: 0,
      title: "0 garden tasks today",
    });
  });

  it("lists 10 by name and counts the rest: 10 lists all, 11 says and 1 more", () => {
    const ten = Array.from({ length: 10 }, (_, i) => task(`t${i}`, TODAY, `Task ${i}`));
    expect(reminderDigest(ten, TODAY)).toMatchObject({ more: 0 });
    expect(reminderDigest(ten, TODAY).lines).toHaveLength(10);
    const eleven = [...ten, task("t10", TODAY, "Task 10")];
    const digest = reminderDigest(eleven, TODAY);
    expect(digest.listed).toHaveLength(10);
    expect(digest.more).toBe(1);
    expect(digest.lines.at(-1)).toBe("and 1 more");
  });

  it("counts what the database counted when given only the first tasks", () => {
    const digest = reminderDigest([task("a", "2026-06-01"), task("b", TODAY)], TODAY, {
      max: 10,
      counts: { overdue: 40, dueToday: 3 },
    });
    expect(digest.title).toBe("43 garden tasks: 3 due today, 40 overdue");
    expect(digest.listed).toHaveLength(2);
    expect(digest.more).toBe(41);
    expect(digest.lines.at(-1)).toBe("and 41 more");
  });
});

describe("pushPayload", () => {
  it("carries the digest's title, lines and tasks", () => {
    const digest = reminderDigest([task("b", TODAY, "Water", "Tomato")], TODAY);
    expect(pushPayload(digest, TODAY)).toEqual({
      title: "1 garden task today",
      body: "Water — Tomato",
      tasks: [{ id: "b", title: "Water", dueDate: TODAY, plantName: "Tomato" }],
      more: 0,
      url: "/plants",
    });
  });

  it("stays under the push size limit with long titles, moving tasks to 'more'", () => {
    const long = Array.from({ length: 14 }, (_, i) =>
      task(`id-${"x".repeat(30)}-${i}`, TODAY, "🌱".repeat(200), "Solanum ".repeat(30)),
    );
    const payload = pushPayload(reminderDigest(long, TODAY), TODAY);
    expect(new TextEncoder().encode(JSON.stringify(payload)).length).toBeLessThanOrEqual(
      MAX_PUSH_PAYLOAD_BYTES,
    );
    expect(payload.tasks.length).toBeGreaterThan(0);
    expect(payload.tasks.length + payload.more).toBe(14);
    expect(payload.tasks[0]?.title.length).toBeLessThanOrEqual(80);
    expect(payload.body.endsWith(`and ${payload.more} more`)).toBe(true);
  });
});

describe("snoozedDueDate", () => {
  it("moves a task due today or later by the days from its own date", () => {
    expect(snoozedDueDate(TODAY, TODAY, 1)).toBe("2026-06-11");
    expect(snoozedDueDate("2026-06-12", TODAY, 1)).toBe("2026-06-13");
  });

  it("moves an overdue or undated task from today, never into the past", () => {
    expect(snoozedDueDate("2026-06-01", TODAY, 1)).toBe("2026-06-11");
    expect(snoozedDueDate("2026-06-09", TODAY, 1)).toBe("2026-06-11");
    expect(snoozedDueDate(null, TODAY, 3)).toBe("2026-06-13");
  });

  it("snoozes up to 31 December 2199, the last date kept, and answers null past it", () => {
    expect(snoozedDueDate("2199-12-30", TODAY, 1)).toBe("2199-12-31");
    expect(snoozedDueDate("2199-12-31", TODAY, 1)).toBeNull();
    expect(snoozedDueDate("2199-12-01", TODAY, 365)).toBeNull();
  });
});
