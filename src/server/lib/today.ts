import type { FastifyRequest } from "fastify";
import type { IsoDate } from "../../core/garden/dates";

export const TIMEZONE_HEADER = "x-timezone";
/** The web app keeps the browser's zone in this cookie (src/web/lib/api-client.ts). */
export const TIMEZONE_COOKIE = "tz";

const formatters = new Map<string, Intl.DateTimeFormat>();
// Bounds the cache: there are about 600 IANA zone names.
const MAX_FORMATTERS = 1000;

function formatterFor(timeZone: string): Intl.DateTimeFormat | null {
  const cached = formatters.get(timeZone);
  if (cached) return cached;
  if (timeZone.length > 64 || formatters.size >= MAX_FORMATTERS) return null;
  try {
    const formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    formatters.set(timeZone, formatter);
    return formatter;
  } catch {
    return null;
  }
}

/** The zone the `tz` cookie names, or "" (a value that does not decode is no zone). */
function cookieZone(cookieHeader: string | undefined): string {
  const match = cookieHeader?.match(/(?:^|;\s*)tz=([^;]*)/);
  if (!match?.[1]) return "";
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return "";
  }
}

/**
 * "Today" for the gardener: the calendar date in the IANA time zone the client names in the
 * X-Timezone header (API clients, and the web app when it calls another origin), else in the
 * `tz` cookie (the web app on its own origin: a header would stop the browser reusing the
 * page's preloaded answers), else the server's UTC date. An unknown zone falls back to UTC
 * rather than failing the request.
 */
export function todayFor(request: FastifyRequest, now = new Date()): IsoDate {
  const header = request.headers[TIMEZONE_HEADER];
  const zone = (typeof header === "string" ? header : cookieZone(request.headers.cookie)).trim();
  const formatter = zone ? formatterFor(zone) : null;
  if (!formatter) return now.toISOString().slice(0, 10);
  const parts = formatter.formatToParts(now);
  const value = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value;
  return `${value("year")}-${value("month")}-${value("day")}`;
}
