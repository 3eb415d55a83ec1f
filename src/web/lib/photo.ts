import { HttpError } from "./api-client";

/**
 * Spec §9 "up to 10MB": core's PHOTO_MAX_BYTES (photo.test.ts holds the two equal). Not imported
 * from core/schemas, which brings zod: the plant cards on "/" use this module's neighbours.
 */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

/** Spec §5/§9: what the page tells the gardener a photo may be. */
export const PHOTO_NOTE = "JPEG or PNG up to 10MB";

/** "2.4 MB" or "850 KB", rounded up so a file just over the limit never reads as 10.0 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.ceil(bytes / 1024))} KB`;
  return `${(Math.ceil((bytes / (1024 * 1024)) * 10) / 10).toFixed(1)} MB`;
}

/**
 * Instant feedback on a photo the server would refuse; null when it may be sent. The server checks
 * size and the real type again (DESIGN: the server is the authority). An empty type passes: some
 * phones give HEIC photos none, and the server decides what it can read.
 */
export function photoProblem(file: Pick<File, "size" | "type">): string | null {
  if (file.type && !file.type.startsWith("image/"))
    return `That file is not a photo. Choose a ${PHOTO_NOTE}.`;
  if (file.size === 0) return `That file is empty. Choose a ${PHOTO_NOTE}.`;
  if (file.size > PHOTO_MAX_BYTES)
    return `This photo is ${formatBytes(file.size)}. Choose one up to 10MB.`;
  return null;
}

/**
 * A 413 or 415 names what the server accepts, a 429 when the next photo can go: show its words.
 * Anything else gets the fallback.
 */
export function photoUploadError(error: unknown, fallback: string): string {
  if (error instanceof HttpError && [413, 415, 429].includes(error.status))
    return error.serverMessage ?? fallback;
  return fallback;
}

/** The multipart body the photo routes read: one file in the field `image`. */
export function photoForm(file: File): FormData {
  const form = new FormData();
  form.append("image", file, file.name || "photo.jpg");
  return form;
}
