import type { Kysely } from "kysely";
import { deleteUserRecords } from "../../auth/delete-user";
import type { Database } from "../../db/schema";
import { releaseOperatorOf } from "../admin/operators-service";
import { deleteApiTokensOf } from "../api-tokens/account-data-service";
import { deleteCalendarTokenOf } from "../calendar/account-data-service";
import { deleteChatsOf } from "../chat/account-data-service";
import { deleteGardenOf } from "../garden/account-data-service";
import { deleteIdempotencyKeysOf } from "../idempotency/account-data-service";
import { deleteIdentificationsOf } from "../identification/account-data-service";
import { deletePhotosOf } from "../photos/account-data-service";
import { deleteProfileOf } from "../profile/account-data-service";
import { deleteUsageOf } from "../quota/account-data-service";
import { deleteRemindersOf } from "../reminders/account-data-service";
import { deleteWeatherCacheOf } from "../weather/account-data-service";
import { deleteWorkflowsOf } from "../workflows/account-data-service";

/**
 * Every row of the gardener, each feature deleting its own tables, in one transaction: rows that
 * point at others first (chats at plants, plants at photos), the user last. The foreign keys to
 * `user` cascade too; deleting each table by name means a table added later without a cascade
 * fails this loudly rather than keeping the gardener's rows. False when there was no such user.
 */
export async function deleteAccountRows(db: Kysely<Database>, userId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    for (const deleteRowsOf of [
      deleteWorkflowsOf,
      deleteChatsOf,
      deleteGardenOf,
      deleteIdentificationsOf,
      deletePhotosOf,
      deleteUsageOf,
      deleteWeatherCacheOf,
      deleteRemindersOf,
      deleteCalendarTokenOf,
      deleteApiTokensOf,
      deleteIdempotencyKeysOf,
      releaseOperatorOf,
      deleteProfileOf,
    ]) {
      await deleteRowsOf(trx, userId);
    }
    return deleteUserRecords(trx, userId);
  });
}
