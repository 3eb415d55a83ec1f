import { afterEach, describe, expect, it, vi } from "vitest";
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

describe("SessionCache.deleteUser", () => {
  it("forgets every token of that user and keeps other users'", () => {
    const cache = new SessionCache();
    const other = { id: "u2", email: "b@example.com", name: "B" };
    cache.set("a1", user, Date.now() + 60_000);
    cache.set("a2", user, Date.now() + 60_000);
    cache.set("b1", other, Date.now() + 60_000);
    cache.deleteUser("u1");
    expect(cache.get("a1")).toBeUndefined();
    expect(cache.get("a2")).toBeUndefined();
    expect(cache.get("b1")).toEqual(other);
  });

  it("refuses a verification that started before the user's sessions ended", () => {
    const cache = new SessionCache();
    const since = cache.mark();
    cache.deleteUser("u1");
    cache.set("late", user, Date.now() + 60_000, since);
    expect(cache.get("late")).toBeUndefined();
    cache.set("fresh", user, Date.now() + 60_000, cache.mark());
    expect(cache.get("fresh")).toEqual(user);
  });
});

describe("SessionCache bounds", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("drops expired entries on its own, without their tokens being seen again", () => {
    vi.useFakeTimers();
    let now = 1_000;
    const cache = new SessionCache(15_000, () => now);
    for (let i = 0; i < 300; i++) cache.set(`tok-${i}`, user, now + 3_600_000);
    cache.set("short", user, now + 5_000);
    expect(cache.size).toBe(301);
    now += 5_001;
    vi.advanceTimersByTime(5_001);
    expect(cache.size).toBe(300);
    now += 10_000;
    vi.advanceTimersByTime(10_000);
    expect(cache.size).toBe(0);
  });

  it("never holds more than its maximum, dropping the least recently used", () => {
    const cache = new SessionCache(15_000, Date.now, 3);
    for (const token of ["a", "b", "c"]) cache.set(token, user, Date.now() + 60_000);
    cache.get("a");
    cache.set("d", user, Date.now() + 60_000);
    expect(cache.size).toBe(3);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toEqual(user);
  });

  it("remembers a bounded number of ended users, and still refuses a verification older than those it forgot", () => {
    const cache = new SessionCache(15_000, Date.now, 3);
    const since = cache.mark();
    for (let i = 1; i <= 5; i++) cache.deleteUser(`u${i}`);
    expect(cache.endedUsers).toBe(3);
    cache.set("late", user, Date.now() + 60_000, since);
    expect(cache.get("late")).toBeUndefined();
    cache.set("fresh", user, Date.now() + 60_000, cache.mark());
    expect(cache.get("fresh")).toEqual(user);
  });
});

describe("SessionCache.suspend", () => {
  it("forgets every session and keeps none until resumed", () => {
    const cache = new SessionCache();
    const other = { id: "u2", email: "b@example.com", name: "B" };
    cache.set("a1", user, Date.now() + 60_000);
    cache.set("b1", other, Date.now() + 60_000);
    cache.suspend();
    expect(cache.get("a1")).toBeUndefined();
    expect(cache.get("b1")).toBeUndefined();
    cache.set("a1", user, Date.now() + 60_000);
    expect(cache.get("a1")).toBeUndefined();
    cache.resume();
    cache.set("a1", user, Date.now() + 60_000);
    expect(cache.get("a1")).toEqual(user);
  });

  it("refuses a verification that started before the suspension", () => {
    const cache = new SessionCache();
    const since = cache.mark();
    cache.suspend();
    cache.resume();
    cache.set("tok", user, Date.now() + 60_000, since);
    expect(cache.get("tok")).toBeUndefined();
    cache.set("tok", user, Date.now() + 60_000, cache.mark());
    expect(cache.get("tok")).toEqual(user);
  });
});
