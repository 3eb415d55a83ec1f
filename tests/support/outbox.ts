import fs from "node:fs/promises";
import path from "node:path";

/** Reads the .eml files the default mailer wrote, oldest first. */
export async function readOutbox(dataDir: string): Promise<string[]> {
  const dir = path.join(dataDir, "outbox");
  const files = (await fs.readdir(dir).catch(() => [] as string[])).sort();
  return Promise.all(files.map((f) => fs.readFile(path.join(dir, f), "utf8")));
}

/** Waits for a message matching the predicate (welcome mails are sent fire-and-forget). */
export async function waitForMail(
  dataDir: string,
  match: (eml: string) => boolean,
  timeoutMs = 5000,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = (await readOutbox(dataDir)).find(match);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("no matching e-mail arrived in the outbox");
}

/** Undoes quoted-printable (soft line breaks and =XX bytes) so a message can be read. */
export function decodeQuotedPrintable(eml: string): string {
  // Each =XX is one byte of UTF-8 text: a run of them is decoded together, so "—" comes out whole.
  return eml
    .replace(/=\r?\n/g, "")
    .replace(/(?:=[0-9A-F]{2})+/g, (run) =>
      Buffer.from(run.replaceAll("=", ""), "hex").toString("utf8"),
    );
}
