import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/test-app";

// A stand-in for `vite build` output: index.html and one hashed asset, each with the .br and .gz
// copies the build writes next to them.
const SCRIPT = `console.log(${JSON.stringify("tendril ".repeat(400))});`;
const INDEX = `<!doctype html><html><body><div id="root"></div>${"<!-- pad -->".repeat(200)}</body></html>`;

async function writeWithCopies(file: string, text: string) {
  await fs.writeFile(file, text);
  await fs.writeFile(`${file}.br`, brotliCompressSync(text));
  await fs.writeFile(`${file}.gz`, gzipSync(text));
}

describe("the built web app", () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), "tendril-dist-"));
    await fs.mkdir(path.join(dist, "assets"));
    await writeWithCopies(path.join(dist, "index.html"), INDEX);
    await writeWithCopies(path.join(dist, "assets", "app-abc123.js"), SCRIPT);
    t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: "GET",
      url,
      headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
    });

  it("sends the smallest encoding the browser accepts, and the file itself to others", async () => {
    const br = await get("/assets/app-abc123.js", "gzip, deflate, br");
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString("utf8")).toBe(SCRIPT);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");

    const gz = await get("/assets/app-abc123.js", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");

    const plain = await get("/assets/app-abc123.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
  });

  it("answers client-side routes with index.html, compressed too, revalidated on every visit", async () => {
    const res = await get("/plants/some-id", "br");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(brotliDecompressSync(res.rawPayload).toString("utf8")).toBe(INDEX);
  });

  it("keeps JSON 404s for unknown API paths", async () => {
    const res = await get("/api/nothing-here", "br");
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("not_found");
  });
});
