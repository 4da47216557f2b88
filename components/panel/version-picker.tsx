// Two published versions of a template to compare (issue #42): a plain GET form to the diff page,
// so that it needs no script and the choice stays in the address.
import type { TemplatesMessages } from "@/components/panel/locales/templates-tr";
import { ui } from "@/components/panel/styles";

export function VersionPicker(props: { code: string; versions: readonly number[]; a?: number; b?: number; t: TemplatesMessages }) {
  const { t, versions } = props;
  if (versions.length < 2) return <p className={`${ui.muted} mt-3`}>{t.compareNeedsTwo}</p>;
  // Newest first: by default the one before the newest against the newest.
  const b = props.b ?? versions[0];
  const a = props.a ?? versions[1];
  const select = (name: "a" | "b", label: string, value: number | undefined) => (
    <div>
      <label htmlFor={`compare-${name}`} className={ui.label}>
        {label}
      </label>
      <select id={`compare-${name}`} name={name} defaultValue={value} className={ui.input}>
        {versions.map((v) => (
          <option key={v} value={v}>
            {t.version} {v}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <form method="get" action={`/panel/templates/${encodeURIComponent(props.code)}/diff`} className="mt-3 rounded-lg border border-slate-200 p-3" data-testid="version-picker">
      <p className="text-sm font-semibold">{t.compare}</p>
      <div className="mt-2 grid grid-cols-2 items-end gap-2 sm:flex sm:flex-wrap sm:gap-3">
        {select("a", t.compareFrom, a)}
        {select("b", t.compareTo, b)}
        <button type="submit" className={`${ui.secondary} col-span-2`}>
          {t.compareSubmit}
        </button>
      </div>
    </form>
  );
}
