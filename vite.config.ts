import { createRequire } from "node:module";
import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";
import { VitePWA } from "vite-plugin-pwa";

const require = createRequire(import.meta.url);

export default defineConfig(({ command }) => ({
  root: "src/web",
  resolve: {
    // React Router's exports map only names its development build (remix-run/react-router#14753):
    // its warnings and checks cost the phone's CPU at start-up (issue 27), so builds take the
    // production build it ships beside it.
    alias:
      command === "build"
        ? [
            {
              find: /^react-router$/,
              replacement: path.join(
                path.dirname(require.resolve("react-router/package.json")),
                "dist/production/index.mjs",
              ),
            },
          ]
        : [],
  },
  publicDir: "public",
  plugins: [
    react(),
    tailwindcss(),
    // An installable app whose shell is precached, so it opens (and its outbox survives) offline.
    // Our own worker (src/web/sw.ts): the precache and shell fallback the generated one had, plus
    // the daily reminder's push notification and its Done / Snooze actions.
    VitePWA({
      strategies: "injectManifest",
      srcDir: ".",
      filename: "sw.ts",
      registerType: "autoUpdate",
      injectRegister: "script-defer",
      includeAssets: ["favicon.svg"],
      manifest: {
        name: "Tendril",
        short_name: "Tendril",
        description: "Your garden notebook: weather, plants, care tasks and a gardening assistant.",
        theme_color: "#2E6B3F",
        background_color: "#FAFAF7",
        display: "standalone",
        start_url: "/",
        icons: [{ src: "/favicon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" }],
      },
      injectManifest: {
        globPatterns: ["**/*.{js,css,html,svg}"],
        // A classic script, as registerSW.js registers it.
        rollupFormat: "iife",
      },
    }),
    // .br and .gz next to each text asset, served by @fastify/static's preCompressed option.
    compression({
      algorithms: ["brotliCompress", "gzip"],
      include: /\.(js|css|html|svg|webmanifest)$/,
      threshold: 1024,
    }),
  ],
  build: {
    outDir: "../../dist",
    emptyOutDir: true,
    sourcemap: true,
    // Read by `npm run bench` to add up the JavaScript that "/" loads before its first paint.
    manifest: true,
    // Vite's preload helper puts a <link rel="modulepreload"> in the page for each chunk a lazy
    // import needs; in Chromium each insertion cost 10-25 ms of main thread on this machine (55
    // ms for the toast panel alone, more for a page opened from the service worker, whose copy
    // of index.html has no hints). The server names a page's chunks in the page it sends
    // (server/lib/web-shell.ts); later chunks load through their imports (issue 27).
    modulePreload: false,
  },
  server: {
    port: 5173,
    proxy: { "/api": { target: "http://localhost:3000", changeOrigin: false } },
  },
}));
