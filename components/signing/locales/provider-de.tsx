"use client";
// The de wording for the signing page's client components, a chunk of its own (locale-provider.tsx).
import type { ReactNode } from "react";
import { MessagesContext } from "../messages-context";
import { de } from "./de";

export default function MessagesDe({ children }: { children: ReactNode }) {
  return <MessagesContext value={de}>{children}</MessagesContext>;
}
