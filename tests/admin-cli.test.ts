import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPILED_ADMIN } from "./support/compiled-server";
import { client } from "./support/garden";
import { createTestApp, type TestApp } from "./support/test-app";
import { signUp } from "./support/users";

const run = promisify(execFile);

/** `npm run admin -- set-plan <email> pro|free` on the server's own SQLite folder. */
describe("npm run admin -- set-plan", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  const admin = (...args: string[]) =>
    run(process.execPath, [COMPILED_ADMIN, ...args], {
      env: { ...process.env, TENDRIL_DATA_DIR: t.dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" },
    });

  it("moves an account to Pro and back, by e-mail in any case", async () => {
    const user = await signUp(t.app, { email: "Fern@Example.com" });
    const api = client(t.app, user.cookie);
    const pro = await admin("set-plan", "fern@example.com", "pro");
    expect(pro.stdout).toContain("now on the Pro (500 messages a day) plan");
    expect((await api.get("/api/me/quota")).json()).toMatchObject({ plan: "pro", dailyLimit: 500 });
    await admin("set-plan", "FERN@example.com", "free");
    expect((await api.get("/api/me/quota")).json()).toMatchObject({ plan: "free", dailyLimit: 50 });
  });

  it("says so when no account has that e-mail, or the command is wrong", async () => {
    await expect(admin("set-plan", "nobody@example.com", "pro")).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("No Tendril account uses the e-mail nobody@example.com"),
    });
    await expect(admin("set-plan", "fern@example.com", "gold")).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("Usage: npm run admin -- set-plan <email> pro|free"),
    });
  });
});

/** `npm run admin -- grant-operator|revoke-operator <email>`: operators the operator confirms. */
describe("npm run admin -- grant-operator", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: "moss@example.com" } });
  });
  afterAll(async () => {
    await t.close();
  });
  const admin = (...args: string[]) =>
    run(process.execPath, [COMPILED_ADMIN, ...args], {
      env: { ...process.env, TENDRIL_DATA_DIR: t.dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" },
    });

  it("makes a password account an operator and takes it back, by e-mail in any case", async () => {
    await signUp(t.app, { name: "First" });
    // ADMIN_EMAILS names it, but a password sign-up proves no address.
    const moss = await signUp(t.app, { email: "Moss@Example.com" });
    const api = client(t.app, moss.cookie);
    const operator = async () => (await api.get("/api/me/operator")).json().operator;
    expect(await operator()).toBe(false);

    expect((await admin("grant-operator", "moss@example.com")).stdout).toContain(
      "moss@example.com is now an operator",
    );
    expect(await operator()).toBe(true);
    expect((await api.get("/api/admin/accounts")).statusCode).toBe(200);
    expect((await admin("grant-operator", "MOSS@example.com")).stdout).toContain(
      "is an operator already",
    );

    expect((await admin("revoke-operator", "moss@example.com")).stdout).toContain(
      "moss@example.com is no longer an operator",
    );
    expect(await operator()).toBe(false);
    await expect(admin("grant-operator", "nobody@example.com")).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("No Tendril account uses the e-mail nobody@example.com"),
    });
  });
});
