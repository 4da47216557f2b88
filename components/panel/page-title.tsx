// The top of a panel page: a link back to the list it belongs to, the heading, and the page's main
// action beside it.
import Link from "next/link";
import type { ReactNode } from "react";
import { ui } from "@/components/panel/styles";

interface PageTitleProps {
  children: ReactNode;
  back?: { href: string; label: string };
  action?: { href: string; label: string };
  /** classes of the heading beyond the panel's h1 (break-all for codes and ids) */
  className?: string;
  /** shown beside the heading (a status badge) */
  aside?: ReactNode;
}

export function PageTitle({ children, back, action, className = "", aside }: PageTitleProps) {
  return (
    <>
      {back ? (
        <p>
          <Link href={back.href} className={ui.link}>
            ← {back.label}
          </Link>
        </p>
      ) : null}
      <div className={`flex flex-wrap items-center gap-3 ${action ? "justify-between" : ""} ${back ? "mt-2" : ""}`}>
        <h1 className={`${ui.h1} ${className}`}>{children}</h1>
        {aside}
        {action ? (
          <Link href={action.href} className={ui.primary}>
            {action.label}
          </Link>
        ) : null}
      </div>
    </>
  );
}
