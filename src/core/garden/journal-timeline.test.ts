import { describe, expect, it } from "vitest";
import { completedTasks, mergeTimeline, stageChanges } from "./journal-timeline";

const entry = (id: string, date: string, at: string) => ({ kind: "entry", id, date, at });

describe("mergeTimeline", () => {
  it("puts the newest day first, then the latest happening of a day", () => {
    const items = [
      entry("a", "2026-05-01", "2026-05-03T10:00:00.000Z"),
      entry("b", "2026-05-02", "2026-05-02T08:00:00.000Z"),
      entry("c", "2026-05-01", "2026-05-04T10:00:00.000Z"),
    ];
    expect(mergeTimeline(items).map((i) => i.id)).toEqual(["b", "c", "a"]);
  });

  it("orders exact ties by kind, then id, whatever order they came in", () => {
    const at = "2026-05-01T10:00:00.000Z";
    const items = [
      { kind: "task", id: "2", date: "2026-05-01", at },
      { kind: "entry", id: "9", date: "2026-05-01", at },
      { kind: "task", id: "1", date: "2026-05-01", at },
      { kind: "harvest", id: "5", date: "2026-05-01", at },
    ];
    const expected = ["entry:9", "harvest:5", "task:1", "task:2"];
    expect(mergeTimeline(items).map((i) => `${i.kind}:${i.id}`)).toEqual(expected);
    expect(mergeTimeline([...items].reverse()).map((i) => `${i.kind}:${i.id}`)).toEqual(expected);
  });

  it("leaves its input as it was", () => {
    const items = [entry("a", "2026-01-01", "x"), entry("b", "2026-02-01", "x")];
    mergeTimeline(items);
    expect(items.map((i) => i.id)).toEqual(["a", "b"]);
  });
});

describe("stageChanges", () => {
  it("keeps only reached milestones, on the gardener's day of reaching them", () => {
    const changes = stageChanges(
      [
        { id: "m1", stage: "germination", title: "Germination", reachedAt: null },
        {
          id: "m2",
          stage: "flowering",
          title: "Flowering",
          reachedAt: "2026-06-01T23:30:00.000Z",
        },
      ],
      (instant) => (instant.startsWith("2026-06-01T23") ? "2026-06-02" : instant.slice(0, 10)),
    );
    expect(changes).toEqual([
      {
        kind: "stage",
        id: "m2",
        date: "2026-06-02",
        at: "2026-06-01T23:30:00.000Z",
        stage: "flowering",
        title: "Flowering",
      },
    ]);
  });
});

describe("completedTasks", () => {
  it("keeps only completed tasks, on the day they were done (UTC without a zone)", () => {
    const items = completedTasks([
      { id: "t1", title: "Water", type: "watering", completedAt: null },
      { id: "t2", title: "Feed", type: "feeding", completedAt: "2026-06-03T07:00:00.000Z" },
    ]);
    expect(items).toEqual([
      {
        kind: "task",
        id: "t2",
        date: "2026-06-03",
        at: "2026-06-03T07:00:00.000Z",
        title: "Feed",
        type: "feeding",
      },
    ]);
  });
});
