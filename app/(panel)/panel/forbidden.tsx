// 403 of the panel: a signed-in user whose role does not reach the section (forbidden() in a page).
import Link from "next/link";
import { panelLang } from "@/components/panel/lang";
import { ui } from "@/components/panel/styles";

export default async function PanelForbidden() {
  const { lang, t } = await panelLang();
  return (
    <main lang={lang} className="mx-auto max-w-xl px-4 py-16">
      <h1 className={ui.h1}>{t.forbidden.title}</h1>
      <p className="mt-2 text-slate-700">{t.forbidden.text}</p>
      <p className="mt-6">
        <Link href="/panel" className={ui.link}>
          {t.forbidden.back}
        </Link>
      </p>
    </main>
  );
}
