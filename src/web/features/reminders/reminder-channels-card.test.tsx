import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ReminderChannel } from "../../../core/schemas/reminder-channels";
import { channelPlace, ReminderChannelsCard } from "./reminder-channels-card";

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });

const ntfy: ReminderChannel = {
  id: "c1",
  kind: "ntfy",
  url: "https://ntfy.sh/my-garden",
  hasToken: true,
  createdAt: "2026-05-01T09:00:00.000Z",
  lastSentOn: null,
  lastError: null,
  lastErrorAt: null,
};

let channels: ReminderChannel[] = [];
const posted: unknown[] = [];
const REFUSAL =
  "url must be on the public internet, but 10.0.0.5 is a private network address (10.0.0.5). If it runs on your own network, whoever runs Tendril can allow that with OUTBOUND_ALLOW_PRIVATE=true.";

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ReminderChannelsCard />
    </QueryClientProvider>,
  );
}

describe("Settings → Other channels", () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    channels = [];
    posted.length = 0;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      const method = init?.method ?? "GET";
      if (url === "/api/me/reminder-channels" && method === "GET") return json(200, { channels });
      if (url === "/api/me/reminder-channels" && method === "POST") {
        const body = JSON.parse(String(init?.body));
        posted.push(body);
        if (String(body.url).includes("10.0.0.5")) {
          return json(400, { error: { code: "invalid_request", message: REFUSAL } });
        }
        const created = { ...ntfy, id: `c${channels.length + 1}`, ...body, hasToken: !!body.token };
        delete created.token;
        channels = [...channels, created];
        return json(201, created);
      }
      if (url === "/api/me/reminder-channels/c1/test") {
        return json(200, { sent: false, error: "ntfy.sh answered 403." });
      }
      if (url === "/api/me/reminder-channels/c1" && method === "DELETE") {
        channels = channels.filter((c) => c.id !== "c1");
        return new Response(null, { status: 204 });
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

  it("says there are none yet, and adds an ntfy topic with its token", async () => {
    renderCard();
    expect(await screen.findByText(/No other channels yet/)).toBeTruthy();
    const add = screen.getByRole("button", { name: "Add channel" }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(screen.getByText("Enter the URL to add it.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Topic URL"), {
      target: { value: " https://ntfy.sh/my-garden " },
    });
    fireEvent.change(screen.getByLabelText("Access token (optional)"), {
      target: { value: "tk_abc" },
    });
    fireEvent.click(add);
    await waitFor(() =>
      expect(posted).toEqual([{ kind: "ntfy", url: "https://ntfy.sh/my-garden", token: "tk_abc" }]),
    );
    const list = await screen.findByRole("list", { name: "Reminder channels" });
    expect(within(list).getByText("ntfy.sh/my-garden")).toBeTruthy();
    expect(within(list).getByText("with access token")).toBeTruthy();
    expect(screen.queryByDisplayValue("tk_abc")).toBeNull();
  });

  it("shows the server's refusal under the URL, and sends no token for a webhook", async () => {
    renderCard();
    await screen.findByText(/No other channels yet/);
    fireEvent.change(screen.getByLabelText("Kind"), { target: { value: "webhook" } });
    expect(screen.queryByLabelText("Access token (optional)")).toBeNull();
    fireEvent.change(screen.getByLabelText("Webhook URL"), {
      target: { value: "http://10.0.0.5/hook" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Add channel" }));
    expect(await screen.findByText(REFUSAL)).toBeTruthy();
    expect(posted).toEqual([{ kind: "webhook", url: "http://10.0.0.5/hook" }]);
    expect(screen.getByLabelText("Webhook URL").getAttribute("aria-invalid")).toBe("true");
  });

  it("sends a test, says why it failed, and removes the channel", async () => {
    channels = [ntfy];
    renderCard();
    const list = await screen.findByRole("list", { name: "Reminder channels" });
    fireEvent.click(within(list).getByRole("button", { name: "Send test" }));
    expect(
      await screen.findByText("The test message didn't get through: ntfy.sh answered 403."),
    ).toBeTruthy();
    fireEvent.click(
      within(list).getByRole("button", { name: "Remove ntfy channel ntfy.sh/my-garden" }),
    );
    expect(await screen.findByText(/No other channels yet/)).toBeTruthy();
  });

  it("shows a webhook by its host only, keeping its path's secret off the screen", () => {
    expect(channelPlace({ kind: "webhook", url: "https://hooks.example/abc/SECRET?x=1" })).toBe(
      "hooks.example",
    );
    expect(channelPlace({ kind: "ntfy", url: "https://ntfy.example:8443/garden" })).toBe(
      "ntfy.example:8443/garden",
    );
  });
});
