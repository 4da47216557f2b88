"use client";
import { useState } from "react";
import { signOut } from "next-auth/react";
import { SubmitButton } from "@/components/panel/submit-button";

export function SignOutButton(props: { label: string; pendingLabel: string }) {
  const [pending, setPending] = useState(false);
  return (
    <SubmitButton
      type="button"
      variant="secondary"
      pending={pending}
      label={props.label}
      pendingLabel={props.pendingLabel}
      onClick={() => {
        setPending(true);
        // Navigated here rather than by next-auth: its client-side base URL is a build-time setting
        // (NEXTAUTH_URL), which this service derives from APP_URL at run time instead.
        signOut({ redirect: false })
          .then(() => window.location.assign("/panel/login?signedOut=1"))
          .catch(() => setPending(false));
      }}
    />
  );
}
