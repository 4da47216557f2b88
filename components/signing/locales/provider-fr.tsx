"use client";
// The fr wording for the signing page's client components, a chunk of its own (locale-provider.tsx).
import type { ReactNode } from "react";
import { MessagesContext } from "../messages-context";
import { fr } from "./fr";

export default function MessagesFr({ children }: { children: ReactNode }) {
  return <MessagesContext value={fr}>{children}</MessagesContext>;
}
