// Where a webhook may be sent (decision 0084): the rule for the address an admin types, and the
// rule for each IP address a name resolves to when a delivery is made (SSRF). Server code only:
// the form's browser code does not need ipaddr.js.
import ipaddr from "ipaddr.js";
import { MAX_WEBHOOK_URL_LENGTH } from "./webhooks";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Why an address may not be an endpoint, as a locale key, or null when it may. HTTPS only; plain
 * HTTP only to this machine and only outside production (a developer's receiver). In production an
 * address written as a private or loopback IP is refused here already; names are checked again,
 * after resolution, on each delivery (isPublicAddress).
 */
export function webhookUrlProblem(text: string, production: boolean): string | null {
  if (text.length > MAX_WEBHOOK_URL_LENGTH) return "webhooks.validation.urlTooLong";
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return "webhooks.validation.urlInvalid";
  }
  // The secret signs what we send; a password in the address would be shown on every screen.
  if (url.username || url.password) return "webhooks.validation.urlCredentials";
  const host = url.hostname.toLowerCase();
  const local = LOCAL_HOSTS.has(host) || host.endsWith(".localhost");
  if (url.protocol === "http:") {
    if (production || !local) return "webhooks.validation.httpsOnly";
    return null;
  }
  if (url.protocol !== "https:") return "webhooks.validation.httpsOnly";
  if (production) {
    if (local) return "webhooks.validation.privateAddress";
    const literal = host.startsWith("[") ? host.slice(1, -1) : host;
    if (ipaddr.isValid(literal) && !isPublicAddress(literal)) return "webhooks.validation.privateAddress";
  }
  return null;
}

/**
 * Whether an IP address is one the open internet routes to: not private, loopback, link-local,
 * unique-local, carrier-grade NAT, multicast, reserved or unspecified. An IPv4 address written as
 * IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it is; IPv6 forms that embed or tunnel to
 * IPv4 (6to4, Teredo, NAT64) are refused, since the address they reach is not the one seen.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === "unicast";
}
