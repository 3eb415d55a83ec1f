import type {
  ImportHarvest,
  ImportJournalEntry,
  ImportPlant,
} from "../../../core/schemas/data-export";
import { STORED_PHOTO_MAX_SIDE } from "../../../core/schemas/identification";
import { AppError, type Issue, invalidRequest } from "../../errors";
import type { PhotoReader } from "../../lib/photos/photo-gate";
import { type CheckedPhoto, megapixels, type StoredPhoto } from "../../lib/photos/pipeline";

/** The pixels of the largest photo Tendril keeps (and exports): 1024 × 1024. */
const STORED_PHOTO_PIXELS = STORED_PHOTO_MAX_SIDE * STORED_PHOTO_MAX_SIDE;

/**
 * The pixels one import may have decoded, counted from the photos' headers before any is
 * decoded. Decoding grows with the pixels, and 100 KB of PNG can hold 40 megapixels (120 MB to
 * inflate and shrink): a file of such photos would hold the one decoder, which every upload waits
 * for, for many seconds. Each photo counts as at least a stored photo (re-encoding one costs
 * about that whatever it holds): 500 megapixels is 476 photos as Tendril exports them, above the
 * ~400 the import's 64 MB were sized for.
 */
export const IMPORT_MAX_PIXELS = 500_000_000;

const overBudget = (pixels: number) =>
  new AppError(
    413,
    "payload_too_large",
    `The photos in this file add up to ${megapixels(pixels)} megapixels; one import reads at ` +
      `most ${megapixels(IMPORT_MAX_PIXELS)} (a photo smaller than the ${STORED_PHOTO_MAX_SIDE} × ` +
      `${STORED_PHOTO_MAX_SIDE} pixels Tendril keeps counts as that size). Shrink the largest ` +
      `photos to ${STORED_PHOTO_MAX_SIDE} pixels on their longest side, or split the file and ` +
      "import each part.",
  );

/** A photo of the file: what it belongs to, where it is (for messages), its base64 text. */
interface FilePhoto<K> {
  key: K;
  path: string;
  data: string;
}

/** The file's photos, read and stored as uploads are: plants', harvests' and journal entries'. */
export interface ImportedPhotos {
  plants: Map<ImportPlant, StoredPhoto>;
  harvests: Map<ImportHarvest, StoredPhoto>;
  /** Each entry's photos, in its order. */
  journal: Map<ImportJournalEntry, StoredPhoto[]>;
}

/**
 * The file's plant, harvest and journal photos, each read like an upload (type from the bytes, at most 10
 * MB and 40 megapixels, turned upright, shrunk, re-encoded without metadata), through the same
 * gate: every photo is checked before any is decoded, then their pixels count against the
 * import's IMPORT_MAX_PIXELS, their number against the sender's budget, and they wait their turn
 * in the decoder. One that is not a readable photo is a 400 naming where it is; one too large is
 * a 413 naming it; photos that add up to too many pixels are a 413.
 */
export async function photosOf(
  file: {
    plants: readonly ImportPlant[];
    harvests: readonly ImportHarvest[];
    journal: readonly ImportJournalEntry[];
  },
  reader: PhotoReader,
): Promise<ImportedPhotos> {
  const plantPhotos: FilePhoto<ImportPlant>[] = file.plants.flatMap((plant, index) =>
    plant.photo ? [{ key: plant, path: `plants.${index}.photo.data`, data: plant.photo.data }] : [],
  );
  const harvestPhotos: FilePhoto<ImportHarvest>[] = file.harvests.flatMap((harvest, index) =>
    harvest.photo
      ? [{ key: harvest, path: `harvests.${index}.photo.data`, data: harvest.photo.data }]
      : [],
  );
  const journalPhotos: FilePhoto<ImportJournalEntry>[] = file.journal.flatMap((entry, index) =>
    entry.photos.map((photo, at) => ({
      key: entry,
      path: `journal.${index}.photos.${at}.data`,
      data: photo.data,
    })),
  );
  const read = await readAll<ImportPlant | ImportHarvest | ImportJournalEntry>(
    [...plantPhotos, ...harvestPhotos, ...journalPhotos],
    reader,
  );
  const plants = new Map<ImportPlant, StoredPhoto>();
  const harvests = new Map<ImportHarvest, StoredPhoto>();
  const journal = new Map<ImportJournalEntry, StoredPhoto[]>();
  const isPlant = new Set<unknown>(file.plants);
  const isHarvest = new Set<unknown>(file.harvests);
  for (const { key, stored } of read) {
    if (isPlant.has(key)) plants.set(key as ImportPlant, stored);
    else if (isHarvest.has(key)) harvests.set(key as ImportHarvest, stored);
    else {
      const entry = key as ImportJournalEntry;
      journal.set(entry, [...(journal.get(entry) ?? []), stored]);
    }
  }
  return { plants, harvests, journal };
}

async function readAll<K>(
  items: readonly FilePhoto<K>[],
  reader: PhotoReader,
): Promise<{ key: K; stored: StoredPhoto }[]> {
  const checked: { key: K; path: string; photo: CheckedPhoto }[] = [];
  const problems: Issue[] = [];
  // A photo that cannot be read is listed with the others; one too large stops the import at
  // once (413), as does a busy decoder (429) or any other failure.
  const refused = (path: string, err: unknown) => {
    if (err instanceof AppError && err.statusCode === 413) {
      throw new AppError(413, err.code, `Check ${path}: ${err.message}`, [
        { path, message: err.message },
      ]);
    }
    if (!(err instanceof AppError) || (err.statusCode !== 400 && err.statusCode !== 415)) throw err;
    problems.push({ path, message: err.message });
  };
  for (const { key, path, data } of items) {
    const base64 = data.replace(/\s+/g, "");
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 === 1) {
      problems.push({ path, message: "must be base64 text." });
      continue;
    }
    try {
      checked.push({ key, path, photo: await reader.check(Buffer.from(base64, "base64")) });
    } catch (err) {
      refused(path, err);
    }
  }
  if (problems.length > 0) throw invalidRequest(problems);
  const pixels = checked.reduce(
    (sum, { photo }) => sum + Math.max(photo.pixels, STORED_PHOTO_PIXELS),
    0,
  );
  if (pixels > IMPORT_MAX_PIXELS) throw overBudget(pixels);
  reader.count(checked.length);
  const stored: { key: K; stored: StoredPhoto }[] = [];
  for (const { key, path, photo } of checked) {
    try {
      stored.push({ key, stored: (await reader.read(photo)).stored });
    } catch (err) {
      refused(path, err);
    }
  }
  if (problems.length > 0) throw invalidRequest(problems);
  return stored;
}
