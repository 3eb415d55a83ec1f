import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { MIN_GZIP_BYTES, UserResponseCache } from "./user-response-cache";

function counter(prefix: string) {
  let calls = 0;
  const produce = async () => `${prefix}${++calls}`;
  return { produce, calls: () => calls };
}

const text = (body: { identity: Buffer }) => body.identity.toString("utf8");
/** A page showing the sort keys from `first` to `last`. */
const between =
  ([first, last]: readonly [string, string]) =>
  (key: string) =>
    key >= first && key <= last;

describe("UserResponseCache", () => {
  it("serves a kept body until the user's data changes", async () => {
    const cache = new UserResponseCache();
    const load = counter("tasks v");
    expect(text(await cache.get("ann", "tasks", "/api/tasks", load.produce))).toBe("tasks v1");
    expect(text(await cache.get("ann", "tasks", "/api/tasks", load.produce))).toBe("tasks v1");
    expect(load.calls()).toBe(1);
    cache.invalidate("ann");
    expect(text(await cache.get("ann", "tasks", "/api/tasks", load.produce))).toBe("tasks v2");
    expect(load.calls()).toBe(2);
  });

  it("keeps users and keys apart, and one user's change leaves the others cached", async () => {
    const cache = new UserResponseCache();
    const ann = counter("ann ");
    const bob = counter("bob ");
    await cache.get("ann", "tasks", "/a", ann.produce);
    await cache.get("ann", "tasks", "/b", ann.produce);
    await cache.get("bob", "tasks", "/a", bob.produce);
    expect(text(await cache.get("ann", "tasks", "/b", ann.produce))).toBe("ann 2");
    expect(text(await cache.get("bob", "tasks", "/a", bob.produce))).toBe("bob 1");
    cache.invalidate("ann");
    expect(text(await cache.get("bob", "tasks", "/a", bob.produce))).toBe("bob 1");
    expect(text(await cache.get("ann", "tasks", "/a", ann.produce))).toBe("ann 3");
  });

  it("never keeps a body read before a change that landed while it was being read", async () => {
    const cache = new UserResponseCache();
    let release: () => void = () => {};
    const slowRead = cache.get(
      "ann",
      "tasks",
      "/api/tasks",
      () => new Promise<string>((resolve) => (release = () => resolve("before the write"))),
    );
    cache.invalidate("ann");
    release();
    expect(text(await slowRead)).toBe("before the write");
    const fresh = await cache.get("ann", "tasks", "/api/tasks", async () => "after the write");
    expect(text(fresh)).toBe("after the write");
  });

  it("does not cache a read that fails", async () => {
    const cache = new UserResponseCache();
    await expect(
      cache.get("ann", "tasks", "/api/plants/x", async () => {
        throw new Error("not found");
      }),
    ).rejects.toThrow("not found");
    expect(text(await cache.get("ann", "tasks", "/api/plants/x", async () => "found"))).toBe(
      "found",
    );
  });

  it("reads every time when turned off with 0 MB", async () => {
    const cache = new UserResponseCache(0);
    const load = counter("v");
    await cache.get("ann", "tasks", "/a", load.produce);
    await cache.get("ann", "tasks", "/a", load.produce);
    expect(load.calls()).toBe(2);
  });

  it("drops the least recently used bodies beyond its memory", async () => {
    const cache = new UserResponseCache(1);
    const big = "x".repeat(400 * 1024);
    const load = counter(big);
    await cache.get("ann", "tasks", "/1", load.produce);
    await cache.get("ann", "tasks", "/2", load.produce);
    await cache.get("ann", "tasks", "/3", load.produce);
    expect(load.calls()).toBe(3);
    await cache.get("ann", "tasks", "/3", load.produce);
    expect(load.calls()).toBe(3);
    await cache.get("ann", "tasks", "/1", load.produce);
    expect(load.calls()).toBe(4);
  });

  it("compresses a body once, from the size where it pays", async () => {
    const cache = new UserResponseCache();
    const small = await cache.get("ann", "tasks", "/small", async () =>
      "x".repeat(MIN_GZIP_BYTES - 1),
    );
    expect(small.gzip()).toBeNull();
    const json = JSON.stringify({ tasks: Array.from({ length: 300 }, (_, i) => ({ i })) });
    const large = await cache.get("ann", "tasks", "/large", async () => json);
    const gzip = large.gzip();
    expect(gzip).not.toBeNull();
    expect(gunzipSync(gzip as Buffer).toString("utf8")).toBe(json);
    expect(large.gzip()).toBe(gzip);
  });

  it("drops only the scopes a change names, and every scope on a whole-user change", async () => {
    const cache = new UserResponseCache();
    const tasks = counter("tasks ");
    const plant = counter("plant ");
    await cache.get("ann", "tasks", "/api/tasks", tasks.produce);
    await cache.get("ann", "plant:p1", "/api/plants/p1", plant.produce);
    cache.invalidate("ann", ["tasks"]);
    expect(text(await cache.get("ann", "tasks", "/api/tasks", tasks.produce))).toBe("tasks 2");
    expect(text(await cache.get("ann", "plant:p1", "/api/plants/p1", plant.produce))).toBe(
      "plant 1",
    );
    cache.invalidate("ann");
    expect(text(await cache.get("ann", "tasks", "/api/tasks", tasks.produce))).toBe("tasks 3");
    expect(text(await cache.get("ann", "plant:p1", "/api/plants/p1", plant.produce))).toBe(
      "plant 2",
    );
  });

  it("drops a body at its TTL even when no change was heard", async () => {
    let now = 5_000;
    const cache = new UserResponseCache(1, 30, () => now);
    const load = counter("tasks v");
    await cache.get("ann", "tasks", "/api/tasks", load.produce);
    now += 30_000;
    expect(text(await cache.get("ann", "tasks", "/api/tasks", load.produce))).toBe("tasks v1");
    now += 1;
    expect(text(await cache.get("ann", "tasks", "/api/tasks", load.produce))).toBe("tasks v2");
    // The body read again is kept for a whole TTL of its own.
    now += 30_000;
    expect(text(await cache.get("ann", "tasks", "/api/tasks", load.produce))).toBe("tasks v2");
  });

  it("keeps nothing while suspended, and serves nothing kept before", async () => {
    const cache = new UserResponseCache();
    const ann = counter("ann ");
    const bob = counter("bob ");
    await cache.get("ann", "tasks", "/a", ann.produce);
    await cache.get("bob", "plants", "/b", bob.produce);
    cache.suspend();
    expect(text(await cache.get("ann", "tasks", "/a", ann.produce))).toBe("ann 2");
    expect(text(await cache.get("ann", "tasks", "/a", ann.produce))).toBe("ann 3");
    cache.resume();
    expect(text(await cache.get("bob", "plants", "/b", bob.produce))).toBe("bob 2");
    expect(text(await cache.get("ann", "tasks", "/a", ann.produce))).toBe("ann 4");
    expect(text(await cache.get("ann", "tasks", "/a", ann.produce))).toBe("ann 4");
  });

  it("never keeps a body whose read began before a suspension, even once resumed", async () => {
    const cache = new UserResponseCache();
    let release: () => void = () => {};
    const slowRead = cache.get(
      "ann",
      "tasks",
      "/api/tasks",
      () => new Promise<string>((resolve) => (release = () => resolve("before the gap"))),
    );
    cache.suspend();
    cache.resume();
    release();
    expect(text(await slowRead)).toBe("before the gap");
    const fresh = await cache.get("ann", "tasks", "/api/tasks", async () => "after the gap");
    expect(text(fresh)).toBe("after the gap");
  });

  it("drops on a changed key only the pages that show it, and pages kept without saying", async () => {
    const cache = new UserResponseCache();
    const early = counter("early ");
    const rest = counter("rest ");
    const plain = counter("plain ");
    const page = (load: ReturnType<typeof counter>, span: readonly [string, string]) => async () =>
      ({ body: await load.produce(), shows: between(span) }) as const;
    const earlyPage = page(early, ["", "2026-05-10"]);
    const restPage = page(rest, ["2026-05-11", "\uffff"]);
    await cache.get("ann", "tasks", "/early", earlyPage);
    await cache.get("ann", "tasks", "/rest", restPage);
    await cache.get("ann", "tasks", "/plain", plain.produce);

    cache.invalidateKeys("ann", "tasks", ["2026-06-01"]);
    expect(text(await cache.get("ann", "tasks", "/early", earlyPage))).toBe("early 1");
    expect(text(await cache.get("ann", "tasks", "/rest", restPage))).toBe("rest 2");
    expect(text(await cache.get("ann", "tasks", "/plain", plain.produce))).toBe("plain 2");

    // Both ends of the range count; another user's and another scope's bodies stay.
    const bob = counter("bob ");
    await cache.get("bob", "tasks", "/early", page(bob, ["", "2026-05-10"]));
    cache.invalidateKeys("ann", "plants", ["2026-05-10"]);
    expect(text(await cache.get("ann", "tasks", "/early", earlyPage))).toBe("early 1");
    cache.invalidateKeys("ann", "tasks", ["2026-07-01", "2026-05-10"]);
    expect(text(await cache.get("ann", "tasks", "/early", earlyPage))).toBe("early 2");
    expect(bob.calls()).toBe(1);
    expect(text(await cache.get("bob", "tasks", "/early", page(bob, ["", "2026-05-10"])))).toBe(
      "bob 1",
    );
  });

  it("does not keep a page read while a key it shows changed, and keeps one read past it", async () => {
    const cache = new UserResponseCache();
    const slowPage = (body: string, span: readonly [string, string]) => {
      let release: () => void = () => {};
      const read = cache.get(
        "ann",
        "tasks",
        `/${body}`,
        () =>
          new Promise<{ body: string; shows: (key: string) => boolean }>(
            (resolve) => (release = () => resolve({ body, shows: between(span) })),
          ),
      );
      return { read, release: () => release() };
    };
    const hit = slowPage("hit", ["", "2026-05-10"]);
    const missed = slowPage("missed", ["", "2026-05-10"]);
    cache.invalidateKeys("ann", "tasks", ["2026-05-01"]);
    hit.release();
    expect(text(await hit.read)).toBe("hit");
    const later = slowPage("later", ["", "2026-05-10"]);
    cache.invalidateKeys("ann", "tasks", ["2026-09-01"]);
    missed.release();
    later.release();
    await Promise.all([missed.read, later.read]);
    const again = async (key: string) =>
      text(await cache.get("ann", "tasks", `/${key}`, async () => "read again"));
    // Read before a change it shows: read again. The others saw only a change past them.
    expect(await again("hit")).toBe("read again");
    expect(await again("missed")).toBe("read again");
    expect(await again("later")).toBe("later");
  });
});
