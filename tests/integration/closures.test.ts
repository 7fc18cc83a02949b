// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
// Company closures (issue 41, decision 0085): the preview's figures per person (working days by
// their schedule, holidays out; a balance below zero; leave already held; a joiner inside), the
// admin's choices, one approved absence per run of working days, one audit entry, cancelling that
// removes exactly those absences, tenant isolation and roles.
import { beforeAll, describe, expect, it } from "vitest";
import { bookClosure, cancelClosure, listClosures, previewClosure, type ClosureInput } from "~/models/closure.server";
import { getDb } from "~/utils/db.server";
import type { SignedInViewer } from "~/utils/auth.server";
import { createCompany, createTeam, createUser, createVacation, viewerFor } from "../support/factories";

let admin: SignedInViewer;
let employee: SignedInViewer;
let globexAdmin: SignedInViewer;
let ids: Record<string, string>;
let companyId: string;

// Wednesday 24 December 2031 to Friday 2 January 2032; 25 December a holiday.
const closure: ClosureInput = { name: "Christmas", startDate: "2031-12-24", endDate: "2032-01-02", categoryId: "yearly_allowance", teamIds: null };

beforeAll(async () => {
  const db = getDb();
  companyId = (await createCompany("Closing")).id;
  const globexId = (await createCompany("Globex")).id;
  const team = await createTeam(companyId, "Ops");
  const other = await createTeam(companyId, "Sales");
  const boss = await createUser(companyId, { role: "admin", fullName: "Zé Admin" });
  const ana = await createUser(companyId, { fullName: "Ana", teamId: team.id });
  const bia = await createUser(companyId, { fullName: "Bia", teamId: team.id });
  const caio = await createUser(companyId, { fullName: "Caio", teamId: other.id });
  const dina = await createUser(companyId, { fullName: "Dina" });
  const eli = await createUser(companyId, { fullName: "Eli" });
  const gil = await createUser(companyId, { fullName: "Gil" });
  const later = await createUser(companyId, { fullName: "Later" });
  const globexBoss = await createUser(globexId, { role: "admin" });
  const globexTeam = await createTeam(globexId, "Globex team");
  await db.user.update({ where: { id: dina.id }, data: { firstDay: "2031-12-30" } });
  await db.user.update({ where: { id: later.id }, data: { firstDay: "2032-01-05" } });
  await db.holiday.create({ data: { companyId, date: "2031-12-25", name: "Natal", isRecurring: false } });
  const everyone = [boss, ana, bia, caio, dina, eli, gil];
  await db.allowance.createMany({
    data: everyone.flatMap((user) => [2031, 2032].map((year) => ({ companyId, userId: user.id, year, yearly: user.id === bia.id && year === 2031 ? 3 : 22 }))),
  });
  // Eli works Monday to Wednesday; Gil only Sundays, and the Sunday inside is covered by leave.
  await db.workSchedule.createMany({
    data: [
      { companyId, userId: eli.id, validFrom: "2031-01-01", cycleWeeks: 1, days: JSON.stringify([1, 2, 3].map((weekday) => ({ weekday, hours: 8 }))) },
      { companyId, userId: gil.id, validFrom: "2031-01-01", cycleWeeks: 1, days: JSON.stringify([{ weekday: 7, hours: 8 }]) },
    ],
  });
  const held = await createVacation(companyId, caio.id, { startDate: "2031-12-29", endDate: "2031-12-31", status: "approved" });
  await createVacation(companyId, gil.id, { startDate: "2031-12-28", endDate: "2031-12-28", status: "approved" });
  const outside = await createVacation(companyId, ana.id, { startDate: "2031-12-01", endDate: "2031-12-02", status: "approved" });
  ids = { later: later.id, team: team.id, other: other.id, boss: boss.id, ana: ana.id, bia: bia.id, caio: caio.id, dina: dina.id, eli: eli.id, gil: gil.id, held: held.id, outside: outside.id, globexTeam: globexTeam.id };
  admin = await viewerFor(boss);
  employee = await viewerFor(ana);
  globexAdmin = await viewerFor(globexBoss);
});

describe("closure preview", () => {
  it("charges each person's working days, holidays out, and names the cases", async () => {
    const preview = await previewClosure(admin, closure);
    const of = (id: string) => preview.people.find((person) => person.userId === id)!;
    expect(of(ids.ana)).toMatchObject({ days: 7, cases: [], segments: [{ startDate: "2031-12-24", endDate: "2032-01-02" }] });
    // 5 working days of 2031 against 3 left.
    expect(of(ids.bia)).toMatchObject({ days: 7, cases: ["negative"], shortfall: { year: 2031, remaining: 3, requested: 5 } });
    // The days already on leave stay that absence's: two runs around it.
    expect(of(ids.caio)).toMatchObject({
      days: 4,
      cases: ["onLeave"],
      onLeave: [{ startDate: "2031-12-29", endDate: "2031-12-31" }],
      segments: [
        { startDate: "2031-12-24", endDate: "2031-12-26" },
        { startDate: "2032-01-01", endDate: "2032-01-02" },
      ],
    });
    // A joiner on 30 December earns no day of 2031's allowance (pro-rata): below zero too.
    expect(of(ids.dina)).toMatchObject({ days: 4, cases: ["negative", "joins"], joins: "2031-12-30", segments: [{ startDate: "2031-12-30", endDate: "2032-01-02" }] });
    // Monday to Wednesday: 24, 29, 30, 31 December; nothing in January.
    expect(of(ids.eli)).toMatchObject({ days: 4, cases: [], segments: [{ startDate: "2031-12-24", endDate: "2031-12-31" }] });
    // Nothing to book, so nothing to decide.
    expect(of(ids.gil)).toMatchObject({ days: 0, segments: [], cases: [], onLeave: [{ startDate: "2031-12-28", endDate: "2031-12-28" }] });
    // Joining after the closure: not covered.
    expect(preview.people.some((person) => person.userId === ids.later)).toBe(false);
    expect(preview.otherCategoryIds).toContain("unpaid_leave");
    expect(preview.otherCategoryIds).not.toContain("yearly_allowance");
  });

  it("covers only the members of the teams chosen", async () => {
    const preview = await previewClosure(admin, { ...closure, teamIds: [ids.team] });
    expect(preview.people.map((person) => person.userId).sort()).toEqual([ids.ana, ids.bia].sort());
  });

  it("refuses another company's team or type, and employees", async () => {
    await expect(previewClosure(admin, { ...closure, teamIds: [ids.team, ids.globexTeam] })).rejects.toMatchObject({ status: 400, code: "invalid_team" });
    await expect(previewClosure(globexAdmin, { ...closure, teamIds: [ids.team] })).rejects.toMatchObject({ status: 400, code: "invalid_team" });
    await expect(previewClosure(admin, { ...closure, categoryId: "nope" })).rejects.toMatchObject({ status: 400, code: "invalid_category" });
    await expect(previewClosure(employee, closure)).rejects.toMatchObject({ status: 403 });
    await expect(bookClosure(employee, closure, { all: { kind: "charge" }, byUser: {} })).rejects.toMatchObject({ status: 403 });
    // A case charged to a type the company does not have (another company's) books nothing.
    await expect(bookClosure(admin, closure, { all: { kind: "type", categoryId: "nope" }, byUser: {} })).rejects.toMatchObject({ status: 400, code: "invalid_category" });
    expect(await getDb().closure.count({ where: { companyId } })).toBe(0);
    await expect(previewClosure(admin, { ...closure, endDate: "2032-03-30" })).rejects.toMatchObject({ code: "closure_too_long" });
  });
});

describe("booking and cancelling a closure", () => {
  it("books what the choices say, audits it once, and cancelling removes exactly those absences", async () => {
    const db = getDb();
    const booked = await bookClosure(admin, closure, {
      all: { kind: "charge" },
      byUser: { [ids.bia]: { kind: "skip" }, [ids.dina]: { kind: "type", categoryId: "unpaid_leave" }, [ids.ana]: { kind: "skip" } },
    });
    const rows = await db.vacation.findMany({ where: { closureId: booked.closure.id }, select: { id: true, userId: true, categoryId: true, startDate: true, endDate: true, status: true } });
    const byUser = (id: string) => rows.filter((row) => row.userId === id).sort((a, b) => (a.startDate < b.startDate ? -1 : 1));
    // Ana has no case: a choice for her changes nothing.
    expect(byUser(ids.ana)).toMatchObject([{ startDate: "2031-12-24", endDate: "2032-01-02", categoryId: "yearly_allowance", status: "approved" }]);
    expect(byUser(ids.bia)).toEqual([]);
    expect(byUser(ids.caio).map((row) => row.startDate)).toEqual(["2031-12-24", "2032-01-01"]);
    expect(byUser(ids.dina)).toMatchObject([{ categoryId: "unpaid_leave", startDate: "2031-12-30" }]);
    expect(byUser(ids.gil)).toEqual([]);
    expect(rows.every((row) => row.status === "approved")).toBe(true);

    const audits = await db.auditEntry.findMany({ where: { companyId, entityId: booked.closure.id }, select: { action: true, details: true } });
    expect(audits).toHaveLength(1);
    expect(audits[0].action).toBe("closure.booked");
    const details = JSON.parse(audits[0].details) as { absences: { id: string }[]; skipped: { user_id: string }[] };
    expect(details.absences.map((row) => row.id).sort()).toEqual(rows.map((row) => row.id).sort());
    expect(details.skipped.map((row) => row.user_id)).toContain(ids.bia);

    // A second closure over the same days finds them taken: nothing more for those people.
    const again = await previewClosure(admin, closure);
    expect(again.people.find((person) => person.userId === ids.ana)).toMatchObject({ days: 0, cases: [], onLeave: [{ startDate: "2031-12-24", endDate: "2032-01-02" }] });

    const listed = await listClosures(admin);
    expect(listed).toMatchObject([{ id: booked.closure.id, absences: rows.length, cancelledAt: null }]);
    expect(await listClosures(globexAdmin)).toEqual([]);
    await expect(cancelClosure(globexAdmin, booked.closure.id)).rejects.toMatchObject({ status: 404 });

    const cancelled = await cancelClosure(admin, booked.closure.id);
    expect(cancelled.removed).toBe(rows.length);
    expect(await db.vacation.count({ where: { closureId: booked.closure.id } })).toBe(0);
    expect(await db.vacation.count({ where: { id: { in: [ids.held, ids.outside] } } })).toBe(2);
    expect(await db.auditEntry.count({ where: { companyId, entityId: booked.closure.id, action: "closure.cancelled" } })).toBe(1);
    await expect(cancelClosure(admin, booked.closure.id)).rejects.toMatchObject({ status: 404 });
  });
});
