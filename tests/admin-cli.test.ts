import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "./support/garden";
import { createTestApp, type TestApp } from "./support/test-app";
import { signUp } from "./support/users";

const run = promisify(execFile);
const tsx = path.resolve("node_modules/.bin/tsx");

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
    run(tsx, ["scripts/admin.ts", ...args], {
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
