import { describe, expect, it } from "vitest";
import {
  importChatSchema,
  importMilestoneSchema,
  importPlantSchema,
  importTaskSchema,
  importWorkflowSchema,
} from "../../../core/schemas/data-export";
import { chatRows, milestoneRow, plantRow, taskRow, workflowRows } from "./import-rows";

const CREATED = "2026-03-01T08:00:00.000Z";
/** A resolved id that is visibly not the file's, so a row that kept the file's id shows. */
const moved = (id: string) => `new-${id}`;

describe("import row mapping", () => {
  it("makes a plant row under the resolved id with its photo, serialised lists and defaults", () => {
    const plant = importPlantSchema.parse({
      id: "p1",
      name: "Basil",
      medium: "soil",
      place: "indoor",
      lights: "led",
      plantingDate: "2026-03-01",
      stagePlan: [{ name: "seedling", durationDays: 14 }],
      tips: ["Pinch the tops."],
      location: { place: "Kitchen sill" },
      createdAt: CREATED,
    });
    const row = plantRow(plant, "u1", moved("p1"), "img-9");
    expect(row).toMatchObject({
      id: "new-p1",
      user_id: "u1",
      lighting: "led",
      place: "indoor",
      source: "custom",
      stage_plan: JSON.stringify([{ name: "seedling", durationDays: 14 }]),
      tips: JSON.stringify(["Pinch the tops."]),
      image_id: "img-9",
      location_place: "Kitchen sill",
      next_task_id: null,
      ai_plan_raw: null,
      // A file without updatedAt: the plant was last changed when it was made.
      updated_at: CREATED,
    });
  });

  it("gives a completed task without a completion time its creation time, a pending one none", () => {
    const completed = importTaskSchema.parse({
      id: "t1",
      title: "Water",
      status: "completed",
      createdAt: CREATED,
    });
    const pending = importTaskSchema.parse({
      id: "t2",
      title: "Feed",
      completedAt: "2026-03-05T08:00:00.000Z",
      createdAt: CREATED,
    });
    expect(taskRow(completed, "u1", moved("t1"), "new-p1")).toMatchObject({
      id: "new-t1",
      plant_id: "new-p1",
      completed_at: CREATED,
    });
    expect(taskRow(pending, "u1", "t2", null)).toMatchObject({
      plant_id: null,
      status: "pending",
      completed_at: null,
    });
  });

  it("names a milestone from an older file's title and takes its name as the stage", () => {
    const old = importMilestoneSchema.parse({
      id: "m1",
      plantId: "p1",
      title: "Sprouted",
      createdAt: CREATED,
    });
    expect(milestoneRow(old, "u1", moved("m1"), moved("p1"))).toMatchObject({
      id: "new-m1",
      plant_id: "new-p1",
      name: "Sprouted",
      stage: "Sprouted",
    });
  });

  it("puts chats and messages under resolved ids, actions following their task and plant", () => {
    const chats = ["c1", "c2"].map((id, n) =>
      importChatSchema.parse({
        id,
        title: `Chat ${n}`,
        plantId: n === 0 ? "p1" : null,
        createdAt: CREATED,
        messages: [
          {
            id: "m",
            role: "assistant",
            content: "Added a task.",
            createdAt: CREATED,
            actions: [{ kind: "task.created", id: "t1", title: "Water", plantId: "p1" }],
          },
        ],
      }),
    );
    const rows = chatRows(chats, "u1", {
      chat: moved,
      messages: ["msg-a", "msg-b"],
      plant: moved,
      task: moved,
    });
    expect(rows.chats.map((c) => [c.id, c.plant_context_id, c.updated_at])).toEqual([
      ["new-c1", "new-p1", CREATED],
      ["new-c2", null, CREATED],
    ]);
    // Both chats' messages had the same id in the file: each gets its own resolved one.
    expect(rows.messages.map((m) => [m.id, m.chat_id, m.user_id])).toEqual([
      ["msg-a", "new-c1", "u1"],
      ["msg-b", "new-c2", "u1"],
    ]);
    expect(JSON.parse(rows.messages[0]?.actions ?? "")).toEqual([
      { kind: "task.created", id: "new-t1", title: "Water", plantId: "new-p1", dueDate: null },
    ]);
  });

  it("keeps checklist items in their order, with their resolved ids and done as 1 or 0", () => {
    const workflow = importWorkflowSchema.parse({
      id: "w1",
      name: "Spring",
      template: "spring",
      createdAt: CREATED,
      items: [
        { id: "i1", title: "Clean pots", done: true },
        { id: "i2", title: "Sow peas" },
      ],
    });
    const rows = workflowRows([workflow], "u1", { workflow: moved, items: ["x1", "x2"] });
    expect(rows.workflows).toEqual([
      { id: "new-w1", user_id: "u1", name: "Spring", template: "spring", created_at: CREATED },
    ]);
    expect(rows.items.map((i) => [i.id, i.workflow_id, i.position, i.title, i.done])).toEqual([
      ["x1", "new-w1", 0, "Clean pots", 1],
      ["x2", "new-w1", 1, "Sow peas", 0],
    ]);
  });

  it("refuses to map children with fewer resolved ids than records", () => {
    const workflow = importWorkflowSchema.parse({
      id: "w1",
      name: "Spring",
      template: "spring",
      createdAt: CREATED,
      items: [{ id: "i1", title: "Clean pots" }],
    });
    expect(() => workflowRows([workflow], "u1", { workflow: moved, items: [] })).toThrow(
      /No id resolved/,
    );
  });
});
