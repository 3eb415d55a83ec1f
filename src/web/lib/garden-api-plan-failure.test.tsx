import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PLAN_FAILED_MESSAGE } from "../../core/error-codes";
import { useAddPlant } from "./garden-api";
import { toast } from "./toast-store";

vi.mock("./toast-store", () => ({ toast: vi.fn() }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

async function addTomato() {
  const { result } = renderHook(() => useAddPlant(), { wrapper });
  act(() =>
    result.current.mutate({
      name: "Tomato",
      medium: "soil",
      place: "outdoor",
      lights: "sun",
      plantingDate: "2026-05-01",
    }),
  );
  await waitFor(() => expect(result.current.isError).toBe(true));
}

describe("Add plant when the plan fails", () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal("fetch", fetchMock));
  afterEach(() => {
    cleanup();
    fetchMock.mockReset();
    vi.mocked(toast).mockReset();
    vi.unstubAllGlobals();
  });

  it("shows the failed-plan toast for the code plan_failed, whatever the message says", async () => {
    fetchMock.mockResolvedValue(
      json(502, { error: { code: "plan_failed", message: "Reworded by a newer server." } }),
    );
    await addTomato();
    expect(toast).toHaveBeenCalledWith({
      title: "⚠️ Could not generate tasks. Please try again.",
      description: PLAN_FAILED_MESSAGE,
      variant: "destructive",
    });
  });

  it("treats another 502 with the same words as a failed save, not a failed plan", async () => {
    fetchMock.mockResolvedValue(
      json(502, { error: { code: "upstream_unavailable", message: PLAN_FAILED_MESSAGE } }),
    );
    await addTomato();
    expect(toast).toHaveBeenCalledWith({
      title: "⚠️ Couldn't save. Check connection and try again.",
      description: PLAN_FAILED_MESSAGE,
      variant: "destructive",
    });
  });
});
