/** React Query keys for reminders and the calendar feed. */
export const reminderKeys = {
  calendarUrl: ["calendar-url"] as const,
  /** The gardener's ntfy and webhook channels. */
  channels: ["reminder-channels"] as const,
  /** Whether this browser has a push subscription (not server state: the browser's own). */
  pushSubscription: ["push-subscription"] as const,
};
