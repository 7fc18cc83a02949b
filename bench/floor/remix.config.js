// The floor of the bench (bench/README.md): a Remix app with nothing of the product's, built from
// the project's own dependencies (and their patches) into bench/.tmp, with the app's module
// format and future flags.
import app from "../../remix.config.js";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverModuleFormat: app.serverModuleFormat,
  serverPlatform: app.serverPlatform,
  serverBuildPath: "../.tmp/floor/build/index.js",
  assetsBuildDirectory: "../.tmp/floor/public/build",
  cacheDirectory: "../.tmp/floor/cache",
  future: app.future,
};
