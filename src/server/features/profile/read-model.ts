import type { Kysely, Selectable } from "kysely";
import type { Place } from "../../../core/schemas/place";
import type { Database, ProfileTable } from "../../db/schema";

// The profile's published reads: chat, garden, quota, reminders and weather see the gardener's
// profile (and the auth user row it extends) only through these.

type Db = Kysely<Database>;

/** Sets of ids larger than this are asked for in several statements (SQLite caps parameters). */
const ID_CHUNK = 500;

/** The gardener's whole profile row; undefined before their first sign-in. */
export function profileRow(db: Db, userId: string) {
  return db.selectFrom("profile").selectAll().where("user_id", "=", userId).executeTakeFirst();
}

/** The stored place, when the profile has one (migration 0009). */
export function placeOf(row: Selectable<ProfileTable>): Place | null {
  if (!row.place_name || row.place_lat === null || row.place_lon === null) return null;
  return {
    name: row.place_name,
    admin1: row.place_admin1,
    country: row.place_country,
    countryCode: row.place_country_code,
    latitude: Number(row.place_lat),
    longitude: Number(row.place_lon),
    timeZone: row.time_zone,
    postcode: row.place_postcode,
  };
}

/** The frost dates the gardener gave (PATCH /api/me/climate), or null when they use the place's. */
export async function ownFrostDates(
  db: Db,
  userId: string,
): Promise<{ lastFrost: string; firstFrost: string } | null> {
  const row = await db
    .selectFrom("profile")
    .select(["frost_last", "frost_first"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.frost_last && row.frost_first
    ? { lastFrost: row.frost_last, firstFrost: row.frost_first }
    : null;
}

/** The gardener's temperature units: "F" if they chose Fahrenheit, else "C" (also with no row). */
export async function findUnits(db: Db, userId: string): Promise<"C" | "F"> {
  const row = await db
    .selectFrom("profile")
    .select("units")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.units === "F" ? "F" : "C";
}

/** The address the gardener last signed in by (migration 0011), or null. */
export async function findAppOrigin(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom("profile")
    .select("app_origin")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.app_origin ?? null;
}

/** What the plan generator needs from the gardener's profile, and the units its tasks are shown in. */
export function profileForPlan(db: Db, userId: string) {
  return db
    .selectFrom("profile")
    .select(["experience", "location", "units"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

/** The location and ZIP the gardener saved in their profile. */
export function storedLocation(db: Db, userId: string) {
  return db
    .selectFrom("profile")
    .select([
      "location",
      "zip",
      "place_name",
      "place_admin1",
      "place_country_code",
      "place_lat",
      "place_lon",
    ])
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

/** The gardener's plan; "free" without a profile. */
export async function planOf(db: Db, userId: string): Promise<"free" | "pro"> {
  const row = await db
    .selectFrom("profile")
    .select("plan")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.plan === "pro" ? "pro" : "free";
}

export interface ReminderCandidate {
  userId: string;
  email: string;
  name: string;
  timeZone: string | null;
  reminderHour: number;
  emailDigest: boolean;
  digestToken: string | null;
  /** The units the reminder's task titles are written in. */
  units: "C" | "F";
}

/**
 * Gardeners with a way to be reminded: the e-mail digest turned on, or one of `subscriberIds`
 * (the users with a push subscription, which the reminders feature owns).
 */
export async function reminderCandidates(
  db: Db,
  subscriberIds: readonly string[],
): Promise<ReminderCandidate[]> {
  const base = db
    .selectFrom("profile")
    .innerJoin("user", "user.id", "profile.user_id")
    .select([
      "profile.user_id",
      "user.email",
      "user.name",
      "profile.display_name",
      "profile.time_zone",
      "profile.reminder_hour",
      "profile.email_digest",
      "profile.digest_token",
      "profile.units",
    ]);
  const chunks: string[][] = [];
  for (let i = 0; i < subscriberIds.length; i += ID_CHUNK) {
    chunks.push(subscriberIds.slice(i, i + ID_CHUNK));
  }
  const batches = await Promise.all([
    base.where("profile.email_digest", "=", 1).execute(),
    ...chunks.map((ids) => base.where("profile.user_id", "in", ids).execute()),
  ]);
  const byUser = new Map(batches.flat().map((row) => [row.user_id, row]));
  return [...byUser.values()].map((row) => ({
    userId: row.user_id,
    email: row.email,
    name: row.display_name ?? row.name,
    timeZone: row.time_zone,
    reminderHour: Number(row.reminder_hour),
    emailDigest: Number(row.email_digest) === 1,
    digestToken: row.digest_token,
    units: row.units === "F" ? "F" : "C",
  }));
}

/** An account as the operator's list shows it (issue 25). */
export interface AccountSummary {
  id: string;
  name: string;
  email: string;
  createdAt: string;
  plan: "free" | "pro";
  lastSignInAt: string | null;
  /** A provider vouched for the address (Google, OpenID Connect); password sign-ups never are. */
  emailVerified: boolean;
}

/** better-auth's boolean: true or false on PostgreSQL, 1 or 0 on SQLite. */
const isTrue = (value: boolean | number) => value === true || Number(value) === 1;

const isoTime = (value: Date | string) =>
  value instanceof Date ? value.toISOString() : new Date(value).toISOString();

/** The oldest `limit` accounts, or with `onlyId` that account alone (none if there is no such). */
export async function accountSummaries(
  db: Db,
  limit: number,
  onlyId?: string,
): Promise<AccountSummary[]> {
  let query = db
    .selectFrom("user")
    .leftJoin("profile", "profile.user_id", "user.id")
    .select([
      "user.id",
      "user.name",
      "user.email",
      "user.createdAt",
      "user.emailVerified",
      "profile.plan",
      "profile.last_login_at",
    ])
    .orderBy("user.createdAt", "asc")
    .orderBy("user.id", "asc")
    .limit(limit);
  if (onlyId !== undefined) query = query.where("user.id", "=", onlyId);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    createdAt: isoTime(row.createdAt),
    plan: row.plan === "pro" ? "pro" : "free",
    lastSignInAt: row.last_login_at,
    emailVerified: isTrue(row.emailVerified),
  }));
}

/** The instance's oldest account, or undefined before anyone signed up. */
export async function oldestAccountId(db: Db): Promise<string | undefined> {
  const row = await db
    .selectFrom("user")
    .select("id")
    .orderBy("createdAt", "asc")
    .orderBy("id", "asc")
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

/** The account's e-mail address when a provider vouched for it, else null. */
export async function verifiedEmailOf(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom("user")
    .select(["email", "emailVerified"])
    .where("id", "=", userId)
    .executeTakeFirst();
  return row && isTrue(row.emailVerified) ? row.email : null;
}

/** The id of the account with this e-mail address, in any case; undefined when there is none. */
export async function accountIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("user")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.trim().toLowerCase()))
    .executeTakeFirst();
  return row?.id;
}

/** Who an account is (id, e-mail, name): how an API token's request knows its gardener. */
export async function accountOf(
  db: Db,
  userId: string,
): Promise<{ id: string; email: string; name: string } | undefined> {
  return db
    .selectFrom("user")
    .select(["id", "email", "name"])
    .where("id", "=", userId)
    .executeTakeFirst();
}
