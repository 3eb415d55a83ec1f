import { randomBytes } from "node:crypto";
import { gzipSync } from "node:zlib";
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
 * Tags are unique to this process (a random prefix) and to each body made in it (a counter), so a
 * client's If-None-Match can only match the very body it was sent, on the instance that made it.
 */
const tagPrefix = randomBytes(6).toString("base64url");
let tagCounter = 0;

/**
 * One serialized JSON body, as UTF-8 bytes, with its gzip form made on first demand and its weak
 * ETag. Compressing is synchronous: zlib's async API costs twice the CPU for bodies this size (a
 * stream, a thread-pool round trip and a fresh context per call: 160 µs against 40 µs for a 6 KB
 * page), and it ran in 7% of the server's profile under the mixed load.
 */
export class CachedBody {
  private gzipped: Buffer | null | undefined;
  readonly etag = `W/"${tagPrefix}.${(++tagCounter).toString(36)}"`;

  constructor(readonly identity: Buffer) {}

  /** The gzip bytes, or null when the body is too small to be worth compressing. */
  gzip(): Buffer | null {
    if (this.gzipped === undefined) {
      this.gzipped =
        this.identity.length < MIN_GZIP_BYTES
          ? null
          : gzipSync(this.identity, { level: GZIP_LEVEL });
    }
    return this.gzipped;
  }
}

/**
 * Whether a kept list page shows the record with this key (see invalidateKeys): a sort key within
 * the page's first and last, say, or the id of a record on it.
 */
export type Shows = (key: string) => boolean;

/** What a read produces: a body, or a list page's body with the keys it shows. */
export type Produced = string | { body: string; shows: Shows };

interface Entry {
  body: CachedBody;
  /** null: the body may show any key of its scope. */
  shows: Shows | null;
  /** "<user>\0<scope>". */
  group: string;
}

/** The reads of one user's scope now in flight, and keys changed in it since the oldest began. */
interface Flight {
  since: number[];
  moved: { at: number; key: string }[];
}

const within = (shows: Shows | null, key: string) => !shows || shows(key);

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
 * A list page may also say which keys of its scope it shows: the sort keys from its first item to
 * its last (to the end on the last page), or the ids of its records when a change cannot move a
 * record in or out. `invalidateKeys` then drops only the pages that show a changed key: a task due
 * in three weeks changes no page that ends at yesterday's tasks, and a plant renamed on page 5
 * leaves page 1 as it is. A read in flight while keys change is not kept if it shows one of them.
 *
 * Other instances' writes arrive as events; while they cannot arrive (the bus is not listening)
 * the cache is suspended: it forgets everything and keeps nothing new, so no read misses a change
 * made in the gap. Every body also leaves at its TTL, heard of or not.
 */
export class UserResponseCache {
  private readonly bodies: LRUCache<string, Entry> | null;
  private readonly generations = new LRUCache<string, number>({ max: 200_000 });
  /** The slots of the kept bodies of each group, for invalidateKeys. */
  private readonly slotsOf = new Map<string, Set<string>>();
  private readonly flights = new Map<string, Flight>();
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
        ? new LRUCache<string, Entry>({
            maxSize: maxMegabytes * 1024 * 1024,
            // The gzip form, made later, is counted up front (JSON lists compress to well under 20%).
            sizeCalculation: (entry) => Math.ceil(entry.body.identity.length * 1.2) || 1,
            ttl: ttlSeconds * 1000,
            // Reads the clock on every lookup instead of reusing a reading for 1 ms behind a timer.
            ttlResolution: 0,
            perf: { now },
            dispose: (entry, slot) => {
              const slots = this.slotsOf.get(entry.group);
              slots?.delete(slot);
              if (slots?.size === 0) this.slotsOf.delete(entry.group);
            },
          })
        : null;
  }

  /**
   * The cached body for this user and key, if one is kept: a hit needs no promise (most reads are
   * hits, and under load each promise costs the async-context hooks better-auth turns on).
   */
  peek(userId: string, scope: string, key: string): CachedBody | undefined {
    if (!this.bodies || this.suspended) return undefined;
    return this.bodies.get(this.slotOf(userId, `${userId}\u0000${scope}`, key))?.body;
  }

  /** The cached body for this user and key, or the one `produce` makes (and which is then kept). */
  async get(
    userId: string,
    scope: string,
    key: string,
    produce: () => Promise<Produced>,
  ): Promise<CachedBody> {
    if (!this.bodies || this.suspended) return new CachedBody(Buffer.from(bodyOf(await produce())));
    const group = `${userId}\u0000${scope}`;
    const slot = this.slotOf(userId, group, key);
    const cached = this.bodies.get(slot);
    if (cached) return cached.body;
    const since = this.counter;
    const flight = this.flights.get(group) ?? { since: [], moved: [] };
    this.flights.set(group, flight);
    flight.since.push(since);
    try {
      const produced = await produce();
      const shows = typeof produced === "string" ? null : produced.shows;
      const body = new CachedBody(Buffer.from(bodyOf(produced)));
      if (!flight.moved.some((move) => move.at > since && within(shows, move.key))) {
        this.bodies.set(slot, { body, shows, group });
        const slots = this.slotsOf.get(group) ?? new Set<string>();
        this.slotsOf.set(group, slots);
        slots.add(slot);
      }
      return body;
    } finally {
      flight.since.splice(flight.since.indexOf(since), 1);
      if (flight.since.length === 0) {
        if (this.flights.get(group) === flight) this.flights.delete(group);
      } else {
        // Moves older than every read still in flight can no longer matter.
        const oldest = Math.min(...flight.since);
        flight.moved = flight.moved.filter((move) => move.at > oldest);
      }
    }
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
   * Forgets the user's bodies in `scope` that show one of these keys (a changed record's keys
   * before and after the change), and those kept without saying what they show.
   */
  invalidateKeys(userId: string, scope: string, keys: readonly string[]): void {
    const group = `${userId}\u0000${scope}`;
    const flight = this.flights.get(group);
    for (const key of keys) {
      const at = ++this.counter;
      flight?.moved.push({ at, key });
    }
    const slots = this.slotsOf.get(group);
    if (!slots || !this.bodies) return;
    for (const slot of [...slots]) {
      const entry = this.bodies.peek(slot);
      if (!entry || keys.some((key) => within(entry.shows, key))) this.bodies.delete(slot);
    }
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

  /** Where a body is kept: under the user's and the scope's generations as they are now. */
  private slotOf(userId: string, group: string, key: string): string {
    return `${this.generation(userId)}.${this.generation(group)}\u0000${userId}\u0000${key}`;
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

const bodyOf = (produced: Produced) => (typeof produced === "string" ? produced : produced.body);
