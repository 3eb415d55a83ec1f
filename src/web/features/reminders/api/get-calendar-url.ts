import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { reminderKeys } from "./keys";

/** GET /api/me/calendar → the private feed's address (the server makes it on first call). */
export function getCalendarUrl(): Promise<string> {
  return api.get<{ url: string }>("/api/me/calendar").then(({ url }) => url);
}

export const calendarUrlQuery = queryOptions({
  queryKey: reminderKeys.calendarUrl,
  queryFn: getCalendarUrl,
  staleTime: Number.POSITIVE_INFINITY,
});

export function useCalendarUrl() {
  return useQuery(calendarUrlQuery);
}
