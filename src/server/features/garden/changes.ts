/** A plant or task change, as the live-changes bus (src/server/realtime) carries it. */
export interface GardenChange {
  userId: string;
  type:
    | "plant.created"
    | "plant.updated"
    | "plant.deleted"
    | "task.created"
    | "task.updated"
    | "task.deleted";
  id: string;
  /** Task changes: the task's plant, if any. */
  plantId?: string | null;
  /**
   * Task changes: the task's due dates before and after (one for a new or deleted task). Task
   * lists then drop only the pages that show those dates; without them, every task list.
   */
  dueDates?: (string | null)[];
  /**
   * plant.updated sent for a task change that left the plant's own row and next task as they
   * were: the plant list still reads the same.
   */
  listUnchanged?: boolean;
}

/** Called after a change is committed; must not throw (the app logs publishing failures). */
export type PublishChange = (change: GardenChange) => void;

export const publishNothing: PublishChange = () => {};

/** Scopes of the garden read cache: every task list, the plant list, one plant's reads. */
export const TASKS_SCOPE = "tasks";
export const PLANTS_SCOPE = "plants";
export const plantScope = (plantId: string) => `plant:${plantId}`;

/** Where a task sorts in the task lists (by due date, none last), as the response cache compares. */
export const taskListKey = (dueDate: string | null): string => dueDate ?? "\uffff";

/**
 * The keys of a scope's list pages a change touched (UserResponseCache.invalidateKeys), or null
 * when it cannot say. A task change names its due dates: the task lists' sort keys. A plant's
 * update names the plant: it changes its own row on the plant list, never which plants a page
 * holds (pages go by when each plant was added).
 */
export function keysChangedBy(change: {
  type: string;
  id: string;
  dueDates?: unknown;
  listUnchanged?: unknown;
}): { scope: string; keys: string[] } | null {
  if (change.type === "plant.updated") {
    return change.listUnchanged === true ? null : { scope: PLANTS_SCOPE, keys: [change.id] };
  }
  const { type, dueDates } = change;
  if (!type.startsWith("task.") || !Array.isArray(dueDates) || dueDates.length === 0) return null;
  const dates: unknown[] = dueDates;
  if (!dates.every((date) => date === null || typeof date === "string")) return null;
  return { scope: TASKS_SCOPE, keys: (dates as (string | null)[]).map(taskListKey) };
}

/**
 * The cached reads a change can alter (undefined: all of the user's). A plant's detail and its
 * task list (GET /api/tasks?plantId=) are its own scope; task lists without a plant are "tasks";
 * the plant list shows each plant's row and next task.
 */
export function scopesChangedBy(change: {
  type: string;
  id: string;
  plantId?: unknown;
  listUnchanged?: unknown;
  dueDates?: unknown;
}): string[] | undefined {
  switch (change.type) {
    case "task.created":
    case "task.updated":
    case "task.deleted": {
      // With its due dates, the task lists are left to keysChangedBy.
      const lists = keysChangedBy(change) ? [] : [TASKS_SCOPE];
      return typeof change.plantId === "string" ? [...lists, plantScope(change.plantId)] : lists;
    }
    case "plant.updated":
      // The plant list is left to keysChangedBy.
      return [plantScope(change.id)];
    case "plant.created":
      // Its plan's tasks each come with a task.created of their own.
      return [PLANTS_SCOPE];
    case "sessions.ended":
    case "chat.updated":
    case "workflow.updated":
      // Chats and checklists are not among the cached garden reads.
      return [];
    default:
      return undefined;
  }
}
