import type { Insertable } from "kysely";
import { normalizeJournalTags } from "../../../core/garden/journal";
import type {
  ImportArea,
  ImportAreaPlanting,
  ImportChat,
  ImportHarvest,
  ImportJournalEntry,
  ImportMilestone,
  ImportPlant,
  ImportTask,
  ImportWorkflow,
} from "../../../core/schemas/data-export";
import type {
  AreaPlantingTable,
  AreaTable,
  ChatTable,
  HarvestTable,
  JournalEntryTable,
  MessageTable,
  MilestoneTable,
  PlantTable,
  TaskSkipTable,
  TaskTable,
  WorkflowItemTable,
  WorkflowTable,
} from "../../db/schema";

// An import file's records as table rows, once their ids are resolved (import-ids.ts). Pure: the
// orchestrator (import-service.ts) hands the rows to each table's owning feature.

/** A file's plant as a new row: no AI plan text, no next task yet (set after its tasks). */
export function plantRow(
  p: ImportPlant,
  userId: string,
  id: string,
  imageId: string | null,
  areaId: string | null = null,
): Insertable<PlantTable> {
  return {
    id,
    user_id: userId,
    name: p.name,
    scientific_name: p.scientificName,
    common_name: p.commonName,
    slug: p.slug,
    crop_slug: p.cropSlug,
    source: p.source,
    medium: p.medium,
    place: p.place,
    lighting: p.lights,
    garden_type: p.gardenType,
    grow_lighting: p.growLighting,
    start_method: p.startMethod,
    experience: p.experience,
    planting_date: p.plantingDate,
    stage_plan: JSON.stringify(p.stagePlan),
    tips: JSON.stringify(p.tips),
    ai_plan_raw: null,
    ai_plan_version: p.aiPlanVersion,
    status: p.status,
    stage: p.stage,
    stage_started_at: p.stageStartedAt,
    next_task_id: null,
    image_id: imageId,
    area_id: areaId,
    image_path: null,
    location_place: p.location?.place ?? null,
    notes: p.notes,
    created_at: p.createdAt,
    updated_at: p.updatedAt ?? p.createdAt,
    identified_at: p.identifiedAt,
  };
}

/** A completed task without a completion time counts as completed when it was made. */
export function taskRow(
  t: ImportTask,
  userId: string,
  id: string,
  plantId: string | null,
): Insertable<TaskTable> {
  return {
    id,
    user_id: userId,
    plant_id: plantId,
    title: t.title,
    type: t.type,
    due_date: t.dueDate,
    status: t.status,
    priority: t.priority,
    notes: t.notes,
    repeat_every_days: t.repeatEveryDays,
    created_at: t.createdAt,
    completed_at: t.status === "completed" ? (t.completedAt ?? t.createdAt) : null,
  };
}

/**
 * The rain skip of an imported task, when it still explains the task's due date: a pending task
 * due later than the date the skip moved it from. `id` is a fresh one: nothing refers to a skip.
 */
export function taskSkipRow(
  t: ImportTask,
  userId: string,
  ids: { skip: string; task: string },
  now: string,
): Insertable<TaskSkipTable> | null {
  const skip = t.skip;
  if (!skip || t.status !== "pending" || !t.dueDate || t.dueDate <= skip.fromDueDate) return null;
  return {
    id: ids.skip,
    user_id: userId,
    task_id: ids.task,
    skipped_on: skip.on,
    rain_mm: skip.rainMm,
    from_due_date: skip.fromDueDate,
    to_due_date: t.dueDate,
    created_at: now,
    undone_at: null,
  };
}

/** Older files name a milestone by `title`; its stage defaults to its name. */
export function milestoneRow(
  m: ImportMilestone,
  userId: string,
  id: string,
  plantId: string,
): Insertable<MilestoneTable> {
  const name = m.name ?? m.title ?? "";
  return {
    id,
    user_id: userId,
    plant_id: plantId,
    name,
    stage: m.stage ?? name,
    date: m.date,
    reached_at: m.reachedAt,
    from_at: m.fromAt,
    to_at: m.toAt,
    created_at: m.createdAt,
  };
}

/** A harvest as a new row; its plant and area as resolved (null when gone or not the gardener's). */
export function harvestRow(
  h: ImportHarvest,
  userId: string,
  ids: { id: string; plantId: string | null; areaId: string | null; imageId: string | null },
): Insertable<HarvestTable> {
  return {
    id: ids.id,
    user_id: userId,
    plant_id: ids.plantId,
    crop_slug: h.cropSlug,
    crop_name: h.cropName,
    area_id: ids.areaId,
    harvested_on: h.date,
    weight_g: h.weightG,
    count: h.count,
    note: h.note,
    image_id: ids.imageId,
    created_at: h.createdAt,
    updated_at: h.updatedAt ?? h.createdAt,
  };
}

/** A journal entry (its photos are rows of their own, with new ids). */
export function journalEntryRow(
  j: ImportJournalEntry,
  userId: string,
  id: string,
  plantId: string,
): Insertable<JournalEntryTable> {
  return {
    id,
    user_id: userId,
    plant_id: plantId,
    entry_date: j.date,
    note: j.note,
    tags: JSON.stringify(normalizeJournalTags(j.tags)),
    created_at: j.createdAt,
    updated_at: j.updatedAt ?? j.createdAt,
  };
}

/** Where the chats' references go once resolved. */
export interface ChatIds {
  chat: (id: string) => string;
  /** One for each message of the chats, in order, chat after chat. */
  messages: readonly string[];
  plant: (id: string) => string;
  task: (id: string) => string;
}

/** Chats and their messages; a message's task actions follow their task and plant. */
export function chatRows(
  chats: readonly ImportChat[],
  userId: string,
  ids: ChatIds,
): { chats: Insertable<ChatTable>[]; messages: Insertable<MessageTable>[] } {
  const chatRows: Insertable<ChatTable>[] = [];
  const messageRows: Insertable<MessageTable>[] = [];
  for (const chat of chats) {
    const id = ids.chat(chat.id);
    chatRows.push({
      id,
      user_id: userId,
      title: chat.title,
      plant_context_id: chat.plantId ? ids.plant(chat.plantId) : null,
      created_at: chat.createdAt,
      updated_at: chat.updatedAt ?? chat.createdAt,
    });
    for (const message of chat.messages) {
      messageRows.push({
        id: idAt(ids.messages, messageRows.length),
        chat_id: id,
        user_id: userId,
        role: message.role,
        content: message.content,
        created_at: message.createdAt,
        sources: JSON.stringify(message.sources),
        actions: JSON.stringify(
          message.actions.map((action) => ({
            ...action,
            id: ids.task(action.id),
            plantId: action.plantId ? ids.plant(action.plantId) : null,
          })),
        ),
        engine: message.engine,
      });
    }
  }
  return { chats: chatRows, messages: messageRows };
}

/** Where the checklists' ids go once resolved. */
export interface WorkflowIds {
  workflow: (id: string) => string;
  /** One for each item of the checklists, in order, checklist after checklist. */
  items: readonly string[];
}

/** Checklists and their items, each item at its place in the list. */
export function workflowRows(
  workflows: readonly ImportWorkflow[],
  userId: string,
  ids: WorkflowIds,
): { workflows: Insertable<WorkflowTable>[]; items: Insertable<WorkflowItemTable>[] } {
  const workflowRows: Insertable<WorkflowTable>[] = [];
  const itemRows: Insertable<WorkflowItemTable>[] = [];
  for (const workflow of workflows) {
    const id = ids.workflow(workflow.id);
    workflowRows.push({
      id,
      user_id: userId,
      name: workflow.name,
      template: workflow.template,
      created_at: workflow.createdAt,
    });
    workflow.items.forEach((item, position) => {
      itemRows.push({
        id: idAt(ids.items, itemRows.length),
        workflow_id: id,
        position,
        title: item.title,
        detail: item.detail,
        done: item.done ? 1 : 0,
      });
    });
  }
  return { workflows: workflowRows, items: itemRows };
}

function idAt(ids: readonly string[], index: number): string {
  const id = ids[index];
  if (id === undefined) throw new Error(`No id resolved for child record ${index}.`);
  return id;
}

/** A file's area as a new row (issue 26). */
export function areaRow(a: ImportArea, userId: string, id: string): Insertable<AreaTable> {
  return {
    id,
    user_id: userId,
    name: a.name,
    kind: a.kind,
    size_m2: a.sizeM2,
    sun: a.sun,
    covered: a.covered ? 1 : 0,
    notes: a.notes,
    created_at: a.createdAt,
    updated_at: a.updatedAt ?? a.createdAt,
  };
}

/** A file's past planting as a new row, in its area's new id; the plant may be long gone. */
export function areaPlantingRow(
  p: ImportAreaPlanting,
  userId: string,
  ids: { id: string; areaId: string; plantId: string },
): Insertable<AreaPlantingTable> {
  return {
    id: ids.id,
    user_id: userId,
    area_id: ids.areaId,
    plant_id: ids.plantId,
    plant_name: p.plantName,
    crop_slug: p.cropSlug,
    planted_on: p.plantedOn,
    left_at: p.leftAt,
  };
}
