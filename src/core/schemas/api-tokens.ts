import { z } from "./z";

/** Issue 25 item 7: API tokens for scripts and home automation. */
export const API_TOKEN_NAME_LIMIT = 60;
/** Live (unrevoked) tokens an account may hold at once. */
export const API_TOKEN_LIMIT = 20;
/** Every token starts with this, so it is recognisable in a config file or a leak scanner. */
export const API_TOKEN_PREFIX = "tdl_";

export const apiTokenScopes = ["read", "write"] as const;
export type ApiTokenScope = (typeof apiTokenScopes)[number];

/** What the web shows for each scope. */
export const API_TOKEN_SCOPE_LABELS: Record<ApiTokenScope, string> = {
  read: "Read only",
  write: "Read and write",
};

/** A token as listed: never its secret. `prefix` is the secret's first 8 characters. */
export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(apiTokenScopes),
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenListSchema = z.object({ tokens: z.array(apiTokenSchema) });
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;

export const apiTokenCreateSchema = z.strictObject({
  name: z
    .string({ error: "Give the token a name, such as Home Assistant." })
    .trim()
    .min(1, "Give the token a name, such as Home Assistant.")
    .max(
      API_TOKEN_NAME_LIMIT,
      `Keep the token's name to ${API_TOKEN_NAME_LIMIT} characters or fewer.`,
    ),
  scope: z.enum(apiTokenScopes, { error: 'Choose the scope "read" or "write".' }),
});
export type ApiTokenCreate = z.infer<typeof apiTokenCreateSchema>;

/** POST /api/me/tokens: the secret is in this answer only, never again. */
export const apiTokenCreatedSchema = z.object({ token: apiTokenSchema, secret: z.string() });
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;
