import { act, renderHook } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { storage } from "./storage";
import { applyTheme, useTheme } from "./theme";

describe("theme choice", () => {
  beforeEach(() => {
    localStorage.clear();
    delete document.documentElement.dataset.theme;
  });

  it("reads system unless light or dark is stored", () => {
    expect(storage.theme()).toBe("system");
    localStorage.setItem("theme", "purple");
    expect(storage.theme()).toBe("system");
    storage.setTheme("dark");
    expect(localStorage.getItem("theme")).toBe("dark");
    expect(storage.theme()).toBe("dark");
  });

  it("sets data-theme for light and dark and removes it for system", () => {
    applyTheme("dark");
    expect(document.documentElement.dataset.theme).toBe("dark");
    applyTheme("light");
    expect(document.documentElement.dataset.theme).toBe("light");
    applyTheme("system");
    expect(document.documentElement.dataset.theme).toBeUndefined();
  });

  it("saves and applies a choice from the hook at once", () => {
    const { result } = renderHook(() => useTheme());
    expect(result.current[0]).toBe("system");
    act(() => result.current[1]("dark"));
    expect(result.current[0]).toBe("dark");
    expect(localStorage.getItem("theme")).toBe("dark");
    expect(document.documentElement.dataset.theme).toBe("dark");
  });
});
