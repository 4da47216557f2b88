// Server field errors (`{ "degiskenler.doz": ["..."] }`) onto react-hook-form fields; the rest joined
// into one message for the form.
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";

export function applyFieldErrors<T extends FieldValues>(
  errors: Record<string, string[]> | undefined,
  known: (name: string) => boolean,
  setError: UseFormSetError<T>,
): string[] {
  const rest: string[] = [];
  for (const [name, messages] of Object.entries(errors ?? {})) {
    if (known(name)) setError(name as Path<T>, { type: "server", message: messages.join(", ") });
    else rest.push(`${name}: ${messages.join(", ")}`);
  }
  return rest;
}
