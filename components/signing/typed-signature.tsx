"use client";
// decisions §23: the person may type their name instead of drawing — for keyboard and screen-reader
// users, and anyone who cannot draw on the screen. A plain labelled text field; the server trims,
// bounds and checks it (lib/signing/sign-consent.ts), and the PDF prints it marked "yazılarak imzalandı".
import { useRef, useState, type Ref } from "react";
import type { Messages } from "./messages";
import { cls } from "./ui";

/** The server's bound (MAX_TYPED_NAME); the field stops there so nothing typed is refused for length. */
export const MAX_TYPED_NAME = 200;

interface Props {
  t: Messages;
  id: string;
  inputRef: Ref<HTMLInputElement>;
  value: string;
  onChange(v: string): void;
  disabled: boolean;
}

export function TypedSignature({ t, id, inputRef, value, onChange, disabled }: Props) {
  return (
    <div>
      <label htmlFor={`${id}-typed`} className="block font-medium text-slate-900">
        {t.typedLabel}
      </label>
      <p id={`${id}-typed-help`} className="mt-1 text-sm text-slate-600">
        {t.typedHelp}
      </p>
      <input
        ref={inputRef}
        id={`${id}-typed`}
        name="typed_name"
        type="text"
        autoComplete="name"
        // A name is written in the direction of its own letters (an Arabic name in a Turkish page).
        dir="auto"
        maxLength={MAX_TYPED_NAME}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        aria-describedby={`${id}-typed-help`}
        className={`mt-2 block h-14 w-full rounded-xl border-2 border-slate-500 bg-white px-4 text-xl text-slate-900 italic ${cls.focus}`}
      />
    </div>
  );
}

/** Which way the person signs; the pad keeps its strokes while the field is shown. */
export function useSignatureMethod() {
  const [method, setMethod] = useState<"drawn" | "typed">("drawn");
  const [typedName, setTypedName] = useState("");
  const typedInput = useRef<HTMLInputElement>(null);
  const methodButton = useRef<HTMLButtonElement>(null);
  const switchMethod = () => {
    const next = method === "drawn" ? "typed" : "drawn";
    setMethod(next);
    // Into the field just shown; back on the switch when returning to the pad (a canvas takes no focus).
    requestAnimationFrame(() => (next === "typed" ? typedInput.current : methodButton.current)?.focus());
  };
  return { method, typedName, setTypedName, typedInput, methodButton, switchMethod };
}
