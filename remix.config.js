/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // A route's server half may sit beside it as <route>.server.ts (decision 0108): not a route.
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", "**/*.server.{ts,tsx}"],
  serverModuleFormat: "esm",
  serverPlatform: "node",
  // Prisma's generated client and the i18n resources are bundled into the server build.
  serverDependenciesToBundle: [/^~\//],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: false,
    v3_singleFetch: true,
  },
};
