import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, shiftDate, tomatoBody, utcToday } from "./support/garden";
import { createTestApp, type TestApp } from "./support/test-app";
import { signUp } from "./support/users";

/** Issue 16's server-side items, checked through the API. */
describe("spec conformance of the garden API", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("7. a plant whose planting date is ahead has no current stage yet; after its plan, the last", async () => {
    const api = client(t.app, (await signUp(t.app)).cookie);
    const ahead = shiftDate(utcToday(), 10);
    const { plant } = (await api.post("/api/plants", tomatoBody({ plantingDate: ahead }))).json();
    expect(plant.timeline.currentStage).toBeNull();
    expect(plant.currentStage).toBeNull();
    expect(plant.timeline.stages.some((stage: { current: boolean }) => stage.current)).toBe(false);
    expect(plant.timeline.stages[0].startDate).toBe(ahead);
    const listed = (await api.get("/api/plants")).json().plants[0];
    expect(listed.currentStage).toBeNull();

    const old = shiftDate(utcToday(), -3000);
    const done = (await api.post("/api/plants", tomatoBody({ plantingDate: old }))).json().plant;
    const stages = done.timeline.stages as { name: string; current: boolean }[];
    expect(done.timeline.currentStage).toBe(stages[stages.length - 1]?.name);
    expect(stages[stages.length - 1]?.current).toBe(true);
  });
});
