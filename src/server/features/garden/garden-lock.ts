import type { Kysely } from "kysely";
import type { Dialect } from "../../db/connection";
import type { Database } from "../../db/schema";
import { lockForUser } from "../../db/user-lock";

/**
 * Issue 37 item 7: a gardener's writes that delete a plant, an area or a journal entry, and those
 * that add a row naming one (a harvest, a journal entry or photo, a plant placed in or moved to an
 * area, an import), take turns. Each takes this lock first, then checks that what it names is
 * still there, so no row is left pointing at a deleted one. Foreign keys would do the same on
 * PostgreSQL, but SQLite can only add them by rebuilding `plants` and the tables after it; one
 * lock behaves alike on both engines (on SQLite a transaction holds the only connection).
 */
export function lockGarden(trx: Kysely<Database>, dialect: Dialect, userId: string): Promise<void> {
  return lockForUser(trx, dialect, "garden", userId);
}
