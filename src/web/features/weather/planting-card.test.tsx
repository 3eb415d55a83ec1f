import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PlantingSuggestionsBody } from "../../../core/schemas/weather";
import { PlantingCard } from "./planting-card";

const body: PlantingSuggestionsBody = {
  location: "Springfield, IL",
  season: "Autumn",
  averageC: 4.2,
  averageFrom: "forecast",
  summary: [
    "Planting calendar for your frost dates: last spring frost about 17 Apr, first autumn frost about 16 Oct.",
  ],
  vegetables: [],
  herbs: [{ name: "Garlic chives", method: "direct", notes: "Sow outdoors from 2 Dec." }],
  flowers: [],
  frost: null,
  band: "very-cold",
  latitude: 39.8,
  longitude: -89.6,
  countryCode: "US",
  hemisphere: "north",
};

vi.mock("../../lib/weather-api", async (original) => ({
  ...(await original<typeof import("../../lib/weather-api")>()),
  usePlanting: () => ({ data: body, isError: false, fetchStatus: "idle" }),
}));

vi.mock("./use-units", () => ({ useUnits: () => "C" }));

afterEach(cleanup);

describe("What to Plant Now", () => {
  it("says so when a list has nothing to sow or plant out now", () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <PlantingCard place={{ location: "Springfield, IL" }} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByText("Vegetables (0)")).toBeTruthy();
    expect(
      screen.getAllByText("Nothing to sow or plant out now or in the next four weeks."),
    ).toHaveLength(2);
    expect(screen.getByText("Sow outdoors from 2 Dec.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Planting calendar" }).getAttribute("href")).toBe(
      "/planting-calendar",
    );
  });
});
