import { beforeEach, describe, expect, it, vi } from "vitest";
import { HttpError, NetworkError } from "./api-client";
import {
  enqueue,
  isRetryable,
  type QueuedWrite,
  readQueue,
  replayQueue,
  resolveTempId,
} from "./offline-queue";

const at = "2026-05-01T08:00:00.000Z";
const add = (tempId: string, title: string): QueuedWrite => ({
  kind: "add-task",
  tempId,
  body: { title, dueDate: "2026-05-02" },
  queuedAt: at,
});
const complete = (taskId: string): QueuedWrite => ({ kind: "complete-task", taskId, queuedAt: at });
const refusal = (status: number, message = "Enter a title.") =>
  new HttpError(status, JSON.stringify({ error: { code: "invalid_request", message } }));

describe("which failed writes are retried", () => {
  it("retries network failures, 5xx and 429", () => {
    expect(isRetryable(new NetworkError("/api/tasks", [""]))).toBe(true);
    for (const status of [500, 502, 503, 504, 429]) {
      expect(isRetryable(new HttpError(status, "")), `HTTP ${status}`).toBe(true);
    }
  });

  it("never retries another 4xx: the server refused, and would again", () => {
    for (const status of [400, 401, 403, 404, 409, 413, 422, 428, 499]) {
      expect(isRetryable(refusal(status)), `HTTP ${status}`).toBe(false);
    }
  });

  it("does not retry a failure that is neither the network nor an answer (a broken body)", () => {
    expect(isRetryable(new SyntaxError("Unexpected token <"))).toBe(false);
  });
});

describe("replaying the outbox", () => {
  beforeEach(() => localStorage.clear());

  it("drops a write the server refuses (400), reports it once, and sends the rest", async () => {
    enqueue(add("offline-a", "Water basil"));
    enqueue(add("offline-b", "Feed roses"));
    const sent: string[] = [];
    const refused = vi.fn();
    await replayQueue(async (write) => {
      sent.push(write.kind === "add-task" ? write.body.title : write.taskId);
      if (write.kind === "add-task" && write.body.title === "Water basil") throw refusal(400);
    }, refused);
    expect(sent).toEqual(["Water basil", "Feed roses"]);
    expect(refused).toHaveBeenCalledOnce();
    const [write, error] = refused.mock.calls[0] ?? [];
    expect(write).toMatchObject({ tempId: "offline-a" });
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).serverMessage).toBe("Enter a title.");
    expect(readQueue()).toEqual([]);

    // A later replay has nothing left to send: the refused write is not tried again.
    const again = vi.fn(async () => undefined);
    await replayQueue(again, refused);
    expect(again).not.toHaveBeenCalled();
  });

  it.each([
    ["a network failure", new NetworkError("/api/tasks", [""])],
    ["a 503", new HttpError(503, "")],
    ["a 429", new HttpError(429, "")],
  ])("stops at %s and keeps that write and the ones after it for next time", async (_, error) => {
    enqueue(add("offline-a", "Water basil"));
    enqueue(add("offline-b", "Feed roses"));
    const refused = vi.fn();
    const send = vi.fn(async () => {
      throw error;
    });
    await expect(replayQueue(send, refused)).rejects.toBe(error);
    expect(send).toHaveBeenCalledOnce();
    expect(refused).not.toHaveBeenCalled();
    expect(readQueue().map((w) => (w.kind === "add-task" ? w.tempId : w.taskId))).toEqual([
      "offline-a",
      "offline-b",
    ]);
  });

  it("gives a task added offline its server id in the writes queued after it", async () => {
    enqueue(add("offline-a", "Water basil"));
    enqueue(complete("offline-a"));
    enqueue(complete("task-9"));
    const completed: string[] = [];
    const network = new NetworkError("/api/tasks", [""]);
    // The add reaches the server; the network drops before the completion.
    await expect(
      replayQueue(async (write) => {
        if (write.kind === "add-task") return resolveTempId(write.tempId, "task-1");
        throw network;
      }, vi.fn()),
    ).rejects.toBe(network);
    expect(readQueue()).toEqual([complete("task-1"), complete("task-9")]);

    await replayQueue(async (write) => {
      if (write.kind === "complete-task") completed.push(write.taskId);
    }, vi.fn());
    expect(completed).toEqual(["task-1", "task-9"]);
  });
});
