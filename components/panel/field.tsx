// One labelled form control of the panel: the label, the control, an optional hint and the field's
// error, tied together for screen readers (aria-invalid, aria-describedby). The control itself is
// whatever the form needs (input, select, textarea), given the props to spread onto it.
import type { ReactNode } from "react";
import { ui } from "@/components/panel/styles";
import { asSentence } from "@/lib/i18n/format";

interface ControlProps {
  id: string;
  className: string;
  "aria-invalid": boolean;
  "aria-describedby"?: string;
}

interface FieldProps {
  id: string;
  label: ReactNode;
  /** the message under the control; none when the value is fine */
  error?: string | null;
  /** what to enter, shown between the label and the control */
  hint?: ReactNode;
  /** the wrapper's classes (grid placement) */
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

export function Field({ id, label, error, hint, className, children }: FieldProps) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-err` : null].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <label htmlFor={id} className={ui.label}>
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className={`${ui.muted} mt-1`}>
          {hint}
        </p>
      ) : null}
      {children({ id, className: ui.input, "aria-invalid": !!error, ...(describedBy ? { "aria-describedby": describedBy } : {}) })}
      <FieldError id={`${id}-err`} text={error} />
    </div>
  );
}

/** A field's message under its control, as a sentence; nothing when there is none. */
export function FieldError({ id, text, dir }: { id?: string; text: string | null | undefined; dir?: "auto" }) {
  if (!text) return null;
  return (
    <p id={id} className={ui.fieldError} dir={dir}>
      {asSentence(text)}
    </p>
  );
}

/** A form's outcome: an error as an alert, a success as a status line; nothing without text. */
export function FormMessage({ text, ok = false, testId }: { text: string | null | undefined; ok?: boolean; testId?: string }) {
  if (!text) return null;
  return (
    <p role={ok ? "status" : "alert"} className={ok ? ui.success : ui.alert} data-testid={testId}>
      {asSentence(text)}
    </p>
  );
}
