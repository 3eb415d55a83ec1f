import { badRequest } from "../errors";

/**
 * Opaque page cursors: the sort key of the last row of a page, as base64url JSON. Clients pass
 * them back unchanged; anything else is refused with 400.
 */
export function encodeCursor(key: readonly (string | null)[]): string {
  return Buffer.from(JSON.stringify(key)).toString("base64url");
}

export function decodeCursor(cursor: string, length: number): (string | null)[] {
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (
      Array.isArray(key) &&
      key.length === length &&
      key.every((part) => part === null || typeof part === "string")
    ) {
      return key;
    }
  } catch {
    // Falls through to the refusal.
  }
  throw badRequest("That page cursor is not valid; start again from the first page.", [
    { path: "cursor", message: "Use the nextCursor of the previous page." },
  ]);
}
