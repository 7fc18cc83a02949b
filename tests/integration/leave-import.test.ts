// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
// The import of a company switching tools (issue 43, decision 0086): the preview's per-line errors
// and figures with nothing written, the import in one go with one audit entry, a second run that
// creates nothing, balances that read what the file says, another company's people never
// matched, and employees refused.
import { beforeAll, describe, expect, it } from "vitest";
import { previewLeaveImport, runLeaveImport } from "~/models/leave-import.server";
import { loadBalanceInputs } from "~/models/balance.server";
import { getDb } from "~/utils/db.server";
import type { SignedInViewer } from "~/utils/auth.server";
import { createCompany, createUser, createVacation, viewerFor } from "../support/factories";

let admin: SignedInViewer;
let employee: SignedInViewer;
let companyId: string;
let ana: { id: string; email: string };
let rui: { id: string; email: string };
let foreign: { email: string };

beforeAll(async () => {
  companyId = (await createCompany("Switching")).id;
  const globexId = (await createCompany("Globex")).id;
  const boss = await createUser(companyId, { role: "admin" });
  ana = await createUser(companyId, { fullName: "Ana" });
  rui = await createUser(companyId, { fullName: "Rui" });
  foreign = await createUser(globexId, { fullName: "Outsider" });
  admin = await viewerFor(boss);
  employee = await viewerFor(ana);
  // Already booked here: Rui is away 2 to 4 March 2026.
  await createVacation(companyId, rui.id, { startDate: "2026-03-02", endDate: "2026-03-04", status: "approved" });
});

const balancesFile = () =>
  [
    "email;year;allowance;carried_over;already_taken",
    `${ana.email};2026;22;3;5`,
    `${rui.email};2026;22;0;10,5`,
    `${foreign.email};2026;22;0;0`,
    `nobody@nowhere.test;2026;22;0;0`,
    `${ana.email};2027;22,3;0;0`,
    `${ana.email};2026;20;0;0`,
    `${rui.email};2025;5;0;6`,
  ].join("\n");

const absencesFile = () =>
  [
    "email;type;start;end;half_day_start;half_day_end;status",
    `${ana.email};yearly_allowance;2026-01-12;2026-01-16;no;no;approved`,
    `${ana.email};Sick leave;2026-02-02;2026-02-02;no;no;approved`,
    `${ana.email};yearly_allowance;2026-01-15;2026-01-20;no;no;pending`,
    `${ana.email};yearly_allowance;2026-01-15;2026-01-20;no;no;cancelled`,
    `${rui.email};yearly_allowance;2026-03-03;2026-03-03;no;no;approved`,
    `${rui.email};holiday_trip;2026-04-01;2026-04-01;no;no;approved`,
    `${rui.email};yearly_allowance;01/04/2026;2026-04-01;no;no;approved`,
    `${rui.email};yearly_allowance;2026-04-06;2026-04-07;yes;no;approved`,
    `${foreign.email};yearly_allowance;2026-05-04;2026-05-04;no;no;approved`,
    `${rui.email};yearly_allowance;2026-05-04;2026-05-04;no;no;maybe`,
  ].join("\r\n");

describe("opening balances", () => {
  it("previews per-line errors and the balances after the import, writing nothing", async () => {
    const plan = await previewLeaveImport(admin, "balances", balancesFile());
    expect(plan.errors.map((error) => [error.line, error.key])).toEqual([
      [4, "leaveImport.errors.unknownPerson"],
      [5, "leaveImport.errors.unknownPerson"],
      [6, "leaveImport.errors.halfDays"],
      [7, "leaveImport.errors.repeatedYear"],
      [8, "leaveImport.errors.takenTooMuch"],
    ]);
    expect(plan.balances.map((row) => [row.name, row.year, row.remaining, row.change])).toEqual([
      ["Ana", 2026, 20, "new"],
      ["Rui", 2026, 11.5, "new"],
    ]);
    expect(plan.counts).toEqual({ created: 2, skipped: 0, errors: 5 });
    expect(await getDb().allowance.count({ where: { companyId } })).toBe(0);
  });

  it("imports them so the balance reads what the file says, once, with one audit entry", async () => {
    const first = await runLeaveImport(admin, "balances", balancesFile());
    expect(first.counts.created).toBe(2);
    const inputs = await loadBalanceInputs(getDb(), companyId, { fromYear: 2026, toYear: 2026, userIds: [ana.id, rui.id] });
    const left = (userId: string) => {
      const balances = inputs.balancesOf(userId, 2026);
      return balances.yearly.remaining + balances.residual.remaining;
    };
    expect(left(ana.id)).toBe(20);
    // Rui's 3 days booked here come on top of what the old tool says he took.
    expect(left(rui.id)).toBe(11.5 - 3);
    const again = await runLeaveImport(admin, "balances", balancesFile());
    expect(again.counts).toMatchObject({ created: 0, skipped: 2 });
    expect(await getDb().allowance.count({ where: { companyId } })).toBe(2);
    expect(await getDb().auditEntry.count({ where: { companyId, action: "leave_import.balances" } })).toBe(1);
    // A changed figure replaces the year's.
    const changed = await previewLeaveImport(admin, "balances", `email;year;allowance;carried_over;already_taken\n${ana.email};2026;25;3;5\n`);
    expect(changed.balances[0]).toMatchObject({ remaining: 23, change: "changed" });
  });
});

describe("past absences", () => {
  it("previews per-line errors (unknown person or type, bad dates, overlaps) and writes nothing", async () => {
    const before = await getDb().vacation.count({ where: { companyId } });
    const plan = await previewLeaveImport(admin, "absences", absencesFile());
    expect(plan.errors.map((error) => [error.line, error.key])).toEqual([
      [4, "leaveImport.errors.overlapsLine"],
      [6, "leaveImport.errors.overlaps"],
      [7, "leaveImport.errors.unknownType"],
      [8, "leaveImport.errors.date"],
      [10, "leaveImport.errors.unknownPerson"],
      [11, "leaveImport.errors.status"],
    ]);
    // The cancelled one overlaps nothing: cancelled absences hold no dates.
    expect(plan.counts).toEqual({ created: 4, skipped: 0, errors: 6 });
    expect(plan.people).toEqual([
      { email: ana.email, name: "Ana", created: 3, skipped: 0 },
      { email: rui.email, name: "Rui", created: 1, skipped: 0 },
    ]);
    expect(await getDb().vacation.count({ where: { companyId } })).toBe(before);
  });

  it("imports them once: the same file again creates nothing", async () => {
    const before = await getDb().vacation.count({ where: { companyId } });
    const first = await runLeaveImport(admin, "absences", absencesFile());
    expect(first.counts.created).toBe(4);
    const rows = await getDb().vacation.findMany({ where: { companyId, userId: ana.id }, orderBy: { startDate: "asc" }, select: { categoryId: true, startDate: true, status: true } });
    expect(rows).toEqual([
      { categoryId: "yearly_allowance", startDate: "2026-01-12", status: "approved" },
      { categoryId: "yearly_allowance", startDate: "2026-01-15", status: "cancelled" },
      { categoryId: "sick_leave", startDate: "2026-02-02", status: "approved" },
    ]);
    const halfDay = await getDb().vacation.findFirstOrThrow({ where: { companyId, userId: rui.id, startDate: "2026-04-06" } });
    expect(halfDay).toMatchObject({ halfDayStart: true, halfDayEnd: false });
    const again = await runLeaveImport(admin, "absences", absencesFile());
    // Line 4 now matches the cancelled absence of line 5 (same person, type and dates): skipped too.
    expect(again.counts).toMatchObject({ created: 0, skipped: 5 });
    expect(await getDb().vacation.count({ where: { companyId } })).toBe(before + 4);
    const audit = await getDb().auditEntry.findMany({ where: { companyId, action: "leave_import.absences" } });
    expect(audit).toHaveLength(1);
  });

  it("never matches another company's people, and refuses employees", async () => {
    expect(await getDb().vacation.count({ where: { user: { email: foreign.email } } })).toBe(0);
    await expect(previewLeaveImport(employee, "absences", absencesFile())).rejects.toMatchObject({ status: 403 });
    await expect(runLeaveImport(employee, "balances", balancesFile())).rejects.toMatchObject({ status: 403 });
  });

  it("refuses a file with another header whole", async () => {
    await expect(previewLeaveImport(admin, "absences", "date,name,country_code,is_recurring\n2026-01-01,x,PT,false\n")).rejects.toMatchObject({ status: 400, message: "leaveImport.errors.header" });
  });
});
