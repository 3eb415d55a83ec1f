import { describe, expect, it } from "vitest";
import type { Workflow } from "../../../core/schemas/workflow";
import { progress, replaceWorkflow, setItemDone } from "./checklist";

const checklist = (id: string, done: boolean[]): Workflow => ({
  id,
  name: `Checklist ${id}`,
  template: "coriander_seed",
  createdAt: "2026-05-01T09:00:00.000Z",
  items: done.map((d, i) => ({ id: `${id}-${i}`, title: `Step ${i + 1}`, detail: "", done: d })),
});

describe("toggling a checklist item", () => {
  it("ticks and unticks exactly that item", () => {
    const list = [checklist("a", [false, false]), checklist("b", [false])];
    const ticked = setItemDone(list, "a", "a-1", true);
    expect(ticked?.[0]?.items.map((i) => i.done)).toEqual([false, true]);
    expect(ticked?.[1]).toBe(list[1]);
    expect(setItemDone(ticked, "a", "a-1", false)?.[0]?.items.map((i) => i.done)).toEqual([
      false,
      false,
    ]);
  });

  it("leaves the list as it was for an unknown checklist or item, and an absent list absent", () => {
    const list = [checklist("a", [true])];
    expect(setItemDone(list, "zz", "a-0", false)).toEqual(list);
    expect(setItemDone(list, "a", "zz", false)).toEqual(list);
    expect(setItemDone(undefined, "a", "a-0", true)).toBeUndefined();
  });

  it("does not change the list it was given", () => {
    const list = [checklist("a", [false])];
    setItemDone(list, "a", "a-0", true);
    expect(list[0]?.items[0]?.done).toBe(false);
  });
});

describe("replaceWorkflow", () => {
  it("puts the server's copy in place, or adds a new checklist first (newest first)", () => {
    const list = [checklist("a", [false]), checklist("b", [false])];
    const stored = checklist("a", [true]);
    expect(replaceWorkflow(list, stored)).toEqual([stored, list[1]]);
    const added = checklist("c", [false]);
    expect(replaceWorkflow(list, added)).toEqual([added, ...list]);
  });
});

describe("progress", () => {
  it("counts the steps done of all", () => {
    expect(progress(checklist("a", [true, false, true]))).toEqual({ done: 2, total: 3 });
    expect(progress(checklist("a", []))).toEqual({ done: 0, total: 0 });
  });
});
