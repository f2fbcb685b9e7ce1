import { Descriptions } from "antd";
import type { ReactNode } from "react";
import type { Passport } from "../../contract";
import { EMPTY as EMPTY_DATE, formatDate, formatDateTime, formatMoney } from "../../format";
import { StatusTag } from "../display";
import { fieldLabel } from "./event-text";

const text = (value: unknown) => (value === null || value === undefined || value === "" ? EMPTY_DATE : String(value));

/** Every field of the passport record (spec §3), labelled as the tables label them. */
export function PassportDetails({ passport }: { passport: Passport }) {
  const rows: [string, ReactNode][] = [
    [fieldLabel("fullName"), passport.fullName],
    [fieldLabel("passportNo"), passport.passportNo],
    [fieldLabel("fathersName"), passport.fathersName],
    [fieldLabel("mothersName"), passport.mothersName],
    [fieldLabel("dob"), `${formatDate(passport.dob)} (age ${passport.age})`],
    [fieldLabel("maritalStatus"), passport.maritalStatus],
    [fieldLabel("schooling"), passport.schooling],
    [fieldLabel("telephone"), passport.telephone],
    [fieldLabel("agentName"), passport.agentName],
    [fieldLabel("slot"), passport.slot],
    [fieldLabel("visaType"), passport.visaType],
    [fieldLabel("contractAmount"), formatMoney(passport.contractAmount)],
    [fieldLabel("passportIssueDate"), formatDate(passport.passportIssueDate)],
    [fieldLabel("passportExpireDate"), formatDate(passport.passportExpireDate)],
    [fieldLabel("status"), <StatusTag key="status" status={passport.isSuperAdminApproved} />],
    ["In this status since", formatDateTime(passport.statusChangedAt)],
    [fieldLabel("visaIssueDate"), formatDate(passport.visaIssueDate)],
    [fieldLabel("visaExpireDate"), formatDate(passport.visaExpireDate)],
    [fieldLabel("visaRemainingDays"), text(passport.visaRemainingDays)],
    [fieldLabel("flightScheduleDate"), formatDateTime(passport.flightScheduleDate)],
    ["Entered", formatDateTime(passport.createdAt)],
    ["Last changed", formatDateTime(passport.updatedAt)],
  ];
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 2, md: 2, lg: 2, xl: 2, xxl: 2 }}
      items={rows.map(([label, children]) => ({ key: label, label, children }))}
    />
  );
}
