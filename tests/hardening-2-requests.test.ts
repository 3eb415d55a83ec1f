import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_NESTING } from "../src/server/lib/refuse-nul";
import { createTestApp, dialects, type TestApp } from "./support/test-app";
import { signUp } from "./support/users";

/** Issue 20's items 5–9 (requests from outside), each kept fixed by the test named after it. */
describe.each(dialects)("hardening, second round: requests, on %s", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t.close();
  });

  describe("8. deeply nested JSON is 400, not a stack overflow", () => {
    const deep = {
      arrays: "[".repeat(100_000) + "]".repeat(100_000),
      objects: `${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}`,
    };
    const tooDeep = `The request body is nested too deeply (more than ${MAX_NESTING} levels).`;

    it.each(Object.keys(deep) as (keyof typeof deep)[])(
      "100,000 levels of %s to an API route and to sign-up",
      async (kind) => {
        const user = await signUp(t.app);
        for (const [url, cookie] of [
          ["/api/plants", user.cookie],
          ["/api/auth/sign-up/email", undefined],
        ] as const) {
          const res = await t.app.inject({
            method: "POST",
            url,
            headers: {
              "content-type": "application/json",
              origin: "http://localhost:3000",
              ...(cookie ? { cookie } : {}),
            },
            payload: deep[kind],
          });
          expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
          expect(res.json().error.message).toBe(tooDeep);
        }
      },
    );
  });
});
