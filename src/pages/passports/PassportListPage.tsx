import { PassportTable } from "../../components/passport-table";

/** A read-only passport list: the declared table (its title is the screen's heading in the top bar). */
export default function PassportListPage() {
  return <PassportTable />;
}
