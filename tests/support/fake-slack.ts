// A local stand-in for Slack's Web API over HTTP (issue 43, decision 0094): the methods the app
// calls (oauth.v2.access, users.lookupByEmail, users.info, chat.postMessage, chat.update,
// chat.postEphemeral), answered as Slack answers them, every call recorded. The app's
// @slack/web-api client is pointed at it with SLACK_API_URL. Also: signing an interaction payload
// the way Slack does (v0 HMAC-SHA256 of "v0:<timestamp>:<body>").
import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface SlackCall {
  method: string;
  token: string | null;
  args: Record<string, unknown>;
}

export interface FakeSlack {
  /** The API base, ending in "/": SLACK_API_URL. */
  url: string;
  calls: SlackCall[];
  /** OAuth codes Slack would hand the callback: code → the workspace and bot token it installs. */
  installs: Map<string, { teamId: string; teamName: string; token: string }>;
  /** Slack users of every workspace: id → e-mail. */
  users: Map<string, string>;
  callsOf(method: string): SlackCall[];
  close(): Promise<void>;
}

function parseArgs(body: string, contentType: string): Record<string, unknown> {
  if (contentType.includes("application/json")) return JSON.parse(body || "{}") as Record<string, unknown>;
  const args: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    // The client sends arrays and objects (blocks) as JSON strings in form fields.
    args[name] = /^[[{]/.test(value) ? JSON.parse(value) : value;
  }
  return args;
}

export async function startFakeSlack(): Promise<FakeSlack> {
  const calls: SlackCall[] = [];
  const installs: FakeSlack["installs"] = new Map();
  const users: FakeSlack["users"] = new Map();
  const tokens = () => new Set([...installs.values()].map((install) => install.token));
  let messages = 0;
  const server: Server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const method = (request.url ?? "").replace(/^\/api\//, "").split("?")[0]!;
      const auth = request.headers.authorization ?? null;
      const token = auth?.startsWith("Bearer ") ? auth.slice(7) : null;
      const args = parseArgs(body, request.headers["content-type"] ?? "");
      calls.push({ method, token, args });
      const answer = (value: Record<string, unknown>) => {
        response.setHeader("Content-Type", "application/json");
        response.end(JSON.stringify(value));
      };
      if (method === "oauth.v2.access") {
        const install = installs.get(String(args.code));
        if (!install || !args.client_id || !args.client_secret) return answer({ ok: false, error: "invalid_code" });
        return answer({ ok: true, access_token: install.token, token_type: "bot", scope: "chat:write", bot_user_id: "UBOT", app_id: "A1", team: { id: install.teamId, name: install.teamName } });
      }
      if (!token || !tokens().has(token)) return answer({ ok: false, error: "invalid_auth" });
      switch (method) {
        case "users.lookupByEmail": {
          const found = [...users].find(([, email]) => email === args.email);
          return answer(found ? { ok: true, user: { id: found[0], profile: { email: found[1] } } } : { ok: false, error: "users_not_found" });
        }
        case "users.info": {
          const email = users.get(String(args.user));
          return answer(email ? { ok: true, user: { id: args.user, profile: { email } } } : { ok: false, error: "user_not_found" });
        }
        case "chat.postMessage":
          return answer({ ok: true, channel: args.channel, ts: `1700000000.${String(++messages).padStart(6, "0")}` });
        case "chat.update":
          return answer({ ok: true, channel: args.channel, ts: args.ts });
        case "chat.postEphemeral":
          return answer({ ok: true, message_ts: "1700000001.000001" });
        default:
          return answer({ ok: false, error: "unknown_method" });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`,
    calls,
    installs,
    users,
    callsOf: (method) => calls.filter((call) => call.method === method),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** An interaction request as Slack sends it: the payload form-encoded, signed with the app's signing secret. */
export function slackInteraction(payload: unknown, secret: string, timestamp = Math.floor(Date.now() / 1000)) {
  const body = new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
  const signature = `v0=${createHmac("sha256", secret).update(`v0:${timestamp}:${body}`).digest("hex")}`;
  return new Request("http://localhost/integrations/slack/interactions", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Slack-Request-Timestamp": String(timestamp), "X-Slack-Signature": signature },
    body,
  });
}
