"use client";
// The ru wording for the signing page's client components, a chunk of its own (locale-provider.tsx).
import type { ReactNode } from "react";
import { MessagesContext } from "../messages-context";
import { ru } from "./ru";

export default function MessagesRu({ children }: { children: ReactNode }) {
  return <MessagesContext value={ru}>{children}</MessagesContext>;
}
