import type { LookupAddress } from "node:dns";
import { describe, expect, it } from "vitest";
import { checkOutboundUrl, OutboundUrlRefused, pinnedLookup } from "./outbound-url";

/** A resolver that knows a few names and never asks the network. */
const names: Record<string, LookupAddress[]> = {
  "push.example.com": [
    { address: "93.184.216.34", family: 4 },
    { address: "2606:2800:220:1::1", family: 6 },
  ],
  "sneaky.example.com": [
    { address: "93.184.216.34", family: 4 },
    { address: "10.1.2.3", family: 4 },
  ],
  "mapped.example.com": [{ address: "::ffff:169.254.169.254", family: 6 }],
  "compatible.example.com": [{ address: "::a9fe:a9fe", family: 6 }],
};
const resolve = async (host: string) => names[host] ?? [];
const check = (url: string, allowPrivate = false) =>
  checkOutboundUrl(url, { what: "endpoint", protocols: ["https:"], allowPrivate, resolve });

describe("checkOutboundUrl", () => {
  it("answers the addresses of a host on the public internet", async () => {
    expect(await check("https://push.example.com/send/abc")).toEqual(names["push.example.com"]);
    expect(await check("https://[2606:4700::1111]/x")).toEqual([
      { address: "2606:4700::1111", family: 6 },
    ]);
    // Just past ::/96: an ordinary (if unassigned) unicast address, not refused as compatible.
    expect(await check("https://[::1:0:0:0]/")).toEqual([{ address: "::1:0:0:0", family: 6 }]);
  });

  it.each([
    ["https://127.0.0.1:4498/x", "this server itself"],
    ["https://[::1]/", "this server itself"],
    ["https://10.0.0.1/", "a private network address"],
    ["https://172.16.5.4/", "a private network address"],
    ["https://192.168.1.10/", "a private network address"],
    ["https://100.64.0.1/", "a private network address"],
    ["https://[fd00:ec2::254]/", "a private network address"],
    ["https://169.254.169.254/latest", "a link-local address"],
    ["https://[fe80::1]/", "a link-local address"],
    ["https://0.0.0.0/", "not a public internet address"],
    ["https://224.0.0.1/", "not a public internet address"],
    ["https://[::ffff:127.0.0.1]/", "this server itself"],
    ["https://mapped.example.com/", "a link-local address"],
    ["https://sneaky.example.com/", "a private network address (10.1.2.3)"],
    // ::/96, IPv4-compatible (deprecated): the URL keeps [::127.0.0.1] as [::7f00:1].
    ["https://[::127.0.0.1]/", "an IPv4-compatible IPv6 address (::/96"],
    ["https://[::7f00:1]:8080/", "an IPv4-compatible IPv6 address (::/96"],
    ["https://[::2]/", "an IPv4-compatible IPv6 address (::/96"],
    ["https://[::ffff:ffff]/", "an IPv4-compatible IPv6 address (::/96"],
    ["https://compatible.example.com/", "an IPv4-compatible IPv6 address (::/96"],
  ])("refuses %s: %s", async (url, says) => {
    const refused = check(url);
    await expect(refused).rejects.toBeInstanceOf(OutboundUrlRefused);
    await expect(refused).rejects.toThrow(says);
    await expect(refused).rejects.toThrow("OUTBOUND_ALLOW_PRIVATE=true");
  });

  it("refuses other schemes and hosts that do not resolve", async () => {
    await expect(check("http://push.example.com/")).rejects.toThrow(
      "endpoint must be an https:// URL.",
    );
    await expect(check("https://nowhere.example.com/")).rejects.toThrow("could not be found");
    await expect(
      checkOutboundUrl("http://push.example.com/", {
        what: "url",
        protocols: ["http:", "https:"],
        allowPrivate: false,
        resolve,
      }),
    ).resolves.toHaveLength(2);
  });

  it("lets the operator allow private addresses, looking nothing up", async () => {
    expect(await check("https://10.0.0.1/", true)).toBeNull();
    await expect(check("http://10.0.0.1/", true)).rejects.toThrow("https://");
  });
});

describe("pinnedLookup", () => {
  it("answers only the checked addresses, by family when asked", () => {
    const lookup = pinnedLookup(names["push.example.com"] ?? []);
    const answers: unknown[] = [];
    lookup("anything", { all: true }, (_err, all) => answers.push(all));
    lookup("anything", { family: 6 }, (_err, address) => answers.push(address));
    lookup("anything", {}, (_err, address) => answers.push(address));
    expect(answers).toEqual([names["push.example.com"], "2606:2800:220:1::1", "93.184.216.34"]);
  });
});
