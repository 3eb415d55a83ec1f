import { betterAuth } from "better-auth";
import { genericOAuth } from "better-auth/plugins";
import type { Logger } from "pino";
import { withoutBidiControls } from "../../core/bidi-controls";
import type { Config } from "../config";
import type { DatabaseHandle } from "../db/connection";
import { claimIfFirstAccount } from "../features/admin/operators-service";
import { recordSignIn } from "../features/profile/repository";
import type { AppAddress } from "../lib/app-address";
import type { Mailer } from "../providers/email";
import { KnownAuthRoutes } from "./known-routes";
import { passwordResetMail, welcomeMail } from "./mails";
import { AuthRateLimitStore } from "./rate-limit-store";
import { resolveAuthSecret } from "./secret";

/** The request header our Fastify adapter fills from request.ip (which honours TRUST_PROXY). */
export const CLIENT_IP_HEADER = "x-tendril-client-ip";
export const AUTH_BASE_PATH = "/api/auth";
export const OIDC_PROVIDER_ID = "oidc";

export interface AuthDeps {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  log: Logger;
  /** Ends every session of the user on every instance (their cached copies included). */
  endSessions: (userId: string) => void;
  appAddress: AppAddress;
}

function providerFromPath(path: string | undefined, params: Record<string, unknown> | undefined) {
  if (path?.startsWith("/callback/") && typeof params?.id === "string") return params.id;
  return "password";
}

/** better-auth logs errors as extra arguments: pass the first Error as `err`, so pino keeps its cause. */
export function logAuth(
  log: Logger,
  level: "info" | "warn" | "error" | "debug",
  message: string,
  args: unknown[],
) {
  const err = args.find((arg) => arg instanceof Error);
  const rest = args.filter((arg) => arg !== err);
  log[level](
    { ...(err ? { err } : {}), ...(rest.length ? { args: rest } : {}) },
    `auth: ${message}`,
  );
}

/**
 * better-auth, with what Tendril needs around it: the routes it serves (anything else is a 404
 * before it runs) and its rate-limit storage (pruned by the app).
 */
export function createAuth(deps: AuthDeps) {
  let known: KnownAuthRoutes | undefined;
  const rateLimits = new AuthRateLimitStore(
    deps.database.db,
    // Requests reach better-auth only after `known` matched them (routes.ts).
    (path) => known?.patternOf(path),
    deps.config.authRateLimit.windowSeconds,
  );
  const auth = betterAuthFor(deps, rateLimits);
  known = new KnownAuthRoutes(auth.api);
  return { auth, known, rateLimits };
}

function betterAuthFor(
  { config, database, mailer, log, endSessions, appAddress }: AuthDeps,
  rateLimits: AuthRateLimitStore,
) {
  const { windowSeconds, max } = config.authRateLimit;
  const strictRule = { window: windowSeconds, max };
  const sendLater = (what: string, send: () => Promise<void>) => {
    send().catch((err: unknown) => log.error({ err }, `${what} e-mail failed`));
  };

  return betterAuth({
    appName: "Tendril",
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: resolveAuthSecret(config.authSecret, config.dataDir),
    database: { db: database.db, type: database.dialect },
    // Without PUBLIC_URL, a browser's request from the address it reached Tendril by is
    // same-origin, whatever that address (issue 25: a phone on the LAN); any other stays refused.
    trustedOrigins: (request) => [
      config.publicUrl,
      ...config.trustedOrigins,
      ...(config.env === "development" ? ["http://localhost:5173"] : []),
      ...(request && appAddress.fromRequests ? [appAddress.ofUrl(request.url)] : []),
    ],
    telemetry: { enabled: false },
    logger: {
      log: (level, message, ...args) => logAuth(log, level, message, args),
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user }) => endSessions(user.id),
      // Not awaited: a reset request for an address with an account must answer as fast as one
      // without (no mail work either way), or its timing tells who has an account.
      // The link goes to the address the account holder last signed in by, never to the one
      // this request came by: whoever asks for a reset may not be them.
      sendResetPassword: async ({ user, url }) => {
        sendLater("password reset", async () =>
          mailer.send(
            passwordResetMail(user.email, user.name, await appAddress.rebase(url, user.id)),
          ),
        );
      },
    },
    // No cookie cache: a copied cookie must stop working the moment its session ends. Our own
    // SessionCache, evicted on every instance through the change bus, saves the database reads.
    session: { cookieCache: { enabled: false } },
    socialProviders: config.google
      ? { google: { clientId: config.google.clientId, clientSecret: config.google.clientSecret } }
      : {},
    plugins: config.oidc
      ? [
          genericOAuth({
            config: [
              {
                providerId: OIDC_PROVIDER_ID,
                name: config.oidc.name,
                clientId: config.oidc.clientId,
                clientSecret: config.oidc.clientSecret,
                discoveryUrl: `${config.oidc.issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`,
                scopes: ["openid", "email", "profile"],
                pkce: true,
              },
            ],
          }),
        ]
      : [],
    rateLimit: {
      enabled: true,
      customStorage: { consume: rateLimits.consume },
      customRules: {
        "/sign-in/email": strictRule,
        "/sign-up/email": strictRule,
        "/request-password-reset": strictRule,
        "/reset-password": strictRule,
      },
    },
    advanced: {
      // better-auth skips its origin check under NODE_ENV=test; keep it on so tests see production.
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => crypto.randomUUID() },
    },
    databaseHooks: {
      // The name kept without direction controls, as every name is (issue 37): the sign-up form's,
      // and Google's or an OpenID provider's, which no schema of ours sees.
      user: {
        create: {
          before: async (user) => ({ data: { ...user, name: withoutBidiControls(user.name) } }),
          after: async (user, context) => {
            await claimIfFirstAccount(database.db, user.id).catch((err: unknown) =>
              log.error(
                { err, userId: user.id },
                "could not record the instance's first account: grant it with npm run admin -- grant-operator <email>",
              ),
            );
            // The one who signed up is the one who gets it: their own address is the link.
            const appUrl = context?.request
              ? appAddress.ofUrl(context.request.url)
              : config.publicUrl;
            sendLater("welcome", () => mailer.send(welcomeMail(user.email, user.name, appUrl)));
          },
        },
        update: {
          before: async (user) =>
            typeof user.name === "string"
              ? { data: { ...user, name: withoutBidiControls(user.name) } }
              : undefined,
        },
      },
      session: {
        create: {
          // Failures here are logged and never block the sign-in (spec §4 Auth).
          after: async (session, context) => {
            try {
              const user = await database.db
                .selectFrom("user")
                .select(["email", "name", "image"])
                .where("id", "=", session.userId)
                .executeTakeFirst();
              if (!user) return;
              await recordSignIn(database.db, {
                userId: session.userId,
                email: user.email,
                displayName: user.name,
                photoUrl: user.image,
                provider: providerFromPath(context?.path, context?.params),
                at: new Date().toISOString(),
                // Signed in with their password or their provider: the address is their own.
                appOrigin:
                  context?.request && appAddress.fromRequests
                    ? appAddress.ofUrl(context.request.url)
                    : undefined,
              });
            } catch (err) {
              log.error({ err, userId: session.userId }, "profile refresh on sign-in failed");
            }
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof betterAuthFor>;
