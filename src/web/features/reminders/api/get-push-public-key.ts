import { api } from "../../../lib/api-client";

/** GET /api/push/public-key → the VAPID key browsers subscribe with (URL-safe base64). */
export async function getPushPublicKey(): Promise<string> {
  const { publicKey } = await api.get<{ publicKey: string }>("/api/push/public-key");
  return publicKey;
}
