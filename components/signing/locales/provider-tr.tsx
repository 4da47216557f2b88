"use client";
// The tr wording for the signing page's client components, a chunk of its own (locale-provider.tsx).
import type { ReactNode } from "react";
import { MessagesContext } from "../messages-context";
import { tr } from "./tr";

export default function MessagesTr({ children }: { children: ReactNode }) {
  return <MessagesContext value={tr}>{children}</MessagesContext>;
}
