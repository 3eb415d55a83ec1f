import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { LRUCache } from "lru-cache";
import type { Logger } from "pino";
import type { Database } from "../db/schema";
import type { AppAddress } from "../lib/app-address";
import type { Mailer } from "../providers/email";
import type { Auth } from "./auth";
import { signUpAttemptMail } from "./mails";

/** better-auth's error code for a sign-up with an e-mail that already has an account. */
const TAKEN = "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL";
/** An owner hears of attempts on their address at most this often (a flood stays one e-mail). */
const TELL_OWNER_EVERY_MS = 60 * 60_000;

export interface SignUpFields {
  name: string;
  email: string;
  password: string;
  image?: string | null;
}

interface SignUpAnswer {
  token: null;
  user: Record<string, unknown>;
}

/**
 * Makes a sign-up with a taken e-mail answer as a new account does (200, the same body) and take
 * as long (the same password hash), so sign-up does not tell who has an account; the owner gets
 * an e-mail instead. What stays observable is documented in docs/decisions.md: a new account is
 * signed in (a session cookie), a taken address is not.
 */
export class SignUpAnswers {
  private readonly toldOwner = new LRUCache<string, true>({
    max: 10_000,
    ttl: TELL_OWNER_EVERY_MS,
  });

  constructor(
    private readonly auth: Auth,
    private readonly db: Kysely<Database>,
    private readonly mailer: Mailer,
    private readonly appAddress: AppAddress,
    private readonly log: Logger,
  ) {}

  /** Whether better-auth refused the sign-up because the e-mail has an account. */
  static isTaken(status: number, body: Buffer | null): boolean {
    if (status !== 422 || !body) return false;
    try {
      return (JSON.parse(body.toString("utf8")) as { code?: unknown }).code === TAKEN;
    } catch {
      return false;
    }
  }

  /**
   * A new account's answer without its token: the session travels in the cookie alone (nothing
   * in Tendril reads the token), and a taken address has none to show.
   */
  static withoutToken(body: Buffer): Buffer {
    const answer = JSON.parse(body.toString("utf8")) as Record<string, unknown>;
    return Buffer.from(JSON.stringify({ ...answer, token: null }));
  }

  /** The answer to a sign-up with a taken e-mail, shaped as better-auth answers a new account. */
  async forTakenEmail(fields: SignUpFields): Promise<SignUpAnswer> {
    const context = await this.auth.$context;
    await context.password.hash(fields.password);
    const email = fields.email.toLowerCase();
    this.tellOwner(email);
    const now = new Date().toISOString();
    return {
      token: null,
      user: {
        name: fields.name,
        email,
        emailVerified: false,
        image: fields.image ?? null,
        createdAt: now,
        updatedAt: now,
        id: randomUUID(),
      },
    };
  }

  /** Fire-and-forget, like the welcome e-mail: the answer must not wait for (or reveal) a send. */
  private tellOwner(email: string): void {
    if (this.toldOwner.has(email)) return;
    this.toldOwner.set(email, true);
    const send = async () => {
      const owner = await this.db
        .selectFrom("user")
        .select(["id", "name"])
        .where("email", "=", email)
        .executeTakeFirst();
      if (!owner) return;
      // Someone else tried the address: the link is the owner's, not the one they came by.
      const appUrl = await this.appAddress.ofUser(owner.id);
      await this.mailer.send(signUpAttemptMail(email, owner.name, appUrl));
    };
    send().catch((err: unknown) => this.log.error({ err }, "sign-up attempt e-mail failed"));
  }
}
