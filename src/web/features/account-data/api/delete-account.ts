import { apiRequest } from "../../../lib/api-client";

/**
 * core/schemas/data-export's DELETE_ACCOUNT_CONFIRMATION (a test keeps them equal): importing
 * that module would bring zod and every schema into the Settings page.
 */
export const DELETE_ACCOUNT_CONFIRMATION = "delete my account";

/** DELETE /api/me { confirm: "delete my account" } → 204: every row gone, the session ended. */
export async function deleteAccount(): Promise<void> {
  await apiRequest<null>("/api/me", {
    method: "DELETE",
    body: { confirm: DELETE_ACCOUNT_CONFIRMATION },
  });
}
