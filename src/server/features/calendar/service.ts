import { randomBytes } from "node:crypto";
import ical, { ICalEventRepeatingFreq } from "ical-generator";
import type { Kysely } from "kysely";
import { localizeUnits } from "../../../core/units-text";
import type { Database } from "../../db/schema";
import { notFound } from "../../errors";
import { pendingTasksForFeed } from "../garden/read-model";
import { findUnits } from "../profile/read-model";
import { calendarOwner, calendarTokenOf, rotateCalendarToken } from "./repository";

/** 32 random bytes: the token is the feed's only secret. */
const newToken = () => randomBytes(32).toString("base64url");

/** The UID of a task's event: stable, so calendar apps update an event rather than add one. */
export const eventUid = (taskId: string) => `${taskId}@tendril`;

/** API.md "calendar feed": a private iCalendar feed of the gardener's pending tasks. */
export class CalendarService {
  constructor(private readonly db: Kysely<Database>) {}

  private feedUrl(appUrl: string, token: string) {
    return `${appUrl}/api/calendar/${token}.ics`;
  }

  /** The feed's address at `appUrl`, the address the gardener asked from (AppAddress). */
  async url(userId: string, appUrl: string): Promise<{ url: string }> {
    return { url: this.feedUrl(appUrl, await calendarTokenOf(this.db, userId, newToken())) };
  }

  async rotate(userId: string, appUrl: string): Promise<{ url: string }> {
    const token = newToken();
    await rotateCalendarToken(this.db, userId, token);
    return { url: this.feedUrl(appUrl, token) };
  }

  /**
   * The feed (RFC 5545): one all-day event per pending task with a due date, on that date, named
   * after the task and its plant (in the gardener's units); a task repeating every n days repeats
   * daily with interval n. Each event links to its plant at `appUrl`, the address the calendar
   * app fetched the feed by.
   */
  async feed(token: string, appUrl: string): Promise<string> {
    const userId = token ? await calendarOwner(this.db, token) : undefined;
    if (!userId) throw notFound("That calendar feed (its address may have been replaced)");
    const [tasks, units] = await Promise.all([
      pendingTasksForFeed(this.db, userId),
      findUnits(this.db, userId),
    ]);
    const calendar = ical({
      name: "Tendril garden tasks",
      prodId: { company: "Tendril", product: "Garden tasks", language: "EN" },
      // Calendar apps poll a feed; ask for about an hour between looks.
      ttl: 60 * 60,
    });
    for (const task of tasks) {
      if (!task.due_date) continue;
      const repeat = task.repeat_every_days === null ? null : Number(task.repeat_every_days);
      calendar.createEvent({
        id: eventUid(task.id),
        // A date (no time, no zone): the task is due that day wherever the gardener is.
        start: new Date(`${task.due_date}T00:00:00Z`),
        allDay: true,
        stamp: new Date(task.created_at),
        summary: localizeUnits(
          task.plant_name ? `${task.title} (${task.plant_name})` : task.title,
          units,
        ),
        description: task.notes === null ? null : localizeUnits(task.notes, units),
        url: task.plant_id
          ? `${appUrl}/plants/${encodeURIComponent(task.plant_id)}`
          : `${appUrl}/plants`,
        ...(repeat && repeat > 0
          ? { repeating: { freq: ICalEventRepeatingFreq.DAILY, interval: repeat } }
          : {}),
      });
    }
    return calendar.toString();
  }
}
