// /panel/templates/[code]/diff?a=1&b=2 — two published versions of a template compared (issue #42);
// versions missing, equal or never published are named on the page (the 422 of the lib), never a 500
import { notFound } from "next/navigation";
import { requirePanelUser } from "@/lib/users/require-panel-user";
import { AppError } from "@/lib/errors";
import { diffTemplateVersions, type TemplateVersionDiff } from "@/lib/templates/diff-template-versions";
import { listTemplateVersions } from "@/lib/templates/list-template-versions";
import { panelLang } from "@/components/panel/lang";
import { PanelShell } from "@/components/panel/panel-shell";
import { PageTitle } from "@/components/panel/page-title";
import { TemplateDiff } from "@/components/panel/template-diff";
import { VersionPicker } from "@/components/panel/version-picker";
import { ui } from "@/components/panel/styles";

export default async function TemplateDiffPage(props: { params: Promise<{ code: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requirePanelUser("templates");
  const code = decodeURIComponent((await props.params).code);
  const sp = await props.searchParams;
  const { lang, t } = await panelLang(sp);
  let diff: TemplateVersionDiff | null = null;
  let refused: string[] = [];
  let versions: number[] = [];
  try {
    versions = (await listTemplateVersions(user.tenantId, code)).map((v) => v.version);
    diff = await diffTemplateVersions(user.tenantId, code, { a: sp.a, b: sp.b });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    if (err.code === "not_found") notFound();
    if (err.code !== "validation_failed") throw err;
    const label = (field: string) => (field === "a" ? t.templates.fieldA : field === "b" ? t.templates.fieldB : field);
    refused = Object.entries(err.errors ?? {}).map(([field, messages]) => `${label(field)}: ${messages.join("; ")}`);
  }
  const number = (v: unknown) => (typeof v === "string" && /^\d{1,9}$/.test(v) && versions.includes(Number(v)) ? Number(v) : undefined);
  const href = `/panel/templates/${encodeURIComponent(code)}`;
  return (
    <PanelShell user={user} lang={lang} t={t} current="templates" path={`${href}/diff`}>
      <PageTitle back={{ href, label: t.templates.backToTemplate }} className="break-all">
        {t.templates.diffTitle(code)}
      </PageTitle>
      {refused.length ? (
        <div role="alert" className={`${ui.alert} mt-4`} data-testid="diff-refused">
          <p className="font-semibold">{t.templates.diffRefused}</p>
          <ul className="mt-1 list-disc ps-5">
            {refused.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <VersionPicker code={code} versions={versions} a={number(sp.a)} b={number(sp.b)} t={t.templates} />
      {diff ? <TemplateDiff diff={diff} m={t} lang={lang} /> : null}
    </PanelShell>
  );
}
