import { afterEach, describe, expect, it } from "vitest";
import { DELETE_ACCOUNT_CONFIRMATION } from "../src/core/schemas/data-export";
import { client } from "./support/garden";
import { bothEngines, createTestApp, type TestApp } from "./support/test-app";
import { type SignedInUser, signUp } from "./support/users";

// Issue 37 item 7: operator rights go to the first account (written down at its sign-up), to an
// account the admin CLI granted them, and to an ADMIN_EMAILS address only once a provider verified
// it. A deletion never passes them on.

const ADMIN = "keeper@example.com";

describe.each(bothEngines)("who is an operator on %s", (dialect) => {
  let t: TestApp;
  afterEach(async () => {
    await t?.close();
  });

  const isOperator = async (user: SignedInUser) => {
    const api = client(t.app, user.cookie);
    const status = (await api.get("/api/me/operator")).json().operator as boolean;
    // What the status says is what the admin routes do.
    expect((await api.get("/api/admin/accounts")).statusCode).toBe(status ? 200 : 404);
    return status;
  };
  /** What a provider's sign-in (Google, OpenID Connect) records for an address it vouches for. */
  const verify = (user: SignedInUser) =>
    t.database.db
      .updateTable("user")
      .set({ emailVerified: dialect === "postgres" ? true : 1 })
      .where("id", "=", user.id)
      .execute();

  it("makes nobody an operator by signing up under an ADMIN_EMAILS address, in any case", async () => {
    t = await createTestApp({ dialect, env: { ADMIN_EMAILS: `Someone@example.org, ${ADMIN}` } });
    const first = await signUp(t.app, { name: "First" });
    const squatter = await signUp(t.app, { name: "Squatter", email: "KEEPER@Example.com" });
    expect(await isOperator(first)).toBe(true);
    expect(await isOperator(squatter)).toBe(false);
    const listed = (await client(t.app, first.cookie).get("/api/admin/accounts")).json().accounts;
    expect(listed.map((a: { operator: boolean }) => a.operator)).toEqual([true, false]);

    // Once a provider vouches for the address, ADMIN_EMAILS counts, in any case.
    await verify(squatter);
    expect(await isOperator(squatter)).toBe(true);
    const after = (await client(t.app, first.cookie).get("/api/admin/accounts")).json().accounts;
    expect(after.map((a: { operator: boolean }) => a.operator)).toEqual([true, true]);
  });

  it("passes the first account's rights to nobody when it is deleted", async () => {
    t = await createTestApp({ dialect });
    const first = await signUp(t.app, { name: "First" });
    const second = await signUp(t.app, { name: "Second" });
    expect(await isOperator(first)).toBe(true);
    expect(await isOperator(second)).toBe(false);

    const deleted = await t.app.inject({
      method: "DELETE",
      url: "/api/me",
      headers: { cookie: first.cookie },
      payload: { confirm: DELETE_ACCOUNT_CONFIRMATION },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    // Second is now the oldest account, and still no operator; nor is the next to sign up.
    expect(await isOperator(second)).toBe(false);
    expect(await isOperator(await signUp(t.app, { name: "Third" }))).toBe(false);
    // The first account's grant stays, with nobody in it.
    expect(await t.database.db.selectFrom("operators").select(["id", "user_id"]).execute()).toEqual(
      [{ id: "first-account", user_id: null }],
    );
  });

  it("makes exactly one of three sign-ups at once the first account", async () => {
    t = await createTestApp({ dialect });
    const users = await Promise.all([signUp(t.app), signUp(t.app), signUp(t.app)]);
    const operators = await Promise.all(users.map(isOperator));
    expect(operators.filter(Boolean)).toHaveLength(1);
  });
});
