import type { FastifyRequest } from "fastify";
import { AppError } from "../../errors";
import { OneAtATime } from "../one-at-a-time";
import { PhotoBudget } from "./photo-budget";
import { type CheckedPhoto, checkPhoto, decodePhoto, type ProcessedPhoto } from "./pipeline";

/**
 * Photos that may wait for the decoder. Each holds its bytes (up to 10 MB) while it waits, and at
 * ~0.3 s for a photo near the pixel cap the last one waits about 5 s.
 */
const PHOTOS_WAITING = 16;
const BUSY_RETRY_SECONDS = 5;

/** The gate as one request that brings several photos (an import) sees it. */
export interface PhotoReader {
  check(bytes: Buffer): Promise<CheckedPhoto>;
  /** Counts the photos about to be decoded against the sender's budget; 429 when it is spent. */
  count(photos: number): void;
  read(photo: CheckedPhoto): Promise<ProcessedPhoto>;
}

export interface PhotoGateOptions {
  /** IDENTIFY_PER_MINUTE: photos one address may have decoded per minute. */
  perMinute: number;
  waiting?: number;
  /** The decoder (tests pass one they control) and the budget's clock. */
  decode?: (photo: CheckedPhoto) => Promise<ProcessedPhoto>;
  now?: () => number;
}

/**
 * The one way into the photo decoder, for every route that reads a photo (identify, a plant's
 * photo, imports), one per app: the address's per-minute budget, the checks that need no
 * decoding (bytes, type, the pixel cap read from the header), then one decode at a time in
 * arrival order, so photos never take more than one core from sign-in and the rest of the API.
 */
export class PhotoGate {
  private readonly budget: PhotoBudget;
  private readonly decoder: OneAtATime<CheckedPhoto, ProcessedPhoto>;

  constructor({
    perMinute,
    waiting = PHOTOS_WAITING,
    decode = decodePhoto,
    now,
  }: PhotoGateOptions) {
    this.budget = new PhotoBudget(perMinute, now);
    this.decoder = new OneAtATime(decode, {
      waiting,
      // 429 with Retry-After, as the offline model's own line answers when it is full.
      refuse: () =>
        new AppError(
          429,
          "rate_limited",
          "Tendril is busy reading other photos. Try again in a few seconds.",
          undefined,
          { "retry-after": String(BUSY_RETRY_SECONDS) },
        ),
    });
  }

  /**
   * An onRequest hook for a route that takes one photo: it counts against the sender's budget
   * before the body is read, so a refused upload is not even received.
   */
  readonly countOne = async (request: FastifyRequest): Promise<void> => {
    this.budget.take(request.ip);
  };

  /** The checks that decode nothing: 413 past 10 MB or the pixel cap, 415 not a photo. */
  check(bytes: Buffer): Promise<CheckedPhoto> {
    return checkPhoto(bytes);
  }

  /**
   * Decodes a checked photo once the ones before it are done; 429 when too many wait already. A
   * photo whose sender hangs up (`signal`) while it waits is dropped without being decoded.
   */
  async read(photo: CheckedPhoto, signal?: AbortSignal): Promise<ProcessedPhoto> {
    try {
      return await this.decoder.push(photo, signal);
    } catch (err) {
      if (signal?.aborted && err === signal.reason) {
        throw new AppError(
          400,
          "invalid_request",
          "The connection closed before the photo was read.",
        );
      }
      throw err;
    }
  }

  /** For a request from `address` that brings several photos; `signal`: its sender hung up. */
  reader(address: string, signal?: AbortSignal): PhotoReader {
    return {
      check: (bytes) => this.check(bytes),
      count: (photos) => {
        if (photos > 0) this.budget.take(address, photos);
      },
      read: (photo) => this.read(photo, signal),
    };
  }

  /** check, then read: one photo of a request. */
  async process(bytes: Buffer, signal?: AbortSignal): Promise<ProcessedPhoto> {
    return this.read(await this.check(bytes), signal);
  }
}
