import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "../../db/schema";
import { generateVapidKeys, type VapidKeys } from "../../providers/push/web-push-sender";
import { storedSetting } from "./repository";

const VAPID_SETTING = "vapid-keys";
const storedKeysSchema = z.object({ publicKey: z.string().min(1), privateKey: z.string().min(1) });

/**
 * The VAPID key pair: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set, else the pair in the database,
 * made by whichever instance started first (the others read it), so every instance signs with the
 * keys the browsers subscribed with.
 */
export async function vapidKeys(
  db: Kysely<Database>,
  configured: VapidKeys | undefined,
): Promise<VapidKeys> {
  if (configured) return configured;
  const stored = await storedSetting(db, VAPID_SETTING, JSON.stringify(generateVapidKeys()));
  return storedKeysSchema.parse(JSON.parse(stored));
}
