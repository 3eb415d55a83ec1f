import type { Transaction } from "kysely";
import type { ImportProfile } from "../../../core/schemas/data-export";
import type { Database } from "../../db/schema";
import type { ZoneLookup } from "../zones/service";
import { deleteProfileRow, profileRowOf, setProfileColumns } from "./account-data-repository";
import { ensureProfile } from "./repository";
import { profileChanges } from "./service";

// What account-data (import, account deletion) needs of the profile: it reaches the profile
// table only through here. The export reads the profile as GET /api/me shows it.

/**
 * An import file's preferences, in the caller's transaction: the place, the gardener's own frost
 * dates, the rest as PATCH /api/me sets them (the zone from the ZIP). Only what differs is written, so importing a file again leaves the
 * profile row as it was.
 */
export async function restoreProfile(
  trx: Transaction<Database>,
  userId: string,
  profile: ImportProfile,
  zones: () => ZoneLookup,
): Promise<void> {
  const now = new Date().toISOString();
  await ensureProfile(trx, userId, now);
  const current = await profileRowOf(trx, userId);
  const { frostDates, ...fields } = profile;
  const changes = profileChanges(fields, current.completed_at, zones, now);
  if (frostDates !== undefined) {
    changes.frost_last = frostDates?.lastFrost ?? null;
    changes.frost_first = frostDates?.firstFrost ?? null;
  }
  const differing = Object.fromEntries(
    Object.entries(changes).filter(
      ([column, value]) => current[column as keyof typeof current] !== value,
    ),
  );
  if (Object.keys(differing).length === 0) return;
  await setProfileColumns(trx, userId, { ...differing, updated_at: now });
}

/** The gardener's profile row, in the caller's transaction. */
export function deleteProfileOf(trx: Transaction<Database>, userId: string): Promise<void> {
  return deleteProfileRow(trx, userId);
}
