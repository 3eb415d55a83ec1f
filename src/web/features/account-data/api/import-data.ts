import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ImportResult } from "../../../../core/schemas/data-export";
import { api } from "../../../lib/api-client";

/**
 * core/schemas/data-export's IMPORT_BODY_LIMIT (a test keeps them equal): importing that module
 * would bring zod and every schema into the Settings page.
 */
export const IMPORT_BODY_LIMIT = 64 * 1024 * 1024;

/** A file refused before it is sent (too big, not JSON), with words for the gardener. */
export class ImportFileError extends Error {
  override name = "ImportFileError";
}

/**
 * POST /api/import with a Tendril export → the counts imported. The server checks the file
 * (400 naming what is wrong, nothing changed); this only refuses what it cannot send.
 */
export async function importData(file: File): Promise<ImportResult> {
  if (file.size > IMPORT_BODY_LIMIT) {
    throw new ImportFileError(
      `${file.name} is larger than ${IMPORT_BODY_LIMIT / 1024 / 1024} MB, more than one import may be.`,
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(await file.text());
  } catch {
    throw new ImportFileError(
      `${file.name} isn't a Tendril export: it isn't JSON. Choose the .json file that "Download JSON" saved.`,
    );
  }
  return api.post<ImportResult>("/api/import", body);
}

export function useImportData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importData,
    // Plants, tasks, chats, checklists and the profile may all have changed.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
