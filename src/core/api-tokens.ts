// Issue 25 item 7: API tokens. Kept free of zod, so the web's Settings chunk can use the words
// and limits without pulling zod in (as core/error-codes.ts).

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
