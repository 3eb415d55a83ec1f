import type { FastifyRequest } from "fastify";

/**
 * The address links in e-mails and the calendar feed point at (issue 25). With PUBLIC_URL set it
 * is always that. Without it, Tendril is being run as `npm start` leaves it, often opened from a
 * phone by the machine's LAN address: a link then uses the address the gardener used, so it
 * opens where they opened Tendril, not at a localhost that is not on their phone.
 *
 * A request's own address comes from its Host header, which anyone can set; it is used only
 * where the request is the gardener's own (signed in, or carrying a secret), never for a link
 * sent to somebody else. Mail sent with no request of the gardener's (reminders, a password
 * reset someone else may have asked for) uses the address they last signed in by.
 */
export class AppAddress {
  constructor(
    private readonly publicUrl: string,
    /** True while PUBLIC_URL is unset. */
    private readonly followsRequests: boolean,
    private readonly lastSignInOrigin: (userId: string) => Promise<string | null>,
  ) {}

  /** Whether the address follows the requests (no PUBLIC_URL). */
  get fromRequests(): boolean {
    return this.followsRequests;
  }

  /** The address a request reached Tendril by (PUBLIC_URL when set), as an origin. */
  ofRequest(request: Pick<FastifyRequest, "protocol" | "host">): string {
    return this.ofUrl(`${request.protocol}://${request.host}/`);
  }

  /** The same for a request as better-auth sees it (its URL names the address it came by). */
  ofUrl(requestUrl: string): string {
    if (!this.followsRequests) return this.publicUrl;
    try {
      return new URL(requestUrl).origin;
    } catch {
      return this.publicUrl;
    }
  }

  /** The address the gardener last signed in by (PUBLIC_URL when set, or none is known). */
  async ofUser(userId: string): Promise<string> {
    if (!this.followsRequests) return this.publicUrl;
    return (await this.lastSignInOrigin(userId)) ?? this.publicUrl;
  }

  /** `url` moved to the gardener's address: a link better-auth made from PUBLIC_URL. */
  async rebase(url: string, userId: string): Promise<string> {
    if (!this.followsRequests) return url;
    const target = new URL(url);
    const origin = new URL(await this.ofUser(userId));
    target.protocol = origin.protocol;
    target.host = origin.host;
    return target.toString();
  }
}
