import type { ActionFunctionArgs } from "@remix-run/node";
import { handleSlackInteraction } from "~/models/chat.server";
import { onlyMethods } from "~/utils/http.server";

// POST /integrations/slack/interactions: Slack's Approve / Reject clicks (decision 0094). No
// session: Slack's signature over the exact bytes is the proof, so the body is read raw and
// nothing is parsed before it is checked. Slack sends a few kilobytes; more is not Slack.
const MAX_BODY_BYTES = 64 * 1024;

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "POST" } });
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_BODY_BYTES) return new Response(null, { status: 413 });
  const body = await request.text();
  if (body.length > MAX_BODY_BYTES) return new Response(null, { status: 413 });
  const answer = await handleSlackInteraction(body, { timestamp: request.headers.get("X-Slack-Request-Timestamp"), signature: request.headers.get("X-Slack-Signature") });
  // Slack shows the clicker nothing of the body; the outcome helps whoever reads the logs.
  return Response.json({ outcome: answer.outcome }, { status: answer.status, headers: { "Cache-Control": "no-store" } });
}

// Acts only.
export const loader = onlyMethods("POST");
