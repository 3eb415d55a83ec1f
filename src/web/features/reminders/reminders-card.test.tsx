import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Me } from "../../../core/schemas/me";
import { PUSH_MESSAGES, PushSetupError } from "./browser-push";
import { RemindersCard } from "./reminders-card";
import { hourLabel } from "./time-options";

const browser = vi.hoisted(() => ({
  zone: "UTC",
  env: { isSecureContext: true, hasPushManager: true, serviceWorker: {}, notification: {} },
  subscribed: false,
  enablePush: vi.fn(async () => undefined),
  disablePush: vi.fn(async () => ({ serverForgot: true })),
}));

vi.mock("../../lib/api-client", async (original) => ({
  ...(await original<typeof import("../../lib/api-client")>()),
  timeZone: () => browser.zone,
}));

vi.mock("./browser-push", async (original) => {
  const real = await original<typeof import("./browser-push")>();
  return {
    ...real,
    browserEnvironment: () => browser.env,
    currentSubscription: async () => (browser.subscribed ? {} : null),
    enablePush: browser.enablePush,
    disablePush: browser.disablePush,
  };
});

const me: Me = {
  id: "u1",
  email: "ivy@example.com",
  displayName: "Ivy",
  photoUrl: null,
  provider: "email",
  createdAt: "2026-05-01T09:00:00.000Z",
  lastLoginAt: null,
  units: "C",
  location: null,
  place: null,
  zip: null,
  zone: null,
  zoneTitle: null,
  tempRange: null,
  experience: null,
  preference: null,
  onboardingCompleted: true,
  completedAt: null,
  plan: "free",
  timeZone: "Europe/Paris",
  reminderHour: 8,
  emailDigest: false,
};

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });

let profile: Me = me;
let failPatch = false;
const patches: unknown[] = [];

/** The settings page passes the cached profile down: follow it as saves change it. */
function Harness() {
  const { data } = useQuery({ queryKey: ["me"], queryFn: () => profile, staleTime: Infinity });
  return data ? <RemindersCard me={data} /> : null;
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

const hourSelect = () => screen.getByLabelText("Remind me at") as HTMLSelectElement;
const zoneSelect = () => screen.getByLabelText("Time zone") as HTMLSelectElement;
const digestSwitch = () => screen.getByRole("switch", { name: "E-mail digest" });
const pushSwitch = () => screen.getByRole("switch", { name: "Browser notifications" });

describe("Settings → Reminders", () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    browser.zone = "Europe/Paris";
    browser.subscribed = false;
    browser.env = {
      isSecureContext: true,
      hasPushManager: true,
      serviceWorker: {},
      notification: {},
    };
    failPatch = false;
    patches.length = 0;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === "/api/me" && init?.method === "PATCH") {
        const patch = JSON.parse(String(init.body)) as Partial<Me>;
        patches.push(patch);
        if (failPatch) return json(500, { error: { code: "internal", message: "Server error." } });
        profile = { ...profile, ...patch };
        return json(200, profile);
      }
      return json(404, { error: { code: "not_found", message: "Not found." } });
    });
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    cleanup();
    fetchMock.mockReset();
    browser.enablePush.mockReset();
    browser.disablePush.mockReset();
    vi.unstubAllGlobals();
  });

  it("offers every hour of the day, written as the locale writes it, and saves the one picked", async () => {
    renderCard();
    const options = [...hourSelect().options];
    expect(options).toHaveLength(24);
    expect(options.map((o) => o.value)).toEqual(Array.from({ length: 24 }, (_, h) => String(h)));
    expect(options[19]?.textContent).toBe(hourLabel(19));
    expect(hourSelect().value).toBe("8");

    fireEvent.change(hourSelect(), { target: { value: "19" } });
    await screen.findByText("Saved");
    expect(patches).toEqual([{ reminderHour: 19 }]);
    expect(hourSelect().value).toBe("19");
  });

  it("turns the e-mail digest on through the API", async () => {
    renderCard();
    expect(digestSwitch().getAttribute("aria-checked")).toBe("false");
    expect(screen.getByText("ivy@example.com")).toBeTruthy();
    fireEvent.click(digestSwitch());
    await waitFor(() => expect(patches).toEqual([{ emailDigest: true }]));
    await waitFor(() => expect(digestSwitch().getAttribute("aria-checked")).toBe("true"));
  });

  it("puts a setting back and says so when it could not be saved", async () => {
    failPatch = true;
    renderCard();
    fireEvent.change(hourSelect(), { target: { value: "6" } });
    await waitFor(() => expect(patches).toHaveLength(1));
    await waitFor(() => expect(hourSelect().value).toBe("8"));
    expect(screen.queryByText("Saved")).toBeNull();
  });

  it("lists the time zones and saves the one picked", async () => {
    renderCard();
    expect(zoneSelect().value).toBe("Europe/Paris");
    expect(zoneSelect().querySelectorAll("option").length).toBeGreaterThan(300);
    expect(zoneSelect().querySelector('optgroup[label="America"]')).toBeTruthy();
    fireEvent.change(zoneSelect(), { target: { value: "America/New_York" } });
    await waitFor(() => expect(patches).toEqual([{ timeZone: "America/New_York" }]));
  });

  it("suggests the browser's zone over the default UTC and saves it with the first change", async () => {
    browser.zone = "Asia/Tokyo";
    renderCard({ timeZone: "UTC" });
    expect(zoneSelect().value).toBe("Asia/Tokyo");
    expect(screen.getByText(/not saved yet: reminders use UTC/)).toBeTruthy();
    fireEvent.change(hourSelect(), { target: { value: "7" } });
    await waitFor(() => expect(patches).toEqual([{ timeZone: "Asia/Tokyo", reminderHour: 7 }]));
    await waitFor(() => expect(screen.queryByText(/not saved yet/)).toBeNull());
  });

  it("saves the suggested zone on its own with Save time zone", async () => {
    browser.zone = "Asia/Tokyo";
    renderCard({ timeZone: "UTC" });
    fireEvent.click(screen.getByRole("button", { name: "Save time zone" }));
    await waitFor(() => expect(patches).toEqual([{ timeZone: "Asia/Tokyo" }]));
  });

  it("says which zone reminders use, and offers this device's zone when it differs", async () => {
    browser.zone = "Asia/Tokyo";
    renderCard({ timeZone: "Europe/London" });
    expect(zoneSelect().value).toBe("Europe/London");
    expect(screen.getByText("Reminders use Europe/London.")).toBeTruthy();
    expect(screen.getByText("This device is set to Asia/Tokyo.")).toBeTruthy();
    fireEvent.click(
      screen.getByRole("button", { name: "Use this device's time zone (Asia/Tokyo)" }),
    );
    await waitFor(() => expect(patches).toEqual([{ timeZone: "Asia/Tokyo" }]));
    await screen.findByText("Reminders use Asia/Tokyo.");
    expect(screen.queryByRole("button", { name: /Use this device's time zone/ })).toBeNull();
  });

  it("offers nothing when this device is in the saved zone", () => {
    renderCard({ timeZone: "Europe/Paris" });
    expect(screen.getByText("Reminders use Europe/Paris.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Use this device's time zone/ })).toBeNull();
  });

  it("keeps UTC when the browser is in UTC too", () => {
    browser.zone = "Etc/UTC";
    renderCard({ timeZone: "UTC" });
    expect(zoneSelect().value).toBe("UTC");
    expect(screen.queryByText(/not saved yet/)).toBeNull();
  });

  it("turns browser notifications on (saving a suggested zone with it) and off", async () => {
    browser.zone = "Asia/Tokyo";
    browser.enablePush.mockImplementation(async () => {
      browser.subscribed = true;
    });
    browser.disablePush.mockImplementation(async () => {
      browser.subscribed = false;
      return { serverForgot: true };
    });
    renderCard({ timeZone: "UTC" });
    await waitFor(() => expect(pushSwitch().getAttribute("aria-busy")).toBeNull());
    expect(pushSwitch().getAttribute("aria-checked")).toBe("false");

    fireEvent.click(pushSwitch());
    await waitFor(() => expect(pushSwitch().getAttribute("aria-checked")).toBe("true"));
    expect(browser.enablePush).toHaveBeenCalledOnce();
    await waitFor(() => expect(patches).toEqual([{ timeZone: "Asia/Tokyo" }]));

    await waitFor(() => expect(pushSwitch().getAttribute("aria-busy")).toBeNull());
    fireEvent.click(pushSwitch());
    await waitFor(() => expect(pushSwitch().getAttribute("aria-checked")).toBe("false"));
    expect(browser.disablePush).toHaveBeenCalledOnce();
  });

  it("explains when the browser has no push service, and stays off", async () => {
    browser.enablePush.mockRejectedValue(
      new PushSetupError("push-service", PUSH_MESSAGES["push-service"]),
    );
    renderCard();
    await waitFor(() => expect(pushSwitch().getAttribute("aria-busy")).toBeNull());
    fireEvent.click(pushSwitch());
    expect((await screen.findByRole("alert")).textContent).toMatch(
      /couldn't sign up with its push service/,
    );
    expect(pushSwitch().getAttribute("aria-checked")).toBe("false");
  });

  it("says why the switch cannot work in a browser without push, and disables it", () => {
    browser.env = {
      isSecureContext: true,
      hasPushManager: false,
      serviceWorker: {},
      notification: {},
    };
    renderCard();
    expect((pushSwitch() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(PUSH_MESSAGES.unsupported)).toBeTruthy();
  });

  it("says how to unblock notifications the browser has blocked", async () => {
    browser.env = {
      isSecureContext: true,
      hasPushManager: true,
      serviceWorker: {},
      notification: { permission: "denied" },
    };
    renderCard();
    await waitFor(() => expect((pushSwitch() as HTMLButtonElement).disabled).toBe(true));
    expect(screen.getByText(PUSH_MESSAGES.denied)).toBeTruthy();
  });
});
