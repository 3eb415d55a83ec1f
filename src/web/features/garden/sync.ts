import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Task } from "../../../core/garden/tasks";
import { gardenChangeTypes } from "../../../core/live-events";
import { api } from "../../lib/api-client";
import { useAuth } from "../../lib/auth-context";
import { invalidateGarden } from "../../lib/garden-api";
import { useLiveChanges } from "../../lib/live-changes";
import { type QueuedWrite, readQueue, replayQueue } from "../../lib/offline-queue";

async function send(write: QueuedWrite, idMap: Map<string, string>) {
  if (write.kind === "add-task") {
    const task = await api.post<Task>("/api/tasks", write.body);
    idMap.set(write.tempId, task.id);
  } else {
    const id = idMap.get(write.taskId) ?? write.taskId;
    await api.post(`/api/tasks/${encodeURIComponent(id)}/complete`);
  }
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
      replayQueue(send)
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
