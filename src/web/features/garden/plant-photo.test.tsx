import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PHOTO_MAX_BYTES } from "../../../core/schemas/identification";
import type { PlantDetail } from "../../../core/schemas/plant";
import { PlantPhoto } from "./plant-photo";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const plant = (imageUrl: string | null) =>
  ({
    id: "p1",
    name: "Sunflower",
    imageUrl,
    updatedAt: "2026-05-01T09:30:00.000Z",
  }) as PlantDetail;

const photo = (size: number) => {
  const file = new File(["x"], "leaf.jpg", { type: "image/jpeg" });
  Object.defineProperty(file, "size", { value: size });
  return file;
};

function renderPhoto(detail: PlantDetail) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PlantPhoto plant={detail} />
    </QueryClientProvider>,
  );
  return document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
}

describe("plant photo", () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal("fetch", fetchMock));
  afterEach(() => {
    cleanup();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it("shows the leaf placeholder and Add photo without a photo; the photo, Replace and Remove with one", () => {
    renderPhoto(plant(null));
    expect(screen.getByRole("button", { name: "Add photo" })).toBeTruthy();
    expect(screen.queryByRole("img")).toBeNull();
    expect(screen.queryByRole("button", { name: "Remove photo" })).toBeNull();
    cleanup();
    renderPhoto(plant("/api/plants/p1/photo"));
    const img = screen.getByRole("img", { name: "Sunflower" }) as HTMLImageElement;
    expect([img.width, img.height, img.getAttribute("loading")]).toEqual([192, 192, "lazy"]);
    expect(screen.getByRole("button", { name: "Replace photo" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Remove photo" })).toBeTruthy();
  });

  it("refuses a photo over 10 MB without sending it", () => {
    const input = renderPhoto(plant(null));
    fireEvent.change(input, { target: { files: [photo(PHOTO_MAX_BYTES + 1)] } });
    expect(screen.getByRole("alert").textContent).toBe(
      "This photo is 10.1 MB. Choose one up to 10MB.",
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the photo as multipart field image and shows the server's words on a 413", async () => {
    fetchMock.mockResolvedValueOnce(
      json(413, { error: { code: "payload_too_large", message: "Photos can be up to 10 MB." } }),
    );
    const input = renderPhoto(plant(null));
    fireEvent.change(input, { target: { files: [photo(2048)] } });
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe("Photos can be up to 10 MB."),
    );
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/plants/p1/photo");
    expect(init?.method).toBe("PUT");
    const body = init?.body;
    expect(body).toBeInstanceOf(FormData);
    expect(body instanceof FormData && body.get("image")).toBeInstanceOf(File);
  });
});
