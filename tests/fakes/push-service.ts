import { execFileSync } from "node:child_process";
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  type ECDH,
  hkdfSync,
  randomBytes,
  verify,
} from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * A Web Push service on loopback (HTTPS, as web-push insists): it checks each message's VAPID
 * signature and decrypts its payload (RFC 8291, aes128gcm) with the private keys of the browser
 * subscriptions the test made, as a browser would.
 */

/** A browser's side of a subscription: the keys the push service encrypts to. */
export interface FakeBrowser {
  /** PushSubscription.toJSON(), to POST to /api/push/subscriptions. */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  ecdh: ECDH;
  auth: Buffer;
}

export interface ReceivedPush {
  endpoint: string;
  /** The decrypted JSON payload. */
  payload: unknown;
  headers: Record<string, string | string[] | undefined>;
  /** The VAPID public key (k=) the message was signed with, checked against its JWT. */
  vapidKey: string;
  /** The JWT's audience (must be the push service's origin). */
  audience: string;
}

export interface FakePushService {
  origin: string;
  /** An https agent that trusts this service's self-signed certificate. */
  agent: https.Agent;
  received: ReceivedPush[];
  /** Messages that could not be checked or decrypted (the test fails on any). */
  errors: string[];
  /** A new browser subscription on this service. */
  browser(): FakeBrowser;
  /** Answer the endpoint's next messages with this status (201 by default; 410 = gone). */
  respondWith(endpoint: string, status: number): void;
  close(): Promise<void>;
}

/** A self-signed certificate for 127.0.0.1 (openssl: Node cannot make one itself). */
function selfSignedCertificate(): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tendril-push-"));
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-days",
        "2",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
        "-keyout",
        path.join(dir, "key.pem"),
        "-out",
        path.join(dir, "cert.pem"),
      ],
      { stdio: "ignore" },
    );
    return {
      key: fs.readFileSync(path.join(dir, "key.pem"), "utf8"),
      cert: fs.readFileSync(path.join(dir, "cert.pem"), "utf8"),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const b64url = (buffer: Buffer) => buffer.toString("base64url");

/** RFC 8291 §3.4 and RFC 8188: the browser's decryption of one aes128gcm message. */
export function decryptPush(body: Buffer, browser: { ecdh: ECDH; auth: Buffer }): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error("more than one record");
  const shared = browser.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([
    Buffer.from("WebPush: info\0"),
    browser.ecdh.getPublicKey(),
    serverPublic,
  ]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, browser.auth, keyInfo, 32));
  const cek = Buffer.from(
    hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16),
  );
  const nonce = Buffer.from(
    hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12),
  );
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("no last-record delimiter");
  return padded.subarray(0, end);
}

/** RFC 8292: `vapid t=<ES256 JWT>, k=<public key>`; returns the key and the JWT's audience. */
function checkVapid(authorization: string | undefined): { key: string; audience: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? "");
  if (!match) throw new Error(`no VAPID authorization: ${authorization}`);
  const [, jwt = "", key = ""] = match;
  const [header = "", claims = "", signature = ""] = jwt.split(".");
  const point = Buffer.from(key, "base64url");
  const publicKey = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: b64url(point.subarray(1, 33)),
      y: b64url(point.subarray(33, 65)),
    },
    format: "jwk",
  });
  const valid = verify(
    "sha256",
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!valid) throw new Error("the VAPID signature does not verify");
  const body = JSON.parse(Buffer.from(claims, "base64url").toString("utf8")) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (!(body.exp > Date.now() / 1000)) throw new Error("the VAPID token has expired");
  if (!/^(mailto:|https:)/.test(body.sub)) throw new Error(`odd VAPID subject ${body.sub}`);
  return { key, audience: body.aud };
}

export async function startFakePushService(): Promise<FakePushService> {
  const { key, cert } = selfSignedCertificate();
  const browsers = new Map<string, FakeBrowser>();
  const statuses = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const errors: string[] = [];
  let origin = "";

  const server = https.createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const endpoint = `${origin}${req.url ?? ""}`;
      const status = statuses.get(endpoint) ?? 201;
      try {
        const browser = browsers.get(endpoint);
        if (!browser) throw new Error(`a message for an unknown endpoint ${endpoint}`);
        if (req.method !== "POST") throw new Error(`${req.method} instead of POST`);
        if (req.headers["content-encoding"] !== "aes128gcm") {
          throw new Error(`content-encoding ${req.headers["content-encoding"]}`);
        }
        const vapid = checkVapid(req.headers.authorization);
        const plaintext = decryptPush(Buffer.concat(chunks), browser);
        received.push({
          endpoint,
          payload: JSON.parse(plaintext.toString("utf8")),
          headers: req.headers,
          vapidKey: vapid.key,
          audience: vapid.audience,
        });
      } catch (err) {
        errors.push(String(err));
        res.writeHead(400).end();
        return;
      }
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new https.Agent({ ca: cert, keepAlive: false });

  return {
    origin,
    agent,
    received,
    errors,
    browser() {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomBytes(12).toString("hex")}`;
      const browser: FakeBrowser = {
        subscription: {
          endpoint,
          expirationTime: null,
          keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
        },
        ecdh,
        auth,
      };
      browsers.set(endpoint, browser);
      return browser;
    },
    respondWith(endpoint, status) {
      statuses.set(endpoint, status);
    },
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
