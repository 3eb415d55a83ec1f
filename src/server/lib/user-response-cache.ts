import { promisify } from "node:util";
import { gzip } from "node:zlib";

const gzipAsync = promisify(gzip);

import { LRUCache } from "lru-cache";

/** Default memory for cached bodies; RESPONSE_CACHE_MB sets it, 0 turns caching off. */
export const DEFAULT_RESPONSE_CACHE_MB = 64;
/**
 * Default age at which a body is dropped even though no change was heard for it; set by
 * RESPONSE_CACHE_TTL_SECONDS. Events keep bodies current; this bounds the harm when one is lost
 * without the bus noticing (a LISTEN connection that died silently). A minute keeps nearly all
 * of the cache's hits: tabs refetch within seconds of each other.
 */
export const DEFAULT_RESPONSE_CACHE_TTL_SECONDS = 60;
/** Smaller bodies are sent as they are: compressing them saves less than it costs. */
export const MIN_GZIP_BYTES = 1024;
/**
 * Fastest zlib level: under mixed reads and writes bodies are rebuilt often, and level 6 cost
 * 12% of the server's CPU for about 4% smaller bodies (a 30 KB task page: 4.7 KB vs 4.9 KB).
 */
const GZIP_LEVEL = 1;

/**
 * One serialized JSON body, as UTF-8 bytes, with its gzip form made on first demand. Compressing
 * runs on libuv's thread pool (zlib's async API), off the event loop that answers requests.
 */
export class CachedBody {
  private gzipped: Promise<Buffer | null> | null = null;

  constructor(readonly identity: Buffer) {}

  /** The gzip bytes, or null when the body is too small to be worth compressing. */
  gzip(): Promise<Buffer | null> {
    this.gzipped ??=
      this.identity.length < MIN_GZIP_BYTES
        ? Promise.resolve(null)
        : gzipAsync(this.identity, { level: GZIP_LEVEL });
    return this.gzipped;
  }
}

/**
 * Serialized JSON bodies of a user's list and detail reads, kept until the data they show changes.
 * A gardener's garden is read far more often than it is written (every open tab refetches on each
 * live event), and building a 100-task page costs a database query plus validation and JSON
 * encoding, while sending finished bytes costs almost nothing.
 *
 * Each body belongs to a scope of the user's data ("tasks", "plants", "plant:<id>"). A user and
 * each of their scopes have a generation number; a body is stored under the generations current
 * when its read began, and `invalidate` moves the user, or some of their scopes, to new ones. So a
 * write drops only the reads it can change, and a read racing a write can never leave a stale body
 * behind: it is stored under a generation nobody asks for again.
 *
 * Other instances' writes arrive as events; while they cannot arrive (the bus is not listening)
 * the cache is suspended: it forgets everything and keeps nothing new, so no read misses a change
 * made in the gap. Every body also leaves at its TTL, heard of or not.
 */
export class UserResponseCache {
  private readonly bodies: LRUCache<string, CachedBody> | null;
  private readonly generations = new LRUCache<string, number>({ max: 200_000 });
  private counter = 0;
  private suspended = false;

  /** `now` is the clock TTLs are measured on, in milliseconds (tests pass a fake one). */
  constructor(
    maxMegabytes = DEFAULT_RESPONSE_CACHE_MB,
    ttlSeconds = DEFAULT_RESPONSE_CACHE_TTL_SECONDS,
    now: () => number = () => performance.now(),
  ) {
    this.bodies =
      maxMegabytes > 0
        ? new LRUCache<string, CachedBody>({
            maxSize: maxMegabytes * 1024 * 1024,
            // The gzip form, made later, is counted up front (JSON lists compress to well under 20%).
            sizeCalculation: (body) => Math.ceil(body.identity.length * 1.2) || 1,
            ttl: ttlSeconds * 1000,
            // Reads the clock on every lookup instead of reusing a reading for 1 ms behind a timer.
            ttlResolution: 0,
            perf: { now },
          })
        : null;
  }

  /** The cached body for this user and key, or the one `produce` makes (and which is then kept). */
  async get(
    userId: string,
    scope: string,
    key: string,
    produce: () => Promise<string>,
  ): Promise<CachedBody> {
    if (!this.bodies || this.suspended) return new CachedBody(Buffer.from(await produce()));
    const slot = `${this.generation(userId)}.${this.generation(`${userId}\u0000${scope}`)}\u0000${userId}\u0000${key}`;
    const cached = this.bodies.get(slot);
    if (cached) return cached;
    const body = new CachedBody(Buffer.from(await produce()));
    this.bodies.set(slot, body);
    return body;
  }

  /** Forgets the user's bodies in these scopes, or all of them; call it as soon as data changes. */
  invalidate(userId: string, scopes?: readonly string[]): void {
    if (!scopes) {
      this.generations.set(userId, ++this.counter);
      return;
    }
    for (const scope of scopes) this.generations.set(`${userId}\u0000${scope}`, ++this.counter);
  }

  /**
   * Forgets every body and keeps none until `resume`: changes made elsewhere may go unheard. A
   * read still in flight stores its body under generations that were just forgotten, so nobody
   * is ever served it.
   */
  suspend(): void {
    this.suspended = true;
    this.generations.clear();
    this.bodies?.clear();
  }

  /** Keeps bodies again; nothing was kept while suspended, so nothing from the gap is served. */
  resume(): void {
    this.suspended = false;
  }

  private generation(of: string): number {
    const known = this.generations.get(of);
    if (known !== undefined) return known;
    // Never seen (or evicted): start at a number no earlier body was stored under.
    const fresh = ++this.counter;
    this.generations.set(of, fresh);
    return fresh;
  }
}
