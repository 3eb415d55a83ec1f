import { Download, Upload } from "lucide-react";
import { useRef, useState } from "react";
import type { ImportResult } from "../../../core/schemas/data-export";
import { Button } from "../../components/ui/button";
import { Card, CardTitle } from "../../components/ui/card";
import { Alert } from "../../components/ui/misc";
import { errorMessage, HttpError } from "../../lib/api-client";
import { toast } from "../../lib/toast-store";
import { downloadExport, type ExportKind } from "./api/download-export";
import { ImportFileError, useImportData } from "./api/import-data";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "3 plants, 12 tasks, 1 chat and 2 checklists": what was new, or null when nothing was. */
export function importedSummary({ imported }: ImportResult): string | null {
  const parts = [
    plural(imported.plants, "plant"),
    plural(imported.areas, "area"),
    plural(imported.tasks, "task"),
    plural(imported.milestones, "milestone"),
    plural(imported.journalEntries, "journal entry", "journal entries"),
    plural(imported.harvests, "harvest"),
    plural(imported.chats, "chat"),
    plural(imported.workflows, "checklist"),
  ].filter((part) => !part.startsWith("0 "));
  const last = parts.pop();
  if (last === undefined) return null;
  return parts.length === 0 ? last : `${parts.join(", ")} and ${last}`;
}

/** The server's 400 names the first problem; say how many more there are. */
function importProblem(error: unknown): string {
  if (error instanceof ImportFileError) return error.message;
  const message = errorMessage(error, "The file couldn't be imported. Please try again.");
  if (!(error instanceof HttpError)) return message;
  try {
    const issues = (JSON.parse(error.body) as { error?: { issues?: unknown[] } }).error?.issues;
    const more = (issues?.length ?? 0) - 1;
    return more > 0 ? `${message} (and ${plural(more, "more problem")})` : message;
  } catch {
    return message;
  }
}

const downloads: { kind: ExportKind; label: string }[] = [
  { kind: "json", label: "Download JSON" },
  { kind: "plants", label: "Plants CSV" },
  { kind: "tasks", label: "Tasks CSV" },
  { kind: "harvests", label: "Harvests CSV" },
];

/** Export (one JSON file, or plants, tasks and harvests as CSV) and import of a Tendril export. */
export function DataCard() {
  const [downloading, setDownloading] = useState<ExportKind | null>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const importData = useImportData();

  async function download(kind: ExportKind) {
    setDownloading(kind);
    try {
      const name = await downloadExport(kind);
      toast({ title: "Download started", description: name, variant: "success" });
    } catch (error) {
      toast({
        title: "Couldn't export your data",
        description: errorMessage(error),
        variant: "destructive",
      });
    } finally {
      setDownloading(null);
    }
  }

  async function importFile(file: File) {
    setImportError(null);
    try {
      const result = await importData.mutateAsync(file);
      const summary = importedSummary(result);
      toast(
        summary
          ? { title: "Import finished", description: `Imported ${summary}.`, variant: "success" }
          : {
              title: "Nothing new to import",
              description: "Everything in that file is already in your garden.",
            },
      );
    } catch (error) {
      const problem = importProblem(error);
      setImportError(problem);
      toast({ title: "Couldn't import that file", description: problem, variant: "destructive" });
    }
  }

  return (
    <Card aria-labelledby="data-title">
      <CardTitle>
        <span id="data-title">Your data</span>
      </CardTitle>
      <h3 className="font-semibold text-stone-900">Export</h3>
      <p className="mt-1 mb-3 text-stone-700">
        The JSON file holds everything: your settings and place, your plants with their photos,
        tasks, milestones, chats, checklists and plant IDs (the answers, not the photos you sent).
        The CSV spreadsheets hold your plants and your tasks, without photos.
      </p>
      <div className="grid gap-3 sm:flex sm:flex-wrap">
        {downloads.map(({ kind, label }) => (
          <Button
            key={kind}
            variant="secondary"
            disabled={downloading !== null}
            aria-busy={downloading === kind || undefined}
            onClick={() => void download(kind)}
          >
            <Download size={20} aria-hidden />
            {downloading === kind ? "Preparing…" : label}
          </Button>
        ))}
      </div>

      <h3 className="mt-6 border-t border-stone-300 pt-6 font-semibold text-stone-900">Import</h3>
      <p className="mt-1 mb-3 text-stone-700">
        Bring back a Tendril export (the JSON file). Anything you already have is skipped, so
        importing the same file twice adds nothing.
      </p>
      <input
        ref={fileInput}
        type="file"
        accept="application/json,.json"
        hidden
        aria-label="Tendril export file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) void importFile(file);
        }}
      />
      <Button
        variant="secondary"
        className="w-full sm:w-auto"
        disabled={importData.isPending}
        onClick={() => fileInput.current?.click()}
      >
        <Upload size={20} aria-hidden />
        {importData.isPending ? "Importing…" : "Choose a file to import"}
      </Button>
      {importError && (
        <div className="mt-3">
          <Alert tone="error">{importError}</Alert>
        </div>
      )}
    </Card>
  );
}
