import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AuthPage, TAKEN_ADDRESS } from "./auth-page";

const refresh = vi.fn(async () => {});
vi.mock("../../lib/auth-context", () => ({
  useAuth: () => ({ status: "signed-out", user: null, refresh, signOut: async () => {} }),
}));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const user = { id: "u1", email: "ivy@example.com", name: "Ivy" };

/** The server as sign-up sees it: a new address gets a session, a taken one the same answer without. */
function server(taken: boolean) {
  return (url: string): Response => {
    if (url === "/api/auth/sign-up/email") return json(200, { token: null, user });
    if (url === "/api/auth/get-session") return json(200, taken ? null : { user });
    if (url === "/api/app-config")
      return json(200, { auth: { google: false, oidc: null }, links: {}, upgradeEmail: null });
    return json(404, { error: { code: "not_found", message: "Not found." } });
  };
}

function signUpThroughForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "/auth", element: <AuthPage /> }], {
    initialEntries: ["/auth"],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole("button", { name: "Sign up" }));
  fireEvent.change(screen.getByLabelText("Email"), { target: { value: user.email } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: "garden password" } });
  fireEvent.click(screen.getByRole("button", { name: "Sign up" }));
}

describe("/auth sign-up", () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    cleanup();
    fetchMock.mockReset();
    refresh.mockClear();
    vi.unstubAllGlobals();
  });

  it("signs a new gardener in", async () => {
    fetchMock.mockImplementation(async (input) => server(false)(String(input)));
    signUpThroughForm();
    await waitFor(() => expect(refresh).toHaveBeenCalled());
    expect(screen.queryByText(TAKEN_ADDRESS)).toBeNull();
  });

  it("says what happened when the address was taken (answered alike, but no session)", async () => {
    fetchMock.mockImplementation(async (input) => server(true)(String(input)));
    signUpThroughForm();
    await screen.findByText(TAKEN_ADDRESS);
    expect(refresh).not.toHaveBeenCalled();
  });
});
