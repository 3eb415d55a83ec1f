import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HttpError, NetworkError } from "./api-client";
import {
  dropLegacyOutbox,
  enqueue,
  isRetryable,
  type QueuedWrite,
  readQueue,
  replayQueue,
} from "./offline-queue";

const at = "2026-05-01T08:00:00.000Z";
const add = (tempId: string, title: string): QueuedWrite => ({
  kind: "add-task",
  key: `key-${tempId}`,
  tempId,
  body: { title, dueDate: "2026-05-02" },
  queuedAt: at,
});
const complete = (taskId: string, key = `key-done-${taskId}`): QueuedWrite => ({
  kind: "complete-task",
  key,
  taskId,
  queuedAt: at,
});
const refusal = (status: number, message = "Enter a title.", code = "invalid_request") =>
  new HttpError(status, JSON.stringify({ error: { code, message } }));
const label = (write: QueuedWrite) => (write.kind === "add-task" ? write.body.title : write.taskId);

const ROWAN = "user-rowan";
const SAGE = "user-sage";
const as = (userId: string | null) => async () => userId;

describe("which failed writes are retried", () => {
  it("retries network failures, 5xx, 429 and a write another tab is still sending", () => {
    expect(isRetryable(new NetworkError("/api/tasks", [""]))).toBe(true);
    for (const status of [500, 502, 503, 504, 429]) {
      expect(isRetryable(new HttpError(status, "")), `HTTP ${status}`).toBe(true);
    }
    expect(isRetryable(refusal(409, "Still being handled.", "request_in_progress"))).toBe(true);
  });

  it("never retries another 4xx: the server refused, and would again", () => {
    for (const status of [400, 401, 403, 404, 409, 413, 422, 428, 499]) {
      expect(isRetryable(refusal(status)), `HTTP ${status}`).toBe(false);
    }
    expect(isRetryable(refusal(409, "Too many areas.", "conflict"))).toBe(false);
    expect(isRetryable(refusal(422, "Key reused.", "idempotency_key_reused"))).toBe(false);
  });

  it("does not retry a failure that is neither the network nor an answer (a broken body)", () => {
    expect(isRetryable(new SyntaxError("Unexpected token <"))).toBe(false);
  });
});

describe("replaying the outbox", () => {
  beforeEach(() => localStorage.clear());

  it("drops a write the server refuses (400), reports it once, and sends the rest", async () => {
    enqueue(ROWAN, add("offline-a", "Water basil"));
    enqueue(ROWAN, add("offline-b", "Feed roses"));
    const sent: string[] = [];
    const refused = vi.fn();
    await replayQueue(
      as(ROWAN),
      async (write) => {
        sent.push(label(write));
        if (label(write) === "Water basil") throw refusal(400);
        return "task-b";
      },
      refused,
    );
    expect(sent).toEqual(["Water basil", "Feed roses"]);
    expect(refused).toHaveBeenCalledOnce();
    const [write, error] = refused.mock.calls[0] ?? [];
    expect(write).toMatchObject({ tempId: "offline-a" });
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).serverMessage).toBe("Enter a title.");
    expect(readQueue(ROWAN)).toEqual([]);

    // A later replay has nothing left to send: the refused write is not tried again.
    const again = vi.fn(async () => undefined);
    await replayQueue(as(ROWAN), again, refused);
    expect(again).not.toHaveBeenCalled();
  });

  it.each([
    ["a network failure", new NetworkError("/api/tasks", [""])],
    ["a 503", new HttpError(503, "")],
    ["a 429", new HttpError(429, "")],
  ])("stops at %s and keeps that write and the ones after it for next time", async (_, error) => {
    enqueue(ROWAN, add("offline-a", "Water basil"));
    enqueue(ROWAN, add("offline-b", "Feed roses"));
    const refused = vi.fn();
    const send = vi.fn(async () => {
      throw error;
    });
    await expect(replayQueue(as(ROWAN), send, refused)).rejects.toBe(error);
    expect(send).toHaveBeenCalledOnce();
    expect(refused).not.toHaveBeenCalled();
    expect(readQueue(ROWAN).map(label)).toEqual(["Water basil", "Feed roses"]);
  });

  it("gives a task added offline its server id in the writes queued after it", async () => {
    enqueue(ROWAN, add("offline-a", "Water basil"));
    enqueue(ROWAN, complete("offline-a"));
    enqueue(ROWAN, complete("task-9"));
    const completed: string[] = [];
    const network = new NetworkError("/api/tasks", [""]);
    // The add reaches the server; the network drops before the completion.
    await expect(
      replayQueue(
        as(ROWAN),
        async (write) => {
          if (write.kind === "add-task") return "task-1";
          throw network;
        },
        vi.fn(),
      ),
    ).rejects.toBe(network);
    expect(readQueue(ROWAN)).toEqual([
      complete("task-1", "key-done-offline-a"),
      complete("task-9"),
    ]);

    await replayQueue(
      as(ROWAN),
      async (write) => {
        if (write.kind === "complete-task") completed.push(write.taskId);
        return undefined;
      },
      vi.fn(),
    );
    expect(completed).toEqual(["task-1", "task-9"]);
  });
});

describe("one outbox per account", () => {
  beforeEach(() => localStorage.clear());

  it("sends only the signed-in gardener's writes, and keeps another's for when they are back", async () => {
    enqueue(ROWAN, add("offline-r", "Rowan's radishes"));
    enqueue(SAGE, add("offline-s", "Sage's sage"));
    const sent: string[] = [];
    const send = async (write: QueuedWrite) => {
      sent.push(label(write));
      return "task";
    };
    await replayQueue(as(SAGE), send, vi.fn());
    expect(sent).toEqual(["Sage's sage"]);
    expect(readQueue(SAGE)).toEqual([]);
    expect(readQueue(ROWAN).map(label)).toEqual(["Rowan's radishes"]);

    await replayQueue(as(ROWAN), send, vi.fn());
    expect(sent).toEqual(["Sage's sage", "Rowan's radishes"]);
    expect(readQueue(ROWAN)).toEqual([]);
  });

  it("sends nothing when nobody is signed in", async () => {
    enqueue(ROWAN, add("offline-r", "Rowan's radishes"));
    const send = vi.fn(async () => "task");
    await replayQueue(as(null), send, vi.fn());
    expect(send).not.toHaveBeenCalled();
    expect(readQueue(ROWAN)).toHaveLength(1);
  });

  it("drops the old shared outbox, which names no owner, and counts what it held", async () => {
    localStorage.setItem(
      "tendril.outbox",
      JSON.stringify([{ kind: "add-task", tempId: "offline-x", body: { title: "Whose?" } }]),
    );
    expect(dropLegacyOutbox()).toBe(1);
    expect(localStorage.getItem("tendril.outbox")).toBeNull();
    expect(dropLegacyOutbox()).toBe(0);
    localStorage.setItem("tendril.outbox", "not json");
    expect(dropLegacyOutbox()).toBe(0);
    expect(localStorage.getItem("tendril.outbox")).toBeNull();
  });
});

/** A tab: its own copy of the module (its own in-tab state), sharing this origin's storage. */
async function openTab() {
  vi.resetModules();
  const [queue, client] = await Promise.all([import("./offline-queue"), import("./api-client")]);
  return { ...queue, NetworkError: client.NetworkError };
}

/** Web Locks as a browser gives them to one origin's tabs: `ifAvailable` gets null while held. */
function webLocks() {
  const held = new Set<string>();
  return {
    request: async (
      name: string,
      options: { ifAvailable?: boolean },
      callback: (lock: { name: string } | null) => unknown,
    ) => {
      if (held.has(name)) {
        if (!options.ifAvailable) throw new Error("this fake only takes ifAvailable requests");
        return callback(null);
      }
      held.add(name);
      try {
        return await callback({ name });
      } finally {
        held.delete(name);
      }
    },
  };
}

describe("two tabs back online together", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    Reflect.deleteProperty(navigator, "locks");
  });

  /** Sends that wait for the test to let them answer, recording every key sent. */
  function slowServer() {
    const sentKeys: string[] = [];
    const waiting: (() => void)[] = [];
    const send = (write: QueuedWrite) => {
      sentKeys.push(write.key);
      return new Promise<string>((resolve) => waiting.push(() => resolve(`task-${write.key}`)));
    };
    const answerAll = async () => {
      for (let i = 0; i < 20; i++) {
        for (const answer of waiting.splice(0)) answer();
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
    };
    return { sentKeys, send, answerAll };
  }

  it("sends from one tab only while it holds the lock", async () => {
    Object.defineProperty(navigator, "locks", { value: webLocks(), configurable: true });
    enqueue(ROWAN, add("offline-a", "Water basil"));
    const [first, second] = [await openTab(), await openTab()];
    const server = slowServer();
    const one = first.replayQueue(as(ROWAN), server.send, vi.fn());
    const two = second.replayQueue(as(ROWAN), server.send, vi.fn());
    await server.answerAll();
    await Promise.all([one, two]);
    expect(server.sentKeys).toEqual(["key-offline-a"]);
    expect(readQueue(ROWAN)).toEqual([]);
  });

  it("without Web Locks, both tabs may send, with the same keys, and no write is lost", async () => {
    // happy-dom, like a browser without Web Locks, has none to give.
    expect(navigator.locks).toBeFalsy();
    enqueue(ROWAN, add("offline-a", "Water basil"));
    enqueue(ROWAN, add("offline-b", "Feed roses"));
    const [first, second] = [await openTab(), await openTab()];
    const calls: { key: string; answer: (ok: boolean) => void }[] = [];
    const answered: string[] = [];
    const send = (write: QueuedWrite) =>
      new Promise<string>((resolve, reject) =>
        calls.push({
          key: write.key,
          answer: (ok) => {
            // The first tab's own NetworkError: each tab has its own copy of the module.
            if (!ok) return reject(new first.NetworkError("/api/tasks", [""]));
            answered.push(write.key);
            resolve(`task-${write.key}`);
          },
        }),
      );
    const settle = async (index: number, ok: boolean) => {
      calls[index]?.answer(ok);
      for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
    };
    const one = first.replayQueue(as(ROWAN), send, vi.fn()).catch(() => "stopped");
    const two = second.replayQueue(as(ROWAN), send, vi.fn());
    await settle(-1, true);
    expect(calls.map((call) => call.key)).toEqual(["key-offline-a", "key-offline-a"]);
    // The first tab's basil is added and it sends the roses; the second tab's basil comes back.
    await settle(0, true);
    await settle(1, true);
    // The first tab's roses are lost on the way: they must stay queued for the second tab.
    await settle(2, false);
    for (let index = 3; index < calls.length; index++) await settle(index, true);
    expect(await one).toBe("stopped");
    await two;
    expect(new Set(answered)).toEqual(new Set(["key-offline-a", "key-offline-b"]));
    expect(readQueue(ROWAN)).toEqual([]);
  });
});
