import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, expect, it, vi } from "vitest";
import { PLAN_FAILED_MESSAGE } from "../../../../core/error-codes";
import { toast } from "../../../lib/toast-store";
import { identification } from "../test-identifications";
import { useSaveIdentifiedPlant } from "./save-identified-plant";

vi.mock("../../../lib/toast-store", () => ({ toast: vi.fn() }));

afterEach(() => {
  vi.mocked(toast).mockReset();
  vi.unstubAllGlobals();
});

it("answers a failed plan with its toast by code, and leaves a 401 to the card", async () => {
  const answers = [
    { status: 401, body: { error: { code: "unauthorized", message: "Sign in." } } },
    { status: 502, body: { error: { code: "plan_failed", message: "Any words." } } },
  ];
  const fetchMock = vi.fn<typeof fetch>(async () => {
    const answer = answers.shift();
    return new Response(JSON.stringify(answer?.body), {
      status: answer?.status,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useSaveIdentifiedPlant(), { wrapper });
  const save = async () => {
    const setup = { medium: "soil", place: "outdoor", lights: "sun" } as const;
    act(() =>
      result.current.mutate({
        identification: identification(),
        stage: "seedling",
        plantingDate: "2026-05-01",
        ...setup,
      }),
    );
    await waitFor(() => expect(result.current.isError).toBe(true));
  };

  await save();
  expect(toast).not.toHaveBeenCalled();
  act(() => result.current.reset());
  await save();
  expect(fetchMock).toHaveBeenCalledTimes(2);
  expect(toast).toHaveBeenCalledExactlyOnceWith({
    title: "⚠️ Could not generate tasks. Please try again.",
    description: PLAN_FAILED_MESSAGE,
    variant: "destructive",
  });
});
