import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  JournalEntry,
  JournalEntryCreate,
  JournalEntryPatch,
  JournalPhoto,
  TimelineItem,
} from "../../core/schemas/journal";
import { api } from "./api-client";
import { gardenKeys, invalidateGarden } from "./garden-api";
import { photoForm } from "./photo";

// Under the plant's own key, so a live change to the plant (every journal change publishes one)
// refreshes them with it.
export const journalKeys = {
  entries: (plantId: string) => [...gardenKeys.plant(plantId), "journal"] as const,
  timeline: (plantId: string) => [...gardenKeys.plant(plantId), "timeline"] as const,
};

const plantPath = (plantId: string) => `/api/plants/${encodeURIComponent(plantId)}`;
const entryPath = (entryId: string) => `/api/journal/${encodeURIComponent(entryId)}`;

export function useJournal(plantId: string) {
  return useQuery({
    queryKey: journalKeys.entries(plantId),
    queryFn: async () =>
      (await api.get<{ entries: JournalEntry[] }>(`${plantPath(plantId)}/journal`)).entries,
  });
}

export function useTimeline(plantId: string) {
  return useQuery({
    queryKey: journalKeys.timeline(plantId),
    queryFn: async () =>
      (await api.get<{ items: TimelineItem[] }>(`${plantPath(plantId)}/timeline`)).items,
  });
}

export async function createEntry(plantId: string, body: JournalEntryCreate) {
  return (await api.post<{ entry: JournalEntry }>(`${plantPath(plantId)}/journal`, body)).entry;
}

export async function patchEntry(entryId: string, body: JournalEntryPatch) {
  return (await api.patch<{ entry: JournalEntry }>(entryPath(entryId), body)).entry;
}

/** One photo per request (the server takes at most 6 an entry). */
export async function uploadEntryPhoto(entryId: string, file: File) {
  return (await api.post<{ photo: JournalPhoto }>(`${entryPath(entryId)}/photos`, photoForm(file)))
    .photo;
}

export function removeEntryPhoto(entryId: string, photoId: string) {
  return api.delete(`${entryPath(entryId)}/photos/${encodeURIComponent(photoId)}`);
}

/** Refreshes the plant's journal, timeline, page and card (its latest photo). */
export function useRefreshJournal() {
  const queryClient = useQueryClient();
  return () => invalidateGarden(queryClient);
}

export function useDeleteEntry() {
  const refresh = useRefreshJournal();
  return useMutation({
    mutationFn: (entryId: string) => api.delete(entryPath(entryId)),
    onSettled: refresh,
  });
}
