import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import {
  RAIN_SKIP_MM,
  type RainExposure,
  rainReaches,
  rainSkip,
  type Task,
} from "../../../../core/garden";
import { addDays } from "../../../../core/garden/dates";
import type { Dialect } from "../../../db/connection";
import type { Database } from "../../../db/schema";
import { notFound } from "../../../errors";
import { findUnits } from "../../profile/read-model";
import type { PublishChange } from "../changes";
import { lockGarden } from "../garden-lock";
import { taskInUnits } from "../in-units";
import { toTask } from "../rows";
import { findTask, moveTaskDueDate, nextTaskIdOf, refreshNextTask } from "../tasks-repository";
import {
  deleteSkip,
  type ExposureColumns,
  insertSkip,
  markUndone,
  outdoorWateringDue,
  standingSkips,
  wateringCandidates,
} from "./repository";
import { withSkips } from "./task-skips";

/**
 * A run asks the weather service for at most this many gardeners' weather, one at a time; the
 * others wait for the next run (their forecasts, once fetched, serve 3 hours of runs).
 */
export const RAIN_FETCHES_PER_RUN = 20;

/** Today's rain at a gardener's own place (WeatherService.rainAtHome). */
export type RainAt = (
  userId: string,
  now: Date,
  mayFetch: boolean,
) => Promise<{ rain: { day: string; rainMm: number | null } | null; fetched: boolean }>;

export interface RainSkipDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  publish: PublishChange;
  rainAt: RainAt;
  log: Logger;
}

const exposureOf = (row: ExposureColumns): RainExposure => ({
  place: row.place,
  medium: row.medium,
  gardenType: row.garden_type,
  area: row.area_kind === null ? null : { kind: row.area_kind, covered: !!row.area_covered },
});

interface Moved {
  id: string;
  plantId: string | null;
  from: string;
  to: string;
}

/**
 * The rain skip (issue 26): on a day with enough rain at the gardener's place, their outdoor
 * soil plants' due waterings are skipped and moved by their interval, with a task_skips row that
 * says why and lets them undo it. It runs from the reminder scheduler only (issue 37: reading
 * the weather changes nothing), with the forecast of each gardener's own place, reused while
 * fresh or fetched for gardeners who have such a watering due.
 */
export class RainSkipService {
  private readonly db: Kysely<Database>;
  private readonly dialect: Dialect;
  private readonly publish: PublishChange;
  private readonly rainAt: RainAt;
  private readonly log: Logger;

  constructor(deps: RainSkipDeps) {
    this.db = deps.db;
    this.dialect = deps.dialect;
    this.publish = deps.publish;
    this.rainAt = deps.rainAt;
    this.log = deps.log;
  }

  /**
   * Every gardener with an outdoor watering due and rain enough today at their place (the
   * reminder scheduler's run). One gardener's failure (their weather, their tasks) is logged and
   * the others go on. Returns how many waterings were skipped.
   */
  async runOnce(now = new Date()): Promise<number> {
    // A place's today is at most a day ahead of UTC's: every watering due at any place is here.
    const latestDay = addDays(now.toISOString().slice(0, 10), 1);
    const gardeners = new Set(
      (await outdoorWateringDue(this.db, latestDay))
        .filter((row) => rainReaches(exposureOf(row)))
        .map((row) => row.user_id),
    );
    let fetches = RAIN_FETCHES_PER_RUN;
    let skipped = 0;
    for (const userId of gardeners) {
      const mayFetch = fetches > 0;
      try {
        const { rain, fetched } = await this.rainAt(userId, now, mayFetch);
        if (fetched) fetches -= 1;
        if (!rain || rain.rainMm === null || rain.rainMm < RAIN_SKIP_MM) continue;
        skipped += await this.skipFor(userId, rain.day, rain.rainMm, now);
      } catch (err) {
        // It may have failed calling the weather service: that call counts too.
        if (mayFetch) fetches -= 1;
        this.log.warn({ err, userId }, "the rain skip failed for a gardener");
      }
    }
    return skipped;
  }

  /** Puts the task back on the due date the rain skip moved it from; a second undo changes nothing. */
  async undo(userId: string, taskId: string): Promise<Task> {
    const result = await this.db.transaction().execute(async (trx) => {
      const row = await findTask(trx, userId, taskId);
      if (!row) throw notFound("That task");
      // As a task edit does (TaskService.lockPlantsOf): the task, then its plant's next task.
      if (row.plant_id) await lockGarden(trx, this.dialect, userId);
      const skip = (await standingSkips(trx, userId, [taskId])).find(
        (s) => s.to_due_date === row.due_date,
      );
      if (!skip || row.status !== "pending") return { task: toTask(row), moved: null };
      const from = skip.to_due_date;
      const to = skip.from_due_date;
      if (!(await moveTaskDueDate(trx, userId, taskId, from, to))) {
        const now = await findTask(trx, userId, taskId);
        if (!now) throw notFound("That task");
        return { task: toTask(now), moved: null };
      }
      await markUndone(trx, userId, skip.id, new Date().toISOString());
      const task = { ...toTask(row), dueDate: to };
      const moved: Moved = { id: taskId, plantId: row.plant_id, from, to };
      const listUnchanged = await this.plantListUnchanged(trx, userId, [moved]);
      return { task, moved, listUnchanged };
    });
    if (result.moved) this.published(userId, [result.moved], result.listUnchanged ?? false);
    const [task] = await withSkips(this.db, userId, [result.task]);
    return taskInUnits(task ?? result.task, await findUnits(this.db, userId));
  }

  private async skipFor(userId: string, day: string, rainMm: number, now: Date): Promise<number> {
    const moved: Moved[] = [];
    for (const row of await wateringCandidates(this.db, userId, day)) {
      const skip = rainSkip(toTask(row), exposureOf(row), day, rainMm);
      const to = skip?.task.dueDate;
      if (!skip || !to) continue;
      // The unique (task, day) index makes a second run, here or on another instance, a no-op;
      // the move applies only while the task is still pending and due where it was read.
      const done = await this.db.transaction().execute(async (trx) => {
        // The plant's deletion takes the task's skips with it: one recorded meanwhile would stay.
        await lockGarden(trx, this.dialect, userId);
        const id = randomUUID();
        const recorded = await insertSkip(trx, {
          id,
          user_id: userId,
          task_id: row.id,
          skipped_on: day,
          rain_mm: rainMm,
          from_due_date: skip.fromDueDate,
          to_due_date: to,
          created_at: now.toISOString(),
          undone_at: null,
        });
        if (!recorded) return false;
        if (await moveTaskDueDate(trx, userId, row.id, skip.fromDueDate, to)) return true;
        await deleteSkip(trx, userId, id);
        return false;
      });
      if (done) moved.push({ id: row.id, plantId: row.plant_id, from: skip.fromDueDate, to });
    }
    if (moved.length > 0) {
      const listUnchanged = await this.plantListUnchanged(this.db, userId, moved);
      this.published(userId, moved, listUnchanged);
    }
    return moved.length;
  }

  /** Refreshes the moved tasks' plants' next task; true when no plant's list row reads differently. */
  private async plantListUnchanged(
    db: Kysely<Database>,
    userId: string,
    moved: readonly Moved[],
  ): Promise<boolean> {
    let unchanged = true;
    for (const plantId of new Set(moved.flatMap((m) => (m.plantId ? [m.plantId] : [])))) {
      const changed = await refreshNextTask(db, userId, plantId);
      const nextId = await nextTaskIdOf(db, userId, plantId);
      if (changed || moved.some((m) => m.id === nextId)) unchanged = false;
    }
    return unchanged;
  }

  private published(userId: string, moved: readonly Moved[], listUnchanged: boolean) {
    for (const m of moved) {
      this.publish({
        userId,
        type: "task.updated",
        id: m.id,
        plantId: m.plantId,
        dueDates: [m.from, m.to],
      });
    }
    for (const plantId of new Set(moved.flatMap((m) => (m.plantId ? [m.plantId] : [])))) {
      this.publish({ userId, type: "plant.updated", id: plantId, listUnchanged });
    }
  }
}
