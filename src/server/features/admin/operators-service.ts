import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema";
import { accountIdByEmail, oldestAccountId } from "../profile/read-model";
import { claimFirstAccount, insertGrant, releaseGrants } from "./operators-repository";

// The operator's rights as the rest of the server changes them: a sign-up may claim the first
// account's (auth), account deletion releases an account's, the admin CLI grants and revokes.

/**
 * After a sign-up: the account becomes the instance's first, and so its operator, if it is the
 * oldest account and no account held that before. Asking for the oldest too means a claim that
 * failed leaves the instance without a first account (the CLI grants one) rather than handing it
 * to whoever signs up next. Two first sign-ups at once: the one row makes one of them the first.
 */
export async function claimIfFirstAccount(
  db: Kysely<Database>,
  userId: string,
  now = new Date(),
): Promise<boolean> {
  if ((await oldestAccountId(db)) !== userId) return false;
  return claimFirstAccount(db, userId, now.toISOString());
}

/** The account's operator rights, in the caller's transaction (account deletion). */
export async function releaseOperatorOf(trx: Transaction<Database>, userId: string): Promise<void> {
  await releaseGrants(trx, userId);
}

/** `npm run admin -- grant-operator <email>`. */
export async function grantOperatorByEmail(
  db: Kysely<Database>,
  email: string,
  now = new Date(),
): Promise<"granted" | "already" | "no-account"> {
  const userId = await accountIdByEmail(db, email);
  if (!userId) return "no-account";
  return (await insertGrant(db, userId, now.toISOString())) ? "granted" : "already";
}

/** `npm run admin -- revoke-operator <email>`: also from the first account. */
export async function revokeOperatorByEmail(
  db: Kysely<Database>,
  email: string,
): Promise<"revoked" | "none" | "no-account"> {
  const userId = await accountIdByEmail(db, email);
  if (!userId) return "no-account";
  return (await releaseGrants(db, userId)) ? "revoked" : "none";
}
