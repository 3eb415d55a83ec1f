import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { reminderKeys } from "./keys";

/** POST /api/me/calendar/rotate → the new address; the old one answers 404 from then on. */
export function rotateCalendarUrl(): Promise<string> {
  return api.post<{ url: string }>("/api/me/calendar/rotate").then(({ url }) => url);
}

export function useRotateCalendarUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateCalendarUrl,
    onSuccess: (url) => queryClient.setQueryData(reminderKeys.calendarUrl, url),
  });
}
