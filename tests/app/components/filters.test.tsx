import { act, render as plainRender, renderHook, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Table } from "antd";
import { type ReactElement, useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  AgentFilter,
  cleanFilters,
  columnSearchProps,
  FilterChips,
  type FilterValues,
  useDebouncedFilters,
  useDebouncedValue,
} from "../../../src/components/filters";
import { LanguageProvider } from "../../../src/i18n/LanguageProvider";

// The app's texts reach components through its provider, as in the app.
const render = (ui: ReactElement) => plainRender(ui, { wrapper: LanguageProvider });

const HINT = "No filters applied. Use the filter icons in the table headers to refine your search.";

describe("cleanFilters", () => {
  it("trims text and drops blank, whitespace-only and missing values", () => {
    expect(cleanFilters({ fullName: "  rahim ", passportNo: "   ", slot: "", telephone: undefined, visaType: null })).toEqual({
      fullName: "rahim",
    });
  });

  it("reads antd's filter arrays and numbers", () => {
    expect(cleanFilters({ fullName: [" karim "], slot: null, agentName: [], agentId: 7 })).toEqual({
      fullName: "karim",
      agentId: "7",
    });
  });
});

describe("debounce", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("applies a value only after 500 ms without change", () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value), { initialProps: { value: "" } });
    rerender({ value: "ra" });
    act(() => vi.advanceTimersByTime(300));
    rerender({ value: "rahim" });
    act(() => vi.advanceTimersByTime(499));
    expect(result.current).toBe("");
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe("rahim");
  });

  it("debounces filters by content, cleaned, even when a new object is passed on every render", () => {
    const { result, rerender } = renderHook(({ filters }) => useDebouncedFilters(filters), {
      initialProps: { filters: {} as Record<string, unknown> },
    });
    const first = result.current;
    rerender({ filters: { fullName: " rahim ", slot: "  " } });
    act(() => vi.advanceTimersByTime(250));
    rerender({ filters: { fullName: " rahim ", slot: "  " } }); // same content, new object: timer keeps running
    act(() => vi.advanceTimersByTime(249));
    expect(result.current).toEqual({});
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toEqual({ fullName: "rahim" });
    expect(result.current).not.toBe(first);
  });
});

describe("FilterChips", () => {
  it("shows the hint when no filter is active", () => {
    render(<FilterChips filters={{}} onRemove={() => {}} onClearAll={() => {}} />);
    expect(screen.getByText(HINT)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Clear All Filter" })).toBeNull();
  });

  it("shows a chip per filter and Clear All Filter; both act", async () => {
    const user = userEvent.setup();
    const onRemove = vi.fn();
    const onClearAll = vi.fn();
    render(
      <FilterChips filters={{ fullName: "rahim", visaType: "WORKVISA" }} onRemove={onRemove} onClearAll={onClearAll} />,
    );
    expect(screen.queryByText(HINT)).toBeNull();
    const chip = screen.getByText("Full Name: rahim").closest(".ant-tag") as HTMLElement;
    expect(screen.getByText("Visa Type: WORKVISA")).toBeTruthy();

    await user.click(within(chip).getByLabelText("Close"));
    expect(onRemove).toHaveBeenCalledWith("fullName");

    await user.click(screen.getByRole("button", { name: "Clear All Filter" }));
    expect(onClearAll).toHaveBeenCalledTimes(1);
  });

  it("clears back to the hint when wired to state", async () => {
    const user = userEvent.setup();
    function Harness() {
      const [filters, setFilters] = useState<FilterValues>({ fullName: "rahim", slot: "S-1" });
      return (
        <FilterChips
          filters={filters}
          onRemove={(key) => setFilters(({ [key]: _, ...rest }) => rest)}
          onClearAll={() => setFilters({})}
        />
      );
    }
    render(<Harness />);
    await user.click(within(screen.getByText("Slot: S-1").closest(".ant-tag") as HTMLElement).getByLabelText("Close"));
    expect(screen.queryByText("Slot: S-1")).toBeNull();
    expect(screen.getByText("Full Name: rahim")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Clear All Filter" }));
    expect(screen.getByText(HINT)).toBeTruthy();
  });
});

describe("columnSearchProps", () => {
  const rows = [{ id: 1, fullName: "Rahim Uddin" }];

  function renderTable(onChange: (filters: Record<string, unknown>) => void) {
    render(
      <Table
        rowKey="id"
        dataSource={rows}
        columns={[{ title: "Full Name", dataIndex: "fullName", ...columnSearchProps("fullName", "Full Name") }]}
        onChange={(_pagination, filters) => onChange(filters)}
      />,
    );
  }

  it("opens a header popup whose Search button applies the typed value", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderTable(onChange);
    await user.click(screen.getByLabelText("Filter Full Name"));
    await user.type(await screen.findByPlaceholderText("Search Full Name"), "rahim");
    await user.click(screen.getByRole("button", { name: /Search/ }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ fullName: ["rahim"] }));
    expect(cleanFilters(onChange.mock.lastCall![0])).toEqual({ fullName: "rahim" });
  });

  it("Reset clears the column's filter", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderTable(onChange);
    await user.click(screen.getByLabelText("Filter Full Name"));
    await user.type(await screen.findByPlaceholderText("Search Full Name"), "rahim{Enter}");
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ fullName: ["rahim"] }));
    await user.click(screen.getByLabelText("Filter Full Name"));
    await user.click(await screen.findByRole("button", { name: "Reset" }));
    expect(cleanFilters(onChange.mock.lastCall![0])).toEqual({});
  });

  it("is used with the keyboard: focus goes to the input on every opening and back to the icon on closing", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderTable(onChange);
    const trigger = screen.getByLabelText("Filter Full Name").closest<HTMLElement>(".ant-table-filter-trigger")!;
    // Reached with Tab in Chromium (tests/browser/screen-fit.test.ts); jsdom has no layout to tab through.
    act(() => trigger.focus());
    expect(document.activeElement).toBe(trigger);
    const opened = async () => vi.waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Search Full Name")));

    await user.keyboard("{Enter}");
    await opened();
    await user.keyboard("rahim{Enter}");
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ fullName: ["rahim"] }));
    await vi.waitFor(() => expect(document.activeElement).toBe(trigger));

    await user.keyboard("{Enter}");
    await opened();
    await user.keyboard("{Escape}");
    await vi.waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it("reflects an externally held value", () => {
    expect(columnSearchProps("slot", "Slot", "S-1").filteredValue).toEqual(["S-1"]);
    expect(columnSearchProps("slot", "Slot", "").filteredValue).toBeNull();
    expect("filteredValue" in columnSearchProps("slot", "Slot")).toBe(false);
  });
});

describe("AgentFilter", () => {
  const agents = [
    { id: 7, username: "rahim" },
    { id: 9, username: "karim" },
  ];

  it("selects an agent by name and reports its id", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<AgentFilter agents={agents} value={undefined} onChange={onChange} />);
    expect((screen.getByRole("button", { name: "Clear Agent" }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole("combobox", { name: "Agent" }));
    await user.click(await screen.findByTitle("karim"));
    expect(onChange).toHaveBeenCalledWith(9);
  });

  it("Clear Agent clears the selection", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<AgentFilter agents={agents} value={7} onChange={onChange} />);
    expect(screen.getByTitle("rahim")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Clear Agent" }));
    expect(onChange).toHaveBeenCalledWith(undefined);
  });
});
