// Tests that run the built server as production does (`node build/server.js`, built by
// built-app.ts): a free port on loopback, and waiting until it answers.
import http from "node:http";
import { createServer } from "node:net";

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Whether a server answers its health check on this port. Over a connection of its own, closed
 * after the answer: a pooled keep-alive socket would outlive the check and report ECONNRESET
 * after the test when the server is killed.
 */
export function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get({ host: "127.0.0.1", port, path: "/healthz", agent: false, timeout: 1000 }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode === 200));
      response.on("error", () => resolve(false));
    });
    request.on("timeout", () => request.destroy());
    request.on("error", () => resolve(false));
  });
}

export async function waitFor(check: () => Promise<boolean> | boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return check();
}
