// The auto-approval at many tenants (issue 44, decision 0101): it walks the companies that have
// candidates in batches of a bounded number of companies, and approves each overdue request exactly
// once when several runs — in this process and in other processes — work on one database at once.
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { runAutoApproval, type AutoApprovalBatch } from "~/models/auto-approval.server";
import { getDb } from "~/utils/db.server";
import { settleMail } from "~/utils/mail.server";
import { createCompany, createUser, createVacation } from "../support/factories";

/** Companies, each with one person per request (so each requester is told once per approval). */
async function seedCompanies(count: number, requests: (i: number) => { createdAt: Date }[]) {
  const companies: { id: string; requestIds: string[]; emails: string[] }[] = [];
  for (let i = 0; i < count; i++) {
    const company = await createCompany();
    const requestIds: string[] = [];
    const emails: string[] = [];
    for (const { createdAt } of requests(i)) {
      const person = await createUser(company.id);
      const vacation = await createVacation(company.id, person.id, { startDate: "2027-09-06", endDate: "2027-09-07" });
      await getDb().vacation.update({ where: { id: vacation.id }, data: { createdAt } });
      requestIds.push(vacation.id);
      emails.push(person.email);
    }
    companies.push({ id: company.id, requestIds, emails });
  }
  return companies;
}

// First: this test's clock (2027) sees no other test's requests as overdue, and the next test's
// (created in the real past) are not yet in the database.
describe("auto-approval in batches of companies", () => {
  it("walks every company with a candidate, a bounded number at a time, in id order", async () => {
    const now = new Date("2027-06-16T12:00:00Z"); // a Wednesday
    const due = new Date("2027-06-01T10:00:00Z"); // due on Tuesday 8 June
    // Five calendar days old but three business days: a candidate, not yet due (due Friday 18 June).
    const notDue = new Date("2027-06-11T10:00:00Z");
    const overdue = await seedCompanies(7, (i) => (i === 3 ? [{ createdAt: due }, { createdAt: notDue }] : [{ createdAt: due }, { createdAt: due }]));
    const waiting = await seedCompanies(1, () => [{ createdAt: notDue }]);
    const recent = await seedCompanies(1, () => [{ createdAt: new Date("2027-06-14T10:00:00Z") }]);
    const batches: AutoApprovalBatch[] = [];
    const approved = await runAutoApproval(now, { batchSize: 3, onBatch: (batch) => batches.push(batch) });
    // Eight companies have a candidate (the seven and the waiting one), the recent one none: 3 + 3 + 2.
    expect(batches.map((b) => b.companies)).toEqual([3, 3, 2]);
    expect(batches.reduce((sum, b) => sum + b.candidates, 0)).toBe(7 * 2 + 1);
    expect(batches.reduce((sum, b) => sum + b.approved, 0)).toBe(13);
    const shouldApprove = overdue.flatMap((c, i) => (i === 3 ? c.requestIds.slice(0, 1) : c.requestIds));
    expect([...approved].sort()).toEqual([...shouldApprove].sort());
    const stillPending = [overdue[3].requestIds[1], ...waiting[0].requestIds, ...recent[0].requestIds];
    expect(await getDb().vacation.count({ where: { id: { in: stillPending }, status: "pending" } })).toBe(3);
    // The cursor returns each company in one batch only: a run with one company a batch visits each once.
    const single: AutoApprovalBatch[] = [];
    expect(await runAutoApproval(now, { batchSize: 1, onBatch: (batch) => single.push(batch) })).toEqual([]);
    // Left with candidates: company 3 (its newer request) and the waiting one.
    expect(single.map((b) => [b.companies, b.candidates])).toEqual([
      [1, 1],
      [1, 1],
    ]);
    await settleMail();
  });
});

describe("auto-approval from several processes at once", () => {
  it("approves each overdue request once, with one audit entry and one e-mail each", async () => {
    const db = getDb();
    const monthAgo = new Date(Date.now() - 30 * 86_400_000);
    // Twelve companies of two requests: several batches for the in-process runs below.
    const companies = await seedCompanies(12, () => [{ createdAt: monthAgo }, { createdAt: monthAgo }]);
    const requestIds = companies.flatMap((c) => c.requestIds);
    const emails = companies.flatMap((c) => c.emails);
    // Another process runs the job as `npm run jobs:auto-approve` does (its mail stays in the outbox).
    const code = `import { runAutoApproval } from "./app/models/auto-approval.server";
import { getDb } from "./app/utils/db.server";
const approved = await runAutoApproval();
console.log(JSON.stringify(approved));
await getDb().$disconnect();`;
    const runProcess = () =>
      new Promise<string[]>((resolve, reject) => {
        const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "--eval", code], { env: { ...process.env, SMTP_URL: "" } });
        let out = "";
        let err = "";
        child.stdout.on("data", (chunk) => (out += chunk));
        child.stderr.on("data", (chunk) => (err += chunk));
        child.on("exit", (status) => (status === 0 ? resolve(JSON.parse(out.trim().split("\n").at(-1)!) as string[]) : reject(new Error(err))));
      });
    // Two processes, and two runs of this one with other batch sizes, all at the same moment.
    const runs = await Promise.all([runProcess(), runProcess(), runAutoApproval(new Date(), { batchSize: 2 }), runAutoApproval(new Date(), { batchSize: 5 })]);
    const ours = runs.flat().filter((id) => requestIds.includes(id));
    expect([...ours].sort()).toEqual([...requestIds].sort());
    expect(await db.vacation.count({ where: { id: { in: requestIds }, status: "approved", autoApproved: true } })).toBe(requestIds.length);
    const audits = await db.auditEntry.groupBy({ by: ["entityId"], where: { entityId: { in: requestIds }, action: "vacation.auto_approved" }, _count: { _all: true } });
    expect(audits).toHaveLength(requestIds.length);
    expect(audits.every((row) => row._count._all === 1)).toBe(true);
    await settleMail();
    const mails = await db.emailOutbox.groupBy({ by: ["to"], where: { to: { in: emails } }, _count: { _all: true } });
    expect(mails).toHaveLength(emails.length);
    expect(mails.every((row) => row._count._all === 1)).toBe(true);
  }, 120_000);
});
