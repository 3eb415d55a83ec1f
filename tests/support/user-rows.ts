import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../src/server/db/schema";
import { gardenRows } from "./garden";

const byJson = <T>(rows: T[]) =>
  rows
    .map((row) => [JSON.stringify(row), row] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, row]) => row);

/**
 * Every row that belongs to a user — account, profile, garden, chats, checklists,
 * identifications, photos, usage, cached weather, push subscriptions, the calendar token,
 * reminders sent, API tokens, areas and their past plantings, rain skips, harvests and journals —
 * in a stable order, for "nothing changed" checks.
 * Sessions are left out: signing in is allowed to touch them.
 */
export async function userRows(db: Kysely<Database>, userId: string) {
  const [
    garden,
    user,
    profile,
    chats,
    messages,
    workflows,
    identifications,
    usage,
    weather,
    images,
    pushSubscriptions,
    calendarTokens,
    reminderSends,
    apiTokens,
    reminderChannels,
    areas,
    areaPlantings,
    taskSkips,
    harvests,
    journalEntries,
    journalPhotos,
  ] = await Promise.all([
    gardenRows(db, userId),
    db.selectFrom("user").selectAll().where("id", "=", userId).execute(),
    db.selectFrom("profile").selectAll().where("user_id", "=", userId).execute(),
    db.selectFrom("chats").selectAll().where("user_id", "=", userId).execute(),
    db.selectFrom("messages").selectAll().where("user_id", "=", userId).execute(),
    db.selectFrom("workflows").selectAll().where("user_id", "=", userId).execute(),
    db.selectFrom("identifications").selectAll().where("user_id", "=", userId).execute(),
    db.selectFrom("usage").selectAll().where("user_id", "=", userId).execute(),
    db.selectFrom("weather_cache").selectAll().where("user_id", "=", userId).execute(),
    db.selectFrom("images").selectAll().where("user_id", "=", userId).execute(),
    db.selectFrom("push_subscriptions").selectAll().where("user_id", "=", userId).execute(),
    db.selectFrom("calendar_tokens").selectAll().where("user_id", "=", userId).execute(),
    db.selectFrom("reminder_sends").selectAll().where("user_id", "=", userId).execute(),
    db.selectFrom("api_tokens").selectAll().where("user_id", "=", userId).execute(),
    db.selectFrom("reminder_channels").selectAll().where("user_id", "=", userId).execute(),
    db.selectFrom("areas").selectAll().where("user_id", "=", userId).execute(),
    db.selectFrom("area_plantings").selectAll().where("user_id", "=", userId).execute(),
    db.selectFrom("task_skips").selectAll().where("user_id", "=", userId).execute(),
    db.selectFrom("harvests").selectAll().where("user_id", "=", userId).execute(),
    db.selectFrom("journal_entries").selectAll().where("user_id", "=", userId).execute(),
    db.selectFrom("journal_photos").selectAll().where("user_id", "=", userId).execute(),
  ]);
  const workflowIds = workflows.map((w) => w.id);
  const workflowItems = workflowIds.length
    ? await db
        .selectFrom("workflow_items")
        .selectAll()
        .where("workflow_id", "in", workflowIds)
        .execute()
    : [];
  return {
    ...garden,
    user,
    profile,
    chats: byJson(chats),
    messages: byJson(messages),
    workflows: byJson(workflows),
    workflowItems: byJson(workflowItems),
    identifications: byJson(identifications),
    usage: byJson(usage),
    weather: byJson(weather),
    // Photos by a digest of their bytes: equal digests, identical photos.
    images: byJson(
      images.map(({ bytes, ...rest }) => ({
        ...rest,
        bytes: createHash("sha256").update(bytes).digest("hex"),
      })),
    ),
    pushSubscriptions: byJson(pushSubscriptions),
    calendarTokens: byJson(calendarTokens),
    reminderSends: byJson(reminderSends),
    apiTokens: byJson(apiTokens),
    reminderChannels: byJson(reminderChannels),
    areas: byJson(areas),
    areaPlantings: byJson(areaPlantings),
    taskSkips: byJson(taskSkips),
    harvests: byJson(harvests),
    journalEntries: byJson(journalEntries),
    journalPhotos: byJson(journalPhotos),
  };
}

export type UserRows = Awaited<ReturnType<typeof userRows>>;

/** The rows as text: equal text means byte-identical rows (a readable diff when not). */
export const rowsText = (rows: UserRows) => JSON.stringify(rows, null, 1);
