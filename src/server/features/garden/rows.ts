import type { Selectable } from "kysely";
import type { RecordedStage, StagePlanEntry, Task } from "../../../core/garden";
import { currentStageName, recordedStage } from "../../../core/garden";
import { gardenTypeValues, growLightingValues } from "../../../core/schemas/grow-guide";
import {
  lightsValues,
  type Milestone,
  mediumValues,
  type Plant,
  placeValues,
  plantSourceValues,
  plantStatusValues,
  startMethodValues,
} from "../../../core/schemas/plant";
import type { MilestoneTable, PlantTable, TaskTable } from "../../db/schema";

export type TaskRow = Selectable<TaskTable>;
export type PlantRow = Omit<
  Selectable<PlantTable>,
  "ai_plan_raw" | "image_path" | "harvest_reminded_on"
>;
export type MilestoneRow = Selectable<MilestoneTable>;

/** A stored value from a known list; rows are only ever written with these, so a miss is legacy. */
function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return values.includes(value as T) ? (value as T) : fallback;
}

/** A stored value from a known list, or null (none stored, or a value no longer known). */
function oneOfOrNull<T extends string>(values: readonly T[], value: string | null): T | null {
  return values.includes(value as T) ? (value as T) : null;
}

function jsonList<T>(text: string, keep: (item: unknown) => item is T): T[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter(keep) : [];
  } catch {
    return [];
  }
}

const isStage = (item: unknown): item is StagePlanEntry =>
  typeof item === "object" &&
  item !== null &&
  typeof (item as StagePlanEntry).name === "string" &&
  typeof (item as StagePlanEntry).durationDays === "number";

const isString = (item: unknown): item is string => typeof item === "string";

export function toTask(row: TaskRow): Task {
  return {
    id: row.id,
    plantId: row.plant_id,
    title: row.title,
    type: row.type,
    dueDate: row.due_date,
    status: row.status === "completed" ? "completed" : "pending",
    priority: Number(row.priority),
    notes: row.notes,
    repeatEveryDays: row.repeat_every_days === null ? null : Number(row.repeat_every_days),
    createdAt: row.created_at,
    completedAt: row.completed_at,
  };
}

export function taskRow(task: Task, userId: string): TaskRow {
  return {
    id: task.id,
    user_id: userId,
    plant_id: task.plantId,
    title: task.title,
    type: task.type,
    due_date: task.dueDate,
    status: task.status,
    priority: task.priority,
    notes: task.notes,
    repeat_every_days: task.repeatEveryDays,
    created_at: task.createdAt,
    completed_at: task.completedAt,
  };
}

export function stagePlanOf(row: Pick<PlantRow, "stage_plan">): StagePlanEntry[] {
  return jsonList(row.stage_plan, isStage);
}

/** The stage the gardener recorded and its first day, which the plant's schedule runs from. */
export function recordedStageOf(
  row: Pick<PlantRow, "stage" | "stage_started_at">,
): RecordedStage | null {
  return recordedStage(row.stage, row.stage_started_at);
}

/** A plant photo's URL; the image id in it changes with the photo, so browsers may cache it. */
export const plantPhotoUrl = (plantId: string, imageId: string | null) =>
  imageId
    ? `/api/plants/${encodeURIComponent(plantId)}/photo?v=${encodeURIComponent(imageId)}`
    : null;

/** A journal photo's URL: a photo id always means the same bytes, so browsers may cache it. */
export const journalPhotoUrl = (photoId: string) =>
  `/api/journal/photos/${encodeURIComponent(photoId)}`;

/** API.md Plant; `currentStage` is where today falls on the plant's stage timeline. */
export function toPlant(row: PlantRow, today: string): Plant {
  const stagePlan = stagePlanOf(row);
  return {
    id: row.id,
    name: row.name,
    scientificName: row.scientific_name,
    commonName: row.common_name,
    slug: row.slug,
    cropSlug: row.crop_slug,
    source: oneOf(plantSourceValues, row.source, "custom"),
    medium: oneOf(mediumValues, row.medium, "soil"),
    place: oneOf(placeValues, row.place, "outdoor"),
    lights: oneOf(lightsValues, row.lighting, "sun"),
    gardenType: oneOfOrNull(gardenTypeValues, row.garden_type),
    growLighting: oneOfOrNull(growLightingValues, row.grow_lighting),
    startMethod: row.start_method ? oneOf(startMethodValues, row.start_method, "seed") : null,
    experience: row.experience,
    plantingDate: row.planting_date,
    stagePlan,
    tips: jsonList(row.tips, isString),
    aiPlanVersion: Number(row.ai_plan_version),
    status: oneOf(plantStatusValues, row.status, "active"),
    stage: row.stage,
    stageStartedAt: row.stage_started_at,
    nextTaskId: row.next_task_id,
    imageUrl: plantPhotoUrl(row.id, row.image_id),
    areaId: row.area_id ?? null,
    // The service puts the newest journal photo here when the plant has one.
    latestPhotoUrl: plantPhotoUrl(row.id, row.image_id),
    location: row.location_place ? { place: row.location_place } : null,
    notes: row.notes,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    identifiedAt: row.identified_at,
    currentStage: currentStageName(stagePlan, row.planting_date, today, recordedStageOf(row)),
  };
}

/**
 * API.md Milestone. Rows from before migration 0006 have no stage or date: the name stands in for
 * the stage, and the day of from_at (else of created_at) for the date.
 */
export function toMilestone(row: MilestoneRow): Milestone {
  return {
    id: row.id,
    plantId: row.plant_id,
    title: row.name,
    stage: row.stage ?? row.name,
    date: row.date ?? (row.from_at ?? row.created_at).slice(0, 10),
    reachedAt: row.reached_at,
    name: row.name,
    fromAt: row.from_at,
    toAt: row.to_at,
    createdAt: row.created_at,
  };
}
