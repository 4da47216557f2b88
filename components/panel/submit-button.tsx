"use client";
// A submit button that shows a spinner and is disabled while its form is being sent.
import { Spinner } from "@/components/ui/spinner";
import { ui } from "@/components/panel/styles";

export function SubmitButton(props: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  variant?: "primary" | "secondary" | "danger";
  type?: "submit" | "button";
  onClick?: () => void;
  name?: string;
}) {
  return (
    <button
      type={props.type ?? "submit"}
      name={props.name}
      onClick={props.onClick}
      disabled={props.pending}
      aria-busy={props.pending}
      className={ui[props.variant ?? "primary"]}
    >
      {props.pending ? <Spinner /> : null}
      <span>{props.pending ? props.pendingLabel : props.label}</span>
    </button>
  );
}
