import { randomUUID } from "node:crypto";
import type { Insertable, Kysely, Updateable } from "kysely";
import type { Logger } from "pino";
import { foldText } from "../../../core/catalogue-search";
import {
  type AiPlan,
  addDays,
  buildTimeline,
  currentStageOf,
  DATE_RANGE_WORDS,
  daysBetween,
  guideToPlan,
  isHarvestTask,
  isWithinDateRange,
  newTask,
  nextTask,
  type PlantSchedule,
  plannedMilestones,
  planStageIndex,
  planToTasks,
  plantSchedule,
  recordedStage,
  renameInTitle,
  type StagePlanEntry,
  sameStage,
  sortTasks,
  stageReached,
  stageTitle,
  startAtStage,
  type Task,
  trackedSetup,
} from "../../../core/garden";
import type { Crop } from "../../../core/schemas/crop";
import { PLAN_FAILED_MESSAGE } from "../../../core/schemas/error";
import type {
  Milestone,
  Plant,
  PlantCreate,
  PlantDetail,
  PlantListQuery,
  PlantPatch,
  PlantSummary,
} from "../../../core/schemas/plant";
import type { Dialect } from "../../db/connection";
import type { Database, MilestoneTable, PlantTable } from "../../db/schema";
import { AppError, badRequest, notFound } from "../../errors";
import { decodeCursor, encodeCursor } from "../../lib/cursor";
import { type ImageRow, imageExists, imageRow } from "../../lib/photos/image-store";
import type { StoredPhoto } from "../../lib/photos/pipeline";
import type { PlanProvider } from "../../providers/ai/plan-provider";
import type { Catalogue } from "../catalogue/catalogue-read-model";
import type { PlantingWarningCheck } from "../climate/planting-warning-service";
import { findUnits, profileForPlan } from "../profile/read-model";
import type { PlanWeather } from "../weather/plan-weather-read-model";
import { areaExists } from "./areas/repository";
import { type PublishChange, publishNothing } from "./changes";
import { plantInUnits, taskInUnits } from "./in-units";
import { latestPhotosOf } from "./journal/journal-repository";
import {
  deletePlantWithChildren,
  findPlant,
  insertPlantWithTasks,
  listPlants,
  type MilestoneChanges,
  milestonesOfPlant,
  type PendingTaskRow,
  type PlantBeforeEdit,
  plantImage,
  replacePlantImage,
  updatePlantAndMilestones,
} from "./plants-repository";
import { withSkips } from "./rain-skips/task-skips";
import { plantExists } from "./read-model";
import {
  journalPhotoUrl,
  type MilestoneRow,
  recordedStageOf,
  stagePlanOf,
  taskRow,
  toMilestone,
  toPlant,
  toTask,
} from "./rows";
import { countPendingTasksOfPlant, listTasks, tasksByIds } from "./tasks-repository";
import { taskPage } from "./tasks-service";

/** API.md: a plant's detail holds at most this many pending tasks; the rest are paged. */
export const DETAIL_TASKS = 100;
/** Spec §4 Plant and §9: deletions go in batches of this many rows. */
export const DELETE_BATCH_SIZE = 450;
/** Ten years: longer stages or later tasks mean the plan is broken, not the plant. */
const MAX_PLAN_DAYS = 3650;

export type PlantListItem = Plant & { nextTask: Task | null };

/** A list item as GET /api/plants?view=summary sends it: what the plant card shows. */
export function toPlantSummary(plant: PlantListItem, today: string): PlantSummary {
  const { nextTask } = plant;
  const recorded = recordedStage(plant.stage, plant.stageStartedAt);
  const current = currentStageOf(plant.stagePlan, plant.plantingDate, today, recorded);
  return {
    id: plant.id,
    name: plant.name,
    scientificName: plant.scientificName,
    commonName: plant.commonName,
    cropSlug: plant.cropSlug,
    medium: plant.medium,
    place: plant.place,
    lights: plant.lights,
    plantingDate: plant.plantingDate,
    stagePlan: plant.stagePlan,
    status: plant.status,
    stage: plant.stage,
    nextTaskId: plant.nextTaskId,
    imageUrl: plant.imageUrl,
    areaId: plant.areaId,
    latestPhotoUrl: plant.latestPhotoUrl,
    createdAt: plant.createdAt,
    updatedAt: plant.updatedAt,
    currentStage: plant.currentStage,
    nextTask: nextTask && { id: nextTask.id, title: nextTask.title, dueDate: nextTask.dueDate },
    stageProgress: current?.progress ?? null,
  };
}

/** What saving an identification as a plant takes from it (spec §4 Plant ID). */
export interface IdentifiedPlant {
  plantName: string;
  scientificName: string;
  commonNames: string[];
  cropSlug: string | null;
  imageId: string | null;
  createdAt: string;
}

/** The gardener's identification by id, or null when it is not theirs. */
export type IdentificationLookup = (userId: string, id: string) => Promise<IdentifiedPlant | null>;

/** Spec §4 New plant: a plant saved from identification or Grow Along starts at this stage. */
export const IDENTIFIED_PLANT_STAGE = "seed";

/** How a new plant goes in, for the planting warning: a Grow Along guide starts from seed. */
function startedAs(method: PlantCreate["startMethod"], fromGuide: boolean) {
  if (method === "seed") return "seed";
  if (method === "seedling" || method === "cutting") return "plant";
  return fromGuide ? "seed" : "either";
}

/** The plant with its newest journal photo (if it has one) as the photo its card shows. */
function withLatestPhoto(plant: Plant, journalPhotoId: string | undefined): Plant {
  return journalPhotoId ? { ...plant, latestPhotoUrl: journalPhotoUrl(journalPhotoId) } : plant;
}

const dayStart = (date: string) => `${date}T00:00:00.000Z`;

/** API.md: a plant's milestones by date (then as written). */
function byDate(a: Milestone, b: Milestone): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * A new plant's milestones: one per stage of its plan, dated from its timeline. The stage it
 * starts at, when that is one of them, is reached as it was recorded.
 */
function newMilestones(
  plan: readonly StagePlanEntry[],
  plant: { id: string; user_id: string; planting_date: string; stage?: string | null },
  reachedAt: string | null,
  nowIso: string,
): Insertable<MilestoneTable>[] {
  let reached = false;
  return plannedMilestones(plan, plant.planting_date).map((m) => {
    const isStart = !reached && reachedAt !== null && sameStage(m.stage, plant.stage);
    if (isStart) reached = true;
    return {
      id: randomUUID(),
      user_id: plant.user_id,
      plant_id: plant.id,
      name: m.title,
      stage: m.stage,
      date: m.date,
      from_at: dayStart(m.date),
      to_at: dayStart(m.endDate),
      created_at: nowIso,
      reached_at: isStart ? reachedAt : null,
    };
  });
}

/** Moves an instant written as a day's midnight (or any instant) by whole days, keeping its time. */
function shiftInstant(instant: string | null, days: number): string | null {
  if (!instant) return instant;
  return `${addDays(instant.slice(0, 10), days)}${instant.slice(10)}`;
}

const plantNotFound = () => notFound("That plant");
const areaNotFound = () => notFound("That area");

/**
 * 400 unless every date a plant's plan gives (planting date, tasks, milestones and their ends)
 * is one Tendril keeps: an export holding any other would not re-import.
 */
function checkPlanDates(dates: (string | null)[]): void {
  if (dates.every((date) => date === null || isWithinDateRange(date.slice(0, 10)))) return;
  throw badRequest(
    `Check plantingDate: this plant's plan would date its stages or tasks outside ${DATE_RANGE_WORDS}, the dates Tendril keeps; pick a planting date nearer today.`,
    [{ path: "plantingDate", message: `puts the plan outside ${DATE_RANGE_WORDS}.` }],
  );
}
const planFailed = () => new AppError(502, "plan_failed", PLAN_FAILED_MESSAGE);

function isUsable(plan: AiPlan): boolean {
  const days = (n: number) => Number.isInteger(n) && n >= 0 && n <= MAX_PLAN_DAYS;
  return (
    plan.stages.length > 0 &&
    plan.tasks.length > 0 &&
    plan.stages.every((s) => s.durationDays >= 1 && days(s.durationDays)) &&
    plan.tasks.every((t) => days(t.dueInDays))
  );
}

/** Plant rules (spec §4 Plant, New plant, Stage timeline); every query is scoped to the user. */
export class PlantService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly catalogue: Catalogue,
    private readonly plans: PlanProvider,
    private readonly log: Pick<Logger, "warn">,
    private readonly publish: PublishChange = publishNothing,
    private readonly weatherFor: (userId: string) => Promise<PlanWeather | null> = async () => null,
    private readonly identifications: IdentificationLookup = async () => null,
    private readonly warningFor: PlantingWarningCheck = async () => null,
  ) {}

  async list(
    userId: string,
    query: Pick<PlantListQuery, "limit" | "cursor"> & { view?: PlantListQuery["view"] },
    today: string,
  ) {
    const after = query.cursor ? decodeCursor(query.cursor, 2) : null;
    const [rows, units] = await Promise.all([
      listPlants(
        this.db,
        userId,
        query.limit + 1,
        after ? { createdAt: after[0] ?? "", id: after[1] ?? "" } : null,
      ),
      findUnits(this.db, userId),
    ]);
    const page = rows.slice(0, query.limit);
    const nextIds = page.flatMap((row) => (row.next_task_id ? [row.next_task_id] : []));
    const [nextRows, latest] = await Promise.all([
      tasksByIds(this.db, userId, nextIds),
      latestPhotosOf(
        this.db,
        userId,
        page.map((row) => row.id),
      ),
    ]);
    const nextTasks = await withSkips(this.db, userId, nextRows.map(toTask));
    const next = new Map(nextTasks.map((task) => [task.id, task]));
    const items: PlantListItem[] = page.map((row) =>
      plantInUnits(
        {
          ...withLatestPhoto(toPlant(row, today), latest.get(row.id)),
          nextTask: (row.next_task_id && next.get(row.next_task_id)) || null,
        },
        units,
      ),
    );
    const plants =
      query.view === "summary" ? items.map((item) => toPlantSummary(item, today)) : items;
    const last = page[page.length - 1];
    const nextCursor =
      rows.length > query.limit && last ? encodeCursor([last.created_at, last.id]) : null;
    return { plants, nextCursor };
  }

  async get(userId: string, id: string, today: string): Promise<PlantDetail> {
    const row = await findPlant(this.db, userId, id);
    if (!row) throw plantNotFound();
    const pending = { status: "pending", plantId: id };
    const [taskRows, milestoneRows, units, latest] = await Promise.all([
      listTasks(this.db, userId, pending, DETAIL_TASKS + 1, null),
      milestonesOfPlant(this.db, userId, id),
      findUnits(this.db, userId),
      latestPhotosOf(this.db, userId, [id]),
    ]);
    // A page that is not full holds every pending task: counting them again is a query saved on
    // most plants' pages (a mixed-load profile had it in one of five reads of a plant).
    const taskCount =
      taskRows.length > DETAIL_TASKS
        ? await countPendingTasksOfPlant(this.db, userId, id)
        : taskRows.length;
    const page = taskPage(taskRows, DETAIL_TASKS);
    const tasks = (await withSkips(this.db, userId, page.tasks)).map((task) =>
      taskInUnits(task, units),
    );
    const nextCursor = page.nextCursor;
    // The timeline takes the plant's parsed stage plan: parsing it again cost a plant page read.
    const plant = plantInUnits(withLatestPhoto(toPlant(row, today), latest.get(id)), units);
    return {
      ...plant,
      timeline: buildTimeline(plant.stagePlan, row.planting_date, today, recordedStageOf(row)),
      tasks,
      taskCount,
      tasksNextCursor: nextCursor,
      nextTask: tasks[0] ?? null,
      milestones: milestoneRows.map(toMilestone).sort(byDate),
    };
  }

  /**
   * Spec §4 New plant: the plan (stages, tasks, tips) comes from the plan provider, or from a
   * tracked Grow Along guide; the plant, its tasks, its milestones (one per stage) and
   * next_task_id are written in one transaction. No valid plan, nothing saved: 502.
   * From an identification (the gardener's own, else 404) the plant is "identified", takes the
   * identification's names and a copy of its photo, and starts at stage "seed" unless `stage`
   * says otherwise. `imageId` (one of the gardener's photos, else 404) gives it a copy of that.
   */
  async create(userId: string, input: PlantCreate, today: string) {
    if (input.identificationId && input.imageId) {
      throw badRequest("Give identificationId or imageId, not both: the photo comes from one.", [
        { path: "imageId", message: "Leave out imageId when saving an identification." },
      ]);
    }
    const identified = input.identificationId
      ? await this.identifications(userId, input.identificationId)
      : null;
    if (input.identificationId && !identified) throw notFound("That identification");
    if (input.imageId && !(await imageExists(this.db, userId, input.imageId))) {
      throw notFound("That photo");
    }
    // Checked again as the plant is stored: this spares asking for a plan for a plant whose
    // area is not the gardener's.
    if (input.areaId && !(await areaExists(this.db, userId, input.areaId))) throw areaNotFound();
    const crop = this.resolveCrop(input, identified);
    const profile = await profileForPlan(this.db, userId);
    const { plan, raw } = input.guide
      ? { plan: guideToPlan(input.guide), raw: JSON.stringify(input.guide) }
      : await this.makePlan(userId, input, crop, profile?.experience ?? null);

    const nowIso = new Date().toISOString();
    const plantId = randomUUID();
    // A plant saved at a later stage (a flowering tomato from Plant ID) is dated back by the
    // stages it has passed, so its timeline shows that stage today.
    const started = startAtStage(plan, input.stage, input.plantingDate);
    const plantingDate = started.plantingDate;
    const schedule = plantSchedule(plan.stages, plantingDate);
    // Tasks are written a millisecond apart in the plan's order, so tasks due on the same day
    // list in the order the plan gives them (what must happen first: fill the pot, then sow).
    const createdAt = Date.parse(nowIso);
    const tasks = planToTasks(started.plan, plantingDate, today, schedule.harvestDate).map(
      (draft, index) =>
        newTask(
          { ...draft, plantId },
          { id: randomUUID(), nowIso: new Date(createdAt + index).toISOString(), today },
        ),
    );
    const current = buildTimeline(plan.stages, plantingDate, today);
    const currentStage = current.stages[current.currentIndex];
    // Without a stage from the gardener, the plant is where its timeline says it is today; one
    // saved from an identification or a Grow Along guide starts as a seed (spec §4).
    const stage = input.stage ?? (identified || input.guide ? IDENTIFIED_PLANT_STAGE : null);
    // The recorded stage begins on its day in the schedule (midnight UTC, its date the day), so
    // the schedule read back from it is the one the tasks and milestones were dated by.
    const stageStart = stage ? schedule.stages[planStageIndex(plan.stages, stage)] : currentStage;
    const photoFrom = identified ? identified.imageId : (input.imageId ?? null);
    const guideSetup = input.guide && trackedSetup(input.guide, input);
    const row: Insertable<PlantTable> = {
      id: plantId,
      user_id: userId,
      name: input.name,
      scientific_name: identified?.scientificName || crop?.scientificName || null,
      common_name: identified?.commonNames[0] ?? crop?.name ?? null,
      slug: crop?.slug ?? (foldText(input.name).replaceAll(" ", "-") || null),
      crop_slug: crop?.slug ?? null,
      source: identified ? "identified" : crop ? "catalogue" : "custom",
      medium: input.medium,
      place: input.place,
      lighting: input.lights,
      garden_type: guideSetup?.gardenType ?? null,
      grow_lighting: guideSetup?.lighting ?? null,
      start_method: input.startMethod ?? null,
      experience: profile?.experience ?? null,
      planting_date: plantingDate,
      stage_plan: JSON.stringify(plan.stages),
      tips: JSON.stringify(plan.tips),
      ai_plan_raw: raw,
      ai_plan_version: 1,
      status: "active",
      stage: stage ?? currentStage?.name ?? null,
      stage_started_at: stageStart ? dayStart(stageStart.startDate) : stage ? nowIso : null,
      next_task_id: nextTask(tasks)?.id ?? null,
      image_path: null,
      image_id: photoFrom ? randomUUID() : null,
      area_id: input.areaId ?? null,
      location_place: profile?.location ?? null,
      notes: input.notes ?? null,
      created_at: nowIso,
      updated_at: nowIso,
      identified_at: identified?.createdAt ?? null,
    };
    // A stage the gardener gave is reached now; one the timeline gave, on the day it began.
    const reachedAt = stage ? nowIso : (row.stage_started_at ?? null);
    const milestones = newMilestones(plan.stages, row, reachedAt, nowIso);
    checkPlanDates([
      plantingDate,
      ...tasks.map((task) => task.dueDate),
      ...milestones.flatMap((m) => [m.date ?? null, m.to_at ?? null]),
    ]);
    const stored = await insertPlantWithTasks(
      this.db,
      this.dialect,
      row,
      tasks.map((task) => taskRow(task, userId)),
      photoFrom,
      milestones,
    );
    if (!stored) throw areaNotFound();
    this.publish({ userId, type: "plant.created", id: plantId });
    for (const task of tasks) {
      this.publish({ userId, type: "task.created", id: task.id, dueDates: [task.dueDate] });
    }
    const [plant, plantingWarning] = await Promise.all([
      this.get(userId, plantId, today),
      // A plant from a photo, or one saved at a later stage, is already growing: there is no
      // planting to warn about.
      identified || (input.stage && input.stage !== IDENTIFIED_PLANT_STAGE)
        ? null
        : this.warningFor(
            userId,
            {
              cropSlug: crop?.slug ?? null,
              date: input.plantingDate,
              startedAs: startedAs(input.startMethod, Boolean(input.guide)),
              indoors: input.place === "indoor",
            },
            today,
          ),
    ]);
    const units = profile?.units === "F" ? "F" : "C";
    // New tasks: no rain has skipped them yet.
    const sorted = sortTasks(tasks).map((task) => taskInUnits({ ...task, skip: null }, units));
    return { plant, tasks: sorted, plantingWarning };
  }

  /** The plant's photo; 404 when the plant is not the gardener's or has none. */
  async photo(userId: string, id: string): Promise<ImageRow> {
    const image = await plantImage(this.db, userId, id);
    if (image) return image;
    throw (await plantExists(this.db, userId, id))
      ? notFound("That plant's photo")
      : plantNotFound();
  }

  /** Adds or replaces the plant's photo (already checked and cleaned); the old one is deleted. */
  async setPhoto(userId: string, id: string, photo: StoredPhoto, today: string) {
    const nowIso = new Date().toISOString();
    const row = imageRow(randomUUID(), userId, photo, nowIso);
    if (!(await replacePlantImage(this.db, userId, id, row, nowIso))) throw plantNotFound();
    this.publish({ userId, type: "plant.updated", id });
    return this.get(userId, id, today);
  }

  /** Removes the plant's photo, if it has one. */
  async removePhoto(userId: string, id: string): Promise<void> {
    const nowIso = new Date().toISOString();
    if (!(await replacePlantImage(this.db, userId, id, null, nowIso))) throw plantNotFound();
    this.publish({ userId, type: "plant.updated", id });
  }

  /** Whether the plant is the gardener's (checked before a photo upload is read). */
  async exists(userId: string, id: string): Promise<boolean> {
    return plantExists(this.db, userId, id);
  }

  /**
   * A new stage is recorded as reached on its milestone (one is written if the stage had none),
   * and the plant's schedule runs on from it; a new planting date moves the schedule. Either way
   * the milestones not reached yet take their stage's new dates, and the first harvest check
   * (still due on the old harvest date) the new harvest date; other tasks keep their dates.
   * A new name replaces the old one in
   * the titles of the plant's pending tasks (completed ones keep the name they were done under).
   */
  async update(userId: string, id: string, patch: PlantPatch, today: string) {
    const nowIso = new Date().toISOString();
    const changes: Updateable<PlantTable> = { updated_at: nowIso };
    if (patch.name !== undefined) changes.name = patch.name;
    if (patch.stage !== undefined) {
      changes.stage = patch.stage;
      // The gardener's day, as midnight UTC: the plant's schedule runs from its date part.
      changes.stage_started_at = patch.stage === null ? null : dayStart(today);
    }
    if (patch.notes !== undefined) changes.notes = patch.notes;
    if (patch.medium !== undefined) changes.medium = patch.medium;
    if (patch.place !== undefined) changes.place = patch.place;
    if (patch.lights !== undefined) changes.lighting = patch.lights;
    if (patch.plantingDate !== undefined) changes.planting_date = patch.plantingDate;
    if (patch.areaId !== undefined) changes.area_id = patch.areaId;
    const reached = patch.stage?.trim() || null;
    const decide =
      reached || patch.plantingDate !== undefined
        ? (plant: PlantBeforeEdit, milestones: MilestoneRow[], pending: PendingTaskRow[]) =>
            milestoneChanges(plant, milestones, pending, {
              userId,
              plantId: id,
              reached,
              patch,
              stageStartedAt: changes.stage_started_at,
              nowIso,
              today,
            })
        : null;
    // Titles made from the plant's name ("Water Tomato") follow a rename, in the same transaction.
    const newName = patch.name;
    const retitle =
      newName === undefined
        ? null
        : (oldName: string, pending: { id: string; title: string }[]) =>
            pending
              .map((task) => ({ id: task.id, title: renameInTitle(task.title, oldName, newName) }))
              .filter((task, i) => task.title !== pending[i]?.title);
    const edit = await updatePlantAndMilestones(
      this.db,
      this.dialect,
      userId,
      id,
      changes,
      decide,
      retitle,
    );
    if (edit === "plant-gone") throw plantNotFound();
    if (edit === "area-gone") throw areaNotFound();
    this.publish({ userId, type: "plant.updated", id });
    return this.get(userId, id, today);
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await deletePlantWithChildren(this.db, this.dialect, userId, id, DELETE_BATCH_SIZE))) {
      throw plantNotFound();
    }
    this.publish({ userId, type: "plant.deleted", id });
  }

  /**
   * By slug when given (it must exist), else the identification's crop, else by name or alias; no
   * match makes a custom plant.
   */
  private resolveCrop(input: PlantCreate, identified: IdentifiedPlant | null): Crop | null {
    const slug = input.cropSlug ?? input.guide?.cropSlug ?? null;
    if (!slug) {
      const fromIdentification = identified?.cropSlug
        ? this.catalogue.bySlug(identified.cropSlug)
        : undefined;
      return fromIdentification ?? this.catalogue.byName(input.name) ?? null;
    }
    const crop = this.catalogue.bySlug(slug);
    if (crop) return crop;
    throw badRequest(
      "That crop is not in the catalogue. Pick one from the list or add a custom plant.",
      [{ path: "cropSlug", message: "Unknown crop." }],
    );
  }

  private async makePlan(
    userId: string,
    input: PlantCreate,
    crop: Crop | null,
    experience: string | null,
  ) {
    const weather = await this.weatherFor(userId).catch(() => null);
    try {
      const result = await this.plans.createPlan({
        crop,
        plantName: input.name,
        medium: input.medium,
        place: input.place,
        lights: input.lights,
        startMethod: input.startMethod ?? null,
        experience,
        weather,
      });
      if (isUsable(result.plan)) return result;
      this.log.warn({ provider: this.plans.name }, "plan provider returned an unusable plan");
    } catch (err) {
      this.log.warn({ err, provider: this.plans.name }, "plan provider failed");
    }
    throw planFailed();
  }
}

/** The milestone's stage in the schedule, by the rule a recorded stage is matched with. */
function scheduledStage(schedule: PlantSchedule, milestone: Milestone) {
  return schedule.stages[planStageIndex(schedule.stages, milestone.stage)];
}

/**
 * What a plant edit does to its milestones and tasks (rows in the order written): the recorded
 * stage is reached on the earliest open milestone of that stage, or a new one (dated today) when
 * it has none. The schedule before and after the edit (a new planting date moves the recorded
 * stage's first day with it) re-dates every milestone not yet reached to its stage's new dates,
 * and a pending harvest check due on the old harvest date to the new one.
 */
function milestoneChanges(
  plant: PlantBeforeEdit,
  milestones: MilestoneRow[],
  pending: PendingTaskRow[],
  edit: {
    userId: string;
    plantId: string;
    reached: string | null;
    patch: PlantPatch;
    stageStartedAt: string | null | undefined;
    nowIso: string;
    today: string;
  },
): MilestoneChanges {
  const changes: MilestoneChanges = { reach: [], insert: [], redate: [], redateTasks: [] };
  const ordered = milestones.map(toMilestone).sort(byDate);
  const plantingDate = edit.patch.plantingDate ?? plant.planting_date;
  const shift = daysBetween(plant.planting_date, plantingDate);
  let recorded = { stage: plant.stage, stage_started_at: plant.stage_started_at };
  if (edit.reached) {
    const outcome = stageReached(ordered, edit.reached);
    if (outcome.kind === "reach") {
      changes.reach.push({ id: outcome.id, reachedAt: edit.nowIso });
    } else if (outcome.kind === "create") {
      changes.insert.push({
        id: randomUUID(),
        user_id: edit.userId,
        plant_id: edit.plantId,
        name: stageTitle(edit.reached),
        stage: edit.reached,
        date: edit.today,
        from_at: edit.nowIso,
        to_at: null,
        created_at: edit.nowIso,
        reached_at: edit.nowIso,
      });
    }
    // Recording again a stage already recorded keeps the day it began.
    const again =
      outcome.kind === "already" &&
      sameStage(plant.stage, edit.reached) &&
      plant.stage_started_at !== null;
    if (again) changes.stageStartedAt = plant.stage_started_at ?? undefined;
    else recorded = { stage: edit.reached, stage_started_at: edit.stageStartedAt ?? null };
  } else if (edit.patch.stage === null) {
    recorded = { stage: null, stage_started_at: null };
  } else if (shift !== 0 && plant.stage_started_at) {
    changes.stageStartedAt = shiftInstant(plant.stage_started_at, shift) ?? undefined;
    recorded = { stage: plant.stage, stage_started_at: changes.stageStartedAt ?? null };
  }

  const stagePlan = stagePlanOf(plant);
  const before = plantSchedule(stagePlan, plant.planting_date, recordedStageOf(plant));
  const after = plantSchedule(stagePlan, plantingDate, recordedStageOf(recorded));
  const reachedNow = new Set(changes.reach.map((r) => r.id));
  for (const milestone of ordered) {
    if (milestone.reachedAt !== null || reachedNow.has(milestone.id)) continue;
    const stage = scheduledStage(after, milestone);
    // A stage the plan lacks (or a milestone from before stages were kept) moves with the date.
    const date = stage ? stage.startDate : addDays(milestone.date, shift);
    if (date === milestone.date) continue;
    changes.redate.push({
      id: milestone.id,
      date,
      fromAt: stage ? dayStart(stage.startDate) : shiftInstant(milestone.fromAt, shift),
      toAt: stage ? dayStart(stage.endDate) : shiftInstant(milestone.toAt, shift),
    });
  }
  if (before.harvestDate && after.harvestDate && before.harvestDate !== after.harvestDate) {
    for (const task of pending) {
      if (task.due_date === before.harvestDate && isHarvestTask(task)) {
        changes.redateTasks.push({ id: task.id, dueDate: after.harvestDate });
      }
    }
  }
  checkPlanDates([
    ...changes.redate.flatMap((m) => [m.date, m.toAt]),
    ...changes.redateTasks.map((t) => t.dueDate),
  ]);
  return changes;
}
