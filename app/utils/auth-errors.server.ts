// remix-auth is CommonJS: imported by a route module, the browser build keeps it and, through its
// require() of @remix-run/server-runtime, all of that package (cookies, sessions, multipart
// parsing) in the chunk every page loads. Route modules take its error class from here.
export { AuthorizationError } from "remix-auth";
