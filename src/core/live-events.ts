/** The event names of API.md "Live changes", shared by the server's bus and the web's listener. */
export const changeTypes = [
  "plant.created",
  "plant.updated",
  "plant.deleted",
  "task.created",
  "task.updated",
  "task.deleted",
  "chat.updated",
  "workflow.updated",
] as const;
export type ChangeType = (typeof changeTypes)[number];

/** The changes that touch plants or tasks: the garden views refresh on these. */
export const gardenChangeTypes = changeTypes.filter(
  (type) => type.startsWith("plant.") || type.startsWith("task."),
);
