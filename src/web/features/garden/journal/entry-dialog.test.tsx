import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { JournalEntry } from "../../../../core/schemas/journal";
import { localToday } from "../../../lib/format";
import { EntryDialog } from "./entry-dialog";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const entry = (photos: JournalEntry["photos"] = []): JournalEntry => ({
  id: "e1",
  plantId: "p1",
  // What the dialog sends by default, as the server answers it.
  date: localToday(),
  note: "First truss",
  tags: ["watered"],
  photos,
  createdAt: "2026-05-01T09:30:00.000Z",
  updatedAt: "2026-05-01T09:30:00.000Z",
});
const photoJson = (id: string, position: number) => ({
  id,
  entryId: "e1",
  url: `/api/journal/photos/${id}`,
  position,
  createdAt: "2026-05-01T09:31:00.000Z",
});

const file = (name: string) => new File(["x"], name, { type: "image/jpeg" });

describe("journal entry dialog", () => {
  const fetchMock = vi.fn<typeof fetch>();
  const onOpenChange = vi.fn();
  beforeEach(() => {
    vi.stubGlobal("fetch", fetchMock);
    URL.createObjectURL = vi.fn((f: Blob) => `blob:${(f as File).name}`);
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    cleanup();
    fetchMock.mockReset();
    onOpenChange.mockReset();
    vi.unstubAllGlobals();
  });

  it("saves the entry, then each photo; a failed photo stays with its reason and a retry sends only it", async () => {
    fetchMock
      .mockResolvedValueOnce(json(201, { entry: entry() }))
      .mockResolvedValueOnce(json(201, { photo: photoJson("ph1", 0) }))
      .mockResolvedValueOnce(
        json(415, { error: { code: "unsupported_media_type", message: "That is not a photo." } }),
      );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <EntryDialog plantId="p1" open onOpenChange={onOpenChange} />
      </QueryClientProvider>,
    );
    // The dialog's code loads on first open: on a busy machine, that may take a while.
    const dialog = await screen.findByRole(
      "dialog",
      { name: "Add journal entry" },
      { timeout: 10_000 },
    );
    const save = screen.getByRole("button", { name: "Save entry" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Note (optional)"), {
      target: { value: "First truss" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Watered" }));
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file("a.jpg"), file("b.jpg")] } });
    expect(screen.getByText("(2 of 6)")).toBeTruthy();
    fireEvent.click(save);

    await waitFor(() => expect(screen.getByText("That is not a photo.")).toBeTruthy());
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
    const calls = fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${url}`);
    expect(calls).toEqual([
      "POST /api/plants/p1/journal",
      "POST /api/journal/e1/photos",
      "POST /api/journal/e1/photos",
    ]);
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      date: localToday(),
      note: "First truss",
      tags: ["watered"],
    });
    // The saved photo and the failed one (its preview kept) both show; the entry is not made again.
    expect(screen.getByRole("img", { name: "Saved" })).toBeTruthy();
    expect(screen.getByRole("img", { name: "b.jpg" })).toBeTruthy();

    fetchMock.mockReset();
    fetchMock
      .mockResolvedValueOnce(json(201, { photo: photoJson("ph2", 1) }))
      .mockResolvedValue(json(200, {}));
    fireEvent.click(screen.getByRole("button", { name: "Retry photos" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/journal/e1/photos");
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes("/journal"))).toHaveLength(
      1,
    );
  });
});
