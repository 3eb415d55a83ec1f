import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import {
  type CareKind,
  careLoggedMoves,
  completeTask,
  DATE_RANGE_WORDS,
  type IsoDate,
  isWithinDateRange,
  newTask,
  type Task,
} from "../../../core/garden";
import { snoozedDueDate } from "../../../core/reminders";
import type { TaskCreate, TaskListQuery, TaskPatch } from "../../../core/schemas/task";
import type { Dialect } from "../../db/connection";
import type { Database } from "../../db/schema";
import { badRequest, notFound } from "../../errors";
import { decodeCursor, encodeCursor } from "../../lib/cursor";
import { findUnits } from "../profile/read-model";
import { type PublishChange, publishNothing } from "./changes";
import { lockGarden } from "./garden-lock";
import { taskInUnits } from "./in-units";
import { withSkips } from "./rain-skips/task-skips";
import { plantExists } from "./read-model";
import { type TaskRow, taskRow, toTask } from "./rows";
import {
  deleteTask,
  findPendingRepeat,
  findTask,
  insertTask,
  listTasks,
  moveTaskDueDate,
  nextTaskIdOf,
  pendingTasksOfPlant,
  refreshNextTask,
  type TaskKey,
  updateTask,
} from "./tasks-repository";

export interface TaskPage {
  tasks: Task[];
  nextCursor: string | null;
}

export interface Completion {
  task: Task;
  next: Task | null;
}

export interface Reopening {
  task: Task;
  removed: Task | null;
}

const taskNotFound = () => notFound("That task");

/** A page of `limit` tasks from `limit + 1` rows read, with the cursor of the next page. */
export function taskPage(rows: TaskRow[], limit: number): TaskPage {
  const tasks = rows.slice(0, limit).map(toTask);
  const last = tasks[tasks.length - 1];
  const nextCursor =
    rows.length > limit && last ? encodeCursor([last.dueDate, last.createdAt, last.id]) : null;
  return { tasks, nextCursor };
}

function cursorKey(cursor: string): TaskKey {
  const [dueDate = null, createdAt, id] = decodeCursor(cursor, 3);
  return { dueDate, createdAt: createdAt ?? "", id: id ?? "" };
}

/** Task rules (spec §4 Task, §5 Add Task); every query is scoped to the signed-in user. */
export class TaskService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly publish: PublishChange = publishNothing,
  ) {}

  async list(userId: string, query: TaskListQuery): Promise<TaskPage> {
    const after = query.cursor ? cursorKey(query.cursor) : null;
    const filter = { status: query.status, plantId: query.plantId };
    const [rows, units] = await Promise.all([
      listTasks(this.db, userId, filter, query.limit + 1, after),
      findUnits(this.db, userId),
    ]);
    const page = taskPage(rows, query.limit);
    const tasks = await withSkips(this.db, userId, page.tasks);
    return { ...page, tasks: tasks.map((task) => taskInUnits(task, units)) };
  }

  async create(userId: string, input: TaskCreate, today: string): Promise<Task> {
    const task = newTask(
      {
        title: input.title,
        dueDate: input.dueDate,
        plantId: input.plantId ?? null,
        type: input.type,
        priority: input.priority,
        notes: input.notes ?? null,
        repeatEveryDays: input.repeatEveryDays ?? null,
      },
      { id: randomUUID(), nowIso: new Date().toISOString(), today },
    );
    // The route's schema checks this already; the assistant's tasks come through here unchecked.
    if (task.dueDate !== null && !isWithinDateRange(task.dueDate)) {
      throw badRequest(
        `Check dueDate: Tendril keeps dates from ${DATE_RANGE_WORDS}; pick a due date in that range.`,
        [{ path: "dueDate", message: `must be a date from ${DATE_RANGE_WORDS}.` }],
      );
    }
    const nextChanged = await this.db.transaction().execute(async (trx) => {
      if (task.plantId) await this.lockPlantsOf(trx, userId);
      if (task.plantId && !(await plantExists(trx, userId, task.plantId))) {
        throw notFound("That plant");
      }
      await insertTask(trx, taskRow(task, userId));
      return task.plantId ? refreshNextTask(trx, userId, task.plantId) : false;
    });
    this.published(userId, "task.created", task.id, task.plantId, !nextChanged, [task.dueDate]);
    return taskInUnits({ ...task, skip: null }, await findUnits(this.db, userId));
  }

  /** Spec §4: completing a repeating task schedules the next one. Completing twice is a no-op. */
  async complete(userId: string, id: string, today: string): Promise<Completion> {
    const { task, next } = await this.edit(userId, id, { status: "completed" }, today);
    const units = await findUnits(this.db, userId);
    // The repeat is new: no rain has skipped it yet.
    const [answered = task] = await withSkips(this.db, userId, [task]);
    return {
      task: taskInUnits(answered, units),
      next: next && taskInUnits({ ...next, skip: null }, units),
    };
  }

  /**
   * Undoes a completion: the task is pending again and the repeat its completion scheduled goes,
   * while that repeat is still pending (one done since is the gardener's history and stays).
   * Reopening a pending task changes nothing.
   */
  async reopen(userId: string, id: string, today: string): Promise<Reopening> {
    const { task, removed } = await this.edit(userId, id, { status: "pending" }, today);
    const [answered = task] = await withSkips(this.db, userId, [task]);
    return { task: answered, removed: removed && { ...removed, skip: null } };
  }

  async update(userId: string, id: string, patch: TaskPatch, today: string): Promise<Task> {
    return this.inUnits(userId, (await this.edit(userId, id, patch, today)).task);
  }

  /**
   * The reminder's "Snooze": due `days` after the later of today and its due date. A task done
   * meanwhile (on another device) is answered as it stands. A snooze past the last date Tendril
   * keeps is refused: the gardener asked for that date, so it is not quietly changed.
   */
  async snooze(userId: string, id: string, days: number, today: string): Promise<Task> {
    const row = await findTask(this.db, userId, id);
    if (!row) throw taskNotFound();
    if (row.status !== "pending") return this.inUnits(userId, toTask(row));
    const dueDate = snoozedDueDate(row.due_date, today, days);
    if (dueDate === null) {
      throw badRequest(
        `Snoozing this task by ${days} ${days === 1 ? "day" : "days"} would make it due after 31 December 2199, the last date Tendril keeps; snooze it for fewer days.`,
        [{ path: "days", message: "would make the task due after 31 December 2199." }],
      );
    }
    return this.update(userId, id, { dueDate }, today);
  }

  /**
   * Care logged in the journal ("watered" or "fed" on `day`): the plant's repeating tasks of that
   * kind fall due their interval after `day` (core `careLoggedMoves`), all in one transaction. A
   * task moved or done meanwhile is left as it stands. Answers the tasks moved.
   */
  async careLogged(userId: string, plantId: string, kind: CareKind, day: IsoDate): Promise<Task[]> {
    const { moved, listUnchanged } = await this.db.transaction().execute(async (trx) => {
      await this.lockPlantsOf(trx, userId);
      if (!(await plantExists(trx, userId, plantId))) throw notFound("That plant");
      const pending = (await pendingTasksOfPlant(trx, userId, plantId)).map(toTask);
      const dueBefore = new Map(pending.map((task) => [task.id, task.dueDate]));
      const moved: { task: Task; from: string | null }[] = [];
      for (const task of careLoggedMoves(pending, kind, day)) {
        const from = dueBefore.get(task.id) ?? null;
        if (from === null || task.dueDate === null) continue;
        if (await moveTaskDueDate(trx, userId, task.id, from, task.dueDate)) {
          moved.push({ task, from });
        }
      }
      if (moved.length === 0) return { moved, listUnchanged: true };
      const nextChanged = await refreshNextTask(trx, userId, plantId);
      const nextId = await nextTaskIdOf(trx, userId, plantId);
      return {
        moved,
        listUnchanged: !nextChanged && !moved.some(({ task }) => task.id === nextId),
      };
    });
    for (const { task, from } of moved) {
      this.publish({
        userId,
        type: "task.updated",
        id: task.id,
        plantId,
        dueDates: [from, task.dueDate],
      });
    }
    if (moved.length > 0)
      this.publish({ userId, type: "plant.updated", id: plantId, listUnchanged });
    const units = await findUnits(this.db, userId);
    const answered = await withSkips(
      this.db,
      userId,
      moved.map(({ task }) => task),
    );
    return answered.map((task) => taskInUnits(task, units));
  }

  async remove(userId: string, id: string): Promise<void> {
    const { plantId, nextChanged, dueDate } = await this.db.transaction().execute(async (trx) => {
      const row = await findTask(trx, userId, id);
      // A plant's deletion may take the task while this waits: the delete then finds none.
      if (row?.plant_id) await this.lockPlantsOf(trx, userId);
      if (!row || !(await deleteTask(trx, userId, id))) throw taskNotFound();
      const changed = row.plant_id ? await refreshNextTask(trx, userId, row.plant_id) : false;
      return { plantId: row.plant_id, nextChanged: changed, dueDate: row.due_date };
    });
    this.published(userId, "task.deleted", id, plantId, !nextChanged, [dueDate]);
  }

  /**
   * Taken before a transaction writes a plant's tasks: the plant's deletion locks the plant, then
   * its tasks, while such a write locks a task, then the plant (its next task), so the two would
   * deadlock. Under the garden lock they take turns (garden-lock.ts).
   */
  private lockPlantsOf(trx: Kysely<Database>, userId: string): Promise<void> {
    return lockGarden(trx, this.dialect, userId);
  }

  /** A task as the gardener reads it: stored text, quantities in their units, its rain skip. */
  private async inUnits(userId: string, task: Task): Promise<Task> {
    const [units, [withSkip = task]] = await Promise.all([
      findUnits(this.db, userId),
      withSkips(this.db, userId, [task]),
    ]);
    return taskInUnits(withSkip, units);
  }

  /**
   * Tells the task's change, and for a plant's task that the plant changed too. The plant list
   * shows each plant's next task: it reads the same unless the next task changed or is this one.
   */
  private published(
    userId: string,
    type: "task.created" | "task.updated" | "task.deleted",
    id: string,
    plantId: string | null,
    listUnchanged: boolean,
    dueDates: (string | null)[],
  ) {
    this.publish({ userId, type, id, plantId, dueDates });
    if (plantId) this.publish({ userId, type: "plant.updated", id: plantId, listUnchanged });
  }

  /**
   * Applies the edits, then a status change: to "completed" it runs core `completeTask` on the
   * edited task (so a new interval or due date counts for the repeat); back to "pending" it
   * clears completedAt and removes the repeat the completion scheduled, if still pending. The
   * update only applies while the task still has the status it was read with, so two racing
   * completions schedule one repeat and two racing reopenings remove it once.
   */
  private async edit(userId: string, id: string, patch: TaskPatch, today: string) {
    const nowIso = new Date().toISOString();
    const result = await this.db.transaction().execute(async (trx) => {
      const row = await findTask(trx, userId, id);
      if (!row) throw taskNotFound();
      // A plant's deletion may take the task while this waits: the update then finds none.
      if (row.plant_id) await this.lockPlantsOf(trx, userId);
      const current = toTask(row);
      const edited: Task = {
        ...current,
        title: patch.title ?? current.title,
        dueDate: patch.dueDate ?? current.dueDate,
        notes: patch.notes === undefined ? current.notes : patch.notes,
        priority: patch.priority ?? current.priority,
        repeatEveryDays:
          patch.repeatEveryDays === undefined ? current.repeatEveryDays : patch.repeatEveryDays,
      };
      let done: Completion = { task: edited, next: null };
      if (patch.status === "completed") {
        const { completed, next } = completeTask(edited, today, randomUUID(), nowIso);
        done = { task: completed, next };
      } else if (patch.status === "pending") {
        done = { task: { ...edited, status: "pending", completedAt: null }, next: null };
      }
      const {
        id: _id,
        user_id: _user,
        created_at: _created,
        ...changes
      } = taskRow(done.task, userId);
      if (!(await updateTask(trx, userId, id, current.status, changes))) {
        // Someone else changed the status first: report the task as it now stands.
        const now = await findTask(trx, userId, id);
        if (!now) throw taskNotFound();
        return {
          task: toTask(now),
          next: null,
          removed: null,
          plantId: null,
          listUnchanged: true,
          dueDates: [current.dueDate, now.due_date],
        };
      }
      if (done.next) await insertTask(trx, taskRow(done.next, userId));
      const removed =
        done.task.status === "pending" && current.completedAt
          ? await findPendingRepeat(trx, userId, { ...current, completedAt: current.completedAt })
          : undefined;
      if (removed) await deleteTask(trx, userId, removed.id);
      const plantId = current.plantId;
      // A plant's next task is its earliest pending one: an edit that keeps this task's status
      // and due date and adds no repeat (notes, title, priority) cannot change which one it is,
      // so the refresh (an UPDATE with two subqueries) is skipped for it.
      const moved =
        done.task.status !== current.status ||
        done.task.dueDate !== current.dueDate ||
        done.next !== null;
      const listUnchanged =
        !plantId ||
        (!(moved && (await refreshNextTask(trx, userId, plantId))) &&
          (await nextTaskIdOf(trx, userId, plantId)) !== id);
      return {
        ...done,
        removed: removed ? toTask(removed) : null,
        plantId,
        listUnchanged,
        dueDates: [current.dueDate, done.task.dueDate],
      };
    });
    const { plantId, listUnchanged, next, removed } = result;
    this.publish({ userId, type: "task.updated", id, plantId, dueDates: result.dueDates });
    if (next) {
      this.publish({
        userId,
        type: "task.created",
        id: next.id,
        plantId,
        dueDates: [next.dueDate],
      });
    }
    if (removed) {
      this.publish({
        userId,
        type: "task.deleted",
        id: removed.id,
        plantId,
        dueDates: [removed.dueDate],
      });
    }
    if (plantId) this.publish({ userId, type: "plant.updated", id: plantId, listUnchanged });
    return { task: result.task, next: result.next, removed };
  }
}
