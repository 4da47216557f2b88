// The frame of every signed-in panel page: who is signed in, the sections their role allows (and,
// for a physician, their queue with its count: decisions §19), their own account page, and the
// language switch. Navigation only: each page checks the role itself on the server. A user whom the
// tenant requires to turn on two-factor sign-in sees no menu: their account page is all they may open;
// nor does a user whose password someone else set (issue #51): the change-password page is all.
import Link from "next/link";
import type { PanelUser } from "@/lib/users/get-panel-user";
import { canAccess, type PanelArea } from "@/lib/users/roles";
import { countAwaitingCountersign } from "@/lib/consents/count-awaiting-countersign";
import type { Lang, Messages } from "@/components/panel/messages";
import { SignOutButton } from "@/components/panel/sign-out-button";
import { ui } from "@/components/panel/styles";
import { describeTestProofs } from "@/lib/timestamping/describe-test-proofs";
import { ACCOUNT_PATH } from "@/lib/users/require-panel-user";

/** A page of the menu: a role's area, or the physician's queue (a user's flag, not a role). */
type PanelSection = PanelArea | "countersign";

const NAV: { area: PanelSection; href: string; key: keyof Messages["nav"] }[] = [
  { area: "dashboard", href: "/panel", key: "dashboard" },
  { area: "consents", href: "/panel/consents", key: "consents" },
  { area: "countersign", href: "/panel/countersign", key: "countersign" },
  { area: "templates", href: "/panel/templates", key: "templates" },
  { area: "webhooks", href: "/panel/webhooks", key: "webhooks" },
  { area: "apiKeys", href: "/panel/api-keys", key: "apiKeys" },
  { area: "team", href: "/panel/team", key: "team" },
  { area: "settings", href: "/panel/settings", key: "settings" },
];

export async function PanelShell(props: { user: PanelUser; lang: Lang; t: Messages; current: PanelSection; path: string; children: React.ReactNode }) {
  const { user, t, lang } = props;
  const other = lang === "tr" ? "en" : "tr";
  const shown = (area: PanelSection) => (area === "countersign" ? user.isPhysician : canAccess(user.role, area));
  // One count on the partial index of consents awaiting a physician, for physicians only.
  const awaiting = user.isPhysician ? await countAwaitingCountersign(user.tenantId) : 0;
  const notice = describeTestProofs();
  return (
    <div lang={lang} className="min-h-dvh">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-3">
          <div className="min-w-0">
            <p className="font-semibold text-slate-900">{t.brand}</p>
            <p className="truncate text-sm text-slate-600" data-testid="panel-user">
              {user.tenantName} · {user.email}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {user.mustChangePassword ? null : (
              <Link
                href={ACCOUNT_PATH}
                aria-current={props.current === "account" ? "page" : undefined}
                className={`${ui.link} px-2 py-2 text-sm ${props.current === "account" ? "font-semibold" : ""}`}
              >
                {t.security.account.nav}
              </Link>
            )}
            <a
              href={`/panel/lang?to=${other}&back=${encodeURIComponent(props.path)}`}
              hrefLang={other}
              lang={other}
              aria-label={t.otherLanguageLabel}
              className={`${ui.link} px-2 py-2 text-sm`}
            >
              {t.otherLanguage}
            </a>
            <SignOutButton label={t.nav.signOut} pendingLabel={t.nav.signingOut} />
          </div>
        </div>
        {user.mustSetUpTwoFactor || user.mustChangePassword ? null : (
          <nav aria-label={t.nav.label} className="mx-auto max-w-6xl px-2 pb-2">
            <ul className="flex flex-wrap gap-1">
              {NAV.filter((n) => shown(n.area)).map((n) => (
                <li key={n.area}>
                  <Link
                    href={n.href}
                    aria-current={n.area === props.current ? "page" : undefined}
                    className={`inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium ${ui.focus} ${
                      n.area === props.current ? "bg-blue-700 text-white" : "text-slate-800 hover:bg-slate-100"
                    }`}
                  >
                    {t.nav[n.key]}
                    {n.area === "countersign" && awaiting > 0 ? (
                      <>
                        <span
                          aria-hidden="true"
                          data-testid="countersign-badge"
                          className={`ml-2 rounded-full px-2 py-0.5 text-xs font-bold ${n.area === props.current ? "bg-white text-blue-800" : "bg-amber-200 text-amber-950"}`}
                        >
                          {awaiting}
                        </span>
                        <span className="sr-only">: {t.physician.badge(awaiting)}</span>
                      </>
                    ) : null}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </header>
      {notice && (
        <p data-testid="test-only-banner" className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-center text-sm font-medium text-amber-950">
          {t.testOnly[notice]}
        </p>
      )}
      <main className="mx-auto max-w-6xl px-4 py-5">{props.children}</main>
    </div>
  );
}
