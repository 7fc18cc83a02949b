import { describe, expect, it } from "vitest";
import { apiVacationSchema } from "~/lib/schemas/api-responses";
import { serializeVacation, type VacationRow } from "~/models/vacation.server";

const row = (changes: Partial<VacationRow> = {}): VacationRow => ({
  id: "v1",
  userId: "u1",
  categoryId: "yearly_allowance",
  startDate: "2027-03-01",
  endDate: "2027-03-02",
  halfDayStart: false,
  halfDayEnd: true,
  status: "approved",
  companyId: "c1",
  description: "Beach",
  notificationRecipients: '{"type":"team_admins"}',
  reviewerId: "u2",
  reviewedAt: new Date("2027-02-01T10:00:00.000Z"),
  autoApproved: false,
  createdAt: new Date("2027-01-31T09:30:00.000Z"),
  startTime: null,
  endTime: null,
  hoursPerDay: null,
  ...changes,
});

// What every answer starts with, its reason shown or hidden.
const LEADING_KEYS = [
  "id",
  "user_id",
  "start_date",
  "end_date",
  "half_day_start",
  "half_day_end",
  "status",
  "description",
  "absence_category_id",
  "notification_recipients",
];

describe("serializeVacation", () => {
  it("writes the API's names in the API's order, working days last when given", () => {
    const written = serializeVacation(row(), 2);
    expect(Object.keys(written)).toEqual([
      ...LEADING_KEYS,
      "reviewer_id",
      "reviewed_at",
      "auto_approved",
      "created_at",
      "start_time",
      "end_time",
      "hours_per_day",
      "unit",
      "working_days",
    ]);
    expect(written).toMatchObject({ reviewed_at: "2027-02-01T10:00:00.000Z", created_at: "2027-01-31T09:30:00.000Z", working_days: 2 });
    expect(apiVacationSchema.safeParse(written).success).toBe(true);
    expect("working_days" in serializeVacation(row())).toBe(false);
  });

  it("gives each vacation the recipients it stores, parsed once for all that store the same text", () => {
    const custom = '{"type":"custom","emails":["a@x.test","b@x.test"]}';
    const answers = [row(), row({ notificationRecipients: custom }), row(), row({ notificationRecipients: custom })].map((v) => serializeVacation(v));
    expect(JSON.parse(JSON.stringify(answers.map((a) => a.notification_recipients)))).toEqual([
      { type: "team_admins" },
      { type: "custom", emails: ["a@x.test", "b@x.test"] },
      { type: "team_admins" },
      { type: "custom", emails: ["a@x.test", "b@x.test"] },
    ]);
    // Shared between answers, so nobody may change one in place.
    const shared = answers[1].notification_recipients as { emails: string[] };
    expect(Object.isFrozen(shared) && Object.isFrozen(shared.emails)).toBe(true);
  });

  it("keeps each text's own recipients past the most texts it remembers", () => {
    const texts = Array.from({ length: 600 }, (_, i) => JSON.stringify({ type: "custom", emails: [`p${i}@x.test`] }));
    for (const round of [0, 1]) {
      texts.forEach((text, i) => {
        expect(serializeVacation(row({ notificationRecipients: text })).notification_recipients, `round ${round}, text ${i}`).toEqual({ type: "custom", emails: [`p${i}@x.test`] });
      });
    }
  });

  it("carries a request in hours: its times, its category's unit and the hours charged", () => {
    const written = serializeVacation(row({ startDate: "2027-03-01", endDate: "2027-03-01", halfDayEnd: false, startTime: "09:00", endTime: "13:00" }), 1, { unit: "hour", hours: 4 });
    expect(written).toMatchObject({ start_time: "09:00", end_time: "13:00", hours_per_day: null, unit: "hour", working_days: 1, hours: 4 });
    expect(apiVacationSchema.safeParse(written).success).toBe(true);
  });

  it("leaves out the reason when it is hidden", () => {
    const written = serializeVacation(row({ reasonHidden: true }), 3);
    expect(Object.keys(written)).toEqual([
      ...LEADING_KEYS,
      "reason_hidden",
      "created_at",
      "start_time",
      "end_time",
      "hours_per_day",
      "working_days",
    ]);
    expect(written).toMatchObject({ description: "", absence_category_id: null, notification_recipients: null, reason_hidden: true, working_days: 3 });
  });
});
