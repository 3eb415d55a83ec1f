import type { Kysely, Selectable, Updateable } from "kysely";
import type { Database, ProfileTable } from "../../db/schema";

export type ProfileRow = Selectable<ProfileTable>;

export interface SignIn {
  userId: string;
  email: string;
  displayName: string;
  photoUrl: string | null | undefined;
  provider: string;
  at: string;
  /** The address signed in by; undefined leaves the one recorded before (PUBLIC_URL is set). */
  appOrigin?: string | undefined;
}

/** Creates the profile on first sign-in, otherwise refreshes identity fields (spec §4 Auth). */
export async function recordSignIn(db: Kysely<Database>, s: SignIn): Promise<void> {
  const fresh = {
    email: s.email,
    display_name: s.displayName,
    photo_url: s.photoUrl ?? null,
    provider: s.provider,
    last_login_at: s.at,
    updated_at: s.at,
    ...(s.appOrigin ? { app_origin: s.appOrigin } : {}),
  };
  await db
    .insertInto("profile")
    .values({ user_id: s.userId, ...fresh, created_at: s.at })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(fresh))
    .execute();
}

export async function ensureProfile(db: Kysely<Database>, userId: string, at: string) {
  await db
    .insertInto("profile")
    .values({ user_id: userId, created_at: at, updated_at: at })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
}

export function findProfile(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom("profile")
    .innerJoin("user", "user.id", "profile.user_id")
    .selectAll("profile")
    .select([
      "user.email as user_email",
      "user.name as user_name",
      "user.image as user_image",
      "user.createdAt as user_created_at",
    ])
    .where("profile.user_id", "=", userId)
    .executeTakeFirst();
}

export async function updateProfile(
  db: Kysely<Database>,
  userId: string,
  changes: Updateable<ProfileTable>,
  userName?: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("profile").set(changes).where("user_id", "=", userId).execute();
    if (userName !== undefined) {
      await trx.updateTable("user").set({ name: userName }).where("id", "=", userId).execute();
    }
  });
}

/** The digest's unsubscribe token, made on first use. */
export async function digestTokenFor(
  db: Kysely<Database>,
  userId: string,
  fresh: string,
): Promise<string> {
  await db
    .updateTable("profile")
    .set({ digest_token: fresh })
    .where("user_id", "=", userId)
    .where("digest_token", "is", null)
    .execute();
  const row = await db
    .selectFrom("profile")
    .select("digest_token")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.digest_token ?? fresh;
}

/** Turns the digest off for the token's owner; false for an unknown token. */
export async function unsubscribeDigest(db: Kysely<Database>, token: string, now: string) {
  const result = await db
    .updateTable("profile")
    .set({ email_digest: 0, updated_at: now })
    .where("digest_token", "=", token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Sets a user's plan by e-mail (the admin CLI); false when no such user has a profile. */
export async function setPlanByEmail(db: Kysely<Database>, email: string, plan: "free" | "pro") {
  const user = await db
    .selectFrom("user")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.trim().toLowerCase()))
    .executeTakeFirst();
  if (!user) return false;
  const result = await db
    .updateTable("profile")
    .set({ plan, updated_at: new Date().toISOString() })
    .where("user_id", "=", user.id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Sets an account's plan by its id (the operator's /admin); false when there is no such account. */
export async function setPlanOf(db: Kysely<Database>, userId: string, plan: "free" | "pro") {
  const result = await db
    .updateTable("profile")
    .set({ plan, updated_at: new Date().toISOString() })
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
