import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addDays } from "../../../core/garden/dates";
import type { Task } from "../../../core/garden/tasks";
import { localToday } from "../../lib/format";
import { TaskRow } from "./task-row";

vi.mock("../../lib/auth-context", () => ({
  meQueryKey: ["me"],
  useAuth: () => ({ status: "signed-in", user: { id: "u1", name: "Ivy", email: "i@e.x" } }),
}));

const today = localToday();
const watering = (skip: Task["skip"]): Task => ({
  id: "w1",
  plantId: "p1",
  title: "Water Tomato",
  type: "watering",
  dueDate: addDays(today, 3),
  status: "pending",
  priority: 2,
  notes: null,
  repeatEveryDays: 3,
  createdAt: "2026-05-01T09:00:00.000Z",
  completedAt: null,
  skip,
});
const skipped = watering({ on: today, rainMm: 8, fromDueDate: today });

/** The note's paragraph, whose words and amount are in separate elements. */
const note = (text: string) =>
  screen.findByText((_, element) => element?.tagName === "P" && element.textContent === text);

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

function renderRow(task: Task, units: "C" | "F" = "C") {
  const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) =>
    String(input).startsWith("/api/me") ? json({ units }) : json({ ...task, skip: null }),
  );
  vi.stubGlobal("fetch", fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ul>
        <TaskRow task={task} today={today} />
      </ul>
    </QueryClientProvider>,
  );
  return fetch;
}

describe("a task row skipped by the rain", () => {
  beforeEach(() => cleanup());
  afterEach(() => vi.unstubAllGlobals());

  it("says why it moved, in mm, and Undo asks the server to put it back", async () => {
    const fetch = renderRow(skipped);
    expect(await note("Skipped — it rained 8 mm")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Undo the skip: Water Tomato" }));
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(
          ([url, init]) => String(url) === "/api/tasks/w1/skip/undo" && init?.method === "POST",
        ),
      ).toBe(true),
    );
  });

  it("says the rain in inches for a gardener in Fahrenheit units", async () => {
    renderRow(skipped, "F");
    expect(await note("Skipped — it rained 0.31 in")).toBeTruthy();
  });

  it("shows no note and no Undo for a task the rain did not skip", () => {
    renderRow(watering(null));
    expect(screen.queryByText(/Skipped/)).toBeNull();
    expect(screen.queryByRole("button", { name: /Undo/ })).toBeNull();
    expect(screen.getByRole("button", { name: "Done: Water Tomato" })).toBeTruthy();
  });
});
