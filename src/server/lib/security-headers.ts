import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";
import helmet from "helmet";

export interface SecurityHeaderOptions {
  publicUrl: string;
  /**
   * The external forms Tendril embeds in a frame: FEEDBACK_FORM_URL (the Feedback button),
   * BUG_REPORT_URL and CONTACT_FORM_URL (Plant ID's report-issue and contact-us modals).
   */
  framedFormUrls: (string | null)[];
  /** Hashes ('sha256-…') of the scripts the page carries inline (the theme script). */
  scriptHashes?: string[];
}

/**
 * Helmet's headers, worked out once at start and set by a callback hook: a few setHeader calls per
 * request (@fastify/helmet builds a new helmet middleware and a promise on every request).
 *
 * The CSP allows no inline script but the page's own theme script, by its hash. Styles may be
 * inline: Radix's scroll lock injects a <style>.
 * No upgrade-insecure-requests and no HSTS over plain http: a self-hosted Tendril is often reached
 * as http://192.168.x.y, where upgrading would break every request.
 */
export function securityHeaders({
  publicUrl,
  framedFormUrls,
  scriptHashes = [],
}: SecurityHeaderOptions) {
  const framed = [...new Set(framedFormUrls.flatMap((url) => (url ? [new URL(url).origin] : [])))];
  const https = publicUrl.startsWith("https://");
  const apply = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", ...scriptHashes],
        "script-src-attr": ["'none'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:"],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "worker-src": ["'self'"],
        "manifest-src": ["'self'"],
        "frame-src": framed.length > 0 ? framed : ["'none'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        ...(https ? { "upgrade-insecure-requests": [] } : {}),
      },
    },
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: false } : false,
    // Sign-in with Google or another OpenID provider opens their pages in the same window.
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
  });
  return headerSetter(apply);
}

/**
 * Runs helmet once against a recording response and returns a hook body that sets the recorded
 * headers: helmet recomputes and re-validates its CSP on every call, and nothing in our set depends
 * on the request.
 */
function headerSetter(apply: ReturnType<typeof helmet>) {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string) => headers.push([name, String(value)]),
    removeHeader: () => {},
  };
  apply({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return (_request: FastifyRequest, reply: FastifyReply) => {
    const res = reply.raw;
    for (const [name, value] of headers) res.setHeader(name, value);
  };
}
