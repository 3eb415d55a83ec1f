import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Task } from "../../../core/garden/tasks";
import { IDEMPOTENCY_KEY_HEADER } from "../../../core/idempotency";
import { gardenChangeTypes } from "../../../core/live-events";
import { api, errorMessage } from "../../lib/api-client";
import { authApi } from "../../lib/auth-api";
import { useAuth } from "../../lib/auth-context";
import { gardenKeys, invalidateGarden } from "../../lib/garden-api";
import { useLiveChanges } from "../../lib/live-changes";
import {
  dropLegacyOutbox,
  isTempId,
  type QueuedWrite,
  readQueue,
  replayQueue,
} from "../../lib/offline-queue";
import { toast } from "../../lib/toast-store";

async function send(write: QueuedWrite): Promise<string | undefined> {
  if (write.kind === "add-task") {
    const headers = { [IDEMPOTENCY_KEY_HEADER]: write.key };
    return (await api.post<Task>("/api/tasks", write.body, headers)).id;
  }
  // Still an offline id here: the add queued before it was refused, so there is nothing to
  // complete. Completing needs no key: a second completion of a task changes nothing.
  if (isTempId(write.taskId)) return;
  await api.post(`/api/tasks/${encodeURIComponent(write.taskId)}/complete`);
}

/** Whose session the browser holds now: the queue sent is theirs, whoever this tab last saw. */
const sessionOwner = async () => (await authApi.getSession())?.user.id ?? null;

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
 * While signed in: replays the gardener's offline outbox when the browser comes back online (and
 * at start, and at each sign-in: another gardener's queue waits for them), and follows /api/events
 * so every open tab sees changes made elsewhere within a second.
 */
export function useGardenSync() {
  const { status, user } = useAuth();
  const userId = status === "signed-in" ? (user?.id ?? null) : null;
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!userId) return;
    if (dropLegacyOutbox() > 0) {
      toast({
        title: "Some changes saved offline were not sent",
        description:
          "They were saved by an older version of Tendril that did not note whose they were. Check your tasks and add any that are missing.",
        variant: "destructive",
      });
    }
    const replay = () => {
      if (!navigator.onLine || readQueue(userId).length === 0) return;
      replayQueue(sessionOwner, send, (write, error) => undoRefused(queryClient, write, error))
        .then(() => invalidateGarden(queryClient))
        .catch((error: unknown) => console.warn("Offline changes will sync later", error));
    };
    replay();
    window.addEventListener("online", replay);
    return () => window.removeEventListener("online", replay);
  }, [userId, queryClient]);

  useLiveChanges(
    gardenChangeTypes,
    () => void invalidateGarden(queryClient),
    status === "signed-in",
  );
}
