import { describe, expect, it } from "vitest";
import { NetworkError } from "./api-client";
import { connectivity } from "./connectivity";
import { handleNetworkError, isNetworkError } from "./network-errors";

describe("global network error handling", () => {
  it("recognises failed-to-fetch and network errors only", () => {
    expect(isNetworkError(new TypeError("Failed to fetch"))).toBe(true);
    expect(isNetworkError(new NetworkError("/api/me", [""]))).toBe(true);
    expect(isNetworkError("NetworkError when attempting to fetch resource.")).toBe(true);
    expect(isNetworkError(new Error("Cannot read properties of undefined"))).toBe(false);
  });

  it("sets the offline flag for a network error and leaves it for others", () => {
    connectivity.setOffline(false);
    handleNetworkError(new Error("boom"));
    expect(connectivity.get().offline).toBe(false);
    handleNetworkError(new TypeError("Failed to fetch"));
    expect(connectivity.get().offline).toBe(true);
  });
});
