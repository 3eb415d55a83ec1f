import { api } from "../../../lib/api-client";

/** POST /api/push/subscriptions with the browser's `PushSubscription.toJSON()` → 201. */
export async function savePushSubscription(subscription: PushSubscriptionJSON): Promise<void> {
  await api.post<null>("/api/push/subscriptions", subscription);
}
