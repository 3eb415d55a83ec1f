import type { TaskCreate } from "../../core/schemas/task";

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

let replaying: Promise<void> | null = null;

/**
 * Sends queued writes oldest first. A write the server refuses (4xx) is dropped so it cannot block
 * the rest; a network failure stops the replay and keeps it for next time.
 */
export function replayQueue(
  send: (write: QueuedWrite, idMap: Map<string, string>) => Promise<void>,
): Promise<void> {
  replaying ??= (async () => {
    const idMap = new Map<string, string>();
    try {
      while (true) {
        const [next] = readQueue();
        if (!next) return;
        try {
          await send(next, idMap);
        } catch (error) {
          if (!(error instanceof Error && "status" in error && Number(error.status) < 500))
            throw error;
          console.warn("A queued change was refused by the server and dropped", next, error);
        }
        writeQueue(readQueue().slice(1));
      }
    } finally {
      replaying = null;
    }
  })();
  return replaying;
}

export const isTempId = (id: string) => id.startsWith("offline-");
