import type { MePatch } from "../../../core/schemas/me";
import { api, errorMessage } from "../../lib/api-client";
import { isRetryable } from "../../lib/offline-queue";
import { toast } from "../../lib/toast-store";

/** Spec §9: the save races 7 s; the whole step gives up at 8 s. */
export const SAVE_RACE_MS = 7000;
export const SAVE_TIMEOUT_MS = 8000;
export const REDIRECT_AFTER_MS = 900;
const BACKGROUND_RETRY_MS = 30_000;
const BACKGROUND_ATTEMPTS = 10;

export function raceSave(save: () => Promise<unknown>, raceMs = SAVE_RACE_MS): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("Saving took too long")), raceMs);
    save().then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * 'We'll keep trying in the background': retries the profile save a few times, quietly, while
 * a retry may help (isRetryable). A refusal ends it and says why: the answers were not saved.
 */
export function retryInBackground(patch: MePatch, attempt = 1): void {
  if (attempt > BACKGROUND_ATTEMPTS) return;
  setTimeout(() => {
    api.patch("/api/me", patch).catch((error: unknown) => {
      if (isRetryable(error)) {
        retryInBackground(patch, attempt + 1);
        return;
      }
      toast({
        title: "Your setup was not saved",
        description: `${errorMessage(error)} Set your place and preferences in Settings.`,
        variant: "destructive",
      });
    });
  }, BACKGROUND_RETRY_MS);
}
