// One labelled value of a panel page's details list (<dl>): a consent's, a countersignature's, an
// account's. An empty value reads as a dash, so a missing field is seen as missing, not as a gap.
import type { ReactNode } from "react";

export function DetailRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-600">{label}</dt>
      <dd className="break-words">{value === null || value === undefined || value === "" ? "—" : value}</dd>
    </div>
  );
}
