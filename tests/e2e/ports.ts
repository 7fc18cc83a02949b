// Where the end-to-end servers listen: one per Playwright worker, from E2E_PORT (3210) up.
// E2E_PORT lets two checkouts run the suite side by side on one machine; E2E_WORKERS how many
// workers (and servers) a run has.
export const E2E_WORKERS = Number(process.env.E2E_WORKERS || 2);

export function e2ePort(worker: number): number {
  return Number(process.env.E2E_PORT || 3210) + worker;
}

/** How many test IdPs each e2e server starts (tests/support/e2e-server.ts): Google, Microsoft, a company's. */
export const E2E_IDPS = 3;

/**
 * The first port of a worker's test IdPs (E2E_IDPS in a row): 20000 above its app's port by
 * default, so checkouts whose E2E_PORTs are a few apart never meet; E2E_IDP_PORT moves them.
 */
export function e2eIdpPort(worker: number): number {
  return Number(process.env.E2E_IDP_PORT || Number(process.env.E2E_PORT || 3210) + 20000) + worker * E2E_IDPS;
}

/** The company IdP a test sets up on the Security tab (the e2e server's third). */
export function e2eCompanyIdp(worker: number) {
  return { issuer: `http://127.0.0.1:${e2eIdpPort(worker) + 2}`, clientId: "e2e-company-sso", clientSecret: "e2e-company-sso-secret" };
}
