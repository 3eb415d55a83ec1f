import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("loadConfig", () => {
  it("gives a fresh machine working defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      publicUrl: "http://localhost:3000",
      databaseUrl: undefined,
      google: undefined,
      oidc: undefined,
      mail: { smtpUrl: undefined },
      trustProxy: false,
    });
    expect(config.dataDir).toBe(path.resolve("./var"));
  });

  it("stops with a message that names PORT when it is not a number", () => {
    expect(() => loadConfig({ PORT: "abc" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "abc" })).toThrow(/PORT/);
    expect(() => loadConfig({ PORT: "70000" })).toThrow(/PORT/);
    expect(loadConfig({ PORT: "8080" }).port).toBe(8080);
  });

  it("uses the built-in assistant unless an OpenAI-compatible endpoint and model are both set", () => {
    expect(loadConfig({}).ai).toBeUndefined();
    expect(loadConfig({}).anonymousChatPerHour).toBe(30);
    expect(
      loadConfig({ AI_BASE_URL: "http://localhost:11434/v1/", AI_MODEL: "llama3.1" }).ai,
    ).toEqual({
      baseUrl: "http://localhost:11434/v1",
      apiKey: undefined,
      model: "llama3.1",
      timeoutMs: 30000,
    });
    expect(() => loadConfig({ AI_BASE_URL: "http://localhost:11434/v1" })).toThrow(/AI_MODEL/);
    expect(() => loadConfig({ AI_BASE_URL: "ollama", AI_MODEL: "x" })).toThrow(/AI_BASE_URL/);
    expect(() => loadConfig({ AI_TIMEOUT_MS: "soon" })).toThrow(/AI_TIMEOUT_MS/);
    expect(() => loadConfig({ ANONYMOUS_CHAT_PER_HOUR: "-1" })).toThrow(/ANONYMOUS_CHAT_PER_HOUR/);
  });

  it("limits identify-plant to 30 photos a minute per address unless IDENTIFY_PER_MINUTE says", () => {
    expect(loadConfig({}).identifyPerMinute).toBe(30);
    expect(loadConfig({ IDENTIFY_PER_MINUTE: "120" }).identifyPerMinute).toBe(120);
    expect(() => loadConfig({ IDENTIFY_PER_MINUTE: "0" })).toThrow(/IDENTIFY_PER_MINUTE/);
    expect(() => loadConfig({ IDENTIFY_PER_MINUTE: "lots" })).toThrow(/IDENTIFY_PER_MINUTE/);
  });

  it("times requests out after 60 s (headers 15 s) and idle keep-alives after 72 s unless told", () => {
    expect(loadConfig({}).timeouts).toEqual({
      requestSeconds: 60,
      headersSeconds: 15,
      keepAliveSeconds: 72,
    });
    expect(loadConfig({ REQUEST_TIMEOUT_SECONDS: "300" }).timeouts.requestSeconds).toBe(300);
    expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: "0" })).toThrow(/REQUEST_TIMEOUT_SECONDS/);
    expect(() => loadConfig({ KEEP_ALIVE_TIMEOUT_SECONDS: "x" })).toThrow(
      /KEEP_ALIVE_TIMEOUT_SECONDS/,
    );
    expect(() =>
      loadConfig({ REQUEST_TIMEOUT_SECONDS: "10", HEADERS_TIMEOUT_SECONDS: "20" }),
    ).toThrow(/HEADERS_TIMEOUT_SECONDS must not be more than REQUEST_TIMEOUT_SECONDS/);
  });

  it("refuses private addresses for outbound URLs unless OUTBOUND_ALLOW_PRIVATE says", () => {
    expect(loadConfig({}).outboundAllowPrivate).toBe(false);
    expect(loadConfig({ OUTBOUND_ALLOW_PRIVATE: "true" }).outboundAllowPrivate).toBe(true);
  });

  it("treats empty values as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: " " }).port).toBe(3000);
  });

  it("names each bad variable", () => {
    const attempt = () =>
      loadConfig({ DATABASE_URL: "mysql://x", SMTP_URL: "http://mail", LOG_LEVEL: "loud" });
    expect(attempt).toThrow(/DATABASE_URL/);
    expect(attempt).toThrow(/SMTP_URL/);
    expect(attempt).toThrow(/LOG_LEVEL/);
  });

  it("refuses a DATABASE_URL pg cannot read, on one line naming it, never showing its password", () => {
    const message = (url: string) => {
      try {
        loadConfig({ DATABASE_URL: url });
      } catch (err) {
        return (err as Error).message;
      }
      return "accepted";
    };
    expect(message("postgres://[bad")).toMatch(
      /^Invalid configuration:\n {2}DATABASE_URL: DATABASE_URL is not a valid URL: .+ \(got "postgres:\/\/\[bad"\)$/,
    );
    expect(message("postgres://tendril:s3cret@[bad/db")).not.toContain("s3cret");
    expect(message("postgres://tendril:s3cret@[bad/db")).toContain(
      '"postgres://tendril:***@[bad/db"',
    );
    expect(message("mysql://tendril:s3cret@db/x")).toMatch(
      /DATABASE_URL: DATABASE_URL must start with postgres:\/\/ or postgresql:\/\/ \(got "mysql:\/\/tendril:\*\*\*@db\/x"\)/,
    );
    expect(message("postgres://db/x?sslmode=on")).toMatch(
      /DATABASE_URL has sslmode=on; use one of/,
    );
    expect(message("postgres://tendril:s3cret@db:5432/x?sslmode=require")).toBe("accepted");
  });

  it("never shows a secret it refuses", () => {
    expect(() => loadConfig({ AUTH_SECRET: "too-short-secret" })).toThrow(
      "AUTH_SECRET: AUTH_SECRET must be at least 32 characters (value not shown)",
    );
  });

  it("needs provider credentials in pairs", () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: "id" })).toThrow(/GOOGLE_CLIENT_SECRET/);
    expect(() => loadConfig({ OIDC_ISSUER: "https://id.example" })).toThrow(/OIDC_CLIENT_ID/);
    expect(() => loadConfig({ OIDC_CLIENT_ID: "a", OIDC_CLIENT_SECRET: "b" })).toThrow(
      /OIDC_ISSUER/,
    );
    const oidc = loadConfig({
      OIDC_ISSUER: "https://id.example/",
      OIDC_CLIENT_ID: "a",
      OIDC_CLIENT_SECRET: "b",
    });
    expect(oidc.oidc).toEqual({
      issuer: "https://id.example/",
      clientId: "a",
      clientSecret: "b",
      name: "Single sign-on",
    });
  });

  it("derives the public URL from PORT, strips trailing slashes and splits trusted origins", () => {
    expect(loadConfig({ PORT: "4000" }).publicUrl).toBe("http://localhost:4000");
    expect(loadConfig({ PUBLIC_URL: "https://garden.example.org/" }).publicUrl).toBe(
      "https://garden.example.org",
    );
    expect(
      loadConfig({
        PUBLIC_URL: "https://garden.example.org",
        TRUSTED_ORIGINS: "https://a.example, https://b.example/",
      }).trustedOrigins,
    ).toEqual(["https://a.example", "https://b.example"]);
  });

  it("trusts the loopback addresses next to localhost only while PUBLIC_URL is unset", () => {
    expect(loadConfig({ PORT: "4000" }).trustedOrigins).toEqual([
      "http://127.0.0.1:4000",
      "http://[::1]:4000",
    ]);
    expect(loadConfig({ PUBLIC_URL: "https://garden.example.org" }).trustedOrigins).toEqual([]);
  });

  it("reads boolean flags", () => {
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "0" }).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: "maybe" })).toThrow(/TRUST_PROXY/);
  });

  it("parses social links and refuses malformed ones", () => {
    expect(loadConfig({ SOCIAL_LINKS: "Instagram=https://i.example/t" }).links.social).toEqual([
      { label: "Instagram", url: "https://i.example/t" },
    ]);
    expect(() => loadConfig({ SOCIAL_LINKS: "instagram" })).toThrow(/SOCIAL_LINKS/);
    expect(() => loadConfig({ UPGRADE_EMAIL: "not-an-address" })).toThrow(/UPGRADE_EMAIL/);
  });

  it("points the weather provider at Open-Meteo unless told otherwise", () => {
    expect(loadConfig({}).weather).toEqual({
      baseUrl: "https://api.open-meteo.com",
      geocodingBaseUrl: "https://geocoding-api.open-meteo.com",
      archiveBaseUrl: "https://archive-api.open-meteo.com",
      timeoutMs: 8000,
    });
    expect(
      loadConfig({
        WEATHER_BASE_URL: "http://meteo.lan:8080/",
        GEOCODING_BASE_URL: "http://meteo.lan:8081",
        CLIMATE_BASE_URL: "http://meteo.lan:8082/",
        WEATHER_TIMEOUT_MS: "2500",
      }).weather,
    ).toEqual({
      baseUrl: "http://meteo.lan:8080",
      geocodingBaseUrl: "http://meteo.lan:8081",
      archiveBaseUrl: "http://meteo.lan:8082",
      timeoutMs: 2500,
    });
    expect(() => loadConfig({ WEATHER_BASE_URL: "ftp://meteo.lan" })).toThrow(/WEATHER_BASE_URL/);
    expect(() => loadConfig({ GEOCODING_BASE_URL: "meteo" })).toThrow(/GEOCODING_BASE_URL/);
    expect(() => loadConfig({ CLIMATE_BASE_URL: "meteo" })).toThrow(/CLIMATE_BASE_URL/);
    expect(() => loadConfig({ WEATHER_TIMEOUT_MS: "soon" })).toThrow(/WEATHER_TIMEOUT_MS/);
  });

  it("turns on cloud plant identification per API key, with one timeout for both", () => {
    expect(loadConfig({}).plantIdV3).toBeUndefined();
    expect(loadConfig({}).plantNet).toBeUndefined();
    expect(loadConfig({ PLANT_ID_API_KEY: "k1", PLANTNET_API_KEY: "k2" })).toMatchObject({
      plantIdV3: { baseUrl: "https://plant.id", apiKey: "k1", timeoutMs: 10000 },
      plantNet: { baseUrl: "https://my-api.plantnet.org", apiKey: "k2", timeoutMs: 10000 },
    });
    expect(
      loadConfig({
        PLANT_ID_API_KEY: "k1",
        PLANT_ID_BASE_URL: "http://127.0.0.1:9000/",
        PLANT_ID_TIMEOUT_MS: "2500",
      }).plantIdV3,
    ).toEqual({ baseUrl: "http://127.0.0.1:9000", apiKey: "k1", timeoutMs: 2500 });
    expect(loadConfig({ PLANTNET_API_KEY: " " }).plantNet).toBeUndefined();
    expect(() => loadConfig({ PLANT_ID_BASE_URL: "plant.id" })).toThrow(/PLANT_ID_BASE_URL/);
    expect(() => loadConfig({ PLANTNET_BASE_URL: "ftp://x" })).toThrow(/PLANTNET_BASE_URL/);
    expect(() => loadConfig({ PLANT_ID_TIMEOUT_MS: "soon" })).toThrow(/PLANT_ID_TIMEOUT_MS/);
  });
});

describe("RESPONSE_CACHE_TTL_SECONDS", () => {
  it("keeps cached garden reads 60 s at most unless told, and refuses what is not seconds", () => {
    expect(loadConfig({}).responseCacheTtlSeconds).toBe(60);
    expect(loadConfig({ RESPONSE_CACHE_TTL_SECONDS: "5" }).responseCacheTtlSeconds).toBe(5);
    expect(() => loadConfig({ RESPONSE_CACHE_TTL_SECONDS: "0" })).toThrow(
      /RESPONSE_CACHE_TTL_SECONDS must be a whole number of seconds/,
    );
    expect(() => loadConfig({ RESPONSE_CACHE_TTL_SECONDS: "1.5" })).toThrow(
      /RESPONSE_CACHE_TTL_SECONDS/,
    );
  });
});
