"use client";
// The ar wording for the signing page's client components, a chunk of its own (locale-provider.tsx).
import type { ReactNode } from "react";
import { MessagesContext } from "../messages-context";
import { ar } from "./ar";

export default function MessagesAr({ children }: { children: ReactNode }) {
  return <MessagesContext value={ar}>{children}</MessagesContext>;
}
