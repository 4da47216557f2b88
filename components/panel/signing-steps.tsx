// The qualified countersignature's progress (issue #48): each step named, with its state in words
// (not colour alone), the current one announced to screen readers as it changes.
import { Spinner } from "@/components/ui/spinner";

export type StepState = "todo" | "active" | "done" | "failed";

const MARK: Record<StepState, string> = { todo: "○", active: "", done: "✓", failed: "✕" };
const LOOK: Record<StepState, string> = {
  todo: "text-slate-600",
  active: "font-semibold text-blue-900",
  done: "text-green-800",
  failed: "font-semibold text-red-800",
};

export function SigningSteps(props: {
  label: string;
  steps: { key: string; label: string; state: StepState }[];
  stateLabels: Record<string, string>;
}) {
  const current = props.steps.find((s) => s.state === "active" || s.state === "failed");
  return (
    <div>
      <ol aria-label={props.label} className="grid gap-1 text-sm" data-testid="qualified-steps">
        {props.steps.map((s, i) => (
          <li key={s.key} data-step={s.key} data-state={s.state} className={`flex items-start gap-2 ${LOOK[s.state]}`}>
            <span aria-hidden="true" className="inline-flex w-5 shrink-0 justify-center">
              {s.state === "active" ? <Spinner /> : MARK[s.state]}
            </span>
            <span className="min-w-0 break-words">
              {i + 1}. {s.label} <span className="sr-only">({props.stateLabels[s.state]})</span>
            </span>
          </li>
        ))}
      </ol>
      <p className="sr-only" aria-live="polite">
        {current ? `${current.label}: ${props.stateLabels[current.state]}` : ""}
      </p>
    </div>
  );
}
