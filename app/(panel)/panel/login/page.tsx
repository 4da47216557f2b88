// /panel/login — sign-in to the clinic's panel
import { redirect } from "next/navigation";
import { currentPanelUser } from "@/lib/users/require-panel-user";
import { panelLang } from "@/components/panel/lang";
import { LoginForm, type LoginTexts } from "@/components/panel/login-form";
import type { panelMessages } from "@/components/panel/messages";
import { ui } from "@/components/panel/styles";

/** Only the form's own texts cross to the browser. */
function loginTexts(t: (typeof panelMessages)["tr"]): LoginTexts {
  const { title: _title, signedOut: _signedOut, ...login } = t.login;
  return { ...login, ...t.security.login };
}

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  if (await currentPanelUser()) redirect("/panel");
  const { lang, t } = await panelLang(sp);
  const other = lang === "tr" ? "en" : "tr";
  return (
    <main lang={lang} className="mx-auto max-w-sm px-4 py-10">
      <div className="flex items-center justify-between">
        <p className="font-semibold">{t.brand}</p>
        <a href={`/panel/lang?to=${other}&back=/panel/login`} hrefLang={other} lang={other} aria-label={t.otherLanguageLabel} className={`${ui.link} px-2 py-2 text-sm`}>
          {t.otherLanguage}
        </a>
      </div>
      <div className={`${ui.card} mt-6`}>
        <h1 className={ui.h1}>{t.login.title}</h1>
        {sp.signedOut ? (
          <p role="status" className={`${ui.success} mt-3`}>
            {t.login.signedOut}
          </p>
        ) : null}
        <div className="mt-4">
          <LoginForm texts={loginTexts(t)} />
        </div>
      </div>
    </main>
  );
}
