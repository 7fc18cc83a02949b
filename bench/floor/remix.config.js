// The floor of the bench (bench/README.md): a Remix app with nothing of the product's, built from
// the project's own dependencies (and their patches) into bench/.tmp.
/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverModuleFormat: "esm",
  serverPlatform: "node",
  serverBuildPath: "../.tmp/floor/build/index.js",
  assetsBuildDirectory: "../.tmp/floor/public/build",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
