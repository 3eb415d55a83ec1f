import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import {
  API_TOKEN_LIMIT,
  API_TOKEN_PREFIX,
  type ApiToken,
  type ApiTokenCreate,
  type ApiTokenCreated,
  type ApiTokenScope,
} from "../../../core/schemas/api-tokens";
import type { SessionUser } from "../../auth/session";
import type { Dialect } from "../../db/connection";
import type { Database } from "../../db/schema";
import { AppError, notFound } from "../../errors";
import { accountOf } from "../profile/read-model";
import {
  insertTokenWithin,
  liveTokenByHash,
  liveTokens,
  revokeToken,
  touchToken,
} from "./repository";

/** last_used_at is written at most this often per token, not on every request. */
export const LAST_USED_RESOLUTION_MS = 60_000;

const hashOf = (secret: string) => createHash("sha256").update(secret).digest("hex");

/** What a valid token stands for on a request. */
export interface TokenHolder {
  user: SessionUser;
  tokenId: string;
  scope: ApiTokenScope;
}

/**
 * Issue 25 item 7: API tokens. The secret (`tdl_` + 32 random bytes, base64url) is shown once;
 * only its SHA-256 is stored, so a lookup by hash is a plain indexed equality (a timing attack
 * learns nothing of a hash of 256 random bits). Nothing is cached: a revoked token is refused by
 * the very next request, on every instance.
 */
export class ApiTokenService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    /** Told once a token is revoked (its open event streams end); it handles its own failures. */
    private readonly revoked: (userId: string, tokenId: string) => void = () => {},
    private readonly now = () => new Date(),
  ) {}

  async list(userId: string): Promise<ApiToken[]> {
    const rows = await liveTokens(this.db, userId);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      scope: row.scope,
      prefix: row.prefix,
      createdAt: row.created_at,
      lastUsedAt: row.last_used_at,
    }));
  }

  async create(userId: string, input: ApiTokenCreate): Promise<ApiTokenCreated> {
    const secret = `${API_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
    const token: ApiToken = {
      id: randomUUID(),
      name: input.name,
      scope: input.scope,
      prefix: secret.slice(0, 8),
      createdAt: this.now().toISOString(),
      lastUsedAt: null,
    };
    const added = await insertTokenWithin(this.db, this.dialect, API_TOKEN_LIMIT, {
      id: token.id,
      user_id: userId,
      name: token.name,
      scope: token.scope,
      token_hash: hashOf(secret),
      prefix: token.prefix,
      created_at: token.createdAt,
      last_used_at: null,
      revoked_at: null,
    });
    if (!added) {
      throw new AppError(
        409,
        "conflict",
        `You already have ${API_TOKEN_LIMIT} API tokens. Revoke one you no longer use, then create a new one.`,
      );
    }
    return { token, secret };
  }

  async revoke(userId: string, id: string): Promise<void> {
    if (!(await revokeToken(this.db, userId, id, this.now().toISOString()))) {
      throw notFound("That API token");
    }
    this.revoked(userId, id);
  }

  /** The gardener and scope a secret stands for; undefined when unknown or revoked. */
  async authenticate(secret: string): Promise<TokenHolder | undefined> {
    if (!secret.startsWith(API_TOKEN_PREFIX) || secret.length > 200) return undefined;
    const row = await liveTokenByHash(this.db, hashOf(secret));
    if (!row) return undefined;
    const user = await accountOf(this.db, row.user_id);
    if (!user) return undefined;
    const now = this.now();
    if (
      !row.last_used_at ||
      now.getTime() - Date.parse(row.last_used_at) >= LAST_USED_RESOLUTION_MS
    ) {
      await touchToken(this.db, row.id, now.toISOString());
    }
    return { user, tokenId: row.id, scope: row.scope };
  }
}
