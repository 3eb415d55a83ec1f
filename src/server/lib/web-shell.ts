import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";

/**
 * The page a route's code lives in (src/web/app/router.tsx, relative to src/web), and who may
 * open it. web-shell.test.ts checks this table against the router.
 */
export const ROUTE_MODULES: { pattern: RegExp; module: string; signedIn: boolean }[] = [
  { pattern: /^\/$/, module: "app/pages/home-page.tsx", signedIn: true },
  { pattern: /^\/auth$/, module: "app/auth-route.tsx", signedIn: false },
  { pattern: /^\/onboarding$/, module: "features/onboarding/onboarding-page.tsx", signedIn: false },
  { pattern: /^\/plant-id$/, module: "features/plant-id/plant-id-page.tsx", signedIn: true },
  { pattern: /^\/grow-along$/, module: "features/grow-along/grow-along-page.tsx", signedIn: true },
  { pattern: /^\/contact$/, module: "features/contact/contact-page.tsx", signedIn: true },
  { pattern: /^\/plants$/, module: "features/garden/plants-page.tsx", signedIn: true },
  {
    pattern: /^\/harvests$/,
    module: "features/garden/harvests/harvests-page.tsx",
    signedIn: true,
  },
  {
    pattern: /^\/planting-calendar$/,
    module: "features/planting-calendar/planting-calendar-page.tsx",
    signedIn: true,
  },
  { pattern: /^\/plants\/[^/]+$/, module: "features/garden/plant-detail-page.tsx", signedIn: true },
  { pattern: /^\/settings$/, module: "app/pages/settings-page.tsx", signedIn: true },
  { pattern: /^\/workflows$/, module: "features/workflows/workflows-page.tsx", signedIn: true },
  { pattern: /^\/plans$/, module: "features/plans/plans-page.tsx", signedIn: true },
  { pattern: /^\/areas$/, module: "features/garden/areas/areas-page.tsx", signedIn: true },
  { pattern: /^\/areas\/[^/]+$/, module: "features/garden/areas/area-page.tsx", signedIn: true },
  { pattern: /^\/admin$/, module: "app/pages/admin-page.tsx", signedIn: true },
  { pattern: /^\/chat$/, module: "features/chat/chat-page.tsx", signedIn: false },
];

/**
 * What every signed-in page asks first (src/web/app/start-up.ts): the session, then the profile.
 * Named in the page itself, they load while its JavaScript does rather than after it has run.
 * `crossorigin="anonymous"` matches the app's own same-origin fetch, so the answer is reused.
 */
const SIGNED_IN_DATA = ["/api/auth/get-session", "/api/me"];

const THEME_SCRIPT = "theme-init.js";

/** A larger stylesheet is left to its own request, where the browser's cache keeps it. */
const MAX_INLINE_CSS = 100_000;

/** One page as sent, with its compressed copies once asked for. */
interface Variant {
  html: string;
  br?: Buffer;
  gzip?: Buffer;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * index.html for each navigation, with hints that let a phone fetch in parallel what it would
 * otherwise discover one round trip after another (issue 27): the route's own code and the
 * modules it imports, and, for a visitor carrying a session cookie, the session and profile
 * the app asks for first. The hints are only hints: without them every page works as before.
 */
export class WebShell {
  private readonly html: string;
  private readonly manifest: Record<string, ManifestChunk>;
  private readonly variants = new Map<string, Variant>();
  /** CSP hashes of the scripts written into the page (its theme script). */
  readonly scriptHashes: string[] = [];

  /** The built app's shell, or null before `npm run build`. */
  static load(distDir: string): WebShell | null {
    return fs.existsSync(path.join(distDir, "index.html")) ? new WebShell(distDir) : null;
  }

  constructor(distDir: string) {
    this.html = WebShell.withInlineStyles(
      WebShell.withInlineTheme(
        fs.readFileSync(path.join(distDir, "index.html"), "utf8"),
        path.join(distDir, THEME_SCRIPT),
        this.scriptHashes,
      ),
      distDir,
    );
    const manifestFile = path.join(distDir, ".vite", "manifest.json");
    this.manifest = fs.existsSync(manifestFile)
      ? (JSON.parse(fs.readFileSync(manifestFile, "utf8")) as Record<string, ManifestChunk>)
      : {};
  }

  htmlFor(pathname: string, hasSessionCookie: boolean): string {
    return this.variant(pathname, hasSessionCookie).html;
  }

  /** The page compressed as the browser accepts ("br" or "gzip"), made once per variant. */
  encodedFor(pathname: string, hasSessionCookie: boolean, encoding: "br" | "gzip"): Buffer {
    const variant = this.variant(pathname, hasSessionCookie);
    variant[encoding] ??=
      encoding === "br" ? brotliCompressSync(variant.html) : gzipSync(variant.html, { level: 9 });
    return variant[encoding];
  }

  /** The page for a route and for a visitor with or without a session, made once. */
  private variant(pathname: string, signedIn: boolean): Variant {
    const route = ROUTE_MODULES.find((r) => r.pattern.test(pathname));
    const key = `${route?.module ?? ""}|${signedIn}`;
    const cached = this.variants.get(key);
    if (cached) return cached;
    const links = [
      ...(signedIn ? SIGNED_IN_DATA : []).map(
        (url) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${url}">`,
      ),
      ...this.moduleFiles(route && (signedIn || !route.signedIn) ? route.module : null).map(
        (file) => `<link rel="modulepreload" crossorigin href="/${file}">`,
      ),
    ];
    const variant: Variant = {
      html: links.length
        ? this.html.replace("</head>", `    ${links.join("\n    ")}\n  </head>`)
        : this.html,
    };
    this.variants.set(key, variant);
    return variant;
  }

  /**
   * The theme script runs before the first paint, so it blocks it: written into the page it
   * costs no round trip of its own (the Content-Security-Policy allows it by its hash). The
   * file stays for the service worker's copy of the page.
   */
  private static withInlineTheme(html: string, file: string, hashes: string[]): string {
    const tag = `<script src="/${THEME_SCRIPT}"></script>`;
    if (!html.includes(tag) || !fs.existsSync(file)) return html;
    const code = fs.readFileSync(file, "utf8");
    hashes.push(`'sha256-${createHash("sha256").update(code).digest("base64")}'`);
    return html.replace(tag, () => `<script>${code}</script>`);
  }

  /**
   * The stylesheet blocks the first paint, so it is written into the page: the phone paints the
   * header without waiting one more round trip for it (issue 27; the policy allows inline style).
   * The file stays for the service worker's copy of the page, which names it.
   */
  private static withInlineStyles(html: string, distDir: string): string {
    return html.replace(
      /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[\w.-]+\.css)">/g,
      (tag, file: string) => {
        const stylesheet = path.join(distDir, file);
        if (!fs.existsSync(stylesheet) || fs.statSync(stylesheet).size > MAX_INLINE_CSS) return tag;
        const css = fs.readFileSync(stylesheet, "utf8");
        return css.includes("</style") ? tag : `<style>${css}</style>`;
      },
    );
  }

  /**
   * The chunks the entry script imports, then the route's chunk and every chunk it imports.
   * Vite writes no modulepreload links (vite.config.ts), so without these the entry's imports
   * would be found only once the entry has downloaded: one more round trip before anything runs.
   */
  private moduleFiles(module: string | null): string[] {
    const loaded = new Set(["index.html"]);
    const files: string[] = [];
    const visit = (key: string) => {
      if (loaded.has(key)) return;
      loaded.add(key);
      const chunk = this.manifest[key];
      if (!chunk) return;
      if (!this.html.includes(`/${chunk.file}"`)) files.push(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const imported of this.manifest["index.html"]?.imports ?? []) visit(imported);
    if (module) visit(module);
    return files;
  }
}
