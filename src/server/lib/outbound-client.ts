import type { LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import {
  checkOutboundUrl,
  type OutboundRules,
  pinnedLookup,
  type ResolveHost,
} from "./outbound-url";

/** What a call to a gardener-supplied URL is, and which schemes it may use. */
export type OutboundTarget = Pick<OutboundRules, "what" | "protocols">;

export interface OutboundRequest extends OutboundTarget {
  method: "POST";
  headers: Record<string, string>;
  body: string | Buffer;
  /** The whole call: connecting, TLS, the request and the answer (10 s). */
  timeoutMs?: number;
}

/** A call that got no answer (no connection, or none in time), in words naming only the host. */
export class OutboundCallFailed extends Error {
  override name = "OutboundCallFailed";
}

export interface OutboundClient {
  /** Checks a URL as the call would (OutboundUrlRefused): for saving it, so the gardener learns why. */
  check(url: string, target: OutboundTarget): Promise<void>;
  /**
   * Checks the URL again (its DNS may have changed since it was saved) and calls it, connecting
   * only to the addresses just checked. Redirects are not followed. Answers the status; the body
   * is read up to a few KB and dropped. Throws OutboundUrlRefused or OutboundCallFailed.
   */
  send(url: string, request: OutboundRequest): Promise<number>;
}

export interface OutboundClientOptions {
  /** OUTBOUND_ALLOW_PRIVATE: nothing is checked or pinned (the operator's own servers). */
  allowPrivate: boolean;
  /** The https agent to connect with (tests trust their stand-ins' certificates). */
  httpsAgent?: https.Agent;
  /** Tests: a resolver stub, and loopback addresses standing in for public hosts. */
  resolve?: ResolveHost;
  alsoPublic?: readonly string[];
}

export const OUTBOUND_TIMEOUT_MS = 10_000;
/** Nothing reads an answer's body: enough for a server to finish a short reply, then dropped. */
const MAX_ANSWER_BYTES = 4096;

/**
 * The one way the server calls a URL a gardener gave it (Web Push endpoints, ntfy, webhooks):
 * a DNS name that answers a public address for the check and 127.0.0.1 or 169.254.169.254 for
 * the connection (DNS rebinding) cannot turn the call against the server's own network, because
 * the connection's lookup answers only the checked addresses.
 */
export function createOutboundClient(options: OutboundClientOptions): OutboundClient {
  const { allowPrivate, httpsAgent, resolve, alsoPublic } = options;
  const check = (url: string, target: OutboundTarget) =>
    checkOutboundUrl(url, {
      ...target,
      allowPrivate,
      ...(resolve ? { resolve } : {}),
      ...(alsoPublic ? { alsoPublic } : {}),
    });
  return {
    async check(url, target) {
      await check(url, target);
    },
    async send(url, request) {
      const addresses = await check(url, request);
      return call(new URL(url), request, addresses, httpsAgent);
    },
  };
}

/** One request on a fresh connection to `addresses` (or by DNS when null: private allowed). */
function call(
  url: URL,
  request: OutboundRequest,
  addresses: LookupAddress[] | null,
  httpsAgent: https.Agent | undefined,
): Promise<number> {
  const { host } = url;
  const timeoutMs = request.timeoutMs ?? OUTBOUND_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (message: string) => {
      if (settled) return;
      settled = true;
      reject(new OutboundCallFailed(message));
    };
    const secure = url.protocol === "https:";
    const req = (secure ? https : http).request(url, {
      method: request.method,
      headers: request.headers,
      // A fresh connection each call (and destroyed after it): a pooled one would lead to an
      // address checked for an earlier call.
      agent: secure && httpsAgent ? httpsAgent : false,
      ...(addresses ? { lookup: pinnedLookup(addresses) } : {}),
    });
    // One deadline for the whole call, connecting included: a host that accepts the connection
    // and then trickles its answer holds the call no longer than one that never answers.
    const deadline = setTimeout(() => {
      fail(`${host} did not answer within ${timeoutMs / 1000} s.`);
      req.destroy();
    }, timeoutMs);
    req.once("close", () => clearTimeout(deadline));
    req.on("error", (err: NodeJS.ErrnoException) => {
      // The code only (ECONNREFUSED, CERT_HAS_EXPIRED): Node's message names the address.
      fail(`${host} could not be reached${err.code ? ` (${err.code})` : ""}.`);
    });
    req.once("response", (res) => {
      if (!settled) {
        settled = true;
        resolve(res.statusCode ?? 0);
      }
      let read = 0;
      res.on("data", (chunk: Buffer) => {
        read += chunk.length;
        if (read >= MAX_ANSWER_BYTES) req.destroy();
      });
      res.once("end", () => req.destroy());
      res.on("error", () => {});
    });
    req.end(request.body);
  });
}
