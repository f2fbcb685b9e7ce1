import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import {
  DATE_INPUT_FORMATS,
  DATE_TIME_INPUT_FORMATS,
  formatDate,
  formatDateTime,
  formatMoney,
  groupLakh,
  parseDate,
  toWireDate,
} from "../../src/format";

describe("dates read day first (DD/MM/YYYY)", () => {
  it("shows a wire date as DD/MM/YYYY on the same calendar day, whatever the time zone", () => {
    expect(formatDate("2026-05-12")).toBe("12/05/2026");
    expect(formatDate("2024-12-31")).toBe("31/12/2024");
    expect(formatDate("2024-01-01")).toBe("01/01/2024");
  });

  it("reads 12 May as 12/05, not as month first", () => {
    expect(formatDate("2026-05-12")).not.toBe("05/12/2026");
  });

  it("shows a date-time as DD/MM/YYYY HH:mm in local time, without seconds", () => {
    const local = new Date(2026, 4, 12, 14, 30, 45);
    expect(formatDateTime(local.toISOString())).toBe("12/05/2026 14:30");
    expect(formatDateTime(new Date(2026, 0, 2, 7, 5).toISOString())).toBe("02/01/2026 07:05");
  });

  it('shows "---" for missing and unreadable values', () => {
    for (const value of [null, undefined, "", "not a date", "2026-13-40"]) {
      expect(formatDate(value)).toBe("---");
      expect(formatDateTime(value)).toBe("---");
    }
  });

  it("turns a picked date back into the wire's YYYY-MM-DD", () => {
    expect(toWireDate(parseDate("2026-05-12"))).toBe("2026-05-12");
    expect(toWireDate(null)).toBeNull();
  });

  it("accepts typed dates day first, with one-digit parts, hyphens, or in the wire form", () => {
    const typed = (text: string) => dayjs(text, DATE_INPUT_FORMATS, true);
    for (const text of ["12/05/2026", "12/5/2026", "12-05-2026", "2026-05-12"]) {
      expect(toWireDate(typed(text)), text).toBe("2026-05-12");
    }
    expect(typed("31/02/2026").isValid()).toBe(false);
    expect(dayjs("12/05/2026 09:15", DATE_TIME_INPUT_FORMATS, true).format("YYYY-MM-DD HH:mm")).toBe("2026-05-12 09:15");
  });
});

describe("money in taka with lakh grouping", () => {
  it("groups the last three digits, then by twos (lakh, crore)", () => {
    expect(formatMoney(400000)).toBe("৳4,00,000");
    expect(formatMoney(12345678)).toBe("৳1,23,45,678");
    expect(formatMoney(999)).toBe("৳999");
    expect(formatMoney(1000)).toBe("৳1,000");
    expect(formatMoney(100000)).toBe("৳1,00,000");
    expect(formatMoney(2147483647)).toBe("৳2,14,74,83,647");
    expect(formatMoney(0)).toBe("৳0");
  });

  it("shows paisa only when there are any, and a minus sign before the symbol", () => {
    expect(formatMoney(1500.5)).toBe("৳1,500.50");
    expect(formatMoney(-250000)).toBe("-৳2,50,000");
    expect(formatMoney("75000")).toBe("৳75,000");
  });

  it('shows "---" when there is no amount', () => {
    expect(formatMoney(null)).toBe("---");
    expect(formatMoney(undefined)).toBe("---");
    expect(formatMoney("")).toBe("---");
    expect(formatMoney("abc")).toBe("---");
  });

  it("groups digit strings of any length", () => {
    expect(groupLakh("1")).toBe("1");
    expect(groupLakh("12345")).toBe("12,345");
    expect(groupLakh("123456789")).toBe("12,34,56,789");
  });
});
