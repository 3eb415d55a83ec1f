import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addDays } from "../../../core/garden/dates";
import type { Task } from "../../../core/garden/tasks";
import { localToday } from "../../lib/format";
import { OVERDUE_SHOWN, TasksCard } from "./tasks-card";

vi.mock("../../lib/auth-context", () => ({
  useAuth: () => ({ status: "signed-in", user: { id: "u1", name: "Ivy", email: "i@e.x" } }),
}));

const task = (title: string, daysFromToday: number): Task => ({
  id: title,
  plantId: null,
  title,
  type: "custom",
  dueDate: addDays(localToday(), daysFromToday),
  status: "pending",
  priority: 2,
  notes: null,
  repeatEveryDays: null,
  createdAt: "2026-05-01T09:00:00.000Z",
  completedAt: null,
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

function renderCard(tasks: Task[]) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) =>
      String(input).startsWith("/api/tasks") ? json({ tasks }) : json({ plants: [] }),
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <TasksCard />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const overdueRows = async () =>
  within(await screen.findByRole("region", { name: /^Overdue/ })).getAllByRole("listitem");

describe("My Tasks' overdue list", () => {
  beforeEach(() => cleanup());
  afterEach(() => vi.unstubAllGlobals());

  it(`shows the ${OVERDUE_SHOWN} most overdue first, then all of them on request`, async () => {
    const overdue = Array.from({ length: 7 }, (_, i) => task(`Late ${i + 1}`, -(i + 1)));
    renderCard([...overdue, task("Water the basil", 0)]);
    const rows = await overdueRows();
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining("Late 7"),
      expect.stringContaining("Late 6"),
      expect.stringContaining("Late 5"),
    ]);
    // Today's task stays close below.
    expect(screen.getByText("Water the basil")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Show all 7 overdue" }));
    expect(await overdueRows()).toHaveLength(7);
    fireEvent.click(screen.getByRole("button", { name: "Show fewer" }));
    expect(await overdueRows()).toHaveLength(OVERDUE_SHOWN);
  });

  it(`offers nothing more when ${OVERDUE_SHOWN} or fewer are overdue`, async () => {
    renderCard([task("Late 1", -1), task("Late 2", -2), task("Late 3", -3)]);
    expect(await overdueRows()).toHaveLength(3);
    expect(screen.queryByRole("button", { name: /^Show all/ })).toBeNull();
  });
});
