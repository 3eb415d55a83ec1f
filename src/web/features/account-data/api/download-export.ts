import {
  firstApiAnswer,
  httpFailure,
  noteAnswer,
  REQUEST_TIMEOUT_MS,
  timeZone,
} from "../../../lib/api-client";

export type ExportKind = "json" | "plants" | "tasks" | "harvests";

const exports: Record<ExportKind, { path: string; fallbackName: string }> = {
  json: { path: "/api/export", fallbackName: "tendril-export.json" },
  plants: { path: "/api/export/plants.csv", fallbackName: "tendril-plants.csv" },
  tasks: { path: "/api/export/tasks.csv", fallbackName: "tendril-tasks.csv" },
  harvests: { path: "/api/export/harvests.csv", fallbackName: "tendril-harvests.csv" },
};

/** The file name from `Content-Disposition: attachment; filename="…"`, if it gives one. */
export function attachmentName(header: string | null): string | null {
  const name = header ? /filename="?([^";]+)"?/i.exec(header)?.[1] : undefined;
  return name?.trim() || null;
}

/**
 * GET /api/export (JSON) or one of its CSV tables (plants, tasks, harvests), saved as a download.
 * Fetched rather than linked so a failure (offline, signed out) is said in the page instead of
 * being saved as a file. Resolves with the saved file's name.
 */
export function downloadExport(kind: ExportKind): Promise<string> {
  const { path, fallbackName } = exports[kind];
  return firstApiAnswer(path, undefined, () => ({
    send: (url, crossOrigin) =>
      fetch(url, {
        headers: { "x-timezone": timeZone() },
        credentials: crossOrigin ? "include" : "same-origin",
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      }),
    read: async (response) => {
      noteAnswer(response.status);
      if (!response.ok) throw httpFailure(response.status, await response.text());
      const name = attachmentName(response.headers.get("content-disposition")) ?? fallbackName;
      saveFile(await response.blob(), name);
      return name;
    },
  }));
}

function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the object URL by now; give slow browsers a moment anyway.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
