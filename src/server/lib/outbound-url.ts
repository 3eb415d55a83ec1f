import type { LookupAddress } from "node:dns";
import { lookup } from "node:dns/promises";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

/** All the addresses a host name resolves to (tests pass a stub: they never reach the internet). */
export type ResolveHost = (host: string) => Promise<LookupAddress[]>;
export const resolveHost: ResolveHost = (host) => lookup(host, { all: true, verbatim: true });

export interface OutboundRules {
  /** What the URL is, to start messages with: "endpoint". */
  what: string;
  /** The schemes it may use: ["https:"] for Web Push, http and https for ntfy or webhooks. */
  protocols: readonly ("http:" | "https:")[];
  /** OUTBOUND_ALLOW_PRIVATE: the operator's own push or ntfy server is on their network. */
  allowPrivate: boolean;
  resolve?: ResolveHost;
  /**
   * Addresses to count as public though they are not: tests only (a loopback listener standing
   * in for a host on the internet). Never set from configuration.
   */
  alsoPublic?: readonly string[];
}

/** Why a URL the server would call for a gardener is refused: a sentence a person can act on. */
export class OutboundUrlRefused extends Error {
  override name = "OutboundUrlRefused";
}

/** What an address that is not public unicast is, for the message. */
function describeRange(range: string): string {
  switch (range) {
    case "loopback":
      return "this server itself (a loopback address)";
    case "private":
    case "uniqueLocal":
    case "carrierGradeNat":
      return "a private network address";
    case "linkLocal":
      return "a link-local address (cloud metadata services live there)";
    case "ipv4Compatible":
      return "an IPv4-compatible IPv6 address (::/96, deprecated: it stands for an IPv4 address)";
    default:
      return "not a public internet address";
  }
}

/**
 * Checks a URL the server will call on a gardener's behalf (a push endpoint, later ntfy or a
 * webhook), so no gardener can make it reach what only it can reach: the scheme must be allowed,
 * and every address the host resolves to must be public unicast. Refused: loopback, private
 * (10/8, 172.16/12, 192.168/16, fc00::/7), link-local (169.254/16 with the metadata service,
 * fe80::/10), CGNAT 100.64/10, unspecified, multicast, broadcast and reserved addresses, also
 * written as IPv4-mapped IPv6 (ipaddr.js `process` unwraps those), and the whole deprecated
 * IPv4-compatible range ::/96 (`[::127.0.0.1]` is `[::7f00:1]`, which ipaddr.js calls unicast;
 * no public host has such an address). Answers the checked addresses,
 * for the connection to use (pinnedLookup) so a second DNS answer cannot differ; null when the
 * operator allows private addresses and nothing was looked up.
 */
export async function checkOutboundUrl(
  url: string,
  rules: OutboundRules,
): Promise<LookupAddress[] | null> {
  const { what, protocols, allowPrivate, resolve = resolveHost, alsoPublic = [] } = rules;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new OutboundUrlRefused(`${what} is not a URL.`);
  }
  if (!(protocols as readonly string[]).includes(parsed.protocol)) {
    const allowed = protocols.map((p) => `${p}//`).join(" or ");
    throw new OutboundUrlRefused(`${what} must be an ${allowed} URL.`);
  }
  if (allowPrivate) return null;
  const host = parsed.hostname.replace(/^\[(.*)\]$/, "$1");
  let addresses: LookupAddress[];
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: host.includes(":") ? 6 : 4 }];
  } else {
    addresses = await resolve(host).catch(() => []);
    if (addresses.length === 0) {
      throw new OutboundUrlRefused(
        `${what}'s host ${host} could not be found; check the address, or try again later.`,
      );
    }
  }
  for (const { address } of addresses) {
    if (alsoPublic.includes(address)) continue;
    const range = rangeOf(address);
    if (range === "unicast") continue;
    throw new OutboundUrlRefused(
      `${what} must be on the public internet, but ${host} is ${describeRange(range)} (${address}). ` +
        "If it runs on your own network, whoever runs Tendril can allow that with OUTBOUND_ALLOW_PRIVATE=true.",
    );
  }
  return addresses;
}

/** The deprecated IPv4-compatible IPv6 range; :: and ::1 in it are already refused by name. */
const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR("::/96");

/** ipaddr.js's name for the address's range, with the rest of ::/96 as "ipv4Compatible". */
function rangeOf(address: string): string {
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (range === "unicast" && parsed instanceof ipaddr.IPv6 && parsed.match(IPV4_COMPATIBLE)) {
    return "ipv4Compatible";
  }
  return range;
}

/** A DNS lookup for a connection that answers only the addresses already checked. */
export function pinnedLookup(addresses: LookupAddress[]): LookupFunction {
  return (_host, options, callback) => {
    if (options.all) return callback(null, addresses);
    const family = options.family === "IPv4" ? 4 : options.family === "IPv6" ? 6 : options.family;
    const first = addresses.find((a) => !family || a.family === family);
    const chosen = first ?? addresses[0];
    if (!chosen) return callback(new Error("no checked address"), "", 4);
    callback(null, chosen.address, chosen.family);
  };
}
