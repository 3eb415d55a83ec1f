import { gzipSync } from "node:zlib";
import { LRUCache } from "lru-cache";

/** Default memory for cached bodies; RESPONSE_CACHE_MB sets it, 0 turns caching off. */
export const DEFAULT_RESPONSE_CACHE_MB = 64;
/** Smaller bodies are sent as they are: compressing them saves less than it costs. */
export const MIN_GZIP_BYTES = 1024;

/** One serialized JSON body, as UTF-8 bytes, with its gzip form made on first demand. */
export class CachedBody {
  private gzipped: Buffer | null = null;

  constructor(readonly identity: Buffer) {}

  /** The gzip bytes, or null when the body is too small to be worth compressing. */
  gzip(): Buffer | null {
    if (this.identity.length < MIN_GZIP_BYTES) return null;
    this.gzipped ??= gzipSync(this.identity, { level: 6 });
    return this.gzipped;
  }
}

/**
 * Serialized JSON bodies of a user's list and detail reads, kept until that user's data changes.
 * A gardener's garden is read far more often than it is written (every open tab refetches on each
 * live event), and building a 100-task page costs a database query plus validation and JSON
 * encoding, while sending finished bytes costs almost nothing.
 *
 * Each user has a generation number; a body is stored under the generation current when its read
 * began, and `invalidate` moves the user to a new generation. So a read racing a write can never
 * leave a stale body behind: it is stored under a generation nobody asks for again.
 */
export class UserResponseCache {
  private readonly bodies: LRUCache<string, CachedBody> | null;
  private readonly generations = new LRUCache<string, number>({ max: 100_000 });
  private counter = 0;

  constructor(maxMegabytes = DEFAULT_RESPONSE_CACHE_MB) {
    this.bodies =
      maxMegabytes > 0
        ? new LRUCache<string, CachedBody>({
            maxSize: maxMegabytes * 1024 * 1024,
            // The gzip form, made later, is counted up front (JSON lists compress to well under 20%).
            sizeCalculation: (body) => Math.ceil(body.identity.length * 1.2) || 1,
          })
        : null;
  }

  /** The cached body for this user and key, or the one `produce` makes (and which is then kept). */
  async get(userId: string, key: string, produce: () => Promise<string>): Promise<CachedBody> {
    if (!this.bodies) return new CachedBody(Buffer.from(await produce()));
    const slot = `${this.generation(userId)}\u0000${userId}\u0000${key}`;
    const cached = this.bodies.get(slot);
    if (cached) return cached;
    const body = new CachedBody(Buffer.from(await produce()));
    this.bodies.set(slot, body);
    return body;
  }

  /** Forgets every body of this user; call it as soon as any of their data changes. */
  invalidate(userId: string): void {
    this.generations.set(userId, ++this.counter);
  }

  private generation(userId: string): number {
    const known = this.generations.get(userId);
    if (known !== undefined) return known;
    // A user never seen (or evicted) starts at a number no earlier body was stored under.
    const fresh = ++this.counter;
    this.generations.set(userId, fresh);
    return fresh;
  }
}
