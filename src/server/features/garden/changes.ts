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
}): string[] | undefined {
  switch (change.type) {
    case "task.created":
    case "task.updated":
    case "task.deleted":
      return typeof change.plantId === "string"
        ? [TASKS_SCOPE, plantScope(change.plantId)]
        : [TASKS_SCOPE];
    case "plant.updated":
      return change.listUnchanged === true
        ? [plantScope(change.id)]
        : [PLANTS_SCOPE, plantScope(change.id)];
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
