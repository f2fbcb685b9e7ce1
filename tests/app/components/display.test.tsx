import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  displayStatus,
  ProgressFlag,
  serialNumber,
  showTotal,
  StatusTag,
  tableFooterText,
} from "../../../src/components/display";

describe("StatusTag", () => {
  const tagOf = (text: string) => screen.getByText(text).closest(".ant-tag")!;

  it("colours APPROVED green, REJECTED red, PENDING orange and others blue", () => {
    render(
      <>
        <StatusTag status="APPROVED" />
        <StatusTag status="REJECTED" />
        <StatusTag status="PENDING" />
        <StatusTag status="REVIEWED" />
      </>,
    );
    expect(tagOf("APPROVED").className).toContain("ant-tag-green");
    expect(tagOf("REJECTED").className).toContain("ant-tag-red");
    expect(tagOf("PENDING").className).toContain("ant-tag-orange");
    expect(tagOf("REVIEWED").className).toContain("ant-tag-blue");
  });

  it("uses blue for everything but APPROVED and REJECTED in the history palette", () => {
    render(<StatusTag status="PENDING" palette="history" />);
    expect(tagOf("PENDING").className).toContain("ant-tag-blue");
  });

  it('shows compound statuses with "-BY-"', () => {
    render(
      <>
        <StatusTag status="APPROVED_BY_ADMIN" />
        <StatusTag status="REJECTEDBYSUPERADMIN" />
      </>,
    );
    expect(screen.getByText("APPROVED-BY-ADMIN")).toBeTruthy();
    expect(screen.getByText("REJECTED-BY-SUPERADMIN")).toBeTruthy();
    expect(screen.queryByText("APPROVED_BY_ADMIN")).toBeNull();
  });

  it('applies the "-BY-" rule to the first BY, in any case, and its separators only', () => {
    expect(displayStatus("APPROVED_BY_ADMIN")).toBe("APPROVED-BY-ADMIN");
    expect(displayStatus("APPROVEDBYADMIN")).toBe("APPROVED-BY-ADMIN");
    expect(displayStatus("REJECTED BY ADMIN")).toBe("REJECTED-BY-ADMIN");
    expect(displayStatus("REJECTED-BY-ADMIN")).toBe("REJECTED-BY-ADMIN");
    expect(displayStatus("rejected_by_super_admin")).toBe("rejected-BY-super_admin");
    expect(displayStatus("Approved_By_Admin")).toBe("Approved-BY-Admin");
    expect(displayStatus("REVIEWED")).toBe("REVIEWED");
  });

  it("colours compound statuses by their first word, whatever the case", () => {
    render(
      <>
        <StatusTag status="APPROVED_BY_ADMIN" />
        <StatusTag status="rejected_by_super_admin" />
        <StatusTag status="approved" palette="history" />
        <StatusTag status="Rejected" palette="history" />
        <StatusTag status="pending" />
      </>,
    );
    expect(tagOf("APPROVED-BY-ADMIN").className).toContain("ant-tag-green");
    expect(tagOf("rejected-BY-super_admin").className).toContain("ant-tag-red");
    expect(tagOf("approved").className).toContain("ant-tag-green");
    expect(tagOf("Rejected").className).toContain("ant-tag-red");
    expect(tagOf("pending").className).toContain("ant-tag-orange");
  });
});

describe("ProgressFlag", () => {
  it("shows Done in green and Processing in red", () => {
    render(
      <>
        <ProgressFlag done />
        <ProgressFlag done={false} />
        <ProgressFlag done={null} />
      </>,
    );
    expect(screen.getByText("Done").className).toContain("ant-tag-green");
    const processing = screen.getAllByText("Processing");
    expect(processing).toHaveLength(2);
    for (const flag of processing) expect(flag.className).toContain("ant-tag-red");
  });
});

describe("table footer and serial number", () => {
  it('reads "Showing X–Y of N items" with an en dash', () => {
    expect(tableFooterText([11, 20], 57)).toBe("Showing 11–20 of 57 items");
    expect(showTotal(57, [51, 57])).toBe("Showing 51–57 of 57 items");
  });

  it("numbers rows from page and size", () => {
    expect(serialNumber(0, 1, 10)).toBe(1);
    expect(serialNumber(4, 3, 20)).toBe(45);
  });
});
