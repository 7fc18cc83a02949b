// Where the end-to-end servers listen: one per Playwright worker, from E2E_PORT (3210) up.
// E2E_PORT lets two checkouts run the suite side by side on one machine; E2E_WORKERS how many
// workers (and servers) a run has.
export const E2E_WORKERS = Number(process.env.E2E_WORKERS || 2);

export function e2ePort(worker: number): number {
  return Number(process.env.E2E_PORT || 3210) + worker;
}
