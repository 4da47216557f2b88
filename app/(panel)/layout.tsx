// The clinic's panel (next-auth session). Not indexed; no signing or public code is imported here.
import type { Metadata } from "next";

export const metadata: Metadata = {
  title: "e-Onam Panel",
  robots: { index: false, follow: false },
  referrer: "same-origin",
};

export default function PanelLayout({ children }: { children: React.ReactNode }) {
  return <>{children}</>;
}
