"use client";
// The en wording for the signing page's client components, a chunk of its own (locale-provider.tsx).
import type { ReactNode } from "react";
import { MessagesContext } from "../messages-context";
import { en } from "./en";

export default function MessagesEn({ children }: { children: ReactNode }) {
  return <MessagesContext value={en}>{children}</MessagesContext>;
}
