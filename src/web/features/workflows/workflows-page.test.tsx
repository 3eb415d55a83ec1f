import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Workflow, WorkflowTemplate } from "../../../core/schemas/workflow";
import { WorkflowsPage } from "./workflows-page";

vi.mock("../../lib/auth-context", () => ({
  useAuth: () => ({ status: "signed-in", user: { id: "u1", name: "Ivy", email: "i@e.x" } }),
}));

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });

const steps = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ title: `Step ${i + 1}`, detail: `Detail ${i + 1}` }));
const templates: WorkflowTemplate[] = [
  { id: "lawn_seed", name: "Lawn/Grass from Seed", steps: steps(8) },
  { id: "coriander_seed", name: "Difficult Herb: Coriander from Seed", steps: steps(6) },
];

/** The server as the page sees it: checklists kept in memory. */
let stored: Workflow[] = [];
let failPatch = false;
let holdPatch: Promise<void> | null = null;

async function answer(url: string, init?: RequestInit): Promise<Response> {
  const method = init?.method ?? "GET";
  if (url === "/api/workflows/templates") return json(200, { templates });
  if (url === "/api/workflows" && method === "GET") return json(200, { workflows: stored });
  if (url === "/api/workflows" && method === "POST") {
    const { template } = JSON.parse(String(init?.body)) as { template: WorkflowTemplate["id"] };
    const from = templates.find((t) => t.id === template);
    if (!from) return json(400, { error: { code: "invalid_request", message: "bad" } });
    const workflow: Workflow = {
      id: `w${stored.length + 1}`,
      name: from.name,
      template,
      createdAt: "2026-05-01T09:00:00.000Z",
      items: from.steps.map((s, i) => ({ id: `i${i}`, ...s, done: false })),
    };
    stored = [workflow, ...stored];
    return json(201, workflow);
  }
  const item = /^\/api\/workflows\/([^/]+)\/items\/([^/]+)$/.exec(url);
  if (item && method === "PATCH") {
    if (holdPatch) await holdPatch;
    if (failPatch) return json(500, { error: { code: "internal", message: "Server error." } });
    const { done } = JSON.parse(String(init?.body)) as { done: boolean };
    stored = stored.map((w) =>
      w.id !== item[1]
        ? w
        : { ...w, items: w.items.map((i) => (i.id === item[2] ? { ...i, done } : i)) },
    );
    return json(
      200,
      stored.find((w) => w.id === item[1]),
    );
  }
  const one = /^\/api\/workflows\/([^/]+)$/.exec(url);
  if (one && method === "DELETE") {
    stored = stored.filter((w) => w.id !== one[1]);
    return json(204);
  }
  return json(404, { error: { code: "not_found", message: "Not found." } });
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "/workflows", element: <WorkflowsPage /> }], {
    initialEntries: ["/workflows"],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** An active checklist (its template's card has the same name, under "Start a checklist"). */
const checklist = async (name = "Difficult Herb: Coriander from Seed") =>
  within(await screen.findByRole("region", { name: /^Active Checklists?$/ })).findByRole("region", {
    name,
  });
const stepBox = (region: HTMLElement, step: string) =>
  within(region).getByRole("checkbox", { name: step }) as HTMLInputElement;

describe("/workflows", () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    stored = [];
    failPatch = false;
    holdPatch = null;
    fetchMock.mockImplementation((input, init) => answer(String(input), init));
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    cleanup();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it("shows both templates with their step counts, the empty state and a link to chat", async () => {
    renderPage();
    const lawn = await screen.findByRole("region", { name: "Lawn/Grass from Seed" });
    expect(within(lawn).getByText("8 steps")).toBeTruthy();
    const coriander = screen.getByRole("region", { name: "Difficult Herb: Coriander from Seed" });
    expect(within(coriander).getByText("6 steps")).toBeTruthy();
    expect(within(coriander).getByRole("button", { name: "Start" })).toBeTruthy();
    expect(await screen.findByText("No active checklist.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ask the assistant" }).getAttribute("href")).toBe(
      "/chat?new=1",
    );
  });

  it("starts a checklist from its template", async () => {
    renderPage();
    const coriander = await screen.findByRole("region", {
      name: "Difficult Herb: Coriander from Seed",
    });
    fireEvent.click(within(coriander).getByRole("button", { name: "Start" }));
    const active = await screen.findByRole("region", { name: "Active Checklist" });
    expect(await within(active).findByText("0 of 6 done")).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ template: "coriander_seed" });
    expect(within(active).getAllByRole("checkbox")).toHaveLength(6);
  });

  it("ticks an item at once, stores it on the server, and unticks it", async () => {
    stored = [];
    await answer("/api/workflows", { method: "POST", body: '{"template":"coriander_seed"}' });
    renderPage();
    const card = await checklist();
    let release = () => {};
    holdPatch = new Promise((resolve) => {
      release = resolve;
    });
    fireEvent.click(stepBox(card, "Step 2"));
    // Ticked in the same frame as the click, and counted while the server has not answered yet.
    expect(stepBox(card, "Step 2").checked).toBe(true);
    expect(await within(card).findByText("1 of 6 done")).toBeTruthy();
    expect(stored[0]?.items[1]?.done).toBe(false);
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === "PATCH");
    expect(String(patch?.[0])).toBe("/api/workflows/w1/items/i1");
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ done: true });
    release();
    holdPatch = null;
    await waitFor(() => expect(stored[0]?.items[1]?.done).toBe(true));
    expect(stepBox(card, "Step 2").checked).toBe(true);

    fireEvent.click(stepBox(card, "Step 2"));
    expect(stepBox(card, "Step 2").checked).toBe(false);
    await waitFor(() => expect(stored[0]?.items[1]?.done).toBe(false));
    expect(await within(card).findByText("0 of 6 done")).toBeTruthy();
  });

  it("puts an item back when the server could not store it", async () => {
    await answer("/api/workflows", { method: "POST", body: '{"template":"coriander_seed"}' });
    failPatch = true;
    let release = () => {};
    holdPatch = new Promise((resolve) => {
      release = resolve;
    });
    renderPage();
    const card = await checklist();
    fireEvent.click(stepBox(card, "Step 1"));
    expect(stepBox(card, "Step 1").checked).toBe(true);
    release();
    await waitFor(() => expect(stepBox(card, "Step 1").checked).toBe(false));
    expect(within(card).getByText("0 of 6 done")).toBeTruthy();
  });

  it("removes a checklist only after the confirmation", async () => {
    await answer("/api/workflows", { method: "POST", body: '{"template":"lawn_seed"}' });
    renderPage();
    const card = await checklist("Lawn/Grass from Seed");
    fireEvent.click(within(card).getByRole("button", { name: "Remove" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove this checklist?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(stored).toHaveLength(1);

    fireEvent.click(within(card).getByRole("button", { name: "Remove" }));
    const again = await screen.findByRole("dialog", { name: "Remove this checklist?" });
    fireEvent.click(within(again).getByRole("button", { name: "Remove" }));
    expect(await screen.findByText("No active checklist.")).toBeTruthy();
    expect(stored).toHaveLength(0);
  });

  it("says when the checklists cannot be loaded, and tries again", async () => {
    let fail = true;
    fetchMock.mockImplementation((input, init) =>
      fail && String(input) === "/api/workflows"
        ? Promise.resolve(json(500, { error: { code: "internal", message: "x" } }))
        : answer(String(input), init),
    );
    renderPage();
    expect(await screen.findByText("Your checklists could not be loaded.")).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No active checklist.")).toBeTruthy();
  });
});
