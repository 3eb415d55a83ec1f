import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AdminAccount } from "../../../core/schemas/admin";
import type { ContactMessage } from "../../../core/schemas/contact";
import { AccountsCard } from "./accounts-card";
import { InboxCard } from "./inbox-card";

// Issue 37 item 7: a name with a right-to-left override turned what followed it on the same
// line around (the e-mail address, the Operator badge). Rows stored before the controls were
// taken out on input, and names a provider gave, can still hold them: /admin isolates them.
const OVERRIDE = "\u202E";
const account: AdminAccount = {
  id: "u1",
  name: `${OVERRIDE}Ivy Green`,
  email: "ivy@example.com",
  plan: "free",
  createdAt: "2026-05-01T09:00:00.000Z",
  lastSignInAt: null,
  plants: 2,
  messagesToday: 0,
  operator: true,
};
const message: ContactMessage = {
  id: "m1",
  kind: "contact",
  name: `${OVERRIDE}Robin`,
  email: "robin@example.com",
  message: `My basil ${OVERRIDE}stliw every afternoon.`,
  createdAt: "2026-05-02T09:00:00.000Z",
  accountEmail: "robin.account@example.com",
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

function renderCards() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AccountsCard />
      <InboxCard />
    </QueryClientProvider>,
  );
}

/** The text's own element, and the <bdi> around it (null when it is not isolated). */
const isolationOf = (text: string) => screen.getByText(text).closest("bdi");

describe("/admin's accounts and inbox", () => {
  beforeEach(() => {
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async (input) =>
        String(input) === "/api/admin/accounts"
          ? json({ accounts: [account] })
          : json({ messages: [message] }),
      ),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("isolates each name and address, so none turns the text beside it around", async () => {
    renderCards();
    await screen.findByText(account.name);
    await screen.findByText(message.name);
    for (const text of [
      account.name,
      account.email,
      message.name,
      message.email,
      message.accountEmail ?? "",
    ]) {
      expect(isolationOf(text)?.textContent, text).toBe(text);
    }
    // The badge after the name stays outside its isolate.
    expect(screen.getByText("Operator").closest("bdi")).toBeNull();
  });

  it("sets a message's direction from its own text", async () => {
    renderCards();
    const body = await screen.findByText(message.message);
    expect(body.getAttribute("dir")).toBe("auto");
  });
});
