const COLORS: Record<string, string> = {
  sent: "bg-blue-100 text-blue-900",
  completed: "bg-green-100 text-green-900",
  rejected: "bg-orange-100 text-orange-900",
  expired: "bg-slate-200 text-slate-800",
  cancelled: "bg-red-100 text-red-900",
  withdrawn: "bg-purple-100 text-purple-900",
  signed: "bg-teal-100 text-teal-900",
  superseded: "bg-slate-200 text-slate-800",
};

export function StatusBadge({ status, label }: { status: string; label: string }) {
  return (
    <span data-status={status} className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-medium ${COLORS[status] ?? "bg-slate-100"}`}>
      {label}
    </span>
  );
}
