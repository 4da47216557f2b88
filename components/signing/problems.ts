// What went wrong in the signing flow, as the page's own message (never the server's detail).
import type { Messages } from "./messages";

export type Problem =
  | null
  | { kind: "wrong"; left: number }
  | { kind: "tooMany"; seconds: number }
  | { kind: "format" | "locked" | "expired" | "missing" | "otpRequired" | "smsFailed" | "signInvalid" | "closed" | "linkLocked" | "generic" | "network" };

export function problemText(t: Messages, p: Problem): string | null {
  if (!p) return null;
  switch (p.kind) {
    case "wrong":
      return t.wrongCode(p.left);
    case "tooMany":
      return t.tooManyCodes(p.seconds);
    case "linkLocked":
      return t.linkLocked;
    case "format":
      return t.codeFormat;
    case "locked":
      return t.otpLocked;
    case "expired":
      return t.otpExpired;
    case "missing":
      return t.otpMissing;
    case "otpRequired":
      return t.otpRequired;
    case "smsFailed":
      return t.smsFailed;
    case "signInvalid":
      return t.signInvalid;
    case "closed":
      return t.closed;
    case "network":
      return t.networkError;
    default:
      return t.genericError;
  }
}
