import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "./support/garden";
import { createTestApp, sqliteOnly, type TestApp } from "./support/test-app";
import { type SignedInUser, signUp } from "./support/users";

const ORIGIN = "http://localhost:3000";
/** "Basil" with an override, an isolate and a mark in it: "lisaB"-like on screen before. */
const SPOOFED = "\u202EBa\u2067si\u2069l\u200F";

// Issue 37 item 7: direction controls in names and messages reversed text on /admin. They are
// taken out as the names and messages come in, better-auth's account names included.
describe.each(sqliteOnly)("direction controls in names and messages on %s", (dialect) => {
  let t: TestApp;
  let operator: SignedInUser;
  let gardener: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    operator = await signUp(t.app, { name: "Operator" });
    gardener = await signUp(t.app, { name: SPOOFED });
  });
  afterAll(async () => {
    await t.close();
  });

  const storedName = async (userId: string) =>
    (
      await t.database.db
        .selectFrom("user")
        .select("name")
        .where("id", "=", userId)
        .executeTakeFirstOrThrow()
    ).name;

  it("keeps an account's name without them, from sign-up and from an update", async () => {
    expect(await storedName(gardener.id)).toBe("Basil");
    const api = client(t.app, gardener.cookie);
    expect((await api.get("/api/me")).json().displayName).toBe("Basil");
    const accounts = (await client(t.app, operator.cookie).get("/api/admin/accounts")).json()
      .accounts as { id: string; name: string }[];
    expect(accounts.find((a) => a.id === gardener.id)?.name).toBe("Basil");

    const updated = await t.app.inject({
      method: "POST",
      url: "/api/auth/update-user",
      headers: { origin: ORIGIN, cookie: gardener.cookie },
      payload: { name: "\u2066Sweet\u202D basil" },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await storedName(gardener.id)).toBe("Sweet basil");
    const patched = await api.patch("/api/me", { displayName: "\u202BThai\u202C basil" });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await api.get("/api/me")).json().displayName).toBe("Thai basil");
  });

  it("keeps plant and area names without them", async () => {
    const api = client(t.app, gardener.cookie);
    const plant = await api.post("/api/plants", {
      name: SPOOFED,
      medium: "soil",
      place: "outdoor",
      lights: "sun",
      plantingDate: "2026-05-01",
    });
    expect(plant.statusCode, plant.body).toBe(201);
    expect(plant.json().plant.name).toBe("Basil");
    const area = await api.post("/api/areas", {
      name: `\u200E${SPOOFED} bed`,
      kind: "raised-bed",
      sun: "full-sun",
    });
    expect(area.statusCode, area.body).toBe(201);
    expect(area.json().area.name).toBe("Basil bed");
  });

  it("keeps a contact message and its sender's name without them, as the operator reads them", async () => {
    const api = client(t.app, gardener.cookie);
    const sent = await api.post("/api/contact", {
      name: SPOOFED,
      email: "basil@example.com",
      message: "My \u202Eseotamot\u202C wilt.",
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const inbox = (await client(t.app, operator.cookie).get("/api/admin/contact-messages")).json();
    expect(inbox.messages[0]).toMatchObject({ name: "Basil", message: "My seotamot wilt." });

    const onlyControls = await api.post("/api/contact", {
      name: "Basil",
      email: "basil@example.com",
      message: "\u202E\u200F",
    });
    expect(onlyControls.statusCode).toBe(400);
    expect(onlyControls.json().error.message).toContain("Enter a message.");
  });
});
