import { cloudflareDevProxyVitePlugin as remixCloudflareDevProxy, vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { getLoadContext } from "./load-context";
import { writePrecacheManifest } from "./scripts/precache-manifest";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  plugins: [
    remixCloudflareDevProxy({ getLoadContext }),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
      // The service worker's precache list: this build's hashed assets (ADR 050).
      buildEnd: ({ remixConfig }) => {
        writePrecacheManifest(remixConfig.buildDirectory + "/client");
      },
    }),
    tailwindcss(),
    tsconfigPaths(),
  ],
  server: { port: 5173 },
  build: { target: "es2022" },
});
