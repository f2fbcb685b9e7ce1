import { Typography } from "antd";
import { PassportTable } from "../../components/passport-table";
import { useCurrentResource } from "../../resources/current-resource";

/** A read-only passport list: the declared table under the resource's label. */
export default function PassportListPage() {
  const resource = useCurrentResource();
  return (
    <>
      <Typography.Title level={3}>{resource.label}</Typography.Title>
      <PassportTable />
    </>
  );
}
