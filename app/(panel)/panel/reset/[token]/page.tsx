// /panel/reset/<token> — a one-time password-reset link (issue #42), opened without a session. An
// unknown, used or expired link gets one neutral sentence and a way to the sign-in page; an open one,
// the new-password form. The token is in the address: no referrer leaves this page.
import type { Metadata } from "next";
import { isPasswordResetOpen } from "@/lib/users/get-password-reset";
import { panelLang } from "@/components/panel/lang";
import { ResetPasswordForm } from "@/components/panel/reset-password-form";
import { ui } from "@/components/panel/styles";

export const metadata: Metadata = { referrer: "no-referrer" };

export default async function ResetPasswordPage({
  params,
  searchParams,
}: {
  params: Promise<{ token: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { token } = await params;
  const { lang, t } = await panelLang(await searchParams);
  const s = t.security.reset;
  const open = await isPasswordResetOpen(token);
  const other = lang === "tr" ? "en" : "tr";
  return (
    <main lang={lang} className="mx-auto max-w-sm px-4 py-10">
      <div className="flex items-center justify-between">
        <p className="font-semibold">{t.brand}</p>
        {/* ?lang= on this same address: the language route's `back` takes panel paths, and this one holds the link's secret. */}
        <a href={`?lang=${other}`} hrefLang={other} lang={other} aria-label={t.otherLanguageLabel} className={`${ui.link} px-2 py-2 text-sm`}>
          {t.otherLanguage}
        </a>
      </div>
      <div className={`${ui.card} mt-6`}>
        <h1 className={ui.h1}>{open ? s.title : s.closedTitle}</h1>
        {open ? (
          <>
            <p className={`${ui.muted} mt-2`}>{s.intro}</p>
            <div className="mt-4">
              <ResetPasswordForm lang={lang} token={token} />
            </div>
          </>
        ) : (
          <>
            <p className="mt-3 text-sm" data-testid="reset-closed">
              {s.closed}
            </p>
            <a href="/panel/login" className={`${ui.primary} mt-4`}>
              {s.toLogin}
            </a>
          </>
        )}
      </div>
    </main>
  );
}
