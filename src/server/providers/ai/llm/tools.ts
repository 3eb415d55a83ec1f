import { type ToolSet, tool } from "ai";
import { z } from "zod";
import { isIsoDate } from "../../../../core/garden";
import type { MessageAction } from "../../../../core/schemas/chat";
import type { AssistantActions, GardenerContext, GardenPlant, GardenTask } from "../assistant";

/**
 * A reply may add a few tasks ("remind me to feed and to stake them"), but a model looping on
 * add_task, or steered into it, must not fill the gardener's list.
 */
export const MAX_TASKS_PER_REPLY = 3;

const plantView = (plant: GardenPlant) => ({
  id: plant.id,
  name: plant.name,
  crop: plant.cropName,
  medium: plant.medium,
  place: plant.place,
  plantingDate: plant.plantingDate,
  stage: plant.stage,
  stageDay: plant.stageDay,
  notes: plant.notes,
});

const taskView = (task: GardenTask) => ({
  title: task.title,
  dueDate: task.dueDate,
  plantId: task.plantId,
  plantName: task.plantName,
  repeatEveryDays: task.repeatEveryDays,
});

const addTaskInput = z.object({
  title: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .describe("What to do, as a short imperative, e.g. 'Feed the tomatoes'."),
  dueDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .describe("The day it is due, YYYY-MM-DD, today or later."),
  plantId: z
    .string()
    .nullable()
    .describe("The id of the gardener's plant it is for, or null for a garden-wide task."),
});

/**
 * The tools of one chat turn. They read the context the server already gathered (no extra
 * queries), and add_task exists only for a signed-in gardener. Every action add_task performs is
 * pushed to `performed`, so the reply carries it even if the model fails afterwards.
 */
export function gardenTools(
  context: GardenerContext,
  actions: AssistantActions | null,
  performed: MessageAction[],
): ToolSet {
  const tools: ToolSet = {
    list_my_plants: tool({
      description:
        "List all of the gardener's plants with their id, crop, medium, place, planting date, " +
        "current stage and notes.",
      inputSchema: z.object({}),
      execute: async () => ({ plants: context.plants.map(plantView) }),
    }),
    tasks_due: tool({
      description:
        "The gardener's care tasks that are overdue, due today, and due in the next 7 days.",
      inputSchema: z.object({}),
      execute: async () => ({
        today: context.today,
        overdue: context.overdue.map(taskView),
        dueToday: context.dueToday.map(taskView),
        upcoming: context.upcoming.map(taskView),
      }),
    }),
    weather: tool({
      description:
        "Current weather, the daily forecast (°C, mm of rain) and garden alerts for the " +
        "gardener's location.",
      inputSchema: z.object({}),
      execute: async () =>
        context.weather ? { available: true, ...context.weather } : { available: false },
    }),
  };
  if (!actions) return tools;

  const plantIds = new Set(context.plants.map((plant) => plant.id));
  tools.add_task = tool({
    description:
      "Add a care task to the gardener's task list. Use it only when the gardener asks for a task " +
      "or reminder to be added.",
    inputSchema: addTaskInput,
    execute: async ({ title, dueDate, plantId }) => {
      // Errors thrown here go back to the model as the tool's result, so it can correct itself.
      if (!isIsoDate(dueDate)) throw new Error(`${dueDate} is not a calendar date (YYYY-MM-DD).`);
      if (dueDate < context.today)
        throw new Error(`The due date must be ${context.today} or later.`);
      if (plantId !== null && !plantIds.has(plantId)) {
        throw new Error("No plant has that id: use an id from list_my_plants, or null.");
      }
      const same = performed.find(
        (a) => a.title === title && a.dueDate === dueDate && a.plantId === plantId,
      );
      if (same) return { added: true, task: same, note: "This task was already added." };
      if (performed.length >= MAX_TASKS_PER_REPLY) {
        throw new Error(`At most ${MAX_TASKS_PER_REPLY} tasks can be added in one reply.`);
      }
      const action = await actions.addTask({ title, dueDate, plantId });
      performed.push(action);
      return { added: true, task: action };
    },
  });
  return tools;
}
