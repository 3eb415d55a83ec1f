import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Me } from "../../../core/schemas/me";
import type { Place } from "../../../core/schemas/place";
import { PreferencesCard } from "./preferences-card";

vi.mock("../../lib/auth-context", () => ({
  meQueryKey: ["me"],
  useAuth: () => ({ status: "signed-in", user: { id: "u1", name: "Ivy", email: "i@e.x" } }),
}));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const place = (name: string, extra: Partial<Place> = {}): Place => ({
  name,
  admin1: null,
  country: "India",
  countryCode: "IN",
  latitude: 12.97,
  longitude: 77.59,
  timeZone: "Asia/Kolkata",
  postcode: null,
  ...extra,
});
const BENGALURU = place("Bengaluru", { admin1: "Karnataka" });
const PUNE = place("Pune", { admin1: "Maharashtra", latitude: 18.52, longitude: 73.86 });
const PORTLAND_ME = place("Portland", {
  admin1: "Maine",
  country: "United States",
  countryCode: "US",
  latitude: 43.66,
  longitude: -70.26,
});
const PORTLAND_OR = { ...PORTLAND_ME, admin1: "Oregon", latitude: 45.52, longitude: -122.68 };

const me: Me = {
  id: "u1",
  email: "ivy@example.com",
  displayName: "Ivy",
  photoUrl: null,
  provider: "email",
  createdAt: "2026-05-01T09:00:00.000Z",
  lastLoginAt: null,
  units: "C",
  location: "Bengaluru, Karnataka, India",
  place: BENGALURU,
  zip: null,
  zone: null,
  zoneTitle: null,
  tempRange: null,
  experience: null,
  preference: null,
  onboardingCompleted: true,
  completedAt: null,
  plan: "free",
  timeZone: "Asia/Kolkata",
  reminderHour: 8,
  emailDigest: false,
};

let profile: Me = me;
let refuse: string | null = null;
const patches: Record<string, unknown>[] = [];
const searches: string[] = [];
const fetchMock = vi.fn<typeof fetch>();

function Harness() {
  const { data } = useQuery({ queryKey: ["me"], queryFn: () => profile, staleTime: Infinity });
  return data ? <PreferencesCard me={data} /> : null;
}

function renderCard(start: Partial<Me> = {}) {
  profile = { ...me, ...start };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(["me"], profile);
  render(
    <QueryClientProvider client={client}>
      <Harness />
    </QueryClientProvider>,
  );
}

const field = () => screen.getByLabelText("Town or postcode") as HTMLInputElement;
const saveButton = () => screen.getByRole("button", { name: "Save Preferences" });

describe("Settings → Preferences: town or postcode", () => {
  beforeEach(() => {
    localStorage.clear();
    refuse = null;
    patches.length = 0;
    searches.length = 0;
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), "http://localhost");
      if (url.pathname === "/api/places") {
        const q = url.searchParams.get("q") ?? "";
        searches.push(q);
        const places = q.startsWith("Portland")
          ? [PORTLAND_ME, PORTLAND_OR]
          : q.startsWith("Pune")
            ? [PUNE]
            : [];
        return json(200, { places });
      }
      if (url.pathname === "/api/me" && init?.method === "PATCH") {
        const patch = JSON.parse(String(init.body)) as Record<string, unknown>;
        patches.push(patch);
        if (refuse) return json(400, { error: { code: "invalid_request", message: refuse } });
        const next = (patch.place as Place | undefined) ?? profile.place;
        profile = { ...profile, ...patch, place: next } as Me;
        return json(200, profile);
      }
      if (url.pathname.startsWith("/api/zones/")) {
        return json(200, {
          zipcode: "85004",
          zone: "10a",
          trange: "30 to 35",
          zonetitle: "10a: 30 to 35",
          map: "2023",
          place: "Phoenix, AZ",
        });
      }
      return json(404, { error: { code: "not_found", message: "Not found." } });
    });
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    cleanup();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it("shows the saved place without searching it, and saves no place when it is unchanged", async () => {
    renderCard();
    expect(field().value).toBe("Bengaluru, Karnataka, India");
    expect(
      screen.getByText("Used for your weather, frost dates and planting advice."),
    ).toBeTruthy();
    fireEvent.click(saveButton());
    await waitFor(() => expect(patches).toEqual([{ displayName: "Ivy", units: "C" }]));
    expect(searches).toEqual([]);
  });

  it("saves a place chosen from several found, and the nav's label follows", async () => {
    renderCard();
    fireEvent.change(field(), { target: { value: "Portland" } });
    const oregon = await screen.findByRole("radio", { name: "Portland, Oregon, United States" });
    expect(screen.getByText("Which one?")).toBeTruthy();
    fireEvent.click(oregon);
    fireEvent.click(saveButton());
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toEqual({ displayName: "Ivy", units: "C", place: PORTLAND_OR });
    await screen.findByDisplayValue("Portland, Oregon, United States");
    expect(localStorage.getItem("location")).toBe("Portland, Oregon, United States");
    expect(screen.queryByRole("radio", { name: /Portland/ })).toBeNull();
  });

  it("asks for a choice rather than saving a search that has none", async () => {
    renderCard();
    fireEvent.change(field(), { target: { value: "Portland" } });
    await screen.findByRole("radio", { name: "Portland, Maine, United States" });
    fireEvent.click(saveButton());
    await screen.findByText("Choose your town from the places found, or search again.");
    expect(patches).toEqual([]);
  });

  it("says a place nothing matches under the field and saves none", async () => {
    renderCard();
    fireEvent.change(field(), { target: { value: "Nowhereville" } });
    await screen.findByText(/No place called “Nowhereville” found/);
    fireEvent.click(saveButton());
    await screen.findByText("Choose your town from the places found, or search again.");
    expect(patches).toEqual([]);
  });

  it("shows the server's reason by the field when it refuses the place", async () => {
    refuse = "Check place.latitude: Latitude is between −90 and 90.";
    renderCard();
    fireEvent.change(field(), { target: { value: "Pune" } });
    await screen.findByRole("radio", { name: "Pune, Maharashtra, India" });
    fireEvent.click(saveButton());
    await screen.findByText(refuse);
    expect(field().getAttribute("aria-invalid")).toBe("true");
    expect(patches).toHaveLength(1);
  });

  it("gives examples while the gardener has no place", () => {
    renderCard({ place: null, location: null });
    expect(field().value).toBe("");
    expect(screen.getByText("For example Bengaluru, Melbourne or 94110.")).toBeTruthy();
  });

  it("starts an older profile from its ZIP's town and keeps its USDA zone line", async () => {
    renderCard({ place: null, location: null, zip: "85004", zone: "10a", tempRange: "30 to 35" });
    await waitFor(() => expect(field().value).toBe("Phoenix, AZ"));
    expect(screen.getByText("USDA zone 10a (30 to 35 °F) for ZIP 85004")).toBeTruthy();
    expect(searches).toEqual([]);
  });
});
