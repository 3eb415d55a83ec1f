import type { TaskCreate } from "../../core/schemas/task";
import { HttpError, NetworkError } from "./api-client";

/**
 * Task writes made while offline (spec: they show at once and sync later). Each account has its
 * own queue in localStorage, so it survives a reload and is only ever sent for its owner: signing
 * out keeps it, and it goes out the next time that gardener is signed in on this browser. Each
 * write has a key made when it was queued; an add sends it as its Idempotency-Key, so however often
 * it is sent (a lost answer, two tabs, a crash mid-replay) the server adds the task once.
 */
export type QueuedWrite =
  | { kind: "add-task"; key: string; tempId: string; body: TaskCreate; queuedAt: string }
  | { kind: "complete-task"; key: string; taskId: string; queuedAt: string };

/** Before queues were per account: a queue with no owner, never sent (dropLegacyOutbox). */
const LEGACY_KEY = "tendril.outbox";
const PREFIX = `${LEGACY_KEY}.`;
const storageKey = (userId: string) => `${PREFIX}${userId}`;
/** The Web Locks name every tab of this origin replays under. */
const LOCK = "tendril.outbox.replay";

export function readQueue(userId: string): QueuedWrite[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey(userId)) ?? "[]");
    return Array.isArray(parsed) ? (parsed as QueuedWrite[]) : [];
  } catch {
    return [];
  }
}

function writeQueue(userId: string, queue: QueuedWrite[]) {
  if (queue.length === 0) localStorage.removeItem(storageKey(userId));
  else localStorage.setItem(storageKey(userId), JSON.stringify(queue));
}

export function enqueue(userId: string, write: QueuedWrite): void {
  writeQueue(userId, [...readQueue(userId), write]);
}

/**
 * Drops the queue kept before queues were per account, and says how many writes it held. It has
 * no owner: sent now, it would be made as whoever is signed in, perhaps not who queued it.
 */
export function dropLegacyOutbox(): number {
  const raw = localStorage.getItem(LEGACY_KEY);
  if (raw === null) return 0;
  localStorage.removeItem(LEGACY_KEY);
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.length : 0;
  } catch {
    return 0;
  }
}

/**
 * Whether a write that failed may succeed when sent again: the network failed, Tendril failed
 * (5xx) or asked to slow down (429), or the same write is still being handled (409
 * `request_in_progress`: another tab sent it a moment ago). Any other answer, a 4xx above all, is
 * a refusal that no retry changes: sending it again would only loop.
 */
export function isRetryable(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  if (!(error instanceof HttpError)) return false;
  if (error.status === 409) return error.serverCode === "request_in_progress";
  return error.status >= 500 || error.status === 429;
}

/**
 * A task added offline has reached the server: the writes queued after it name its real id, so
 * they still find it in a later replay.
 */
function resolveTempId(userId: string, tempId: string, id: string): void {
  writeQueue(
    userId,
    readQueue(userId).map((write) =>
      write.kind === "complete-task" && write.taskId === tempId ? { ...write, taskId: id } : write,
    ),
  );
}

/** Sends a write; an add answers the id the server gave its task. */
export type SendWrite = (write: QueuedWrite) => Promise<string | undefined>;

async function sendAll(
  userId: string,
  send: SendWrite,
  refused: (write: QueuedWrite, error: unknown) => void,
): Promise<void> {
  for (let next = readQueue(userId)[0]; next; next = readQueue(userId)[0]) {
    try {
      const id = await send(next);
      if (next.kind === "add-task" && id) resolveTempId(userId, next.tempId, id);
    } catch (error) {
      if (isRetryable(error)) throw error;
      refused(next, error);
    }
    // By its key, not its place: a tab without Web Locks may have sent and removed it too.
    const sent = next.key;
    writeQueue(
      userId,
      readQueue(userId).filter((write) => write.key !== sent),
    );
  }
}

/**
 * One tab at a time: the others skip, as the tab holding the lock sends the queue they share.
 * Without Web Locks (browsers before 2022, unit tests) each tab may send; the Idempotency-Key
 * still makes the server add each task once, and removing writes by key keeps the queue whole.
 */
function inOneTab(run: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  if (!locks) return run();
  return locks.request(LOCK, { ifAvailable: true }, (lock) => (lock ? run() : undefined));
}

let replaying: Promise<void> | null = null;

/**
 * Sends the queued writes of whoever `owner` says is signed in, oldest first, in one tab at a
 * time. `owner` is asked once the lock is held, so it can ask the server whose session this is:
 * another tab may have signed someone else in meanwhile. A write that may yet succeed (see
 * isRetryable) stops the replay and stays for next time; any other failure is a refusal: the
 * write is dropped, so it cannot block the rest, and `refused` says so where the gardener sees it.
 */
export function replayQueue(
  owner: () => Promise<string | null>,
  send: SendWrite,
  refused: (write: QueuedWrite, error: unknown) => void,
): Promise<void> {
  // Cleared in a later tick, never before it is set (an empty queue finishes at once).
  replaying ??= inOneTab(async () => {
    const userId = await owner();
    if (userId) await sendAll(userId, send, refused);
  }).finally(() => {
    replaying = null;
  });
  return replaying;
}

export const isTempId = (id: string) => id.startsWith("offline-");
