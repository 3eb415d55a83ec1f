import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * AUTH_SECRET signs sessions. Without one, a random secret is made once and kept in the data
 * folder, so a fresh install works and sessions survive restarts. Several instances sharing one
 * PostgreSQL database must be given the same AUTH_SECRET instead (README says so).
 */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, "auth-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString("base64url");
    fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    return secret;
  }
}
