import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Place } from "../../core/schemas/place";
import { PlacePicker } from "./place-picker";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const SAN_FRANCISCO: Place = {
  name: "San Francisco",
  admin1: "CA",
  country: "United States",
  countryCode: "US",
  latitude: 37.75,
  longitude: -122.42,
  timeZone: "America/Los_Angeles",
  postcode: "94110",
};

let chosen: Place | null = null;
function Harness({ initial = "" }: { initial?: string }) {
  const [place, setPlace] = useState<Place | null>(null);
  chosen = place;
  return <PlacePicker initial={initial} chosen={place} onChoose={setPlace} error={null} />;
}

const renderPicker = (initial?: string) =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <Harness initial={initial} />
    </QueryClientProvider>,
  );

describe("the town or postcode picker", () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    chosen = null;
    fetchMock.mockImplementation(async (input) => {
      const url = new URL(String(input), "http://localhost");
      if (url.pathname === "/api/places") {
        return json(200, { places: url.searchParams.get("q") === "94110" ? [SAN_FRANCISCO] : [] });
      }
      if (url.pathname === "/api/zones/94110") {
        return json(200, {
          zipcode: "94110",
          zone: "10b",
          trange: "35 to 40",
          zonetitle: "10b: 35 to 40",
          map: "2023",
          place: "San Francisco, CA",
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

  it("chooses the one place found at once and shows a US ZIP's zone", async () => {
    renderPicker();
    fireEvent.change(screen.getByLabelText("Town or postcode"), { target: { value: "94110" } });
    const radio = await screen.findByRole("radio", {
      name: "San Francisco, CA, United States 94110",
    });
    await waitFor(() => expect((radio as HTMLInputElement).checked).toBe(true));
    expect(chosen).toEqual(SAN_FRANCISCO);
    await screen.findByText("USDA zone 10b (35 to 40 °F)");
  });

  it("searches its starting text (onboarding coming back to the step)", async () => {
    renderPicker("94110");
    await waitFor(() => expect(chosen).toEqual(SAN_FRANCISCO));
  });

  it("forgets the choice when a new search finds nothing", async () => {
    renderPicker();
    const field = screen.getByLabelText("Town or postcode");
    fireEvent.change(field, { target: { value: "94110" } });
    await waitFor(() => expect(chosen).toEqual(SAN_FRANCISCO));
    fireEvent.change(field, { target: { value: "Nowhereville" } });
    await screen.findByText(/No place called “Nowhereville” found/);
    await waitFor(() => expect(chosen).toBeNull());
  });
});
