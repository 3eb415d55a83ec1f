import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ClimateBody } from "../../../core/schemas/climate";
import type { Me } from "../../../core/schemas/me";
import { ClimateCard } from "./climate-card";
import { dayProblem } from "./frost-date-field";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const LONDON: ClimateBody = {
  source: "historical",
  zone: "9a",
  zoneTitle: "9a: 20 to 25",
  lastFrost: "03-12",
  firstFrost: "11-20",
  frostFree: false,
  growingSeasonDays: 253,
  monthlyMeanC: null,
  monthlyRainMm: null,
  hemisphere: "north",
};

let climate: ClimateBody | null = LONDON;
let refuse: string | null = null;
const patches: unknown[] = [];

const SOMEWHERE = { place: null, zip: null, location: "London" };

function renderCard(me: Pick<Me, "place" | "zip" | "location"> = SOMEWHERE) {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <ClimateCard me={me} />
    </QueryClientProvider>,
  );
}

const fact = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
const group = (name: string) => screen.getByRole("group", { name });
const pick = (legend: string, day: string, month: string) => {
  fireEvent.change(within(group(legend)).getByLabelText("Day"), { target: { value: day } });
  fireEvent.change(within(group(legend)).getByLabelText("Month"), { target: { value: month } });
};

describe("Settings → Climate", () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    climate = LONDON;
    refuse = null;
    patches.length = 0;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) !== "/api/me/climate") return json(404, {});
      if (init?.method === "PATCH") {
        const body = JSON.parse(String(init.body)) as { lastFrost: string; firstFrost: string };
        patches.push(body);
        if (refuse) return json(400, { error: { code: "invalid_request", message: refuse } });
        climate = body.lastFrost
          ? { ...LONDON, ...body, source: "gardener", growingSeasonDays: 200 }
          : LONDON;
        return json(200, climate);
      }
      return climate
        ? json(200, climate)
        : json(404, { error: { code: "not_found", message: "Your garden's place" } });
    });
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    cleanup();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it("shows the zone, frost dates, season and where they come from", async () => {
    renderCard();
    await screen.findByText("Hardiness zone");
    expect(fact("Hardiness zone")).toBe("USDA 9a");
    expect(fact("Last spring frost")).toBe("12 Mar");
    expect(fact("First autumn frost")).toBe("20 Nov");
    expect(fact("Growing season")).toBe("253 days");
    expect(
      screen.getByText("Worked out from ten years of weather records at your place."),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Use the place's dates" })).toBeNull();
  });

  it("says frost-free and all year where there is no frost", async () => {
    climate = {
      ...LONDON,
      source: "usda-noaa",
      lastFrost: null,
      firstFrost: null,
      frostFree: true,
      growingSeasonDays: 365,
    };
    renderCard();
    await screen.findByText("Hardiness zone");
    expect(fact("Last spring frost")).toBe("Frost-free");
    expect(fact("Growing season")).toBe("All year");
    expect(screen.getByText(/USDA hardiness zone map and NOAA frost records/)).toBeTruthy();
  });

  it("asks for a place first when the server knows none (404)", async () => {
    climate = null;
    renderCard();
    await screen.findByText(
      "Choose your town or postcode in Preferences to see your zone and frost dates.",
    );
  });

  it("does not ask the server while the profile names no place", () => {
    renderCard({ place: null, zip: null, location: null });
    expect(
      screen.getByText(
        "Choose your town or postcode in Preferences to see your zone and frost dates.",
      ),
    ).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("corrects the frost dates, then goes back to the place's", async () => {
    renderCard();
    fireEvent.click(await screen.findByRole("button", { name: "Correct the frost dates" }));
    expect(
      (within(group("Last spring frost")).getByLabelText("Day") as HTMLSelectElement).value,
    ).toBe("12");
    pick("Last spring frost", "2", "4");
    pick("First autumn frost", "25", "10");
    fireEvent.click(screen.getByRole("button", { name: "Save frost dates" }));
    await waitFor(() => expect(patches).toEqual([{ lastFrost: "04-02", firstFrost: "10-25" }]));
    await screen.findByText("Your own frost dates. The zone is your place's.");
    expect(fact("Last spring frost")).toBe("2 Apr");
    expect(fact("First autumn frost")).toBe("25 Oct");

    fireEvent.click(screen.getByRole("button", { name: "Use the place's dates" }));
    await waitFor(() => expect(patches).toHaveLength(2));
    expect(patches[1]).toEqual({ lastFrost: null, firstFrost: null });
    await waitFor(() => expect(fact("Last spring frost")).toBe("12 Mar"));
  });

  it("refuses a day the month lacks before asking the server, and shows the server's reason", async () => {
    renderCard();
    fireEvent.click(await screen.findByRole("button", { name: "Correct the frost dates" }));
    pick("Last spring frost", "31", "4");
    fireEvent.click(screen.getByRole("button", { name: "Save frost dates" }));
    await screen.findByText("April has 30 days.");
    expect(patches).toEqual([]);

    refuse = "Give both frost dates, or neither (null for both) to go back to your place's dates.";
    pick("Last spring frost", "30", "4");
    fireEvent.click(screen.getByRole("button", { name: "Save frost dates" }));
    await screen.findByText(refuse);
    expect(screen.getByRole("button", { name: "Save frost dates" })).toBeTruthy();
  });
});

describe("dayProblem", () => {
  it("needs both parts and a day the month has in every year", () => {
    expect(dayProblem({ day: 0, month: 3 })).toBe("Choose a day and a month.");
    expect(dayProblem({ day: 12, month: 0 })).toBe("Choose a day and a month.");
    expect(dayProblem({ day: 29, month: 2 })).toBe(
      "February has 28 days (29 February is not in every year).",
    );
    expect(dayProblem({ day: 28, month: 2 })).toBeNull();
    expect(dayProblem({ day: 31, month: 12 })).toBeNull();
  });
});
