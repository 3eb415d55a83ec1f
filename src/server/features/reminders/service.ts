import { createECDH, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { addDays } from "../../../core/garden/dates";
import {
  DEFAULT_TIME_ZONE,
  type Digest,
  MAX_LISTED_TASKS,
  pushPayload,
  REMINDER_URL,
  reminderClock,
  reminderDigest,
} from "../../../core/reminders";
import type { PushSubscriptionInput } from "../../../core/schemas/reminders";
import { localizeUnits } from "../../../core/units-text";
import type { Database } from "../../db/schema";
import { badRequest } from "../../errors";
import type { AppAddress } from "../../lib/app-address";
import { OutboundUrlRefused } from "../../lib/outbound-url";
import type { Mailer } from "../../providers/email";
import type { PushSender, PushTarget } from "../../providers/push/push-sender";
import { dueTasksOf } from "../garden/read-model";
import { type ReminderCandidate, reminderCandidates } from "../profile/read-model";
import { digestTokenFor, unsubscribeDigest } from "../profile/service";
import { digestMail } from "./digest-mail";
import {
  claimReminder,
  deleteGoneSubscription,
  deleteSubscription,
  pruneReminderSends,
  sentSince,
  subscriberIds,
  subscriptionsOf,
  upsertSubscription,
} from "./repository";

export interface ReminderDeps {
  db: Kysely<Database>;
  push: PushSender;
  mailer: Mailer;
  /** Where the e-mail's links point: the address the gardener last signed in by. */
  appAddress: AppAddress;
  log: Logger;
  /** Refuses (OutboundUrlRefused) an endpoint the server must not call for a gardener. */
  checkEndpoint: (endpoint: string) => Promise<unknown>;
}

/** What one run did, for logs and tests. */
export interface ReminderRun {
  /** Gardeners whose reminder this instance sent (claimed) in this run. */
  reminded: string[];
  pushes: number;
  emails: number;
  /** Subscriptions the push service reported gone, now deleted. */
  gone: number;
  failed: number;
}

/** Gardeners handled at once: each may wait on push services and the mail server. */
const PARALLEL = 8;
/** Claims are compared with today's local date only; older ones are pruned after a week. */
const KEEP_SENDS_DAYS = 7;

/** Web Push subscriptions, the e-mail digest's unsubscribe link, and the daily reminder run. */
export class ReminderService {
  constructor(private readonly deps: ReminderDeps) {}

  publicKey(): string {
    return this.deps.push.publicKey;
  }

  async subscribe(userId: string, input: PushSubscriptionInput): Promise<void> {
    const { endpoint, keys } = input;
    // A key that is not a point on P-256 could never be encrypted to: refuse it now, not daily.
    try {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      ecdh.computeSecret(Buffer.from(keys.p256dh, "base64url"));
    } catch {
      throw badRequest(
        "keys.p256dh is not a P-256 public key: send the subscription as the browser gave it.",
        [{ path: "keys.p256dh", message: "is not a P-256 public key." }],
      );
    }
    // Checked again before each send; refused here so the gardener learns why at once.
    try {
      await this.deps.checkEndpoint(endpoint);
    } catch (err) {
      if (!(err instanceof OutboundUrlRefused)) throw err;
      throw badRequest(err.message, [{ path: "endpoint", message: err.message }]);
    }
    await upsertSubscription(
      this.deps.db,
      userId,
      { endpoint, p256dh: keys.p256dh, auth: keys.auth },
      new Date().toISOString(),
    );
  }

  /** Forgets the gardener's own subscription; an unknown endpoint (or another's) is a no-op. */
  async unsubscribe(userId: string, endpoint: string): Promise<void> {
    await deleteSubscription(this.deps.db, userId, endpoint);
  }

  /** The digest's one-click unsubscribe; false for a token nobody has. */
  unsubscribeDigest(token: string): Promise<boolean> {
    if (token.length < 16) return Promise.resolve(false);
    return unsubscribeDigest(this.deps.db, token, new Date().toISOString());
  }

  /**
   * Sends every reminder that is due at `now` and not yet sent: each gardener whose local time
   * has reached their reminder hour today and who has tasks due today or overdue. The claim row
   * (gardener, local date) is written first and only its writer sends, so instances running at
   * the same moment send once between them, and a run after downtime sends today's reminder but
   * never yesterday's.
   */
  async runOnce(now = new Date()): Promise<ReminderRun> {
    const { db, log } = this.deps;
    const run: ReminderRun = { reminded: [], pushes: 0, emails: 0, gone: 0, failed: 0 };
    const utcDate = now.toISOString().slice(0, 10);
    // A local date is at most a day either side of UTC's.
    const sent = await sentSince(db, addDays(utcDate, -1));
    const due = (await reminderCandidates(db, await subscriberIds(db))).filter((candidate) => {
      const clock = reminderClock(
        now,
        candidate.timeZone ?? DEFAULT_TIME_ZONE,
        candidate.reminderHour,
      );
      return clock.due && !sent.has(`${candidate.userId}\u0000${clock.localDate}`);
    });
    for (let i = 0; i < due.length; i += PARALLEL) {
      await Promise.all(
        due.slice(i, i + PARALLEL).map((candidate) =>
          this.remind(candidate, now, run).catch((err: unknown) => {
            run.failed += 1;
            log.error({ err, userId: candidate.userId }, "a daily reminder failed");
          }),
        ),
      );
    }
    await pruneReminderSends(db, addDays(utcDate, -KEEP_SENDS_DAYS));
    if (run.reminded.length > 0)
      log.info({ ...run, reminded: run.reminded.length }, "reminders sent");
    return run;
  }

  private async remind(candidate: ReminderCandidate, now: Date, run: ReminderRun) {
    const { db } = this.deps;
    const today = reminderClock(
      now,
      candidate.timeZone ?? DEFAULT_TIME_ZONE,
      candidate.reminderHour,
    ).localDate;
    const due = await dueTasksOf(db, candidate.userId, today, MAX_LISTED_TASKS);
    const { counts } = due;
    const tasks = due.tasks.map((task) => ({
      ...task,
      title: localizeUnits(task.title, candidate.units),
    }));
    if (counts.overdue + counts.dueToday === 0) return;
    const subscriptions = await subscriptionsOf(db, candidate.userId);
    if (subscriptions.length === 0 && !candidate.emailDigest) return;
    if (!(await claimReminder(db, candidate.userId, today, now.toISOString()))) return;
    run.reminded.push(candidate.userId);
    const digest = reminderDigest(tasks, today, { counts });
    await Promise.all([
      this.push(subscriptions, digest, today, run),
      candidate.emailDigest ? this.email(candidate, digest, today, run) : undefined,
    ]);
  }

  private async push(targets: PushTarget[], digest: Digest, today: string, run: ReminderRun) {
    if (targets.length === 0) return;
    const payload = JSON.stringify(pushPayload(digest, today, REMINDER_URL));
    await Promise.all(
      targets.map(async (target) => {
        const outcome = await this.deps.push.send(target, payload);
        if (outcome === "sent") run.pushes += 1;
        else if (outcome === "failed") run.failed += 1;
        else {
          run.gone += 1;
          await deleteGoneSubscription(this.deps.db, target);
        }
      }),
    );
  }

  private async email(
    candidate: ReminderCandidate,
    digest: Digest,
    today: string,
    run: ReminderRun,
  ) {
    const { db, mailer, appAddress, log } = this.deps;
    const appUrl = await appAddress.ofUser(candidate.userId);
    const token = await digestTokenFor(db, candidate.userId, randomBytes(24).toString("base64url"));
    try {
      await mailer.send(
        digestMail({
          to: candidate.email,
          name: candidate.name,
          digest,
          today,
          appUrl: `${appUrl}${REMINDER_URL}`,
          unsubscribeUrl: `${appUrl}/api/reminders/unsubscribe?token=${encodeURIComponent(token)}`,
        }),
      );
      run.emails += 1;
    } catch (err) {
      run.failed += 1;
      log.error({ err, userId: candidate.userId }, "the reminder e-mail could not be sent");
    }
  }
}
