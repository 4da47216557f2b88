"use client";
// decisions §26: the clauses (maddeler) in the template editor. On the Turkish tab: add and remove
// clauses, each with its code, text and whether it is required. On a translation's tab: the text in
// that language of each Turkish clause (the codes and `zorunlu` are the Turkish ones). Part of the
// template form (react-hook-form); the server checks every rule again (lib/templates/clauses.ts).
import { useFieldArray, useWatch, type Control, type FieldErrors, type UseFormGetValues, type UseFormRegister, type UseFormSetValue } from "react-hook-form";
import { TRANSLATION_LANGUAGES, type Language } from "@/lib/i18n/languages";
import type { panelMessages } from "@/components/panel/messages";
import { Field } from "@/components/panel/field";
import { ui } from "@/components/panel/styles";

/** One clause as the form holds it; a translation's rows use only `metin` (in the Turkish order). */
export type ClauseFormValue = { kod?: string | undefined; metin: string; zorunlu?: boolean | undefined };
type ClausesFormValues = { maddeler: Partial<Record<Language, ClauseFormValue[]>> };

export const MAX_CLAUSES = 20;

type Texts = (typeof panelMessages)["tr"]["templateForm"];

/** The request's Turkish clauses: `{ kod, metin, zorunlu }`. */
export function clausesRequest(list: ClauseFormValue[] | undefined) {
  return (list ?? []).map((c) => ({ kod: (c.kod ?? "").trim(), metin: c.metin, zorunlu: c.zorunlu === true }));
}

/** A translation's clauses: the Turkish codes with this language's texts; none when every text is empty. */
export function translatedClausesRequest(tr: ClauseFormValue[] | undefined, list: ClauseFormValue[] | undefined) {
  const rows = (tr ?? []).map((c, i) => ({ kod: (c.kod ?? "").trim(), metin: list?.[i]?.metin ?? "" }));
  return rows.some((r) => r.metin.trim() !== "") ? rows : [];
}

interface Props<T extends ClausesFormValues> {
  language: Language;
  f: Texts;
  control: Control<T>;
  register: UseFormRegister<T>;
  getValues: UseFormGetValues<T>;
  setValue: UseFormSetValue<T>;
  errors: FieldErrors<ClausesFormValues>["maddeler"];
}

// As in question-editor.tsx: react-hook-form's path types do not follow a generic form through a
// record of arrays; the editor is used by the template form only.
type Loose = Control<ClausesFormValues>;
type LooseRegister = UseFormRegister<ClausesFormValues>;

export function ClauseEditor<T extends ClausesFormValues>({ language, f, control, register: registerT, getValues, setValue, errors }: Props<T>) {
  const c = control as unknown as Loose;
  const register = registerT as unknown as LooseRegister;
  const { fields, append, remove } = useFieldArray({ control: c, name: "maddeler.tr" });
  const turkish = useWatch({ control: c, name: "maddeler.tr" });
  if (language !== "tr") {
    if (!turkish?.length) return null;
    return (
      <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3" data-testid={`clauses-${language}`}>
        <legend className="px-1 font-semibold">{f.clauses}</legend>
        <p className={ui.muted}>{f.clausesTranslationHint}</p>
        {turkish.map((tr, i) => (
          <Field key={i} id={`m-${language}-${i}-metin`} label={`${f.clauseText(i + 1)} (${tr.kod})`} hint={tr.metin} error={errors?.[language]?.[i]?.metin?.message}>
            {(ctl) => <textarea rows={2} maxLength={1000} {...ctl} {...register(`maddeler.${language}.${i}.metin`)} />}
          </Field>
        ))}
      </fieldset>
    );
  }
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3" data-testid="clauses-tr">
      <legend className="px-1 font-semibold">{f.clauses}</legend>
      <p className={ui.muted}>{f.clausesHint}</p>
      {fields.map((item, i) => {
        const e = errors?.tr?.[i];
        return (
          <div key={item.id} className="grid gap-2 rounded-lg bg-slate-50 p-2 sm:grid-cols-6" data-testid="clause-row">
            <Field id={`m-tr-${i}-kod`} label={f.clauseCode} error={e?.kod?.message} className="sm:col-span-1">
              {(ctl) => <input {...ctl} maxLength={40} className={`${ctl.className} font-mono`} {...register(`maddeler.tr.${i}.kod`)} />}
            </Field>
            <Field id={`m-tr-${i}-metin`} label={f.clauseText(i + 1)} error={e?.metin?.message} className="sm:col-span-5">
              {(ctl) => <textarea rows={2} maxLength={1000} {...ctl} {...register(`maddeler.tr.${i}.metin`)} />}
            </Field>
            <label className="flex min-h-11 items-center gap-2 text-sm sm:col-span-3">
              <input type="checkbox" className="size-5" {...register(`maddeler.tr.${i}.zorunlu`)} />
              {f.clauseRequired}
            </label>
            <button
              type="button"
              className={`${ui.secondary} sm:col-span-3`}
              onClick={() => {
                // The translations' texts follow the Turkish rows: the same row goes from each.
                const all = getValues() as unknown as ClausesFormValues;
                for (const l of TRANSLATION_LANGUAGES) {
                  const list = all.maddeler?.[l];
                  if (list && list.length > i) (setValue as unknown as UseFormSetValue<ClausesFormValues>)(`maddeler.${l}`, list.filter((_, j) => j !== i));
                }
                remove(i);
              }}
            >
              {f.removeClause}
            </button>
          </div>
        );
      })}
      {fields.length < MAX_CLAUSES ? (
        <button type="button" className={ui.secondary} onClick={() => append({ kod: `madde${fields.length + 1}`, metin: "", zorunlu: false })}>
          {f.addClause}
        </button>
      ) : null}
    </fieldset>
  );
}
