"use client";
// The signing page's wording inside its client components. The page's server component chooses the
// language; only that language's table reaches the browser (locale-provider.tsx), not all six.
import { createContext, use } from "react";
import type { Messages } from "./message-types";

export const MessagesContext = createContext<Messages | null>(null);

/** The wording of the page this component is on; SigningMessages above it provides it. */
export function useMessages(): Messages {
  const t = use(MessagesContext);
  if (!t) throw new Error("useMessages outside <SigningMessages>");
  return t;
}
