import { describe, expect, it } from "vitest";
import { readLeaveRequest, storedRequest } from "~/lib/leave-request";

const day = { startDate: "2027-03-03", endDate: "2027-03-03" };

describe("readLeaveRequest", () => {
  it("reads times on one day, hours a day over a range, or whole days for an hour category", () => {
    expect(readLeaveRequest({ ...day, startTime: "09:00", endTime: "24:00" }, "hour")).toEqual({ ok: true, request: { kind: "time", date: "2027-03-03", startTime: "09:00", endTime: "24:00" } });
    expect(readLeaveRequest({ startDate: "2027-03-01", endDate: "2027-03-05", hoursPerDay: 0.25 }, "hour")).toMatchObject({ ok: true, request: { kind: "hours", hoursPerDay: 0.25 } });
    expect(readLeaveRequest({ ...day, halfDayStart: true, startTime: "", endTime: "" }, "hour")).toMatchObject({ ok: true, request: { halfDayStart: true } });
  });

  it("names the field and the message of what it refuses", () => {
    expect(readLeaveRequest({ ...day, startTime: "09:00", endTime: "10:00" }, "day")).toEqual({ ok: false, problem: { key: "hours.errors.dayCategory", field: "startTime" } });
    expect(readLeaveRequest({ ...day, startTime: "24:00", endTime: "24:00" }, "hour")).toMatchObject({ ok: false, problem: { field: "startTime" } });
    expect(readLeaveRequest({ ...day, startTime: "09:00" }, "hour")).toMatchObject({ ok: false, problem: { key: "hours.errors.endTimeRequired" } });
    expect(readLeaveRequest({ ...day, hoursPerDay: 24.25 }, "hour")).toMatchObject({ ok: false, problem: { key: "hours.errors.hoursPerDay" } });
  });
});

describe("storedRequest", () => {
  it("makes again the request a row was made as", () => {
    const row = { ...day, halfDayStart: false, halfDayEnd: false };
    expect(storedRequest({ ...row, startTime: "09:00", endTime: "13:00", hoursPerDay: null })).toMatchObject({ kind: "time" });
    expect(storedRequest({ ...row, startTime: null, endTime: null, hoursPerDay: 4 })).toMatchObject({ kind: "hours", hoursPerDay: 4 });
    expect(storedRequest({ ...row, startTime: null, endTime: null, hoursPerDay: null }).kind).toBeUndefined();
  });
});
