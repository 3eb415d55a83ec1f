import { createECDH, randomBytes, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { addDays } from "../../../core/garden/dates";
import {
  DEFAULT_TIME_ZONE,
  type Digest,
  type HarvestDueMessage,
  type HarvestDuePlant,
  harvestDueMessage,
  MAX_LISTED_TASKS,
  pushPayload,
  REMINDER_URL,
  reminderClock,
  reminderDigest,
} from "../../../core/reminders";
import {
  MAX_REMINDER_CHANNELS,
  type ReminderChannel,
  type ReminderChannelInput,
  type ReminderChannelTest,
} from "../../../core/schemas/reminder-channels";
import type { PushSubscriptionInput } from "../../../core/schemas/reminders";
import { localizeUnits } from "../../../core/units-text";
import type { Dialect } from "../../db/connection";
import type { Database } from "../../db/schema";
import { AppError, badRequest, notFound } from "../../errors";
import type { AppAddress } from "../../lib/app-address";
import type { OutboundClient } from "../../lib/outbound-client";
import { OutboundUrlRefused } from "../../lib/outbound-url";
import type { Mailer } from "../../providers/email";
import type { PushSender, PushTarget } from "../../providers/push/push-sender";
import { claimFirstHarvestReminder, dueTasksOf, firstHarvestsDue } from "../garden/read-model";
import { type ReminderCandidate, reminderCandidates } from "../profile/read-model";
import { digestTokenFor, unsubscribeDigest } from "../profile/service";
import {
  type ChannelRow,
  channelsNotSentSince,
  channelsOf,
  claimChannel,
  deleteChannel,
  findChannel,
  insertChannelWithin,
  recordChannelOutcome,
  releaseChannel,
} from "./channel-repository";
import {
  CHANNEL_URL,
  ChannelCallFailed,
  type ChannelMessage,
  sendToChannel,
} from "./channel-sender";
import { digestMail, harvestDueMail } from "./digest-mail";
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
  dialect: Dialect;
  push: PushSender;
  mailer: Mailer;
  /** Where the e-mail's links point: the address the gardener last signed in by. */
  appAddress: AppAddress;
  log: Logger;
  /** Refuses (OutboundUrlRefused) an endpoint the server must not call for a gardener. */
  checkEndpoint: (endpoint: string) => Promise<unknown>;
  /** Checks and calls ntfy and webhook channels' URLs (http or https). */
  outbound: OutboundClient;
  /** Each channel call's limit (10 s). */
  channelTimeoutMs?: number;
}

/** What one run did, for logs and tests. */
export interface ReminderRun {
  /** Gardeners whose reminder this instance sent (claimed) in this run. */
  reminded: string[];
  pushes: number;
  emails: number;
  /** Subscriptions the push service reported gone, now deleted. */
  gone: number;
  /** ntfy and webhook calls that got a 2xx answer. */
  channels: number;
  /** Plants whose "first harvest due" this instance claimed and sent. */
  harvestsDue: number;
  failed: number;
}

/** A gardener whose reminder is due at this run, and what of it is still to send. */
interface DueReminder {
  candidate: ReminderCandidate;
  today: string;
  /** Push and e-mail: not yet claimed for today (reminder_sends). */
  claimPending: boolean;
  /** ntfy and webhook channels not yet sent for today. */
  channels: ChannelRow[];
}

/** The API's view of a channel: whether it has a token, never the token. */
function channelView(row: ChannelRow): ReminderChannel {
  return {
    id: row.id,
    kind: row.kind,
    url: row.url,
    hasToken: row.token !== null,
    createdAt: row.created_at,
    lastSentOn: row.last_sent_on,
    lastError: row.last_error,
    lastErrorAt: row.last_error_at,
  };
}

/** Gardeners handled at once: each may wait on push services and the mail server. */
const PARALLEL = 8;
/** Claims are compared with today's local date only; older ones are pruned after a week. */
const KEEP_SENDS_DAYS = 7;
/**
 * A channel whose call failed is tried again at the first run this long after (runs are a minute
 * apart by default): a failing ntfy server or webhook is called four times an hour, not sixty.
 */
const CHANNEL_RETRY_PAUSE_MS = 15 * 60_000;

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
   *
   * ntfy and webhook channels are claimed one by one instead (reminder_channels.last_sent_on,
   * claimChannel): the gardener's claim says the day is done, but a channel whose call failed must
   * be tried again while the ones that worked are not sent twice. A failed call gives its
   * channel's claim back, to be tried again at a run CHANNEL_RETRY_PAUSE_MS later; a crash between claim and call loses that day's message for
   * that channel (at most once, as push and e-mail).
   */
  async runOnce(now = new Date()): Promise<ReminderRun> {
    const { db, log } = this.deps;
    const run: ReminderRun = {
      reminded: [],
      pushes: 0,
      emails: 0,
      gone: 0,
      channels: 0,
      harvestsDue: 0,
      failed: 0,
    };
    const utcDate = now.toISOString().slice(0, 10);
    // A local date is at most a day either side of UTC's.
    const sent = await sentSince(db, addDays(utcDate, -1));
    const channelsByUser = new Map<string, ChannelRow[]>();
    for (const row of await channelsNotSentSince(db, addDays(utcDate, 1))) {
      channelsByUser.set(row.user_id, [...(channelsByUser.get(row.user_id) ?? []), row]);
    }
    const ids = [...new Set([...(await subscriberIds(db)), ...channelsByUser.keys()])];
    const due: DueReminder[] = (await reminderCandidates(db, ids)).flatMap((candidate) => {
      const clock = reminderClock(
        now,
        candidate.timeZone ?? DEFAULT_TIME_ZONE,
        candidate.reminderHour,
      );
      if (!clock.due) return [];
      const today = clock.localDate;
      const claimPending = !sent.has(`${candidate.userId}\u0000${today}`);
      const channels = (channelsByUser.get(candidate.userId) ?? []).filter(
        (row) => row.last_sent_on === null || row.last_sent_on < today,
      );
      if (!claimPending && channels.length === 0) return [];
      return [{ candidate, today, claimPending, channels }];
    });
    // "First harvest due" for the same gardeners, looked up in one statement for all.
    await this.firstHarvests(due, run).catch((err: unknown) => {
      run.failed += 1;
      log.error({ err }, "the first-harvest reminders could not be looked up");
    });
    for (let i = 0; i < due.length; i += PARALLEL) {
      await Promise.all(
        due.slice(i, i + PARALLEL).map((reminder) =>
          this.remind(reminder, now, run).catch((err: unknown) => {
            run.failed += 1;
            log.error({ err, userId: reminder.candidate.userId }, "a daily reminder failed");
          }),
        ),
      );
    }
    await pruneReminderSends(db, addDays(utcDate, -KEEP_SENDS_DAYS));
    if (run.reminded.length > 0)
      log.info({ ...run, reminded: run.reminded.length }, "reminders sent");
    return run;
  }

  private async remind(reminder: DueReminder, now: Date, run: ReminderRun) {
    const { db } = this.deps;
    const { candidate, today } = reminder;
    const due = await dueTasksOf(db, candidate.userId, today, MAX_LISTED_TASKS);
    const { counts } = due;
    const tasks = due.tasks.map((task) => ({
      ...task,
      title: localizeUnits(task.title, candidate.units),
    }));
    if (counts.overdue + counts.dueToday === 0) return;
    const digest = reminderDigest(tasks, today, { counts });
    const sends: Promise<unknown>[] = [];
    if (reminder.claimPending) {
      const subscriptions = await subscriptionsOf(db, candidate.userId);
      if (
        (subscriptions.length > 0 || candidate.emailDigest) &&
        (await claimReminder(db, candidate.userId, today, now.toISOString()))
      ) {
        run.reminded.push(candidate.userId);
        sends.push(this.push(subscriptions, digest, today, run));
        if (candidate.emailDigest) sends.push(this.email(candidate, digest, today, run));
      }
    }
    if (reminder.channels.length > 0) {
      sends.push(this.toChannels(candidate.userId, reminder.channels, digest, today, now, run));
    }
    await Promise.all(sends);
  }

  /**
   * Issue 26 "first harvest due": the plants whose harvest stage began lately, each claimed once
   * for good (plants.harvest_reminded_on), so however many runs and instances look, only the
   * claiming one sends. Checked for the gardeners whose daily reminder is due at this run (at
   * their hour), and sent as a message of its own on every way they chose: push, the e-mail
   * digest, ntfy and webhooks. A failed call is not tried again (at most once, as push and e-mail).
   */
  private async firstHarvests(reminders: readonly DueReminder[], run: ReminderRun) {
    if (reminders.length === 0) return;
    const found = await firstHarvestsDue(
      this.deps.db,
      new Map(reminders.map((r) => [r.candidate.userId, r.today])),
    );
    const withPlants = reminders.filter((r) => found.has(r.candidate.userId));
    for (let i = 0; i < withPlants.length; i += PARALLEL) {
      await Promise.all(
        withPlants.slice(i, i + PARALLEL).map((r) =>
          this.sendFirstHarvests(
            r.candidate,
            r.today,
            found.get(r.candidate.userId) ?? [],
            run,
          ).catch((err: unknown) => {
            run.failed += 1;
            this.deps.log.error(
              { err, userId: r.candidate.userId },
              "a first-harvest reminder failed",
            );
          }),
        ),
      );
    }
  }

  private async sendFirstHarvests(
    candidate: ReminderCandidate,
    today: string,
    due: readonly HarvestDuePlant[],
    run: ReminderRun,
  ) {
    const { db } = this.deps;
    const claimed = [];
    for (const plant of due) {
      if (await claimFirstHarvestReminder(db, candidate.userId, plant.id, today)) {
        claimed.push(plant);
      }
    }
    if (claimed.length === 0) return;
    run.harvestsDue += claimed.length;
    const message = harvestDueMessage(claimed);
    const [subscriptions, channels, appUrl] = await Promise.all([
      subscriptionsOf(db, candidate.userId),
      channelsOf(db, candidate.userId),
      this.deps.appAddress.ofUser(candidate.userId),
    ]);
    const payload = JSON.stringify({
      title: message.title,
      body: message.lines.join("\n"),
      tasks: [],
      more: 0,
      url: message.url,
    });
    const channelMessage: ChannelMessage = {
      type: "tendril.harvest-due",
      date: today,
      title: message.title,
      body: message.lines.join("\n"),
      tasks: [],
      url: `${appUrl}${message.url}`,
    };
    await Promise.all([
      this.sendPush(subscriptions, payload, run),
      candidate.emailDigest ? this.emailHarvestDue(candidate, message, appUrl, run) : null,
      ...channels.map(async (channel) => {
        if ((await this.call(channel, channelMessage)) === null) run.channels += 1;
        else run.failed += 1;
      }),
    ]);
  }

  private async emailHarvestDue(
    candidate: ReminderCandidate,
    message: HarvestDueMessage,
    appUrl: string,
    run: ReminderRun,
  ) {
    const { db, mailer, log } = this.deps;
    const token = await digestTokenFor(db, candidate.userId, randomBytes(24).toString("base64url"));
    try {
      await mailer.send(
        harvestDueMail({
          to: candidate.email,
          name: candidate.name,
          message,
          appUrl: `${appUrl}${message.url}`,
          unsubscribeUrl: `${appUrl}/api/reminders/unsubscribe?token=${encodeURIComponent(token)}`,
        }),
      );
      run.emails += 1;
    } catch (err) {
      run.failed += 1;
      log.error({ err, userId: candidate.userId }, "the first-harvest e-mail could not be sent");
    }
  }

  /** Each channel this instance claims for today gets the reminder; a failure gives it back. */
  private async toChannels(
    userId: string,
    channels: ChannelRow[],
    digest: Digest,
    today: string,
    now: Date,
    run: ReminderRun,
  ) {
    const { db } = this.deps;
    const appUrl = await this.deps.appAddress.ofUser(userId);
    const message: ChannelMessage = {
      type: "tendril.reminder",
      date: today,
      title: digest.title,
      body: digest.lines.join("\n"),
      tasks: digest.listed.map((task) => ({
        title: task.title,
        plant: task.plantName,
        dueDate: task.dueDate,
      })),
      url: `${appUrl}${REMINDER_URL}`,
    };
    let sentAny = false;
    await Promise.all(
      channels.map(async (channel) => {
        const failedBefore = new Date(now.getTime() - CHANNEL_RETRY_PAUSE_MS).toISOString();
        if (!(await claimChannel(db, channel.id, today, failedBefore))) return;
        const error = await this.call(channel, message);
        if (error === null) {
          sentAny = true;
          run.channels += 1;
          if (channel.last_error !== null) {
            await recordChannelOutcome(db, channel.id, null, now.toISOString());
          }
        } else {
          run.failed += 1;
          await releaseChannel(
            db,
            channel.id,
            today,
            channel.last_sent_on,
            error,
            now.toISOString(),
          );
        }
      }),
    );
    if (sentAny && !run.reminded.includes(userId)) run.reminded.push(userId);
  }

  /** Calls the channel (its URL checked again first); the reason it failed, or null. */
  private async call(channel: ChannelRow, message: ChannelMessage): Promise<string | null> {
    try {
      await sendToChannel(this.deps.outbound, channel, message, this.deps.channelTimeoutMs);
      return null;
    } catch (err) {
      if (!(err instanceof ChannelCallFailed || err instanceof OutboundUrlRefused)) throw err;
      // The channel's id, never its URL's secrets or its token.
      this.deps.log.warn(
        { channelId: channel.id, userId: channel.user_id, reason: err.message },
        "a reminder channel call failed (a reminder is tried again at the next run)",
      );
      return err.message;
    }
  }

  async listChannels(userId: string): Promise<ReminderChannel[]> {
    return (await channelsOf(this.deps.db, userId)).map(channelView);
  }

  async addChannel(userId: string, input: ReminderChannelInput): Promise<ReminderChannel> {
    try {
      await this.deps.outbound.check(input.url, CHANNEL_URL);
    } catch (err) {
      if (!(err instanceof OutboundUrlRefused)) throw err;
      throw badRequest(err.message, [{ path: "url", message: err.message }]);
    }
    const row = {
      id: randomUUID(),
      user_id: userId,
      kind: input.kind,
      url: input.url,
      token: input.kind === "ntfy" && input.token ? input.token : null,
      created_at: new Date().toISOString(),
      last_sent_on: null,
      last_error: null,
      last_error_at: null,
    };
    const { db, dialect } = this.deps;
    if (!(await insertChannelWithin(db, dialect, MAX_REMINDER_CHANNELS, row))) {
      throw new AppError(
        409,
        "conflict",
        `You have ${MAX_REMINDER_CHANNELS} reminder channels already: remove one before adding another.`,
      );
    }
    return channelView(row);
  }

  async removeChannel(userId: string, id: string): Promise<void> {
    if (!(await deleteChannel(this.deps.db, userId, id))) throw notFound("That reminder channel");
  }

  /** Sends a test message now (whatever today's reminder did) and says whether it got through. */
  async testChannel(userId: string, id: string): Promise<ReminderChannelTest> {
    const { db, appAddress } = this.deps;
    const channel = await findChannel(db, userId, id);
    if (!channel) throw notFound("That reminder channel");
    const [candidate] = await reminderCandidates(db, [userId]);
    const now = new Date();
    const clock = reminderClock(now, candidate?.timeZone ?? DEFAULT_TIME_ZONE, 0);
    const error = await this.call(channel, {
      type: "tendril.test",
      date: clock.localDate,
      title: "Tendril test message",
      body: "This channel works: Tendril will send your daily garden reminder here.",
      tasks: [],
      url: `${await appAddress.ofUser(userId)}${REMINDER_URL}`,
    });
    await recordChannelOutcome(db, channel.id, error, now.toISOString());
    return { sent: error === null, error };
  }

  private push(targets: PushTarget[], digest: Digest, today: string, run: ReminderRun) {
    return this.sendPush(targets, JSON.stringify(pushPayload(digest, today, REMINDER_URL)), run);
  }

  private async sendPush(targets: PushTarget[], payload: string, run: ReminderRun) {
    if (targets.length === 0) return;
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
