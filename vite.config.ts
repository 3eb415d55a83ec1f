import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";
import { VitePWA } from "vite-plugin-pwa";

export default defineConfig({
  root: "src/web",
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
  },
  server: {
    port: 5173,
    proxy: { "/api": { target: "http://localhost:3000", changeOrigin: false } },
  },
});
