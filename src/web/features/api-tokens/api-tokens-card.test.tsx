import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiToken } from "../../../core/schemas/api-tokens";
import { ApiTokensCard } from "./api-tokens-card";

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });

const token = (n: number, extra: Partial<ApiToken> = {}): ApiToken => ({
  id: `t${n}`,
  name: `Token ${n}`,
  scope: "read",
  prefix: "tdl_abcd",
  createdAt: "2026-05-01T09:00:00.000Z",
  lastUsedAt: null,
  ...extra,
});

const SECRET = `tdl_${"x".repeat(43)}`;

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ApiTokensCard />
    </QueryClientProvider>,
  );
}

describe("Settings → API tokens", () => {
  const fetchMock = vi.fn<typeof fetch>();
  let tokens: ApiToken[] = [];
  let failList = false;
  const posted: unknown[] = [];
  beforeEach(() => {
    tokens = [];
    failList = false;
    posted.length = 0;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      const method = init?.method ?? "GET";
      if (url === "/api/me/tokens" && method === "GET") {
        if (failList) return json(500, { error: { code: "internal", message: "Server error." } });
        return json(200, { tokens });
      }
      if (url === "/api/me/tokens" && method === "POST") {
        const body = JSON.parse(String(init?.body)) as { name: string; scope: "read" | "write" };
        posted.push(body);
        const made = token(99, { id: "new", name: body.name, scope: body.scope });
        tokens = [made, ...tokens];
        return json(201, { token: made, secret: SECRET });
      }
      if (url.startsWith("/api/me/tokens/") && method === "DELETE") {
        tokens = tokens.filter((k) => `/api/me/tokens/${k.id}` !== url);
        return json(204);
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

  it("shows the empty state, and the create button disabled with a reason until named", async () => {
    renderCard();
    await screen.findByText(/No API tokens yet/);
    const create = screen.getByRole("button", { name: "Create token" }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    expect(screen.getByText("Give the token a name to create it.")).toBeTruthy();
  });

  it("creates a read-and-write token and shows its secret once", async () => {
    renderCard();
    await screen.findByText(/No API tokens yet/);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "  Home Assistant " } });
    fireEvent.click(screen.getByLabelText(/Read and write/));
    fireEvent.click(screen.getByRole("button", { name: "Create token" }));
    const secret = (await screen.findByLabelText("The new token")) as HTMLTextAreaElement;
    expect(secret.value).toBe(SECRET);
    expect(posted).toEqual([{ name: "Home Assistant", scope: "write" }]);
    expect(screen.getByText(/won't be shown again/)).toBeTruthy();
    const list = screen.getByRole("list", { name: "Your API tokens" });
    expect(within(list).getByText("Home Assistant")).toBeTruthy();
    expect(within(list).getByText("Read and write")).toBeTruthy();
    expect(within(list).getByText("Never used")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Done" }));
    expect(screen.queryByLabelText("The new token")).toBeNull();
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it("revokes a token after confirming", async () => {
    tokens = [token(1, { lastUsedAt: "2026-05-02T10:00:00.000Z" })];
    renderCard();
    await screen.findByText("Token 1");
    expect(screen.getByText(/Last used/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Revoke Token 1" }));
    fireEvent.click(await screen.findByRole("button", { name: "Revoke token" }));
    await screen.findByText(/No API tokens yet/);
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => String(url) === "/api/me/tokens/t1" && init?.method === "DELETE",
      ),
    ).toBe(true);
  });

  it("says why it cannot create more at the limit", async () => {
    tokens = Array.from({ length: 20 }, (_, i) => token(i));
    renderCard();
    await screen.findByText("Token 0");
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "One more" } });
    expect(
      (screen.getByRole("button", { name: "Create token" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(screen.getByText(/the most an account can hold/)).toBeTruthy();
  });

  it("shows a load error with a retry", async () => {
    failList = true;
    renderCard();
    await screen.findByText(/Your API tokens couldn't be loaded/);
    failList = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(screen.getByText(/No API tokens yet/)).toBeTruthy());
  });
});
