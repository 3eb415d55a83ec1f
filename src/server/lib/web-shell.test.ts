import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROUTE_MODULES, WebShell } from "./web-shell";

const webRoot = path.resolve(import.meta.dirname, "../../web");

/** A build as Vite writes it: index.html and the manifest of chunks. */
function fakeBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "web-shell-"));
  fs.mkdirSync(path.join(dir, ".vite"));
  fs.writeFileSync(
    path.join(dir, "index.html"),
    '<html><head><script src="/theme-init.js"></script><script type="module" src="/assets/index.js"></script><link rel="stylesheet" crossorigin href="/assets/index-1a.css"></head><body></body></html>',
  );
  fs.mkdirSync(path.join(dir, "assets"));
  fs.writeFileSync(path.join(dir, "assets", "index-1a.css"), ".card{border-radius:1rem}");
  fs.writeFileSync(
    path.join(dir, "theme-init.js"),
    'document.documentElement.dataset.theme = "dark";',
  );
  fs.writeFileSync(
    path.join(dir, ".vite", "manifest.json"),
    JSON.stringify({
      "index.html": { file: "assets/index.js", imports: ["_shared.js"] },
      "_shared.js": { file: "assets/shared.js" },
      "_card.js": { file: "assets/card.js", imports: ["_shared.js", "index.html"] },
      "app/pages/home-page.tsx": { file: "assets/home.js", imports: ["_card.js", "index.html"] },
      "app/auth-route.tsx": { file: "assets/auth.js", imports: ["index.html"] },
    }),
  );
  return dir;
}

describe("the page shell's loading hints", () => {
  const dist = fakeBuild();
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));
  const shell = new WebShell(dist);

  it("names every page the router loads lazily", () => {
    const router = fs.readFileSync(path.join(webRoot, "app/router.tsx"), "utf8");
    const lazy = [...router.matchAll(/import\("(\.[^"]+)"\)/g)].map((m) =>
      path.relative(webRoot, path.resolve(webRoot, "app", `${m[1]}.tsx`)),
    );
    const named = ROUTE_MODULES.map((r) => r.module);
    // The not-found page is for any other path: nothing to name ahead.
    expect(lazy.filter((module) => !module.includes("not-found")).sort()).toEqual(named.sort());
    for (const module of named) expect(fs.existsSync(path.join(webRoot, module))).toBe(true);
  });

  it("gives a signed-in visitor the session, profile and the page's own modules", () => {
    const html = shell.htmlFor("/", true);
    expect(html).toContain(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/me">',
    );
    expect(html).toContain('href="/api/auth/get-session"');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/home.js">');
    expect(html).toContain('href="/assets/card.js"');
    // The entry's own import, named once though the page's chunks import it too.
    expect(html.split('href="/assets/shared.js"')).toHaveLength(2);
    // The entry itself is in the page already.
    expect(html).not.toContain('modulepreload" crossorigin href="/assets/index.js"');
    expect(html.indexOf("modulepreload")).toBeLessThan(html.indexOf("</head>"));
  });

  it("names the entry's imports on every page, so they load beside the entry, not after it", () => {
    for (const [page, signedIn] of [
      ["/", false],
      ["/auth", false],
      ["/no/such/page", true],
    ] as const) {
      expect(shell.htmlFor(page, signedIn)).toContain(
        '<link rel="modulepreload" crossorigin href="/assets/shared.js">',
      );
    }
  });

  it("gives a visitor without a session no data hints and no signed-in page code", () => {
    const home = shell.htmlFor("/", false);
    expect(home).not.toContain("/api/me");
    expect(home).not.toContain("/assets/home.js");
    expect(shell.htmlFor("/auth", false)).toContain('href="/assets/auth.js"');
  });

  it("writes the theme script into the page and names its hash for the CSP", () => {
    const html = shell.htmlFor("/", false);
    expect(html).toContain('<script>document.documentElement.dataset.theme = "dark";</script>');
    expect(html).not.toContain('src="/theme-init.js"');
    const hash = createHash("sha256")
      .update('document.documentElement.dataset.theme = "dark";')
      .digest("base64");
    expect(shell.scriptHashes).toEqual([`'sha256-${hash}'`]);
  });

  it("writes the stylesheet into the page, so the first paint waits for no other request", () => {
    for (const signedIn of [true, false]) {
      const html = shell.htmlFor("/plants", signedIn);
      expect(html).toContain("<style>.card{border-radius:1rem}</style>");
      expect(html).not.toContain('rel="stylesheet"');
    }
  });

  it("leaves a stylesheet it cannot write safely to its own request", () => {
    const dir = fakeBuild();
    try {
      fs.writeFileSync(path.join(dir, "assets", "index-1a.css"), 'a::after{content:"</style>"}');
      expect(new WebShell(dir).htmlFor("/", false)).toContain(
        '<link rel="stylesheet" crossorigin href="/assets/index-1a.css">',
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("adds only the data hints for a path no page claims", () => {
    const html = shell.htmlFor("/no/such/page", true);
    expect(html).toContain("/api/me");
    expect(html).not.toContain("/assets/home.js");
    expect(html).not.toContain("/assets/card.js");
    expect(shell.htmlFor("/no/such/page", false)).not.toContain("/api/me");
  });
});
