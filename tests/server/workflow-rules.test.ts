/** The workflow rules alone (docs/access.md "Workflow rules"), on plain states: each allowed and refused. */
import { describe, expect, it } from "vitest";
import { completeRefusal, dateRefusal, MILESTONES, milestoneRefusal, type ProgressState } from "../../src/contract";

const NOTHING: ProgressState = {
  isWorkPermitApproved: false,
  isGadgetPublished: false,
  isVisaApplied: false,
  isVisaGranted: false,
  isBMETApproved: false,
  isFlightScheduled: false,
  visaIssueDate: null,
  visaExpireDate: null,
  flightScheduleDate: null,
};
const state = (changes: Partial<ProgressState>): ProgressState => ({ ...NOTHING, ...changes });
const GRANTED = state({ isVisaApplied: true, isVisaGranted: true });
const READY = state({
  ...Object.fromEntries(MILESTONES.map((m) => [m.field, true])),
  visaIssueDate: "2026-01-15",
  visaExpireDate: "2027-01-14",
  flightScheduleDate: "2026-03-01T04:30:00.000Z",
});

describe("milestones", () => {
  it("have no order among work permit, gazette, visa applied and BMET", () => {
    for (const field of ["isWorkPermitApproved", "isGadgetPublished", "isVisaApplied", "isBMETApproved"] as const) {
      expect(milestoneRefusal(NOTHING, field, true), field).toBeUndefined();
      expect(milestoneRefusal(state({ [field]: true }), field, false), field).toBeUndefined();
    }
  });

  it("grant the visa only once it was applied for", () => {
    expect(milestoneRefusal(NOTHING, "isVisaGranted", true)).toBe("Visa Granted needs Visa Applied to be Done first");
    expect(milestoneRefusal(state({ isVisaApplied: true }), "isVisaGranted", true)).toBeUndefined();
  });

  it("schedule the flight only once the visa is granted and BMET has approved", () => {
    expect(milestoneRefusal(state({ isVisaApplied: true }), "isFlightScheduled", true)).toBe(
      "Flight Scheduled needs Visa Granted and BMET Approved to be Done first",
    );
    expect(milestoneRefusal(GRANTED, "isFlightScheduled", true)).toBe("Flight Scheduled needs BMET Approved to be Done first");
    expect(milestoneRefusal({ ...GRANTED, isBMETApproved: true }, "isFlightScheduled", true)).toBeUndefined();
  });

  it("go back to Processing only when nothing that follows them still stands", () => {
    expect(milestoneRefusal(GRANTED, "isVisaApplied", false)).toBe("Visa Applied cannot go back to Processing while Visa Granted is Done");
    expect(milestoneRefusal({ ...GRANTED, visaIssueDate: "2026-01-15" }, "isVisaGranted", false)).toBe(
      "Visa Granted cannot go back to Processing while the visa issue date is set",
    );
    expect(milestoneRefusal(READY, "isBMETApproved", false)).toBe(
      "BMET Approved cannot go back to Processing while Flight Scheduled is Done and the flight date is set",
    );
    expect(milestoneRefusal(GRANTED, "isVisaGranted", false)).toBeUndefined();
    expect(milestoneRefusal(READY, "isFlightScheduled", false)).toBeUndefined();
  });

  it("may always be set to the value they have", () => {
    expect(milestoneRefusal(NOTHING, "isFlightScheduled", false)).toBeUndefined();
    expect(milestoneRefusal(READY, "isVisaApplied", true)).toBeUndefined();
  });
});

describe("dates", () => {
  it("set the visa issue date only once the visa is granted", () => {
    expect(dateRefusal(state({ isVisaApplied: true }), "visaIssueDate", "2026-01-15")).toBe("Visa issue date needs Visa Granted to be Done first");
    expect(dateRefusal(GRANTED, "visaIssueDate", "2026-01-15")).toBeUndefined();
  });

  it("set the visa expiry date after the visa issue date", () => {
    expect(dateRefusal(NOTHING, "visaExpireDate", "2027-01-14")).toBe("Visa expiry date needs Visa Granted to be Done first");
    expect(dateRefusal(GRANTED, "visaExpireDate", "2027-01-14")).toBe("Set the visa issue date before the visa expiry date");
    const issued = { ...GRANTED, visaIssueDate: "2026-01-15" };
    expect(dateRefusal(issued, "visaExpireDate", "2026-01-15")).toBe("The visa expiry date must be after the visa issue date (15/01/2026)");
    expect(dateRefusal(issued, "visaExpireDate", "2025-12-31")).toBe("The visa expiry date must be after the visa issue date (15/01/2026)");
    expect(dateRefusal(issued, "visaExpireDate", "2026-01-16")).toBeUndefined();
  });

  it("keep the visa issue date before the expiry date, and clear them expiry first", () => {
    const dated = { ...GRANTED, visaIssueDate: "2026-01-15", visaExpireDate: "2027-01-14" };
    expect(dateRefusal(dated, "visaIssueDate", "2027-01-14")).toBe("The visa issue date must be before the visa expiry date (14/01/2027)");
    expect(dateRefusal(dated, "visaIssueDate", "2026-02-01")).toBeUndefined();
    expect(dateRefusal(dated, "visaIssueDate", null)).toBe("Clear the visa expiry date before the visa issue date");
    expect(dateRefusal(dated, "visaExpireDate", null)).toBeUndefined();
  });

  it("set the flight date only once the visa is granted and BMET has approved", () => {
    expect(dateRefusal(GRANTED, "flightScheduleDate", "2026-03-01T04:30:00.000Z")).toBe("Flight date needs BMET Approved to be Done first");
    expect(dateRefusal({ ...GRANTED, isBMETApproved: true }, "flightScheduleDate", "2026-03-01T04:30:00.000Z")).toBeUndefined();
    expect(dateRefusal(NOTHING, "flightScheduleDate", null)).toBeUndefined();
  });
});

describe("Mark as Done", () => {
  it("waits for every milestone and the three dates, naming what is missing", () => {
    expect(completeRefusal(READY)).toBeUndefined();
    expect(completeRefusal(NOTHING)).toBe(
      "Mark as Done needs every milestone Done and the visa and flight dates set; missing: Work Permit, Gadget Published, Visa Applied, " +
        "Visa Granted, BMET Approved, Flight Scheduled, the visa issue date, the visa expiry date, the flight date",
    );
    expect(completeRefusal({ ...READY, isGadgetPublished: false, flightScheduleDate: null })).toBe(
      "Mark as Done needs every milestone Done and the visa and flight dates set; missing: Gadget Published, the flight date",
    );
  });
});
