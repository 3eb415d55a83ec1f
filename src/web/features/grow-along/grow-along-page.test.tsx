import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { GrowGuide } from "../../../core/schemas/grow-guide";
import { GUIDE_FAILED } from "./api/get-grow-guide";
import { GrowAlongPage } from "./grow-along-page";
import { GROW_ALONG_GPS_TIMEOUT_MS } from "./use-gps-location";

vi.mock("../../lib/auth-context", () => ({
  useAuth: () => ({ status: "signed-in", user: { id: "u1", name: "Ivy", email: "i@e.x" } }),
  meQueryKey: ["me"],
}));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const suggestions = [
  { slug: "tomato", name: "Tomato", scientificName: "Solanum lycopersicum", category: "vegetable" },
  { slug: "basil", name: "Basil", scientificName: "Ocimum basilicum", category: "herb" },
];

const guide: GrowGuide = {
  plant: "Tomato",
  cropSlug: "tomato",
  custom: false,
  engine: "built-in",
  stages: [
    { name: "Germination", startDay: 0, endDay: 9, description: "Keep the mix warm." },
    { name: "Seedling", startDay: 10, endDay: 29, description: "" },
  ],
  tasks: [
    { title: "Feed with tomato fertiliser", dueInDays: 14, repeatEveryDays: 7 },
    { title: "Check the soil moisture", dueInDays: 1, repeatEveryDays: null },
  ],
  tips: ["Pinch out side shoots."],
  instructions: ["Sow 1 cm deep."],
  sources: [{ title: "Tomato growing notes", ref: "crops/tomato" }],
  setup: { medium: "soil", place: "outdoor", lights: "sun" },
};

let plantSupport: string | null = "https://forms.example/plant-support";
let guideReply: () => Response = () => json(200, guide);

let me: { place: Record<string, unknown> | null } = { place: null };
/** San Francisco's climate as GET /api/me/climate gives it: dry summers, mild wet winters. */
const sanFranciscoClimate = {
  source: "usda-noaa",
  zone: "10b",
  zoneTitle: "Zone 10b",
  lastFrost: null,
  firstFrost: null,
  frostFree: true,
  growingSeasonDays: 365,
  monthlyMeanC: [10.9, 12.3, 13.3, 14.1, 15.2, 16.4, 16.9, 17.5, 18.1, 17.3, 13.9, 10.9],
  monthlyRainMm: [114, 113, 84, 37, 18, 4, 0, 1, 3, 28, 80, 116],
  hemisphere: "north",
};

function answer(url: string): Response {
  if (url === "/api/me") return json(200, me);
  if (url === "/api/me/climate") return json(200, sanFranciscoClimate);
  if (url === "/api/catalogue/suggestions?for=grow-along") return json(200, { crops: suggestions });
  if (url.startsWith("/api/catalogue/crops?q=")) return json(200, { crops: [] });
  if (url === "/api/gardening/grow-guide") return guideReply();
  if (url === "/api/plants")
    return json(201, { plant: { id: "p1", name: "Tomato" }, tasks: [{ id: "t1" }] });
  if (url.startsWith("/api/gardening/weather?"))
    return json(200, { location: "Leeds, GB", temperature: 12 });
  if (url === "/api/app-config")
    return json(200, {
      auth: { google: false, oidc: null },
      links: {
        videoCourse: null,
        crowdfunding: null,
        bugReport: null,
        contactForm: null,
        feedbackForm: null,
        plantSupport,
        social: [],
      },
      upgradeEmail: null,
    });
  return json(404, { error: { code: "not_found", message: "Not found." } });
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: "/grow-along", element: <GrowAlongPage /> },
      { path: "/plants/:plantId", element: <p>Plant page</p> },
    ],
    { initialEntries: ["/grow-along"] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const guideButton = () =>
  screen.getByRole("button", { name: /Get My Growing Guide/ }) as HTMLButtonElement;
const select = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function pickPlant(name: string) {
  const plant = screen.getByRole("combobox", { name: "Plant" });
  fireEvent.focus(plant);
  fireEvent.click(await screen.findByRole("option", { name }));
}

function fillSetup() {
  select("Growing medium", "soil");
  select("Gardening type", "indoor");
  select("Lighting", "led");
  select("Experience", "beginner");
  select("Climate", "temperate");
}

describe("/grow-along", () => {
  const fetchMock = vi.fn<typeof fetch>();
  const bodyOf = (path: string) => {
    const call = fetchMock.mock.calls.find(([url]) => String(url) === path);
    return call ? JSON.parse(String(call[1]?.body)) : undefined;
  };

  beforeEach(() => {
    localStorage.clear();
    me = { place: null };
    plantSupport = "https://forms.example/plant-support";
    guideReply = () => json(200, guide);
    fetchMock.mockImplementation(async (input) => answer(String(input)));
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    cleanup();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it("enables 'Get My Growing Guide' only once every field is filled, saying what is missing", async () => {
    renderPage();
    expect(guideButton().disabled).toBe(true);
    expect(guideButton().getAttribute("aria-describedby")).toBeTruthy();
    expect(
      screen.getByText(
        "Fill in the location, plant, growing medium, gardening type, lighting, experience and climate to get your guide.",
      ),
    ).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Location"), { target: { value: "Leeds" } });
    await pickPlant("Tomato");
    fillSetup();
    select("Climate", "");
    expect(guideButton().disabled).toBe(true);
    expect(screen.getByText("Fill in the climate to get your guide.")).toBeTruthy();
    select("Climate", "temperate");
    expect(guideButton().disabled).toBe(false);
    expect(screen.queryByText(/to get your guide\./)).toBeNull();
  });

  it("lists the 32 built-in suggestions when the plant field is empty and focused", async () => {
    renderPage();
    fireEvent.focus(screen.getByRole("combobox", { name: "Plant" }));
    const list = await screen.findByRole("listbox", { name: "Popular plants" });
    expect(list.querySelectorAll('[role="option"]')).toHaveLength(suggestions.length);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes("for=grow-along"))).toBe(true);
  });

  it("starts from the stored location, experience and climate", () => {
    localStorage.setItem("mp.location", "Bristol");
    localStorage.setItem("experience", "intermediate");
    localStorage.setItem("climate", "cold");
    renderPage();
    expect((screen.getByLabelText("Location") as HTMLInputElement).value).toBe("Bristol");
    expect((screen.getByLabelText("Experience") as HTMLSelectElement).value).toBe("intermediate");
    expect((screen.getByLabelText("Climate") as HTMLSelectElement).value).toBe("cold");
  });

  it("fills the location and climate from the gardener's place, and shows a planting warning", async () => {
    me = {
      place: {
        name: "San Francisco",
        admin1: "California",
        country: "United States",
        countryCode: "US",
        latitude: 37.77,
        longitude: -122.42,
      },
    };
    const warning =
      "Tomato sown on 25 Nov in zone 10b: Too cold. Start seeds indoors from 3 Apr instead.";
    guideReply = () => json(200, { ...guide, plantingWarning: warning });
    renderPage();
    const location = screen.getByLabelText("Location") as HTMLInputElement;
    await waitFor(() => expect(location.value).toBe("San Francisco, California, United States"));
    const climate = screen.getByLabelText("Climate") as HTMLSelectElement;
    await waitFor(() => expect(climate.value).toBe("mediterranean"));
    // Still the gardener's to change.
    select("Climate", "temperate");
    expect(climate.value).toBe("temperate");

    await pickPlant("Tomato");
    fillSetup();
    fireEvent.click(guideButton());
    expect(await screen.findByText(warning)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Track this plant" })).toBeTruthy();
  });

  it("leaves the climate chosen for the last guide", async () => {
    me = {
      place: {
        name: "Leeds",
        admin1: null,
        country: "United Kingdom",
        countryCode: "GB",
        latitude: 53.8,
        longitude: -1.55,
      },
    };
    localStorage.setItem("climate", "cold");
    renderPage();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => url === "/api/me/climate")).toBe(true),
    );
    // Let the climate's answer arrive and its effect run before looking.
    for (let i = 0; i < 5; i++) await act(() => Promise.resolve());
    expect((screen.getByLabelText("Climate") as HTMLSelectElement).value).toBe("cold");
  });

  it("shows the guide, then tracks it as an indoor LED plant from today and opens it", async () => {
    const router = renderPage();
    fireEvent.change(screen.getByLabelText("Location"), { target: { value: "Leeds" } });
    await pickPlant("Tomato");
    fillSetup();
    fireEvent.click(guideButton());

    expect(await screen.findByRole("heading", { name: "Your Tomato guide" })).toBeTruthy();
    expect(bodyOf("/api/gardening/grow-guide")).toEqual({
      plant: "Tomato",
      cropSlug: "tomato",
      location: "Leeds",
      medium: "soil",
      gardenType: "indoor",
      lighting: "led",
      experience: "beginner",
      climate: "temperate",
    });
    expect(localStorage.getItem("climate")).toBe("temperate");
    expect(screen.getByText((_, el) => el?.textContent === "Germination (now)")).toBeTruthy();
    expect(screen.getByText("Keep the mix warm.")).toBeTruthy();
    const tasks = within(screen.getByRole("region", { name: "Tasks" }));
    const days = tasks.getAllByText(/^Day \d+$/).map((el) => el.textContent);
    expect(days).toEqual(["Day 1", "Day 14"]);
    expect(screen.getByText("Repeats weekly")).toBeTruthy();
    expect(screen.getByText("Pinch out side shoots.")).toBeTruthy();
    expect(screen.getByText("Sow 1 cm deep.")).toBeTruthy();
    expect(screen.getByText("Built-in assistant")).toBeTruthy();
    expect(screen.queryByText("Custom Plant")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Track this plant" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/plants/p1"));
    const body = bodyOf("/api/plants");
    expect(body).toMatchObject({
      name: "Tomato",
      cropSlug: "tomato",
      medium: "soil",
      place: "indoor",
      lights: "led",
      guide,
    });
    expect(body.plantingDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("says the spec's words when no guide can be made, and tries again", async () => {
    guideReply = () => json(502, { error: { code: "upstream_unavailable", message: "x" } });
    renderPage();
    fireEvent.change(screen.getByLabelText("Location"), { target: { value: "Leeds" } });
    await pickPlant("Basil");
    fillSetup();
    fireEvent.click(guideButton());
    expect(await screen.findByText(GUIDE_FAILED)).toBeTruthy();

    guideReply = () => json(200, { ...guide, plant: "Basil", cropSlug: "basil" });
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "Your Basil guide" })).toBeTruthy();
  });

  it("treats a reply that is not a guide as a failure", async () => {
    guideReply = () => json(200, { plant: "Tomato", stages: "soon" });
    renderPage();
    fireEvent.change(screen.getByLabelText("Location"), { target: { value: "Leeds" } });
    await pickPlant("Tomato");
    fillSetup();
    fireEvent.click(guideButton());
    expect(await screen.findByText(GUIDE_FAILED)).toBeTruthy();
  });

  it("marks a plant Tendril does not know as a Custom Plant, with the support form", async () => {
    renderPage();
    fireEvent.change(screen.getByRole("combobox", { name: "Plant" }), {
      target: { value: "Moonflower" },
    });
    expect(await screen.findByText("Custom Plant")).toBeTruthy();
    const link = await screen.findByRole("link", { name: /Request Plant Support/ });
    expect(link.getAttribute("href")).toBe("https://forms.example/plant-support");
    expect(link.getAttribute("target")).toBe("_blank");
  });

  it("explains a Custom Plant when no support form is configured", async () => {
    plantSupport = null;
    renderPage();
    fireEvent.change(screen.getByRole("combobox", { name: "Plant" }), {
      target: { value: "Moonflower" },
    });
    expect(await screen.findByText("Custom Plant")).toBeTruthy();
    expect(
      await screen.findByText("Not in our catalogue: the guide uses general care."),
    ).toBeTruthy();
    expect(screen.queryByRole("link", { name: /Request Plant Support/ })).toBeNull();
  });

  describe("Use GPS", () => {
    const getCurrentPosition = vi.fn();
    beforeEach(() => {
      Object.defineProperty(navigator, "geolocation", {
        value: { getCurrentPosition },
        configurable: true,
      });
    });
    afterEach(() => {
      getCurrentPosition.mockReset();
      Reflect.deleteProperty(navigator, "geolocation");
    });

    const position = { coords: { latitude: 53.80081, longitude: -1.54914 } };

    it("asks for a high-accuracy fix within 10 s and names the place found", async () => {
      getCurrentPosition.mockImplementation((found: (p: typeof position) => void) =>
        found(position),
      );
      renderPage();
      fireEvent.click(screen.getByRole("button", { name: "Use GPS" }));
      expect(getCurrentPosition.mock.calls[0]?.[2]).toEqual({
        enableHighAccuracy: true,
        timeout: GROW_ALONG_GPS_TIMEOUT_MS,
      });
      expect(GROW_ALONG_GPS_TIMEOUT_MS).toBe(10_000);
      await waitFor(() =>
        expect((screen.getByLabelText("Location") as HTMLInputElement).value).toBe("Leeds, GB"),
      );
      expect(
        fetchMock.mock.calls.some(([url]) => String(url).includes("lat=53.8008&lon=-1.5491")),
      ).toBe(true);
    });

    it("fills in the coordinates when no place name can be found", async () => {
      getCurrentPosition.mockImplementation((found: (p: typeof position) => void) =>
        found(position),
      );
      fetchMock.mockImplementation(async (input) =>
        String(input).startsWith("/api/gardening/weather?")
          ? json(502, { error: { code: "upstream_unavailable", message: "x" } })
          : answer(String(input)),
      );
      renderPage();
      fireEvent.click(screen.getByRole("button", { name: "Use GPS" }));
      await waitFor(() =>
        expect((screen.getByLabelText("Location") as HTMLInputElement).value).toBe(
          "53.8008, -1.5491",
        ),
      );
    });

    it("says so when the position cannot be found", async () => {
      getCurrentPosition.mockImplementation((_: unknown, failed: () => void) => failed());
      renderPage();
      fireEvent.click(screen.getByRole("button", { name: "Use GPS" }));
      expect(
        await screen.findByText("Couldn't find your position. Type your town or ZIP instead."),
      ).toBeTruthy();
    });
  });
});
