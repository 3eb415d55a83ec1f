import path from "node:path";
import { z } from "zod";
import { databaseUrlProblem } from "./db/database-url";
import {
  base64UrlKey,
  flag,
  httpUrl,
  matching,
  milliseconds,
  positiveInt,
  seconds,
  wholeNumber,
  withoutBlanks,
} from "./env-validators";
import {
  DEFAULT_RESPONSE_CACHE_MB,
  DEFAULT_RESPONSE_CACHE_TTL_SECONDS,
} from "./lib/user-response-cache";

const RESPONSE_CACHE_MESSAGE =
  "RESPONSE_CACHE_MB must be a whole number of megabytes (0 turns it off)";
const ANONYMOUS_CHAT_MESSAGE =
  "ANONYMOUS_CHAT_PER_HOUR must be a whole number (0 turns signed-out chat off)";

const vapidKey = (name: string, bytes: number) =>
  base64UrlKey(
    bytes,
    `${name} must be URL-safe base64 of ${bytes} bytes (npx web-push generate-vapid-keys makes a pair)`,
  ).optional();

/**
 * Every environment variable Tendril reads, parsed once at start-up; a blank value counts as
 * unset. README's table mirrors it.
 */
export const envSchema = z.preprocess(
  withoutBlanks,
  z.object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    // 0 is allowed: the system picks a free port (tests start servers so).
    PORT: wholeNumber({
      min: 0,
      max: 65535,
      message: "PORT must be a whole number between 1 and 65535",
    }).default(3000),
    HOST: z.string().default("0.0.0.0"),
    PUBLIC_URL: z.url().optional(),
    TENDRIL_DATA_DIR: z.string().default("./var"),
    DATABASE_URL: z
      .string()
      .superRefine((url, ctx) => {
        const problem = databaseUrlProblem(url);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      })
      .optional(),
    AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters").optional(),
    TRUST_PROXY: flag(),
    TRUSTED_ORIGINS: z.string().optional(),
    OUTBOUND_ALLOW_PRIVATE: flag(),
    REQUEST_TIMEOUT_SECONDS: seconds("REQUEST_TIMEOUT_SECONDS").default(60),
    HEADERS_TIMEOUT_SECONDS: seconds("HEADERS_TIMEOUT_SECONDS").default(15),
    KEEP_ALIVE_TIMEOUT_SECONDS: seconds("KEEP_ALIVE_TIMEOUT_SECONDS").default(72),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
    AUTH_RATE_LIMIT_WINDOW_SECONDS: positiveInt().default(60),
    API_RATE_LIMIT_MAX: positiveInt().default(600),
    RESPONSE_CACHE_MB: wholeNumber({ min: 0, message: RESPONSE_CACHE_MESSAGE }).default(
      DEFAULT_RESPONSE_CACHE_MB,
    ),
    RESPONSE_CACHE_TTL_SECONDS: seconds("RESPONSE_CACHE_TTL_SECONDS").default(
      DEFAULT_RESPONSE_CACHE_TTL_SECONDS,
    ),
    AUTH_RATE_LIMIT_MAX: positiveInt().default(10),
    SMTP_URL: matching(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://").optional(),
    MAIL_FROM: z.string().default("Tendril <tendril@localhost>"),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    OIDC_ISSUER: z.url().optional(),
    OIDC_CLIENT_ID: z.string().optional(),
    OIDC_CLIENT_SECRET: z.string().optional(),
    OIDC_NAME: z.string().default("Single sign-on"),
    WEB_DIST_DIR: z.string().default("./dist"),
    VIDEO_COURSE_URL: z.url().optional(),
    CROWDFUNDING_URL: z.url().optional(),
    BUG_REPORT_URL: z.url().optional(),
    CONTACT_FORM_URL: z.url().optional(),
    FEEDBACK_FORM_URL: z.url().optional(),
    PLANT_SUPPORT_URL: z.url().optional(),
    SOCIAL_LINKS: matching(
      /^[^=,]+=https?:\/\/[^,\s]+(,[^=,]+=https?:\/\/[^,\s]+)*$/,
      "SOCIAL_LINKS must look like Label=https://…,Other=https://…",
    ).optional(),
    UPGRADE_EMAIL: z.email("UPGRADE_EMAIL must be an e-mail address").optional(),
    CONTACT_EMAIL: z.email("CONTACT_EMAIL must be an e-mail address").optional(),
    CONTACT_PER_HOUR: positiveInt().default(5),
    ADMIN_EMAILS: z.string().optional(),
    WEATHER_BASE_URL: httpUrl("WEATHER_BASE_URL must be an http:// or https:// URL").default(
      "https://api.open-meteo.com",
    ),
    GEOCODING_BASE_URL: httpUrl("GEOCODING_BASE_URL must be an http:// or https:// URL").default(
      "https://geocoding-api.open-meteo.com",
    ),
    WEATHER_TIMEOUT_MS: milliseconds("WEATHER_TIMEOUT_MS").default(8000),
    CLIMATE_BASE_URL: httpUrl("CLIMATE_BASE_URL must be an http:// or https:// URL").default(
      "https://archive-api.open-meteo.com",
    ),
    AI_BASE_URL: httpUrl(
      "AI_BASE_URL must be the http:// or https:// URL of an OpenAI-compatible API, e.g. http://localhost:11434/v1",
    ).optional(),
    AI_API_KEY: z.string().optional(),
    AI_MODEL: z.string().optional(),
    AI_TIMEOUT_MS: milliseconds("AI_TIMEOUT_MS").default(30000),
    PLANT_ID_API_KEY: z.string().optional(),
    PLANT_ID_BASE_URL: httpUrl(
      "PLANT_ID_BASE_URL must be an http:// or https:// URL, e.g. https://plant.id",
    ).default("https://plant.id"),
    PLANTNET_API_KEY: z.string().optional(),
    PLANTNET_BASE_URL: httpUrl(
      "PLANTNET_BASE_URL must be an http:// or https:// URL, e.g. https://my-api.plantnet.org",
    ).default("https://my-api.plantnet.org"),
    PLANT_ID_TIMEOUT_MS: milliseconds("PLANT_ID_TIMEOUT_MS").default(10000),
    ANONYMOUS_CHAT_PER_HOUR: wholeNumber({ min: 0, message: ANONYMOUS_CHAT_MESSAGE }).default(30),
    IDENTIFY_PER_MINUTE: wholeNumber({
      min: 1,
      message: "IDENTIFY_PER_MINUTE must be a whole number of photos, at least 1",
    }).default(30),
    VAPID_PUBLIC_KEY: vapidKey("VAPID_PUBLIC_KEY", 65),
    VAPID_PRIVATE_KEY: vapidKey("VAPID_PRIVATE_KEY", 32),
    VAPID_SUBJECT: matching(
      /^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/,
      "VAPID_SUBJECT must be a mailto: address or an https:// URL",
    ).optional(),
    REMINDERS_INTERVAL_SECONDS: wholeNumber({
      min: 0,
      max: 3600,
      message:
        "REMINDERS_INTERVAL_SECONDS must be a whole number of seconds (0 turns reminders off)",
      maxMessage:
        "REMINDERS_INTERVAL_SECONDS must be at most 3600 (reminders are checked at least hourly)",
    }).default(60),
  }),
);

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env["NODE_ENV"];
  port: number;
  host: string;
  publicUrl: string;
  /**
   * No PUBLIC_URL: a browser's request whose Origin is the address it reached Tendril by is
   * same-origin, whatever that address (a LAN IP), and links follow it (lib/app-address.ts).
   */
  followRequestAddress: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  authSecret: string | undefined;
  trustProxy: boolean;
  trustedOrigins: string[];
  /**
   * How long a client may take to send a whole request, and its headers; how long an idle
   * keep-alive connection stays open. Replies (event streams, streamed chat) are not limited.
   */
  timeouts: { requestSeconds: number; headersSeconds: number; keepAliveSeconds: number };
  /** Whether URLs called for gardeners (push endpoints) may point at private or local addresses. */
  outboundAllowPrivate: boolean;
  logLevel: Env["LOG_LEVEL"];
  authRateLimit: { windowSeconds: number; max: number };
  /** Requests per minute per client address to the rest of the API. */
  apiRateLimitPerMinute: number;
  /** Memory for cached garden reads (src/server/lib/user-response-cache.ts); 0 = off. */
  responseCacheMegabytes: number;
  /** How long a cached garden read may be served at most, changes heard or not. */
  responseCacheTtlSeconds: number;
  mail: { smtpUrl: string | undefined; from: string };
  google: { clientId: string; clientSecret: string } | undefined;
  oidc: { issuer: string; clientId: string; clientSecret: string; name: string } | undefined;
  webDistDir: string;
  links: {
    videoCourse: string | null;
    crowdfunding: string | null;
    bugReport: string | null;
    contactForm: string | null;
    feedbackForm: string | null;
    plantSupport: string | null;
    social: { label: string; url: string }[];
  };
  upgradeEmail: string | null;
  /**
   * The contact inbox (issue 25): where a copy of each message is e-mailed (none without
   * CONTACT_EMAIL; the operator reads them on /admin either way), and how many one account may
   * send an hour.
   */
  contact: { email: string | undefined; perHour: number };
  /** Accounts that are operators besides the instance's first (lower case). */
  adminEmails: string[];
  /** Open-Meteo (or a compatible server): forecast and geocoding base URLs, request timeout. */
  weather: { baseUrl: string; geocodingBaseUrl: string; archiveBaseUrl: string; timeoutMs: number };
  /** An OpenAI-compatible endpoint for the assistant; undefined = the built-in engine only. */
  ai: { baseUrl: string; apiKey: string | undefined; model: string; timeoutMs: number } | undefined;
  /** Signed-out chat messages allowed per client address per hour; 0 turns it off. */
  anonymousChatPerHour: number;
  /** Photos one client address may send to identify-plant per minute. */
  identifyPerMinute: number;
  /**
   * Cloud plant identification (Plant.id v3, Pl@ntNet), asked when the offline model is unsure;
   * each undefined until its API key is set. One timeout (PLANT_ID_TIMEOUT_MS) for both.
   */
  plantIdV3: CloudPlantIdConfig | undefined;
  plantNet: CloudPlantIdConfig | undefined;
  reminders: {
    /** How often each instance looks for reminders to send; 0 = never (tests call runOnce). */
    intervalSeconds: number;
    /** VAPID keys from the environment; undefined = generated once and kept in the database. */
    vapid: { publicKey: string; privateKey: string } | undefined;
    /** The contact push services may use (mailto: or https:). */
    vapidSubject: string;
  };
}

export interface CloudPlantIdConfig {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
}

/**
 * VAPID_SUBJECT's default: MAIL_FROM's address, unless that is a made-up local one and
 * PUBLIC_URL is https (push services may want to reach the operator).
 */
export function defaultVapidSubject(mailFrom: string, publicUrl: string): string {
  const address = (/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom).trim();
  const domain = address.split("@")[1] ?? "";
  if (publicUrl.startsWith("https://") && (!domain.includes(".") || !address.includes("@"))) {
    return publicUrl;
  }
  return `mailto:${address.includes("@") ? address : "tendril@localhost"}`;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

function pairOrNothing(
  names: [string, string],
  values: [string | undefined, string | undefined],
): [string, string] | undefined {
  const [a, b] = values;
  if (a && b) return [a, b];
  if (a || b) {
    throw new ConfigError(`${names[0]} and ${names[1]} must be set together`);
  }
  return undefined;
}

/** A bad value as a message may show it: no secret, no password of a URL (DATABASE_URL...). */
function shown(name: string, value: string | undefined): string {
  if (/SECRET|_API_KEY|PRIVATE_KEY/.test(name)) return "value not shown";
  return `got ${JSON.stringify(value?.replace(/^([a-z][\w+.-]*:\/\/[^/:@]*:).*@/i, "$1***@"))}`;
}

/** Parses the environment; throws a ConfigError that names each bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) =>
        `${issue.path.join(".")}: ${issue.message} (${shown(String(issue.path[0]), source[String(issue.path[0])])})`,
    );
    throw new ConfigError(`Invalid configuration:\n  ${lines.join("\n  ")}`);
  }
  const env = parsed.data;
  const google = pairOrNothing(
    ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
    [env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET],
  );
  const oidcPair = pairOrNothing(
    ["OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"],
    [env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET],
  );
  if (oidcPair && !env.OIDC_ISSUER)
    throw new ConfigError("OIDC_ISSUER is required with OIDC_CLIENT_ID");
  if (env.OIDC_ISSUER && !oidcPair) {
    throw new ConfigError("OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required with OIDC_ISSUER");
  }
  if (env.AI_BASE_URL && !env.AI_MODEL) {
    throw new ConfigError("AI_MODEL is required with AI_BASE_URL (the model name, e.g. llama3.1)");
  }
  if (env.HEADERS_TIMEOUT_SECONDS > env.REQUEST_TIMEOUT_SECONDS) {
    throw new ConfigError(
      "HEADERS_TIMEOUT_SECONDS must not be more than REQUEST_TIMEOUT_SECONDS (the headers are part of the request)",
    );
  }
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  const vapid = pairOrNothing(
    ["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY"],
    [env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY],
  );
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    followRequestAddress: !env.PUBLIC_URL,
    dataDir: path.resolve(env.TENDRIL_DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    authSecret: env.AUTH_SECRET,
    trustProxy: env.TRUST_PROXY,
    trustedOrigins: [
      // No PUBLIC_URL: someone is trying Tendril on this machine, by whichever loopback name.
      ...(env.PUBLIC_URL ? [] : [`http://127.0.0.1:${env.PORT}`, `http://[::1]:${env.PORT}`]),
      ...(env.TRUSTED_ORIGINS ?? "")
        .split(",")
        .map((origin) => origin.trim().replace(/\/+$/, ""))
        .filter(Boolean),
    ],
    outboundAllowPrivate: env.OUTBOUND_ALLOW_PRIVATE,
    timeouts: {
      requestSeconds: env.REQUEST_TIMEOUT_SECONDS,
      headersSeconds: env.HEADERS_TIMEOUT_SECONDS,
      keepAliveSeconds: env.KEEP_ALIVE_TIMEOUT_SECONDS,
    },
    logLevel: env.LOG_LEVEL,
    apiRateLimitPerMinute: env.API_RATE_LIMIT_MAX,
    responseCacheMegabytes: env.RESPONSE_CACHE_MB,
    responseCacheTtlSeconds: env.RESPONSE_CACHE_TTL_SECONDS,
    authRateLimit: {
      windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
      max: env.AUTH_RATE_LIMIT_MAX,
    },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    google: google && { clientId: google[0], clientSecret: google[1] },
    oidc:
      env.OIDC_ISSUER && oidcPair
        ? {
            issuer: env.OIDC_ISSUER,
            clientId: oidcPair[0],
            clientSecret: oidcPair[1],
            name: env.OIDC_NAME,
          }
        : undefined,
    webDistDir: path.resolve(env.WEB_DIST_DIR),
    links: {
      videoCourse: env.VIDEO_COURSE_URL ?? null,
      crowdfunding: env.CROWDFUNDING_URL ?? null,
      bugReport: env.BUG_REPORT_URL ?? null,
      contactForm: env.CONTACT_FORM_URL ?? null,
      feedbackForm: env.FEEDBACK_FORM_URL ?? null,
      plantSupport: env.PLANT_SUPPORT_URL ?? null,
      social: (env.SOCIAL_LINKS ?? "")
        .split(",")
        .filter(Boolean)
        .map((pair) => {
          const at = pair.indexOf("=");
          return { label: pair.slice(0, at).trim(), url: pair.slice(at + 1).trim() };
        }),
    },
    upgradeEmail: env.UPGRADE_EMAIL ?? null,
    contact: { email: env.CONTACT_EMAIL, perHour: env.CONTACT_PER_HOUR },
    adminEmails: (env.ADMIN_EMAILS ?? "")
      .split(",")
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
    weather: {
      baseUrl: env.WEATHER_BASE_URL.replace(/\/+$/, ""),
      geocodingBaseUrl: env.GEOCODING_BASE_URL.replace(/\/+$/, ""),
      archiveBaseUrl: env.CLIMATE_BASE_URL.replace(/\/+$/, ""),
      timeoutMs: env.WEATHER_TIMEOUT_MS,
    },
    ai:
      env.AI_BASE_URL && env.AI_MODEL
        ? {
            baseUrl: env.AI_BASE_URL.replace(/\/+$/, ""),
            apiKey: env.AI_API_KEY,
            model: env.AI_MODEL,
            timeoutMs: env.AI_TIMEOUT_MS,
          }
        : undefined,
    anonymousChatPerHour: env.ANONYMOUS_CHAT_PER_HOUR,
    identifyPerMinute: env.IDENTIFY_PER_MINUTE,
    plantIdV3: env.PLANT_ID_API_KEY
      ? {
          baseUrl: env.PLANT_ID_BASE_URL.replace(/\/+$/, ""),
          apiKey: env.PLANT_ID_API_KEY,
          timeoutMs: env.PLANT_ID_TIMEOUT_MS,
        }
      : undefined,
    plantNet: env.PLANTNET_API_KEY
      ? {
          baseUrl: env.PLANTNET_BASE_URL.replace(/\/+$/, ""),
          apiKey: env.PLANTNET_API_KEY,
          timeoutMs: env.PLANT_ID_TIMEOUT_MS,
        }
      : undefined,
    reminders: {
      intervalSeconds: env.REMINDERS_INTERVAL_SECONDS,
      vapid: vapid && { publicKey: vapid[0], privateKey: vapid[1] },
      vapidSubject: env.VAPID_SUBJECT ?? defaultVapidSubject(env.MAIL_FROM, publicUrl),
    },
  };
}
