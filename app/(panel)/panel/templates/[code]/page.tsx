// /panel/templates/[code] — edit the working copy, publish it as a new immutable version, duplicate
// the template, and the version history with each version's content hash and a pick of two to compare
import { formatWhen } from "@/lib/i18n/format";
import { env } from "@/lib/env";
import { notFound } from "next/navigation";
import { requirePanelUser } from "@/lib/users/require-panel-user";
import { getTemplateWorkingCopyOrThrow } from "@/lib/templates/get-template-working-copy";
import { listTemplateVersions } from "@/lib/templates/list-template-versions";
import { AppError } from "@/lib/errors";
import { panelLang } from "@/components/panel/lang";
import { PanelShell } from "@/components/panel/panel-shell";
import { TemplateForm } from "@/components/panel/template-form";
import { PageTitle } from "@/components/panel/page-title";
import { ui } from "@/components/panel/styles";
import { TemplateAudio } from "@/components/panel/template-audio";
import { getTemplateOrThrow } from "@/lib/templates/get-template";
import { TemplateDuplicate } from "@/components/panel/template-duplicate";
import { VersionPicker } from "@/components/panel/version-picker";

export default async function EditTemplatePage(props: {
  params: Promise<{ code: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePanelUser("templates");
  const code = decodeURIComponent((await props.params).code);
  const { lang, t } = await panelLang(await props.searchParams);
  const tz = env().APP_TIMEZONE;
  let working: Awaited<ReturnType<typeof getTemplateWorkingCopyOrThrow>>;
  try {
    working = await getTemplateWorkingCopyOrThrow(user.tenantId, code);
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") notFound();
    throw err;
  }
  const versions = await listTemplateVersions(user.tenantId, code);
  // decisions §22: the published text's recordings, per language.
  const detail = await getTemplateOrThrow(user.tenantId, code);
  return (
    <PanelShell user={user} lang={lang} t={t} current="templates" path={`/panel/templates/${encodeURIComponent(code)}`}>
      <PageTitle
        back={{ href: "/panel/templates", label: t.templates.title }}
        action={{ href: `/panel/templates/${encodeURIComponent(code)}/reconsent`, label: t.reconsent.link }}
        className="break-all"
      >
        {t.templateForm.titleEdit(code)}
      </PageTitle>
      <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
        <p className={ui.muted} data-testid="template-state">
          {working.latestVersion > 0 ? `${t.templates.version} ${working.latestVersion}` : t.templates.neverPublished}
          {working.hasDraft ? ` · ${t.templates.draft}` : ""}
        </p>
        <TemplateDuplicate code={working.code} title={detail.title} fromVersion={working.latestVersion} lang={lang} />
      </div>
      <TemplateForm
        lang={lang}
        publishedVersion={working.latestVersion}
        existing={{
          kod: working.code,
          baslik: working.title,
          kategori: working.category,
          tur: working.type === "aydinlatma" ? "aydinlatma" : "onam",
          aktif: working.active,
          hekim_imzasi: working.physicianCountersign,
          dokuman_kodu: working.documentCode ?? "",
          degisiklik: "bicimsel",
          degisiklik_notu: "",
          govde: working.body,
          degiskenler: working.variables.map((v) => ({ ad: v.name, etiket: v.label, tip: v.type, zorunlu: v.required, varsayilan: v.default ?? "" })),
          ceviriler: Object.fromEntries(Object.entries(working.translations).map(([l, v]) => [l, { baslik: v.title, govde: v.body }])),
          sorular: Object.fromEntries(
            Object.entries(working.questions).map(([l, list]) => [
              l,
              list.map((q) => ({ soru: q.question, secenekler: q.options.map((metin) => ({ metin })), dogru: String(q.correct), aciklama: q.explanation ?? "" })),
            ]),
          ),
          // decisions §26: the clauses by language, the translations' in the Turkish order
          maddeler: Object.fromEntries(
            Object.entries(working.clauses).map(([l, list]) => [
              l,
              l === "tr"
                ? list.map((c) => ({ kod: c.code, metin: c.text, zorunlu: c.required }))
                : (working.clauses.tr ?? []).map((t) => ({ metin: list.find((c) => c.code === t.code)?.text ?? "" })),
            ]),
          ),
        }}
      />
      <TemplateAudio
        code={working.code}
        lang={lang}
        published={working.latestVersion > 0}
        rows={detail.languages.map((language) => ({ language, recording: detail.audio[language] ?? null }))}
      />
      <section className={`${ui.card} mt-4`} aria-labelledby="versions">
        <h2 id="versions" className={ui.h2}>
          {t.templates.versions}
        </h2>
        {versions.length === 0 ? (
          <p className="mt-2 text-sm">{t.templates.noVersions}</p>
        ) : (
          <ol className="mt-2 space-y-2 text-sm" data-testid="version-list">
            {versions.map((v) => (
              <li key={v.version} className="rounded-lg border border-slate-200 p-2" data-version={v.version}>
                <p>
                  <strong>
                    {t.templates.version} {v.version}
                  </strong>{" "}
                  · {v.title} · {t.templates.publishedAt}: {formatWhen(v.publishedAt, lang, tz)}
                </p>
                <p className="text-slate-600">
                  {t.templates.contentHash}: <span className={ui.mono}>{v.contentHash}</span>
                </p>
              </li>
            ))}
          </ol>
        )}
        {versions.length ? <VersionPicker code={working.code} versions={versions.map((v) => v.version)} t={t.templates} /> : null}
      </section>
    </PanelShell>
  );
}
