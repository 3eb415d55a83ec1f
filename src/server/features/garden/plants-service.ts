import { randomUUID } from "node:crypto";
import type { Insertable, Kysely, Updateable } from "kysely";
import type { Logger } from "pino";
import { foldText } from "../../../core/catalogue-search";
import {
  type AiPlan,
  buildTimeline,
  newTask,
  nextTask,
  planToTasks,
  sortTasks,
  type Task,
} from "../../../core/garden";
import type { Crop } from "../../../core/schemas/crop";
import type { Plant, PlantCreate, PlantDetail, PlantPatch } from "../../../core/schemas/plant";
import type { Database, PlantTable } from "../../db/schema";
import { AppError, badRequest, notFound } from "../../errors";
import { decodeCursor, encodeCursor } from "../../lib/cursor";
import type { PlanProvider } from "../../providers/ai/plan-provider";
import type { Catalogue } from "../catalogue/catalogue";
import type { PlanWeather } from "../weather/current-for-plans";
import { type PublishChange, publishNothing } from "./changes";
import {
  deletePlantWithChildren,
  findPlant,
  insertPlantWithTasks,
  listPlants,
  milestonesOfPlant,
  profileForPlan,
  updatePlant,
} from "./plants-repository";
import { stagePlanOf, taskRow, toMilestone, toPlant, toTask } from "./rows";
import { countPendingTasksOfPlant, listTasks, tasksByIds } from "./tasks-repository";
import { taskPage } from "./tasks-service";

/** API.md: a plant's detail holds at most this many pending tasks; the rest are paged. */
export const DETAIL_TASKS = 100;
/** Spec §4 Plant and §9: deletions go in batches of this many rows. */
export const DELETE_BATCH_SIZE = 450;
/** Spec §8 "Plans and plants": the description of the failed-plan toast. */
export const PLAN_FAILED_MESSAGE = "AI failed to return a valid plan.";
/** Ten years: longer stages or later tasks mean the plan is broken, not the plant. */
const MAX_PLAN_DAYS = 3650;

export type PlantListItem = Plant & { nextTask: Task | null };

const plantNotFound = () => notFound("That plant");
const planFailed = () => new AppError(502, "upstream_unavailable", PLAN_FAILED_MESSAGE);

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
    private readonly catalogue: Catalogue,
    private readonly plans: PlanProvider,
    private readonly log: Pick<Logger, "warn">,
    private readonly publish: PublishChange = publishNothing,
    private readonly weatherFor: (userId: string) => Promise<PlanWeather | null> = async () => null,
  ) {}

  async list(userId: string, query: { limit: number; cursor?: string | undefined }, today: string) {
    const after = query.cursor ? decodeCursor(query.cursor, 2) : null;
    const rows = await listPlants(
      this.db,
      userId,
      query.limit + 1,
      after ? { createdAt: after[0] ?? "", id: after[1] ?? "" } : null,
    );
    const page = rows.slice(0, query.limit);
    const nextIds = page.flatMap((row) => (row.next_task_id ? [row.next_task_id] : []));
    const next = new Map(
      (await tasksByIds(this.db, userId, nextIds)).map((row) => [row.id, toTask(row)]),
    );
    const plants: PlantListItem[] = page.map((row) => ({
      ...toPlant(row, today),
      nextTask: (row.next_task_id && next.get(row.next_task_id)) || null,
    }));
    const last = page[page.length - 1];
    const nextCursor =
      rows.length > query.limit && last ? encodeCursor([last.created_at, last.id]) : null;
    return { plants, nextCursor };
  }

  async get(userId: string, id: string, today: string): Promise<PlantDetail> {
    const row = await findPlant(this.db, userId, id);
    if (!row) throw plantNotFound();
    const pending = { status: "pending", plantId: id };
    const [taskRows, taskCount, milestoneRows] = await Promise.all([
      listTasks(this.db, userId, pending, DETAIL_TASKS + 1, null),
      countPendingTasksOfPlant(this.db, userId, id),
      milestonesOfPlant(this.db, userId, id),
    ]);
    const { tasks, nextCursor } = taskPage(taskRows, DETAIL_TASKS);
    return {
      ...toPlant(row, today),
      timeline: buildTimeline(stagePlanOf(row), row.planting_date, today),
      tasks,
      taskCount,
      tasksNextCursor: nextCursor,
      nextTask: tasks[0] ?? null,
      milestones: milestoneRows.map(toMilestone),
    };
  }

  /**
   * Spec §4 New plant: the plan (stages, tasks, tips) comes from the plan provider; the plant, its
   * tasks and next_task_id are written in one transaction. No valid plan, nothing saved: 502.
   */
  async create(userId: string, input: PlantCreate, today: string) {
    const crop = this.resolveCrop(input);
    const profile = await profileForPlan(this.db, userId);
    const { plan, raw } = await this.makePlan(userId, input, crop, profile?.experience ?? null);

    const nowIso = new Date().toISOString();
    const plantId = randomUUID();
    const tasks = planToTasks(plan, input.plantingDate, today).map((draft) =>
      newTask({ ...draft, plantId }, { id: randomUUID(), nowIso, today }),
    );
    const current = buildTimeline(plan.stages, input.plantingDate, today);
    const currentStage = current.stages[current.currentIndex];
    const row: Insertable<PlantTable> = {
      id: plantId,
      user_id: userId,
      name: input.name,
      scientific_name: crop?.scientificName ?? null,
      common_name: crop?.name ?? null,
      slug: crop?.slug ?? (foldText(input.name).replaceAll(" ", "-") || null),
      crop_slug: crop?.slug ?? null,
      source: crop ? "catalogue" : "custom",
      medium: input.medium,
      place: input.place,
      lighting: input.lights,
      start_method: input.startMethod ?? null,
      experience: profile?.experience ?? null,
      planting_date: input.plantingDate,
      stage_plan: JSON.stringify(plan.stages),
      tips: JSON.stringify(plan.tips),
      ai_plan_raw: raw,
      ai_plan_version: 1,
      status: "active",
      // Without a stage from the gardener, the plant is where its timeline says it is today.
      stage: input.stage ?? currentStage?.name ?? null,
      stage_started_at: input.stage
        ? nowIso
        : currentStage
          ? `${currentStage.startDate}T00:00:00.000Z`
          : null,
      next_task_id: nextTask(tasks)?.id ?? null,
      image_path: input.imageId ?? null,
      location_place: profile?.location ?? null,
      notes: input.notes ?? null,
      created_at: nowIso,
      updated_at: nowIso,
      identified_at: null,
    };
    await insertPlantWithTasks(
      this.db,
      row,
      tasks.map((task) => taskRow(task, userId)),
    );
    this.publish({ userId, type: "plant.created", id: plantId });
    for (const task of tasks) this.publish({ userId, type: "task.created", id: task.id });
    return { plant: await this.get(userId, plantId, today), tasks: sortTasks(tasks) };
  }

  async update(userId: string, id: string, patch: PlantPatch, today: string) {
    const nowIso = new Date().toISOString();
    const changes: Updateable<PlantTable> = { updated_at: nowIso };
    if (patch.name !== undefined) changes.name = patch.name;
    if (patch.stage !== undefined) {
      changes.stage = patch.stage;
      changes.stage_started_at = patch.stage === null ? null : nowIso;
    }
    if (patch.notes !== undefined) changes.notes = patch.notes;
    if (patch.medium !== undefined) changes.medium = patch.medium;
    if (patch.place !== undefined) changes.place = patch.place;
    if (patch.lights !== undefined) changes.lighting = patch.lights;
    if (patch.plantingDate !== undefined) changes.planting_date = patch.plantingDate;
    if (!(await updatePlant(this.db, userId, id, changes))) throw plantNotFound();
    this.publish({ userId, type: "plant.updated", id });
    return this.get(userId, id, today);
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await deletePlantWithChildren(this.db, userId, id, DELETE_BATCH_SIZE))) {
      throw plantNotFound();
    }
    this.publish({ userId, type: "plant.deleted", id });
  }

  /** By slug when given (it must exist), else by name or alias; no match makes a custom plant. */
  private resolveCrop(input: PlantCreate): Crop | null {
    if (!input.cropSlug) return this.catalogue.byName(input.name) ?? null;
    const crop = this.catalogue.bySlug(input.cropSlug);
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
