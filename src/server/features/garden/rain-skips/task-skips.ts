import type { Kysely } from "kysely";
import type { Task, TaskSkip } from "../../../../core/garden";
import type { Database } from "../../../db/schema";
import { standingSkips, type TaskSkipRow } from "./repository";

const toSkip = (row: TaskSkipRow): TaskSkip => ({
  on: row.skipped_on,
  rainMm: Number(row.rain_mm),
  fromDueDate: row.from_due_date,
});

/**
 * The tasks with `skip` set: the standing rain skip a pending task's due date came from, else
 * null. A skip whose task was moved since (done, edited, watered by hand) explains nothing now.
 */
export async function withSkips(
  db: Kysely<Database>,
  userId: string,
  tasks: readonly Task[],
): Promise<Task[]> {
  const pendingIds = tasks.filter((task) => task.status === "pending").map((task) => task.id);
  const byTask = new Map<string, TaskSkipRow[]>();
  for (const row of await standingSkips(db, userId, pendingIds)) {
    byTask.set(row.task_id, [...(byTask.get(row.task_id) ?? []), row]);
  }
  return tasks.map((task) => {
    const row = byTask.get(task.id)?.find((skip) => skip.to_due_date === task.dueDate);
    return { ...task, skip: row ? toSkip(row) : null };
  });
}
