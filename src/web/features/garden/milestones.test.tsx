import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Milestone, PlantDetail } from "../../../core/schemas/plant";
import { formatDay, localToday } from "../../lib/format";
import { usePlant } from "../../lib/garden-api";
import { Milestones } from "./milestones";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const milestone = (stage: string, date: string, reachedAt: string | null): Milestone => ({
  id: `m-${stage}`,
  plantId: "p1",
  title: stage.charAt(0).toUpperCase() + stage.slice(1),
  stage,
  date,
  reachedAt,
  name: stage,
  fromAt: `${date}T00:00:00.000Z`,
  toAt: null,
  createdAt: "2026-05-01T09:00:00.000Z",
});

const reachedAt = "2026-05-01T09:00:00.000Z";
let plant: PlantDetail;

function Harness() {
  const { data } = usePlant("p1");
  return data ? <Milestones plant={data} /> : null;
}

describe("plant milestones", () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    plant = {
      id: "p1",
      name: "Tomato",
      milestones: [
        milestone("germination", "2026-05-01", reachedAt),
        milestone("seedling", "2026-05-11", null),
        milestone("flowering", "2026-06-20", null),
      ],
    } as PlantDetail;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === "/api/plants/p1" && init?.method === "PATCH") {
        const { stage } = JSON.parse(String(init.body)) as { stage: string };
        plant = {
          ...plant,
          stage,
          milestones: plant.milestones.map((m) =>
            m.stage === stage ? { ...m, reachedAt: "2026-05-12T08:00:00.000Z" } : m,
          ),
        };
        return json(200, plant);
      }
      if (url === "/api/plants/p1") return json(200, plant);
      return json(404, { error: { code: "not_found", message: "Not found." } });
    });
    vi.stubGlobal("fetch", fetchMock);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <Harness />
      </QueryClientProvider>,
    );
  });
  afterEach(() => {
    cleanup();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it("lists each stage with its planned date, and the date it was reached", async () => {
    expect(await screen.findByText("Germination")).toBeTruthy();
    expect(screen.getByText(`Planned ${formatDay("2026-05-11")}`)).toBeTruthy();
    expect(screen.getByText(`Reached ${formatDay(localToday(new Date(reachedAt)))}`)).toBeTruthy();
    expect(screen.getAllByText(/^Reached /)).toHaveLength(1);
  });

  it("marks the next stage reached and the list follows", async () => {
    const mark = await screen.findByRole("button", { name: "Mark Seedling reached" });
    expect(screen.queryByRole("button", { name: "Mark Flowering reached" })).toBeNull();
    fireEvent.click(mark);
    await waitFor(() => expect(screen.getAllByText(/^Reached /)).toHaveLength(2));
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === "PATCH");
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ stage: "seedling" });
    expect(await screen.findByRole("button", { name: "Mark Flowering reached" })).toBeTruthy();
  });
});

describe("nextMilestone", () => {
  it("offers the stage after the last one reached, not one the plant has passed", async () => {
    const { nextMilestone } = await import("./milestones");
    const saved = [
      milestone("germination", "2026-05-01", null),
      milestone("seedling", "2026-05-08", reachedAt),
      milestone("vegetative", "2026-05-29", null),
    ];
    expect(nextMilestone(saved)?.stage).toBe("vegetative");
    expect(nextMilestone(saved.map((m) => ({ ...m, reachedAt: null })))?.stage).toBe("germination");
    expect(nextMilestone(saved.map((m) => ({ ...m, reachedAt })))).toBeUndefined();
  });
});
