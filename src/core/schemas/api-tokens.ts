import { API_TOKEN_NAME_LIMIT, apiTokenScopes } from "../api-tokens";
import { z } from "./z";

export {
  API_TOKEN_LIMIT,
  API_TOKEN_NAME_LIMIT,
  API_TOKEN_PREFIX,
  API_TOKEN_SCOPE_LABELS,
  type ApiTokenScope,
  apiTokenScopes,
} from "../api-tokens";

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
