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
        void signOut({ callbackUrl: "/panel/login?signedOut=1" });
      }}
    />
  );
}
