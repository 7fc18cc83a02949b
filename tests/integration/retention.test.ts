// What the outboxes keep once their work is done (app/models/retention.server.ts): finished webhook
// deliveries and sent e-mails for 30 days, digest claims for a week; nothing still to be sent.
import { expect, it } from "vitest";
import { pruneFinishedRecords } from "~/models/retention.server";
import { getDb } from "~/utils/db.server";
import { createCompany, createUser } from "../support/factories";

const NOW = new Date("2027-06-30T12:00:00Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60_000);

it("prunes finished deliveries, sent e-mails and old digest claims, and keeps what is pending or recent", async () => {
  const db = getDb();
  const company = await createCompany("Keeper");
  const user = await createUser(company.id, { email: "kim@keeper.test" });
  const endpoint = await db.webhookEndpoint.create({ data: { companyId: company.id, url: "https://hooks.keeper.test/", events: "[]", secret: "whsec_x" } });
  const delivery = (eventId: string, status: string, createdAt: Date) =>
    db.webhookDelivery.create({ data: { endpointId: endpoint.id, eventId, event: "absence.requested", payload: "{}", status, createdAt } });
  await delivery("old-delivered", "delivered", daysAgo(31));
  await delivery("old-failed", "failed", daysAgo(40));
  await delivery("old-pending", "pending", daysAgo(45));
  await delivery("recent-delivered", "delivered", daysAgo(29));
  const mail = (subject: string, sentAt: Date | null) => db.emailOutbox.create({ data: { companyId: company.id, to: "kim@keeper.test", subject, text: "…", sentAt } });
  await mail("old sent", daysAgo(31));
  await mail("recent sent", daysAgo(2));
  await mail("never sent", null);
  for (const date of ["2027-06-22", "2027-06-23", "2027-06-30"]) await db.digestSend.create({ data: { companyId: company.id, userId: user.id, date } });
  const chat = await db.chatIntegration.create({ data: { companyId: company.id, teamsWebhookUrl: "https://teams.keeper.test/hook" } });
  const vacation = await db.vacation.create({ data: { companyId: company.id, userId: user.id, startDate: "2027-06-01", endDate: "2027-06-01" } });
  const message = (status: string, createdAt: Date) => db.chatMessage.create({ data: { integrationId: chat.id, companyId: company.id, target: "teams", vacationId: vacation.id, status, createdAt } });
  await message("sent", daysAgo(31));
  await message("pending", daysAgo(31));
  for (const date of ["2027-06-22", "2027-06-30"]) await db.chatDailyPost.create({ data: { integrationId: chat.id, target: "teams", date } });

  expect(await pruneFinishedRecords(NOW)).toEqual({ webhookDeliveries: 2, sentEmails: 1, digestClaims: 1, chatMessages: 1, chatPostClaims: 1 });
  expect((await db.webhookDelivery.findMany({ select: { eventId: true }, orderBy: { eventId: "asc" } })).map((row) => row.eventId)).toEqual(["old-pending", "recent-delivered"]);
  expect((await db.emailOutbox.findMany({ where: { companyId: company.id }, select: { subject: true }, orderBy: { subject: "asc" } })).map((row) => row.subject)).toEqual(["never sent", "recent sent"]);
  expect((await db.digestSend.findMany({ select: { date: true }, orderBy: { date: "asc" } })).map((row) => row.date)).toEqual(["2027-06-23", "2027-06-30"]);
  // Again: nothing more to prune.
  expect(await pruneFinishedRecords(NOW)).toEqual({ webhookDeliveries: 0, sentEmails: 0, digestClaims: 0, chatMessages: 0, chatPostClaims: 0 });
  expect(await db.chatMessage.count()).toBe(1);
});
