import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Task } from "../../../core/garden/tasks";
import { gardenChangeTypes } from "../../../core/live-events";
import { api, errorMessage } from "../../lib/api-client";
import { useAuth } from "../../lib/auth-context";
import { gardenKeys, invalidateGarden } from "../../lib/garden-api";
import { useLiveChanges } from "../../lib/live-changes";
import {
  isTempId,
  type QueuedWrite,
  readQueue,
  replayQueue,
  resolveTempId,
} from "../../lib/offline-queue";
import { toast } from "../../lib/toast-store";

async function send(write: QueuedWrite) {
  if (write.kind === "add-task") {
    const task = await api.post<Task>("/api/tasks", write.body);
    resolveTempId(write.tempId, task.id);
  } else {
    // Still an offline id here: the add queued before it was refused, so there is nothing to
    // complete.
    if (isTempId(write.taskId)) return;
    await api.post(`/api/tasks/${encodeURIComponent(write.taskId)}/complete`);
  }
}

/**
 * The server refused a write made offline: say so with its own words, and take back what the
 * screen showed as done (the task added offline goes; a task completed offline comes back).
 */
function undoRefused(queryClient: QueryClient, write: QueuedWrite, error: unknown) {
  if (write.kind === "add-task") {
    queryClient.setQueryData<Task[]>(gardenKeys.pendingTasks, (tasks) =>
      tasks?.filter((task) => task.id !== write.tempId),
    );
  } else {
    void queryClient.invalidateQueries({ queryKey: ["tasks"] });
  }
  toast({
    title:
      write.kind === "add-task"
        ? `Couldn't add the task “${write.body.title}”`
        : "Couldn't complete a task you ticked off offline",
    description: errorMessage(error, "The server refused the change."),
    variant: "destructive",
  });
}

/**
 * While signed in: replays the offline outbox when the browser comes back online (and at start),
 * and follows /api/events so every open tab sees changes made elsewhere within a second.
 */
export function useGardenSync() {
  const { status } = useAuth();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (status !== "signed-in") return;
    const replay = () => {
      if (!navigator.onLine || readQueue().length === 0) return;
      replayQueue(send, (write, error) => undoRefused(queryClient, write, error))
        .then(() => invalidateGarden(queryClient))
        .catch((error: unknown) => console.warn("Offline changes will sync later", error));
    };
    replay();
    window.addEventListener("online", replay);
    return () => window.removeEventListener("online", replay);
  }, [status, queryClient]);

  useLiveChanges(
    gardenChangeTypes,
    () => void invalidateGarden(queryClient),
    status === "signed-in",
  );
}
