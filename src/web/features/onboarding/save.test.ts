import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { retryInBackground } from "./save";

const toast = vi.hoisted(() => vi.fn());
vi.mock("../../lib/toast-store", () => ({ toast }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("saving the onboarding answers in the background", () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    toast.mockReset();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("stops at a 400 and says the server's words: it is asked once, never again", async () => {
    fetchMock.mockResolvedValue(
      json(400, { error: { code: "invalid_request", message: "Choose a place from the list." } }),
    );
    retryInBackground({ experience: "beginner" });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({
        title: "Your setup was not saved",
        description: expect.stringContaining("Choose a place from the list."),
      }),
    );
    await vi.advanceTimersByTimeAsync(10 * 30_000);
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it("tries again after a 503 and stops, quietly, once it is saved", async () => {
    fetchMock
      .mockResolvedValueOnce(json(503, { error: { code: "upstream_unavailable", message: "x" } }))
      .mockResolvedValueOnce(json(200, {}));
    retryInBackground({ experience: "beginner" });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchMock).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10 * 30_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(toast).not.toHaveBeenCalled();
  });
});
