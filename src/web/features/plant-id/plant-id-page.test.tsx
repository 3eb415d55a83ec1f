import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PHOTO_MAX_BYTES } from "../../../core/schemas/identification";
import { PlantIdPage } from "./plant-id-page";
import { identification } from "./test-identifications";

vi.mock("../../lib/auth-context", () => ({
  useAuth: () => ({ status: "signed-in", user: { id: "u1", name: "Ivy", email: "i@e.x" } }),
}));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const result = identification({ id: "new", confidence: 0.69 });
const older = Array.from({ length: 10 }, (_, n) =>
  identification({ id: `old-${n}`, plantName: `Old ${n}` }),
);

let identified = false;
const contactSent: Record<string, unknown>[] = [];

/** The server as the page sees it: it keeps the new identification at the top of the list. */
function answer(url: string, init?: RequestInit): Response {
  if (url === "/api/identifications")
    return json(200, { identifications: identified ? [result, ...older] : older });
  if (url === "/api/gardening/identify-plant") {
    if (!(init?.body instanceof FormData)) return json(400, {});
    const image = init.body.get("image");
    if (!(image instanceof File) || image.name !== "leaf.jpg") return json(400, {});
    identified = true;
    return json(200, result);
  }
  if (url === "/api/contact") {
    const body = JSON.parse(String(init?.body));
    contactSent.push(body);
    return body.message === "server down"
      ? json(503, { error: { code: "internal", message: "down" } })
      : json(201, { id: "m1", createdAt: "2026-11-27T08:00:00.000Z" });
  }
  if (url === "/api/gardening/reframe-identification")
    return json(200, { summary: "A **sunny** annual that loves heat." });
  if (url.startsWith("/api/gardening/care/catalogue?query=Sunflower"))
    return json(200, { id: "sunflower", sunlight: "Full sun", watering: "Average" });
  if (url === "/api/app-config")
    return json(200, {
      auth: { google: false, oidc: null },
      links: {
        videoCourse: null,
        crowdfunding: null,
        bugReport: null,
        contactForm: "https://forms.example/contact",
        feedbackForm: null,
        plantSupport: null,
        social: [],
      },
      upgradeEmail: null,
    });
  return json(404, { error: { code: "not_found", message: "Not found." } });
}

function renderPage(path = "/plant-id") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "/plant-id", element: <PlantIdPage /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const photo = (name: string, size: number, type = "image/jpeg") => {
  const file = new File(["x"], name, { type });
  Object.defineProperty(file, "size", { value: size });
  return file;
};

const uploadInput = () =>
  document.querySelector<HTMLInputElement>('input[type="file"]:not([capture])') as HTMLInputElement;

describe("/plant-id", () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    localStorage.clear();
    identified = false;
    fetchMock.mockImplementation(async (input, init) => answer(String(input), init));
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    cleanup();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it("offers a camera and an upload, and says what a photo may be", async () => {
    renderPage();
    const camera = document.querySelector<HTMLInputElement>('input[type="file"][capture]');
    expect(camera?.getAttribute("capture")).toBe("environment");
    expect(camera?.accept).toBe("image/*");
    expect(screen.getByText(/JPEG or PNG up to 10MB/)).toBeTruthy();
    const analyze = screen.getByRole("button", { name: "Analyze photo" }) as HTMLButtonElement;
    expect(analyze.disabled).toBe(true);
    expect(screen.getByText("Take or upload a photo to analyze it.")).toBeTruthy();
  });

  it("refuses a photo over 10 MB at once, without asking the server", async () => {
    renderPage();
    fireEvent.change(uploadInput(), { target: { files: [photo("big.jpg", PHOTO_MAX_BYTES + 1)] } });
    expect(screen.getByRole("alert").textContent).toBe(
      "This photo is 10.1 MB. Choose one up to 10MB.",
    );
    expect(
      (screen.getByRole("button", { name: "Analyze photo" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes("identify-plant"))).toBe(
      false,
    );
  });

  it("identifies a photo: progress, low-confidence banner, summary, card and care", async () => {
    renderPage();
    await screen.findByRole("button", { name: /Old 0/ });
    expect(screen.getAllByRole("button", { name: /Old \d/ })).toHaveLength(3);

    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes("identify-plant")) await held;
      return answer(String(input), init);
    });
    fireEvent.change(uploadInput(), { target: { files: [photo("leaf.jpg", 2048)] } });
    expect(screen.getByRole("img", { name: "The plant to identify" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Analyze photo" }));
    expect(await screen.findByText("Analyzing your photo…")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Analyzing…" })).toHaveProperty("disabled", true);
    release();

    expect(await screen.findByRole("heading", { name: "Sunflower" })).toBeTruthy();
    expect(screen.getByText("⚠️ Low confidence identification")).toBeTruthy();
    expect(screen.getByText("69%")).toBeTruthy();
    expect(screen.getByText("Helianthus tuberosus")).toBeTruthy();
    expect(await screen.findByText("sunny")).toBeTruthy();
    expect(await screen.findByText("Full sun")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "More care details" }));
    expect(screen.getByText("No extra details available yet.")).toBeTruthy();
    // The new identification leads the recent list.
    expect(screen.getAllByRole("button", { pressed: true })[0]?.textContent).toContain("Sunflower");
    expect((screen.getByLabelText("Growth stage") as HTMLSelectElement).value).toBe("seed");
    expect(screen.getByRole("button", { name: "Save to My Plants" })).toBeTruthy();
    expect(screen.getByRole("link", { name: /Grow Along/ }).getAttribute("href")).toBe(
      "/grow-along",
    );
  });

  it("shows the server's words when it refuses the file type, the spec's text otherwise", async () => {
    fetchMock.mockImplementation(async (input, init) =>
      String(input) === "/api/gardening/identify-plant"
        ? json(415, {
            error: { code: "unsupported_media_type", message: "Send a JPEG, PNG or WebP photo." },
          })
        : answer(String(input), init),
    );
    renderPage();
    fireEvent.change(uploadInput(), { target: { files: [photo("leaf.jpg", 2048)] } });
    fireEvent.click(screen.getByRole("button", { name: "Analyze photo" }));
    expect(await screen.findByText("Send a JPEG, PNG or WebP photo.")).toBeTruthy();

    fetchMock.mockImplementation(async (input, init) =>
      String(input) === "/api/gardening/identify-plant"
        ? json(422, { error: { code: "x", message: "nope" } })
        : answer(String(input), init),
    );
    fireEvent.click(screen.getByRole("button", { name: "Analyze photo" }));
    expect(
      await screen.findByText("Failed to identify plant. Please try again with a clearer image."),
    ).toBeTruthy();
  });

  it("shows a recent identification again when chosen, and Remove clears the photo", async () => {
    renderPage();
    fireEvent.change(uploadInput(), { target: { files: [photo("leaf.jpg", 2048)] } });
    fireEvent.click(await screen.findByRole("button", { name: /Old 2/ }));
    expect(await screen.findByRole("heading", { name: "Old 2" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Remove" }));
    expect(screen.queryByRole("img", { name: "The plant to identify" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Old 2" })).toBeNull();
  });

  it("opens the disease tab from ?tab=disease, which says it is coming soon", async () => {
    const router = renderPage("/plant-id?tab=disease");
    const tab = screen.getByRole("tab", { name: /Check for disease \(Pro\)/ });
    expect(tab.getAttribute("aria-selected")).toBe("true");
    expect(tab.textContent).toContain("Coming soon");
    expect(screen.getByText("Pro feature coming soon.")).toBeTruthy();
    const action = screen.getAllByRole("button", { name: "Check for disease (Pro)" })[0];
    expect((action as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("tab", { name: "Identify Plant" }));
    await waitFor(() => expect(router.state.location.search).toBe(""));
  });

  it("embeds the contact form when configured, and sends a report itself when no report form is", async () => {
    // happy-dom loads no frames (it logs a NotSupportedError saying so): the address is what counts.
    renderPage();
    fireEvent.click(screen.getByRole("button", { name: "Contact us" }));
    const frame = await screen.findByTitle("Contact form");
    expect(frame.getAttribute("src")).toBe("https://forms.example/contact");
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    fireEvent.click(screen.getAllByRole("button", { name: "Report this issue" })[0] as HTMLElement);
    // Name and e-mail start as the account's.
    expect((await screen.findByLabelText<HTMLInputElement>("Name")).value).toBe("Ivy");
    expect(screen.getByLabelText<HTMLInputElement>("Email").value).toBe("i@e.x");
    const what = screen.getByLabelText("What went wrong");
    const send = screen.getByRole("button", { name: "Send message" });

    // A failure says so, and keeps what was typed.
    fireEvent.change(what, { target: { value: "server down" } });
    fireEvent.click(send);
    expect(
      await screen.findByText("Failed to send message. Please try again or contact us directly."),
    ).toBeTruthy();
    expect(screen.getByLabelText<HTMLTextAreaElement>("What went wrong").value).toBe("server down");

    fireEvent.change(what, { target: { value: "It is a daisy, not a sunflower." } });
    fireEvent.click(send);
    expect(
      await screen.findByText("Message sent successfully! We'll get back to you soon."),
    ).toBeTruthy();
    expect(contactSent.at(-1)).toEqual({
      kind: "report",
      name: "Ivy",
      email: "i@e.x",
      message: "It is a daisy, not a sunflower.",
    });
  });
});
