import type { TaskCreate } from "../../core/schemas/task";
import { HttpError, NetworkError } from "./api-client";

/**
 * Task writes made while offline (spec: they show at once and sync later). The queue lives in
 * localStorage so it survives a reload, and is replayed in order when the browser is back online.
 */
export type QueuedWrite =
  | { kind: "add-task"; tempId: string; body: TaskCreate; queuedAt: string }
  | { kind: "complete-task"; taskId: string; queuedAt: string };

const KEY = "tendril.outbox";

export function readQueue(): QueuedWrite[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? "[]");
    return Array.isArray(parsed) ? (parsed as QueuedWrite[]) : [];
  } catch {
    return [];
  }
}

function writeQueue(queue: QueuedWrite[]) {
  if (queue.length === 0) localStorage.removeItem(KEY);
  else localStorage.setItem(KEY, JSON.stringify(queue));
}

export function enqueue(write: QueuedWrite): void {
  writeQueue([...readQueue(), write]);
}

/**
 * Whether a write that failed may succeed when sent again: the network failed, Tendril failed
 * (5xx) or asked to slow down (429). Any other answer, a 4xx above all, is a refusal that no
 * retry changes: sending it again would only loop.
 */
export function isRetryable(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  return error instanceof HttpError && (error.status >= 500 || error.status === 429);
}

/**
 * A task added offline has reached the server: the writes queued after it name its real id, so
 * they still find it in a later replay.
 */
export function resolveTempId(tempId: string, id: string): void {
  writeQueue(
    readQueue().map((write) =>
      write.kind === "complete-task" && write.taskId === tempId ? { ...write, taskId: id } : write,
    ),
  );
}

async function sendAll(
  send: (write: QueuedWrite) => Promise<void>,
  refused: (write: QueuedWrite, error: unknown) => void,
): Promise<void> {
  for (let next = readQueue()[0]; next; next = readQueue()[0]) {
    try {
      await send(next);
    } catch (error) {
      if (isRetryable(error)) throw error;
      refused(next, error);
    }
    writeQueue(readQueue().slice(1));
  }
}

let replaying: Promise<void> | null = null;

/**
 * Sends queued writes oldest first, one replay at a time. A write that may yet succeed (see
 * isRetryable) stops the replay and stays for next time; any other failure is a refusal: the
 * write is dropped, so it cannot block the rest, and `refused` says so where the gardener sees it.
 */
export function replayQueue(
  send: (write: QueuedWrite) => Promise<void>,
  refused: (write: QueuedWrite, error: unknown) => void,
): Promise<void> {
  // Cleared in a later tick, never before it is set (an empty queue finishes at once).
  replaying ??= sendAll(send, refused).finally(() => {
    replaying = null;
  });
  return replaying;
}

export const isTempId = (id: string) => id.startsWith("offline-");
