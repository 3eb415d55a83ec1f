import { describe, expect, it, vi } from "vitest";
import { HttpError, NetworkError } from "../../lib/api-client";
import { ChatStreamError } from "./api/stream";
import {
  CHAT_FAILED_TITLE,
  CHAT_RETRY_DELAY_MS,
  CLOUD_FAILED_TEXT,
  failureToast,
  isRetryable,
  LOCAL_FAILED_TEXT,
  withOneRetry,
} from "./send-retry";

const quota = new HttpError(
  429,
  JSON.stringify({
    error: { code: "quota_exceeded", message: "You have used all 50 messages for today." },
  }),
);

describe("chat send retry", () => {
  it("retries a failed send once, after 2000 ms", async () => {
    const sleep = vi.fn(async () => {});
    const run = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new NetworkError("/api/gardening/chat", [""]))
      .mockResolvedValueOnce("reply");
    const beforeRetry = vi.fn();
    await expect(withOneRetry(run, { sleep, beforeRetry })).resolves.toBe("reply");
    expect(run).toHaveBeenCalledTimes(2);
    expect(sleep).toHaveBeenCalledWith(CHAT_RETRY_DELAY_MS);
    expect(CHAT_RETRY_DELAY_MS).toBe(2000);
    expect(beforeRetry).toHaveBeenCalledOnce();
  });

  it("gives up after the second failure", async () => {
    const run = vi.fn(async () => {
      throw new HttpError(502, "{}");
    });
    await expect(withOneRetry(run, { sleep: async () => {} })).rejects.toBeInstanceOf(HttpError);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it("does not retry a refusal (quota, rate limit, bad request)", async () => {
    const run = vi.fn(async () => {
      throw quota;
    });
    await expect(withOneRetry(run, { sleep: async () => {} })).rejects.toBe(quota);
    expect(run).toHaveBeenCalledOnce();
    expect(isRetryable(new HttpError(400, "{}"))).toBe(false);
    expect(isRetryable(new ChatStreamError("rate_limited", "Slow down."))).toBe(false);
    expect(isRetryable(new ChatStreamError("interrupted", "Cut off."))).toBe(true);
    expect(isRetryable(new Error("a bug"))).toBe(false);
  });

  it("toasts the spec's words, or the server's own for a 429", () => {
    const network = new NetworkError("/api/gardening/chat", [""]);
    expect(failureToast(network, false)).toMatchObject({
      title: CHAT_FAILED_TITLE,
      description: CLOUD_FAILED_TEXT,
    });
    expect(failureToast(network, true).description).toBe(LOCAL_FAILED_TEXT);
    expect(failureToast(quota, false).description).toBe("You have used all 50 messages for today.");
    expect(
      failureToast(new ChatStreamError("quota_exceeded", "Limit reached."), true).description,
    ).toBe("Limit reached.");
  });
});
