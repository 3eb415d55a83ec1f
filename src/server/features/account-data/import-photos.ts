import { AppError, type Issue, invalidRequest } from "../../errors";
import type { PhotoReader } from "../../lib/photos/photo-gate";
import type { CheckedPhoto, StoredPhoto } from "../../lib/photos/pipeline";

/** A record of the file that may carry a photo (a plant, a harvest). */
interface WithPhoto {
  photo: { data: string } | null;
}

/**
 * The file's photos (plants' and harvests'), each read like an upload (type from the bytes, at most 10 MB and 40
 * megapixels, turned upright, shrunk, re-encoded without metadata), through the same gate: every
 * photo is checked before any is decoded, then they count against the sender's budget and wait
 * their turn in the decoder. One that is not a readable photo is a 400 naming its record; one
 * too large is a 413 naming it. `lists` names each list as the file does ("plants").
 */
export async function photosOf<T extends WithPhoto>(
  lists: Record<string, readonly T[]>,
  reader: PhotoReader,
): Promise<Map<T, StoredPhoto>> {
  const checked: { record: T; path: string; photo: CheckedPhoto }[] = [];
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
  for (const [list, records] of Object.entries(lists)) {
    for (const [index, record] of records.entries()) {
      if (!record.photo) continue;
      const path = `${list}.${index}.photo.data`;
      const base64 = record.photo.data.replace(/\s+/g, "");
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 === 1) {
        problems.push({ path, message: "must be base64 text." });
        continue;
      }
      try {
        checked.push({ record, path, photo: await reader.check(Buffer.from(base64, "base64")) });
      } catch (err) {
        refused(path, err);
      }
    }
  }
  if (problems.length > 0) throw invalidRequest(problems);
  reader.count(checked.length);
  const photos = new Map<T, StoredPhoto>();
  for (const { record, path, photo } of checked) {
    try {
      photos.set(record, (await reader.read(photo)).stored);
    } catch (err) {
      refused(path, err);
    }
  }
  if (problems.length > 0) throw invalidRequest(problems);
  return photos;
}
