import { Busy } from "./Busy";

export function PageSpinner() {
  return (
    <div style={{ display: "flex", justifyContent: "center", padding: 48 }}>
      <Busy size="large" label="Loading" />
    </div>
  );
}
