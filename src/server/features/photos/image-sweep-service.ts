import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { deleteUnreferencedImages } from "../../lib/photos/image-store";
import { gardenImageIds } from "../garden/read-model";
import { identificationImageIds } from "../identification/read-model";

/**
 * An image younger than this is never swept. Every write stores an image with the row that shows
 * it, in one transaction; the margin keeps the sweep clear of any upload in flight all the same.
 */
const SWEEP_AFTER_MS = 15 * 60_000;
/** The sweep reads every row that shows a photo: once an hour per instance is plenty. */
const SWEEP_EVERY_MS = 60 * 60_000;

/**
 * Deletes the images no plant, harvest, journal photo or identification points at and that are
 * older than SWEEP_AFTER_MS: what an upload that lost a race to another, or an older release,
 * left behind (issue 37). A table added later that shows images must add its query here. The
 * number deleted.
 */
export function sweepUnreferencedImages(db: Kysely<Database>, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - SWEEP_AFTER_MS).toISOString();
  return deleteUnreferencedImages(db, before, [
    ...gardenImageIds(db),
    ...identificationImageIds(db),
  ]);
}

/** The sweep as a periodic job runs it: at most once every SWEEP_EVERY_MS. */
export class ImageSweep {
  private lastRun = Number.NEGATIVE_INFINITY;

  constructor(private readonly db: Kysely<Database>) {}

  async runIfDue(now = new Date()): Promise<number> {
    if (now.getTime() - this.lastRun < SWEEP_EVERY_MS) return 0;
    this.lastRun = now.getTime();
    return sweepUnreferencedImages(this.db, now);
  }
}
