import { Descriptions } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Passport } from "../../contract";
import { EMPTY as EMPTY_DATE } from "../../format";
import { useFormat } from "../../i18n/useFormat";
import { StatusTag } from "../display";
import { fieldLabel } from "./event-text";


/** Every field of the passport record (spec §3), labelled as the tables label them. */
export function PassportDetails({ passport }: { passport: Passport }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { date: formatDate, dateTime: formatDateTime, money: formatMoney } = format;
  const count = (value: number | null | undefined) => (value === null || value === undefined ? EMPTY_DATE : format.count(value));
  const rows: [string, ReactNode][] = [
    [fieldLabel("fullName"), passport.fullName],
    [fieldLabel("passportNo"), passport.passportNo],
    [fieldLabel("fathersName"), passport.fathersName],
    [fieldLabel("mothersName"), passport.mothersName],
    [fieldLabel("dob"), t("passportFile.dobWithAge", { date: formatDate(passport.dob), age: count(passport.age) })],
    [fieldLabel("maritalStatus"), passport.maritalStatus && t(`passportForm.maritalStatuses.${passport.maritalStatus}`, { defaultValue: passport.maritalStatus })],
    [fieldLabel("schooling"), passport.schooling],
    [fieldLabel("telephone"), passport.telephone],
    [fieldLabel("agentName"), passport.agentName],
    [fieldLabel("slot"), passport.slot],
    [fieldLabel("visaType"), passport.visaType && t(`passportForm.visaTypes.${passport.visaType}`, { defaultValue: passport.visaType })],
    [fieldLabel("contractAmount"), formatMoney(passport.contractAmount)],
    [fieldLabel("passportIssueDate"), formatDate(passport.passportIssueDate)],
    [fieldLabel("passportExpireDate"), formatDate(passport.passportExpireDate)],
    [fieldLabel("status"), <StatusTag key="status" status={passport.isSuperAdminApproved} />],
    [t("passportFile.statusSince"), formatDateTime(passport.statusChangedAt)],
    [fieldLabel("visaIssueDate"), formatDate(passport.visaIssueDate)],
    [fieldLabel("visaExpireDate"), formatDate(passport.visaExpireDate)],
    [fieldLabel("visaRemainingDays"), count(passport.visaRemainingDays)],
    [fieldLabel("flightScheduleDate"), formatDateTime(passport.flightScheduleDate)],
    [t("passportFile.entered"), formatDateTime(passport.createdAt)],
    [t("passportFile.lastChanged"), formatDateTime(passport.updatedAt)],
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
