import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema";
import { deleteIdentificationRows, identificationRowsOf } from "./account-data-repository";

// What account-data (export, account deletion) needs of the identifications: it reaches their
// table only through here.

/** An identification as stored: `result` is its stored JSON, parsed (null when unreadable). */
export interface IdentificationForExport {
  id: string;
  createdAt: string;
  result: unknown;
}

/** The gardener's identifications, newest first. */
export async function identificationsForExport(
  db: Kysely<Database>,
  userId: string,
): Promise<IdentificationForExport[]> {
  return (await identificationRowsOf(db, userId)).map((row) => ({
    id: row.id,
    createdAt: row.created_at,
    result: parseJson(row.result),
  }));
}

/** Every identification of the gardener, in the caller's transaction; their photos stay. */
export function deleteIdentificationsOf(trx: Transaction<Database>, userId: string): Promise<void> {
  return deleteIdentificationRows(trx, userId);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
