import type { Kysely } from "kysely";
import type { AdminAccount } from "../../../core/schemas/admin";
import type { ContactKind, ContactMessage } from "../../../core/schemas/contact";
import type { SessionUser } from "../../auth/session";
import type { Database } from "../../db/schema";
import { notFound } from "../../errors";
import type { ContactService } from "../contact/service";
import { plantCountsOf } from "../garden/read-model";
import { type AccountSummary, accountSummaries, verifiedEmailOf } from "../profile/read-model";
import { setPlanOf } from "../profile/service";
import { messagesTodayOf } from "../quota/service";
import { grantedIds, hasGrant } from "./operators-repository";

/** The operator's list shows at most this many accounts: a home instance has a handful. */
const MAX_ACCOUNTS = 500;

/**
 * The operator's page (issue 25). Operators are the instance's first account, accounts granted it
 * by `npm run admin -- grant-operator`, and accounts ADMIN_EMAILS names whose address a provider
 * verified (issue 37: anyone may sign up with a password under any address). To everyone else
 * the whole of /api/admin does not exist (404), so a gardener learns nothing about who runs it.
 */
export class AdminService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly contact: ContactService,
    private readonly adminEmails: readonly string[],
  ) {}

  /** Throws 404 unless the user is an operator. */
  async requireOperator(user: SessionUser): Promise<void> {
    if (!(await this.isOperator(user))) throw notFound("That page");
  }

  async isOperator(user: Pick<SessionUser, "id">): Promise<boolean> {
    if (await hasGrant(this.db, user.id)) return true;
    if (this.adminEmails.length === 0) return false;
    const verified = await verifiedEmailOf(this.db, user.id);
    return verified !== null && this.namedByAdminEmails(verified);
  }

  async accounts(now = new Date(), onlyId?: string): Promise<AdminAccount[]> {
    const [summaries, granted] = await Promise.all([
      accountSummaries(this.db, MAX_ACCOUNTS, onlyId),
      grantedIds(this.db),
    ]);
    const ids = summaries.map((account) => account.id);
    const [plants, messagesToday] = await Promise.all([
      plantCountsOf(this.db, ids),
      messagesTodayOf(this.db, ids, now),
    ]);
    return summaries.map((account) => ({
      id: account.id,
      name: account.name,
      email: account.email,
      plan: account.plan,
      createdAt: account.createdAt,
      lastSignInAt: account.lastSignInAt,
      plants: plants.get(account.id) ?? 0,
      messagesToday: messagesToday.get(account.id) ?? 0,
      operator: granted.has(account.id) || this.verifiedAdminEmail(account),
    }));
  }

  /** Sets an account's plan, as `npm run admin -- set-plan` does; 404 for an unknown account. */
  async setPlan(userId: string, plan: "free" | "pro"): Promise<AdminAccount> {
    if (!(await setPlanOf(this.db, userId, plan))) throw notFound("That account");
    const [account] = await this.accounts(new Date(), userId);
    if (!account) throw notFound("That account");
    return account;
  }

  async contactMessages(): Promise<ContactMessage[]> {
    const [messages, accounts] = await Promise.all([
      this.contact.latest(),
      accountSummaries(this.db, MAX_ACCOUNTS),
    ]);
    const emails = new Map(accounts.map((account) => [account.id, account.email]));
    return messages.map((row) => ({
      id: row.id,
      kind: row.kind as ContactKind,
      name: row.name,
      email: row.email,
      message: row.message,
      createdAt: row.created_at,
      accountEmail: emails.get(row.user_id) ?? null,
    }));
  }

  private verifiedAdminEmail(account: AccountSummary): boolean {
    return account.emailVerified && this.namedByAdminEmails(account.email);
  }

  private namedByAdminEmails(email: string): boolean {
    return this.adminEmails.includes(email.toLowerCase());
  }
}
