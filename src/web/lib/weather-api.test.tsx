import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useWeather } from "./weather-api";

afterEach(() => vi.unstubAllGlobals());

/** The weather read at a place whose forecast was fetched `ageMs` ago, and whether tasks were read again. */
async function weatherFetched(ageMs: number): Promise<boolean> {
  const fetchedAt = new Date(Date.now() - ageMs).toISOString();
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>(
      async () =>
        new Response(JSON.stringify({ location: "Oakland, CA", fetchedAt }), {
          headers: { "content-type": "application/json" },
        }),
    ),
  );
  const client = new QueryClient();
  client.setQueryData(["tasks", "pending"], []);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useWeather({ location: "Oakland, CA" }), { wrapper });
  await waitFor(() => expect(result.current.data?.fetchedAt).toBe(fetchedAt));
  return client.getQueryState(["tasks", "pending"])?.isInvalidated ?? false;
}

describe("useWeather", () => {
  it("reads the garden again after a forecast fetched for this request (the rain skip ran)", async () => {
    expect(await weatherFetched(1_000)).toBe(true);
  });

  it("leaves the garden alone for a forecast the server had cached", async () => {
    expect(await weatherFetched(60 * 60_000)).toBe(false);
  });
});
