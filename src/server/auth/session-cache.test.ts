import { describe, expect, it } from "vitest";
import { SessionCache, sessionTokenFrom } from "./session-cache";

const user = { id: "u1", email: "a@example.com", name: "A" };

describe("SessionCache", () => {
  it("trusts a token for the TTL and no longer", () => {
    let now = 1000;
    const cache = new SessionCache(15_000, () => now);
    cache.set("tok", user, now + 3_600_000);
    now += 14_999;
    expect(cache.get("tok")).toEqual(user);
    now += 1;
    expect(cache.get("tok")).toBeUndefined();
  });

  it("never outlives the session itself", () => {
    let now = 0;
    const cache = new SessionCache(15_000, () => now);
    cache.set("tok", user, 5_000);
    now = 4_999;
    expect(cache.get("tok")).toEqual(user);
    now = 5_000;
    expect(cache.get("tok")).toBeUndefined();
  });

  it("forgets a token on delete (sign-out)", () => {
    const cache = new SessionCache();
    cache.set("tok", user, Date.now() + 60_000);
    cache.delete("tok");
    expect(cache.get("tok")).toBeUndefined();
  });
});

describe("sessionTokenFrom", () => {
  it("reads the plain and the __Secure- cookie", () => {
    expect(sessionTokenFrom("a=1; better-auth.session_token=abc.def; b=2")).toBe("abc.def");
    expect(sessionTokenFrom("__Secure-better-auth.session_token=xyz")).toBe("xyz");
    expect(sessionTokenFrom("other=1")).toBeUndefined();
    expect(sessionTokenFrom(undefined)).toBeUndefined();
  });
});
