import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ReminderChannel,
  ReminderChannelInput,
  ReminderChannelTest,
} from "../../../../core/schemas/reminder-channels";
import { api } from "../../../lib/api-client";
import { reminderKeys } from "./keys";

/** GET /api/me/reminder-channels → the gardener's ntfy and webhook channels (no tokens). */
export const reminderChannelsQuery = queryOptions({
  queryKey: reminderKeys.channels,
  queryFn: () =>
    api
      .get<{ channels: ReminderChannel[] }>("/api/me/reminder-channels")
      .then(({ channels }) => channels),
});

export function useReminderChannels() {
  return useQuery(reminderChannelsQuery);
}

/** POST /api/me/reminder-channels → 201 the channel; 400 says why a URL is refused. */
export function useAddReminderChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReminderChannelInput) =>
      api.post<ReminderChannel>("/api/me/reminder-channels", input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reminderKeys.channels }),
  });
}

/** DELETE /api/me/reminder-channels/{id} → 204. */
export function useRemoveReminderChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete<null>(`/api/me/reminder-channels/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reminderKeys.channels }),
  });
}

/** POST /api/me/reminder-channels/{id}/test → whether the test message got through. */
export function useTestReminderChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<ReminderChannelTest>(`/api/me/reminder-channels/${encodeURIComponent(id)}/test`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reminderKeys.channels }),
  });
}
