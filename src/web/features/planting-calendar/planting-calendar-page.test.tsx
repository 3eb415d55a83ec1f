import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PlantingCalendarBody } from "../../../core/schemas/climate";
import { PlantingCalendarPage } from "./planting-calendar-page";

vi.mock("../../lib/auth-context", () => ({
  meQueryKey: ["me"],
  useAuth: () => ({ status: "signed-in", user: { id: "u1", name: "Ivy", email: "i@e.x" } }),
}));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const melbourne: PlantingCalendarBody = {
  place: {
    name: "Melbourne",
    admin1: "Victoria",
    country: "Australia",
    countryCode: "AU",
    latitude: -37.81,
    longitude: 144.96,
    timeZone: "Australia/Melbourne",
  },
  climate: {
    source: "historical",
    zone: "9b",
    zoneTitle: "9b: 25 to 30",
    lastFrost: "08-24",
    firstFrost: "06-19",
    frostFree: false,
    growingSeasonDays: 299,
    monthlyMeanC: [22.1, 21.2, 18.2, 13.7, 9, 5.3, 3.7, 4.5, 7.6, 12.1, 16.8, 20.5],
    monthlyRainMm: null,
    hemisphere: "south",
  },
  date: "2026-11-25",
  crops: [
    {
      slug: "tomato",
      name: "Tomato",
      category: "vegetable",
      verdict: "now",
      reason: "Plant out now, until 12 Jan.",
      next: null,
      windows: [
        { action: "plant-out", from: "2026-11-25", to: "2027-01-12" },
        { action: "harvest", from: "2026-12-11", to: "2027-03-27" },
      ],
    },
    {
      slug: "basil",
      name: "Basil",
      category: "herb",
      verdict: "soon",
      reason: "Sow outdoors from 1 Dec.",
      next: null,
      windows: [{ action: "sow", from: "2026-12-01", to: "2026-12-31" }],
    },
    {
      slug: "garlic",
      name: "Garlic",
      category: "vegetable",
      verdict: "not-now",
      reason: "Too late this season to crop before the first frost.",
      next: null,
      windows: [{ action: "plant-out", from: "2027-05-22", to: "2027-07-03" }],
    },
  ],
};
const estimate: PlantingCalendarBody = {
  ...melbourne,
  climate: { ...melbourne.climate, source: "estimate", zone: null, monthlyMeanC: null },
  crops: [],
};

let plants: { cropSlug: string | null; status: string }[];
let units: "C" | "F";
let calendarReply: (url: URL) => Response | Promise<Response>;
const fetchMock = vi.fn<typeof fetch>();
const calendarCalls = () =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), "http://x"))
    .filter((url) => url.pathname === "/api/planting-calendar");

function answer(input: string) {
  const url = new URL(input, "http://x");
  if (url.pathname === "/api/plants") return json(200, { plants, nextCursor: null });
  if (url.pathname === "/api/me") return json(200, { units });
  if (url.pathname === "/api/planting-calendar") return calendarReply(url);
  return json(404, { error: { code: "not_found", message: "Not found." } });
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: "/planting-calendar", element: <PlantingCalendarPage /> },
      { path: "/settings", element: <p>Settings page</p> },
    ],
    { initialEntries: ["/planting-calendar"] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe("/planting-calendar", () => {
  beforeEach(() => {
    // The gardener's local today, late on 25 November: the page asks for that date.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2026, 10, 25, 23, 30));
    plants = [
      { cropSlug: "tomato", status: "active" },
      { cropSlug: "garlic", status: "active" },
      { cropSlug: "tomato", status: "active" },
      { cropSlug: "okra", status: "archived" },
      { cropSlug: null, status: "active" },
    ];
    units = "C";
    calendarReply = () => json(200, melbourne);
    fetchMock.mockImplementation(async (input) => answer(String(input)));
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    cleanup();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("shows a skeleton while the calendar loads", async () => {
    calendarReply = () => new Promise(() => {});
    renderPage();
    await waitFor(() => expect(calendarCalls()).toHaveLength(1));
    expect(screen.getByRole("status", { name: "Loading the planting calendar…" })).toBeTruthy();
  });

  it("asks for the gardener's own crops on their local date, and names the place and its climate", async () => {
    renderPage();
    await screen.findByText("Melbourne, Victoria, Australia");
    const [call] = calendarCalls();
    expect(call?.searchParams.get("date")).toBe("2026-11-25");
    // Active plants' crops, once each.
    expect(call?.searchParams.get("crops")).toBe("garlic,tomato");
    expect(
      screen.getByText(
        "Zone 9b · last frost about 24 Aug, first frost about 19 Jun · monthly means 4 to 22 °C · from 10 years of weather history",
      ),
    ).toBeTruthy();
    expect(screen.getByRole("tab", { name: "My crops" }).getAttribute("aria-selected")).toBe(
      "true",
    );
    expect(screen.getByText("Plant out now, until 12 Jan.")).toBeTruthy();
    const chart = screen.getByRole("img", { name: /^Tomato:/ });
    expect(chart.getAttribute("aria-label")).toBe(
      "Tomato: Plant out 25 Nov – 12 Jan. Harvest 11 Dec – 27 Mar.",
    );
  });

  it("places each band by its dates and marks today on the chart", async () => {
    renderPage();
    const chart = await screen.findByRole("img", { name: /^Basil:/ });
    // December in a chart from 1 November: 30 days in, 31 days wide, of 365.
    const [band] = within(chart).getAllByTestId("band");
    expect(Number.parseFloat(band?.style.left ?? "")).toBeCloseTo((30 / 365) * 100);
    expect(Number.parseFloat(band?.style.width ?? "")).toBeCloseTo((31 / 365) * 100);
    const today = within(chart).getByTestId("today-line");
    expect(Number.parseFloat(today.style.left)).toBeCloseTo((24.5 / 365) * 100);
    // Rows carry their names, so the colours are not the only key.
    expect(within(chart).getByText("Sow")).toBeTruthy();
    expect(screen.getByRole("list", { name: "Chart key" }).textContent).toContain("Today");
  });

  it("gives the monthly means in the gardener's unit", async () => {
    units = "F";
    renderPage();
    await screen.findByText(/monthly means 39 to 72 °F/);
  });

  it("opens on All crops when no plant is a catalogue crop, and filters them", async () => {
    plants = [{ cropSlug: null, status: "active" }];
    renderPage();
    await screen.findByText("3 crops");
    expect(calendarCalls()[0]?.searchParams.has("crops")).toBe(false);
    expect(screen.getByRole("tab", { name: "All crops" }).getAttribute("aria-selected")).toBe(
      "true",
    );
    fireEvent.change(screen.getByLabelText("Kind"), { target: { value: "vegetable" } });
    expect(screen.getByText("2 of 3 crops")).toBeTruthy();
    expect(screen.queryByText("Basil")).toBeNull();
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "GAR" } });
    expect(screen.getByText("1 of 3 crops")).toBeTruthy();
    expect(screen.getByText("Garlic")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "kale" } });
    expect(screen.getByText("No crop matches.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Show every crop" }));
    expect(screen.getByText("3 crops")).toBeTruthy();

    fireEvent.click(screen.getByRole("tab", { name: "My crops" }));
    await screen.findByText("None of your plants is a crop from the catalogue yet");
  });

  it("switches from My crops to All crops, asking for the whole catalogue", async () => {
    renderPage();
    await screen.findByText("Plant out now, until 12 Jan.");
    fireEvent.click(screen.getByRole("tab", { name: "All crops" }));
    await screen.findByText("3 crops");
    expect(calendarCalls().map((url) => url.searchParams.get("crops"))).toEqual([
      "garlic,tomato",
      null,
    ]);
  });

  it("sends a gardener with no place to Settings", async () => {
    calendarReply = () =>
      json(404, {
        error: {
          code: "not_found",
          message: "Your garden's place (choose a town or postcode in Settings) was not found.",
        },
      });
    const router = renderPage();
    await screen.findByText("Choose where you garden first");
    fireEvent.click(screen.getByRole("link", { name: "Choose your place in Settings" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/settings"));
  });

  it("says when the place's climate could not be fetched, and tries again", async () => {
    calendarReply = () => json(200, estimate);
    renderPage();
    await screen.findByText("Your place's climate could not be fetched");
    expect(screen.queryByRole("tab")).toBeNull();
    calendarReply = () => json(200, melbourne);
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await screen.findByText("Plant out now, until 12 Jan.");
    expect(calendarCalls()).toHaveLength(2);
  });

  it("shows the app's error with a retry when the server fails", async () => {
    calendarReply = () => json(500, { error: { code: "internal", message: "Boom" } });
    renderPage();
    await screen.findByText("Tendril's server ran into a problem");
    calendarReply = () => json(200, melbourne);
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    await screen.findByText("Plant out now, until 12 Jan.");
  });
});
