import { expect, it, vi } from "vitest";

it("treats a dialog preload that cannot fetch the code (offline) as no error", async () => {
  vi.doMock("./dialog-panel", () => {
    throw new TypeError("Failed to fetch dynamically imported module");
  });
  const { preloadDialogs } = await import("./dialog");
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on("unhandledRejection", onUnhandled);
  preloadDialogs();
  await new Promise((resolve) => setTimeout(resolve, 50));
  process.off("unhandledRejection", onUnhandled);
  expect(unhandled).toEqual([]);
});
