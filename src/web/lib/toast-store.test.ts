import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dismissToast, TOAST_REMOVE_DELAY_MS, toast, useToasts } from "./toast-store";

describe("toasts", () => {
  afterEach(() => vi.useRealTimers());

  it("shows at most one toast, the newest", () => {
    const { result } = renderHook(() => useToasts());
    act(() => {
      toast({ title: "First" });
      toast({ title: "Second" });
    });
    expect(result.current.map((t) => t.title)).toEqual(["Second"]);
  });

  it("keeps a dismissed toast closed until 1,000,000 ms have passed, then removes it", () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useToasts());
    let id = "";
    act(() => {
      id = toast({ title: "Task completed" });
    });
    act(() => dismissToast(id));
    expect(result.current).toMatchObject([{ id, open: false }]);
    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1));
    expect(result.current).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toEqual([]);
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
  });
});
