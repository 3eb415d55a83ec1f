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
}

/** Called after a change is committed; must not throw (the app logs publishing failures). */
export type PublishChange = (change: GardenChange) => void;

export const publishNothing: PublishChange = () => {};
