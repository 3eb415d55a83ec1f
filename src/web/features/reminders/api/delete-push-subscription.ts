import { apiRequest } from "../../../lib/api-client";

/** DELETE /api/push/subscriptions { endpoint } → 204 (also when the server did not have it). */
export async function deletePushSubscription(endpoint: string): Promise<void> {
  await apiRequest<null>("/api/push/subscriptions", { method: "DELETE", body: { endpoint } });
}
