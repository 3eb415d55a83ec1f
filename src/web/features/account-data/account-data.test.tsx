import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as core from "../../../core/schemas/data-export";
import { DELETE_ACCOUNT_CONFIRMATION } from "./api/delete-account";
import { IMPORT_BODY_LIMIT } from "./api/import-data";
import { DataCard } from "./data-card";
import { confirmationMatches, DeleteAccountCard } from "./delete-account-card";

const auth = vi.hoisted(() => ({ signOut: vi.fn(async () => undefined) }));
vi.mock("../../lib/auth-context", async (original) => ({
  ...(await original<typeof import("../../lib/auth-context")>()),
  useAuth: () => ({ status: "signed-in", user: { id: "u1" }, signOut: auth.signOut }),
}));

const toasts = vi.hoisted(() => [] as { title: string; description?: string }[]);
vi.mock("../../lib/toast-store", async (original) => ({
  ...(await original<typeof import("../../lib/toast-store")>()),
  toast: (input: { title: string; description?: string }) => {
    toasts.push(input);
    return "t";
  },
}));

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });

function renderAt(element: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: "/settings", element },
      { path: "/auth", element: <p>Sign in page</p> },
    ],
    { initialEntries: ["/settings"] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const fetchMock = vi.fn<typeof fetch>();
const requests = () =>
  fetchMock.mock.calls.map(([url, init]) => [
    init?.method,
    String(url),
    init?.body ? JSON.parse(String(init.body)) : undefined,
  ]);

beforeEach(() => {
  toasts.length = 0;
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  auth.signOut.mockClear();
  vi.unstubAllGlobals();
});

it("uses core's words and limits (copied here to keep zod out of the Settings chunk)", () => {
  expect(DELETE_ACCOUNT_CONFIRMATION).toBe(core.DELETE_ACCOUNT_CONFIRMATION);
  expect(IMPORT_BODY_LIMIT).toBe(core.IMPORT_BODY_LIMIT);
});

describe("Delete account", () => {
  const deleteButton = () =>
    screen.getByRole("button", { name: "Delete my account" }) as HTMLButtonElement;

  async function openDialog() {
    fireEvent.click(screen.getByRole("button", { name: "Delete account…" }));
    return (await screen.findByLabelText(
      /Type “delete my account” to confirm/,
    )) as HTMLInputElement;
  }

  it("only deletes once the words are typed, then ends the session and goes to /auth", async () => {
    fetchMock.mockImplementation(async () => json(204));
    const router = renderAt(<DeleteAccountCard />);
    const input = await openDialog();
    expect(deleteButton().disabled).toBe(true);
    expect(screen.getByText("The Delete button works once the words match.")).toBeTruthy();

    fireEvent.change(input, { target: { value: "delete my" } });
    expect(deleteButton().disabled).toBe(true);
    fireEvent.submit(input.form as HTMLFormElement);
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { value: "  Delete my account " } });
    expect(deleteButton().disabled).toBe(false);
    fireEvent.click(deleteButton());

    await screen.findByText("Sign in page");
    expect(router.state.location.pathname).toBe("/auth");
    expect(requests()).toEqual([["DELETE", "/api/me", { confirm: "delete my account" }]]);
    expect(auth.signOut).toHaveBeenCalled();
    expect(toasts.map((t) => t.title)).toEqual(["Your account is deleted"]);
  });

  it("still leaves for /auth when signing out is refused (the session went with the account)", async () => {
    fetchMock.mockImplementation(async () => json(204));
    auth.signOut.mockRejectedValueOnce(new Error("HTTP 401"));
    renderAt(<DeleteAccountCard />);
    fireEvent.change(await openDialog(), { target: { value: "delete my account" } });
    fireEvent.click(deleteButton());
    await screen.findByText("Sign in page");
  });

  it("stays, with the server's words, when the account could not be deleted", async () => {
    fetchMock.mockImplementation(async () =>
      json(500, { error: { code: "internal", message: "Something went wrong on our side." } }),
    );
    renderAt(<DeleteAccountCard />);
    fireEvent.change(await openDialog(), { target: { value: "delete my account" } });
    fireEvent.click(deleteButton());
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Something went wrong on our side.",
    );
    expect(screen.queryByText("Sign in page")).toBeNull();
    expect(auth.signOut).not.toHaveBeenCalled();
    expect(deleteButton().disabled).toBe(false);
  });

  it("matches the words whatever their case and spacing, and nothing else", () => {
    expect(confirmationMatches("delete my account")).toBe(true);
    expect(confirmationMatches("  DELETE  my Account ")).toBe(true);
    expect(confirmationMatches("delete my accounts")).toBe(false);
    expect(confirmationMatches("")).toBe(false);
  });
});

describe("Import", () => {
  const fileInput = () => screen.getByLabelText("Tendril export file") as HTMLInputElement;
  const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });
  const exportFile = { format: "tendril-export", version: 1, plants: [], tasks: [] };
  const nothing = {
    plants: 0,
    tasks: 0,
    milestones: 0,
    chats: 0,
    workflows: 0,
    journalEntries: 0,
    areas: 0,
    harvests: 0,
  };

  it("sends the chosen file and shows the counts of what was new", async () => {
    fetchMock.mockImplementation(async () =>
      json(200, {
        imported: { ...nothing, plants: 2, tasks: 5, milestones: 1, workflows: 1, areas: 1 },
      }),
    );
    renderAt(<DataCard />);
    choose(new File([JSON.stringify(exportFile)], "tendril-export.json"));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(requests()).toEqual([["POST", "/api/import", exportFile]]);
    expect(toasts[0]).toMatchObject({
      title: "Import finished",
      description: "Imported 2 plants, 1 area, 5 tasks, 1 milestone and 1 checklist.",
    });
  });

  it("says when a re-import added nothing", async () => {
    fetchMock.mockImplementation(async () => json(200, { imported: nothing }));
    renderAt(<DataCard />);
    choose(new File([JSON.stringify(exportFile)], "tendril-export.json"));
    await waitFor(() => expect(toasts[0]?.title).toBe("Nothing new to import"));
  });

  it("names a lone new kind of record without a list", async () => {
    fetchMock.mockImplementation(async () =>
      json(200, { imported: { ...nothing, journalEntries: 1 } }),
    );
    renderAt(<DataCard />);
    choose(new File([JSON.stringify(exportFile)], "tendril-export.json"));
    await waitFor(() => expect(toasts[0]?.description).toBe("Imported 1 journal entry."));
  });

  it("shows the server's 400 message, and how many more problems it found", async () => {
    fetchMock.mockImplementation(async () =>
      json(400, {
        error: {
          code: "invalid_request",
          message: "Check plants.0.medium: Invalid option.",
          issues: [
            { path: "plants.0.medium", message: "Invalid option." },
            { path: "tasks.3.title", message: "Too long." },
            { path: "tasks.4.title", message: "Too long." },
          ],
        },
      }),
    );
    renderAt(<DataCard />);
    choose(new File([JSON.stringify(exportFile)], "tendril-export.json"));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Check plants.0.medium: Invalid option. (and 2 more problems)",
    );
    expect(toasts[0]?.title).toBe("Couldn't import that file");
  });

  it("refuses a file that is not JSON without sending it", async () => {
    renderAt(<DataCard />);
    choose(new File(["name,stage\nTomato,seedling"], "plants.csv"));
    expect((await screen.findByRole("alert")).textContent).toMatch(
      /plants.csv isn't a Tendril export: it isn't JSON/,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
