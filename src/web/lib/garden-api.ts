import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { PLAN_FAILED_MESSAGE } from "../../core/error-codes";
import type { Task } from "../../core/garden/tasks";
import { IDEMPOTENCY_KEY_HEADER } from "../../core/idempotency";
import type { PlantCreate, PlantDetail, PlantPatch, PlantSummary } from "../../core/schemas/plant";
import type { TaskCreate } from "../../core/schemas/task";
import { api, errorMessage, hasErrorCode, NetworkError } from "./api-client";
import { useAuth } from "./auth-context";
import { connectivity } from "./connectivity";
import { formatDay } from "./format";
import { enqueue, isTempId } from "./offline-queue";
import { toast } from "./toast-store";

/** A plant as the garden list shows it: the API's summary form (docs/decisions.md). */
export type PlantListItem = PlantSummary;

export const gardenKeys = {
  plants: ["plants"] as const,
  plant: (id: string) => ["plant", id] as const,
  pendingTasks: ["tasks", "pending"] as const,
};

/** The gardener's plants; `enabled` false (signed out) asks nothing of the server. */
export function usePlants(enabled = true) {
  return useQuery({
    queryKey: gardenKeys.plants,
    queryFn: async () =>
      (await api.get<{ plants: PlantListItem[] }>("/api/plants?limit=500&view=summary")).plants,
    enabled,
  });
}

export function usePlant(id: string) {
  return useQuery({
    queryKey: gardenKeys.plant(id),
    queryFn: () => api.get<PlantDetail>(`/api/plants/${encodeURIComponent(id)}`),
  });
}

export function usePendingTasks() {
  return useQuery({
    queryKey: gardenKeys.pendingTasks,
    queryFn: async () =>
      (await api.get<{ tasks: Task[] }>("/api/tasks?status=pending&limit=500")).tasks,
  });
}

/**
 * Plants deleted in this tab. Their page may still be on screen for a moment after the delete
 * (until the navigation away lands), and the delete's own live event arrives then too: neither
 * may fetch the plant again (a 404).
 */
const deletedPlants = new Set<string>();

/** Refreshes every garden view; live events and offline replays call it too. */
export function invalidateGarden(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: gardenKeys.plants }),
    queryClient.invalidateQueries({
      queryKey: ["plant"],
      predicate: (query) => !deletedPlants.has(String(query.queryKey[1])),
    }),
    queryClient.invalidateQueries({ queryKey: ["tasks"] }),
    // An area counts its plants and warns about them (areas-api.ts).
    queryClient.invalidateQueries({ queryKey: ["areas"] }),
    queryClient.invalidateQueries({ queryKey: ["area"] }),
  ]);
}

/**
 * Spec §8: POST /api/plants failed. A failed plan (the server's code `plan_failed`, whatever its
 * words) has its own toast; anything else is a failed save. Shared with saving an identified plant.
 */
export function toastAddPlantFailure(error: unknown): void {
  if (hasErrorCode(error, "plan_failed")) {
    toast({
      title: "⚠️ Could not generate tasks. Please try again.",
      description: PLAN_FAILED_MESSAGE,
      variant: "destructive",
    });
  } else {
    toast({
      title: "⚠️ Couldn't save. Check connection and try again.",
      description: errorMessage(error),
      variant: "destructive",
    });
  }
}

/** Spec §8: the toast for a plant added with its plan, from the form or from an identification. */
export function toastPlantAdded(plant: PlantDetail, tasks: Task[]) {
  toast({
    title: "Plan created. Tasks scheduled.",
    description: `${plant.name} was added with ${tasks.length} tasks.`,
    variant: "success",
  });
}

export function useAddPlant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlantCreate) =>
      api.post<{ plant: PlantDetail; tasks: Task[] }>("/api/plants", body),
    onSuccess: async ({ plant, tasks }) => {
      await invalidateGarden(queryClient);
      toastPlantAdded(plant, tasks);
    },
    onError: toastAddPlantFailure,
  });
}

export function useUpdatePlant(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: PlantPatch) =>
      api.patch<PlantDetail>(`/api/plants/${encodeURIComponent(id)}`, patch),
    onSuccess: async (plant) => {
      queryClient.setQueryData(gardenKeys.plant(id), plant);
      await invalidateGarden(queryClient);
    },
  });
}

/**
 * Deletes a plant. Call `forget(id)` once its page is gone (after navigating away): it drops the
 * plant from the cache, so nothing shows or refetches it again.
 */
export function useDeletePlant() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (id: string) => api.delete(`/api/plants/${encodeURIComponent(id)}`),
    onSuccess: async (_, id) => {
      deletedPlants.add(id);
      await queryClient.cancelQueries({ queryKey: gardenKeys.plant(id), exact: true });
      await invalidateGarden(queryClient);
    },
  });
  const forget = (id: string) =>
    queryClient.removeQueries({ queryKey: gardenKeys.plant(id), exact: true });
  return { ...mutation, forget };
}

const isOfflineFailure = (error: unknown) =>
  error instanceof NetworkError || connectivity.get().offline;

/**
 * Adds a task; offline, it shows at once and waits in the signed-in gardener's outbox. The key
 * is made before the first try and goes with it: a task whose answer was lost on the way back is
 * not added a second time when the outbox sends it again.
 */
export function useAddTask() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: async (body: TaskCreate): Promise<{ task: Task; queued: boolean }> => {
      const key = crypto.randomUUID();
      if (!connectivity.get().offline) {
        try {
          const headers = { [IDEMPOTENCY_KEY_HEADER]: key };
          return { task: await api.post<Task>("/api/tasks", body, headers), queued: false };
        } catch (error) {
          if (!isOfflineFailure(error)) throw error;
        }
      }
      // An outbox is one gardener's: with nobody known to be signed in there is none to wait in.
      if (!user) throw new NetworkError("/api/tasks", []);
      const tempId = `offline-${crypto.randomUUID()}`;
      enqueue(user.id, { kind: "add-task", key, tempId, body, queuedAt: new Date().toISOString() });
      const task: Task = {
        id: tempId,
        plantId: body.plantId ?? null,
        title: body.title,
        type: body.type ?? "custom",
        dueDate: body.dueDate,
        status: "pending",
        priority: body.priority ?? 2,
        notes: body.notes ?? null,
        repeatEveryDays: body.repeatEveryDays ?? null,
        createdAt: new Date().toISOString(),
        completedAt: null,
      };
      queryClient.setQueryData<Task[]>(gardenKeys.pendingTasks, (tasks = []) => [...tasks, task]);
      return { task, queued: true };
    },
    onSuccess: async ({ queued }) => {
      if (queued)
        toast({
          title: "Task saved offline",
          description: "It will sync when you are back online.",
        });
      else await invalidateGarden(queryClient);
    },
    onError: (error) =>
      toast({
        title: "Couldn't add the task",
        description: errorMessage(error),
        variant: "destructive",
      }),
  });
}

/**
 * Completes a task; offline, it disappears at once and the completion waits in the outbox. Done
 * online, its toast offers Undo, which reopens the task and removes the repeat it scheduled.
 */
export function useCompleteTask() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  async function reopenTask(task: Task) {
    try {
      await api.post(`/api/tasks/${encodeURIComponent(task.id)}/reopen`);
      await invalidateGarden(queryClient);
      toast({ title: "Task back on your list" });
    } catch (error) {
      toast({ title: "Couldn't undo", description: errorMessage(error), variant: "destructive" });
    }
  }
  return useMutation({
    mutationFn: async (task: Task): Promise<{ next: Task | null; queued: boolean }> => {
      if (!connectivity.get().offline && !isTempId(task.id)) {
        try {
          const result = await api.post<{ task: Task; next: Task | null }>(
            `/api/tasks/${encodeURIComponent(task.id)}/complete`,
          );
          return { next: result.next, queued: false };
        } catch (error) {
          if (!isOfflineFailure(error)) throw error;
        }
      }
      if (!user) throw new NetworkError(`/api/tasks/${task.id}/complete`, []);
      enqueue(user.id, {
        kind: "complete-task",
        key: crypto.randomUUID(),
        taskId: task.id,
        queuedAt: new Date().toISOString(),
      });
      queryClient.setQueryData<Task[]>(gardenKeys.pendingTasks, (tasks = []) =>
        tasks.filter((t) => t.id !== task.id),
      );
      return { next: null, queued: true };
    },
    onSuccess: async ({ next, queued }, task) => {
      if (queued) {
        toast({
          title: "Task completed",
          description: "Saved offline; it will sync when you are back online.",
        });
        return;
      }
      await invalidateGarden(queryClient);
      toast({
        title: "Task completed",
        ...(next?.dueDate ? { description: `Next scheduled for ${formatDay(next.dueDate)}` } : {}),
        variant: "success",
        action: {
          label: "Undo",
          onClick: () => void reopenTask(task),
        },
      });
    },
    onError: (error) =>
      toast({
        title: "Couldn't complete the task",
        description: errorMessage(error),
        variant: "destructive",
      }),
  });
}

/** Undoes a rain skip: the watering is due again on the date it had before the rain. */
export function useUndoSkip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (task: Task) =>
      api.post<Task>(`/api/tasks/${encodeURIComponent(task.id)}/skip/undo`),
    onSuccess: async () => {
      await invalidateGarden(queryClient);
      toast({ title: "Watering back on your list" });
    },
    onError: (error) =>
      toast({
        title: "Couldn't undo the skip",
        description: errorMessage(error),
        variant: "destructive",
      }),
  });
}
