"use client";
// decisions §22: the teach-back questions of one language in the template editor: add and remove
// questions, 2–5 options each, the right one picked with a radio, an optional explanation. Part of
// the template form (react-hook-form); the server checks every rule again (lib/templates/questions.ts).
import { useFieldArray, useWatch, type Control, type FieldErrors, type UseFormRegister, type UseFormSetValue } from "react-hook-form";
import type { Language } from "@/lib/i18n/languages";
import type { panelMessages } from "@/components/panel/messages";
import { Field } from "@/components/panel/field";
import { ui } from "@/components/panel/styles";

/** One question as the form holds it: options as objects (field arrays need them), the right one as a string (radios). */
export type QuestionFormValue = { soru: string; secenekler: { metin: string }[]; dogru: string; aciklama: string };
type QuestionsFormValues = { sorular: Partial<Record<Language, QuestionFormValue[]>> };

export const MAX_QUESTIONS = 10;
const MAX_OPTIONS = 5;
const MIN_OPTIONS = 2;

type Texts = (typeof panelMessages)["tr"]["templateForm"];

const emptyQuestion = (): QuestionFormValue => ({ soru: "", secenekler: [{ metin: "" }, { metin: "" }], dogru: "0", aciklama: "" });

/** The request's form of a language's questions: `{ soru, secenekler, dogru, aciklama? }`. */
export function questionsRequest(list: QuestionFormValue[] | undefined) {
  return (list ?? []).map((q) => ({
    soru: q.soru,
    secenekler: q.secenekler.map((o) => o.metin),
    dogru: Number(q.dogru),
    ...(q.aciklama.trim() ? { aciklama: q.aciklama } : {}),
  }));
}

interface Props<T extends QuestionsFormValues> {
  language: Language;
  f: Texts;
  control: Control<T>;
  register: UseFormRegister<T>;
  setValue: UseFormSetValue<T>;
  errors: FieldErrors<QuestionsFormValues>["sorular"];
}

// react-hook-form's path types do not follow a generic form through a record of arrays; the editor
// is used by the template form only, whose values extend QuestionsFormValues.
type Loose = Control<QuestionsFormValues>;
type LooseRegister = UseFormRegister<QuestionsFormValues>;
type LooseSetValue = UseFormSetValue<QuestionsFormValues>;

export function QuestionEditor<T extends QuestionsFormValues>({ language, f, control, register: registerT, setValue: setValueT, errors }: Props<T>) {
  const c = control as unknown as Loose;
  const register = registerT as unknown as LooseRegister;
  const setValue = setValueT as unknown as LooseSetValue;
  const { fields, append, remove } = useFieldArray({ control: c, name: `sorular.${language}` });
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3" data-testid={`questions-${language}`}>
      <legend className="px-1 font-semibold">{f.questions}</legend>
      <p className={ui.muted}>{f.questionsHint}</p>
      {fields.map((item, i) => (
        <QuestionRow key={item.id} language={language} index={i} f={f} control={c} register={register} setValue={setValue} errors={errors?.[language]?.[i]} onRemove={() => remove(i)} />
      ))}
      {fields.length < MAX_QUESTIONS ? (
        <button type="button" className={ui.secondary} onClick={() => append(emptyQuestion())}>
          {f.addQuestion}
        </button>
      ) : null}
    </fieldset>
  );
}

interface RowProps {
  language: Language;
  index: number;
  f: Texts;
  control: Loose;
  register: LooseRegister;
  setValue: LooseSetValue;
  errors: FieldErrors<QuestionFormValue> | undefined;
  onRemove(): void;
}

function QuestionRow({ language, index: i, f, control, register, setValue, errors, onRemove }: RowProps) {
  const base = `sorular.${language}.${i}` as const;
  const { fields, append, remove } = useFieldArray({ control, name: `${base}.secenekler` });
  const dogru = useWatch({ control, name: `${base}.dogru` });
  const id = `q-${language}-${i}`;
  return (
    <div className="space-y-2 rounded-lg bg-slate-50 p-2" data-testid="question-row">
      <Field id={`${id}-soru`} label={f.questionText(i + 1)} error={errors?.soru?.message}>
        {(ctl) => <input {...ctl} maxLength={500} {...register(`${base}.soru`)} />}
      </Field>
      <div role="radiogroup" aria-label={f.options} className="space-y-2">
        <p className={ui.label}>{f.options}</p>
        {fields.map((o, j) => (
          <div key={o.id} className="flex flex-wrap items-center gap-2">
            <label className="flex min-h-11 items-center gap-1 text-sm">
              <input type="radio" className="size-5" value={String(j)} {...register(`${base}.dogru`)} aria-label={f.correctOption(j + 1)} />
              <span aria-hidden="true">{f.correct}</span>
            </label>
            <input
              id={`${id}-o-${j}`}
              aria-label={f.option(j + 1)}
              maxLength={200}
              className={`${ui.input} min-w-0 flex-1`}
              aria-invalid={errors?.secenekler?.[j]?.metin ? true : undefined}
              {...register(`${base}.secenekler.${j}.metin`)}
            />
            {fields.length > MIN_OPTIONS ? (
              <button
                type="button"
                className={ui.secondary}
                aria-label={f.removeOption(j + 1)}
                onClick={() => {
                  remove(j);
                  // The right answer keeps pointing at the same option, or at the first one when it was removed.
                  const d = Number(dogru);
                  if (d === j) setValue(`${base}.dogru`, "0");
                  else if (d > j) setValue(`${base}.dogru`, String(d - 1));
                }}
              >
                ✕
              </button>
            ) : null}
            {errors?.secenekler?.[j]?.metin?.message ? <p className="w-full text-sm text-red-800">{errors.secenekler[j].metin.message}</p> : null}
          </div>
        ))}
        {errors?.secenekler?.message || errors?.dogru?.message ? (
          <p className="text-sm text-red-800" role="alert">
            {errors?.secenekler?.message ?? errors?.dogru?.message}
          </p>
        ) : null}
        {fields.length < MAX_OPTIONS ? (
          <button type="button" className={ui.secondary} onClick={() => append({ metin: "" })}>
            {f.addOption}
          </button>
        ) : null}
      </div>
      <Field id={`${id}-aciklama`} label={f.explanation} hint={f.explanationHint} error={errors?.aciklama?.message}>
        {(ctl) => <textarea rows={2} maxLength={1000} {...ctl} {...register(`${base}.aciklama`)} />}
      </Field>
      <button type="button" className={ui.secondary} onClick={onRemove}>
        {f.removeQuestion}
      </button>
    </div>
  );
}
