"use client";
// Template editor: title, category, kind, a body per language (HTML or the WYSIWYG editor,
// template-body-field.tsx) with a live preview (sanitized on the server exactly as it would be
// stored, with sample values), a Word import and the Turkish text's readability (issue #52), and
// the variable contracts. The server validates again with the API's
// schema; its field errors land on the same fields.
import { useEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { useFieldArray, useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@/components/form-resolver";
import { z } from "zod";
import { VARIABLE_TYPES } from "@/lib/templates/variables";
import { createTemplateAction, previewTemplateAction, updateTemplateAction } from "@/lib/actions/templates";
import { panelMessages, type Lang } from "@/components/panel/messages";
import { SubmitButton } from "@/components/panel/submit-button";
import { applyFieldErrors } from "@/components/panel/apply-field-errors";
import { Field, FormMessage } from "@/components/panel/field";
import { ui } from "@/components/panel/styles";
import { directionOf, LANGUAGES, NATIVE_NAMES, TRANSLATION_LANGUAGES, type Language } from "@/lib/i18n/languages";
import { TemplateBodyField } from "@/components/panel/template-body-field";
import { ChangeKind } from "@/components/panel/template-change-kind";
import { MAX_QUESTIONS, QuestionEditor, questionsRequest } from "@/components/panel/question-editor";
import { QuestionsPreview } from "@/components/panel/questions-preview";
import { WordImport } from "@/components/panel/word-import";
import { ReadabilityMeter } from "@/components/panel/readability-meter";
import { ClauseEditor, clausesRequest, MAX_CLAUSES } from "@/components/panel/clause-editor";
import { filledTranslations, formFieldName } from "@/components/panel/template-form-request";

// The API's rules (lib/templates/template-schemas.ts), repeated here because that module pulls the
// server-side HTML sanitizer into the browser bundle; the server checks everything again.
const formSchema = z.object({
  kod: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/i, "harf ya da rakamla başlamalı; yalnızca harf, rakam, - ve _ (en çok 64 karakter)"),
  baslik: z.string().trim().min(1, "boş olamaz").max(200, "en çok 200 karakter olmalı"),
  kategori: z.string().trim().min(1, "boş olamaz").max(100, "en çok 100 karakter olmalı"),
  tur: z.enum(["onam", "aydinlatma"]),
  aktif: z.boolean(),
  dokuman_kodu: z.string().trim().max(40, "en çok 40 karakter olmalı"), // decisions §25: the SKS code in every page's header
  // decisions §19: consents of this template need the physician's countersignature by default
  hekim_imzasi: z.boolean(),
  // decisions §22, §26: what kind of change a publish is, and its note for the people asked again
  degisiklik: z.enum(["bicimsel", "esasli"]),
  degisiklik_notu: z.string().max(1000, "en çok 1000 karakter olmalı"),
  govde: z.string().refine((s) => s.trim() !== "", "boş olamaz"),
  degiskenler: z
    .array(
      z.object({
        ad: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, "harf ya da _ ile başlamalı; yalnızca harf, rakam ve _"),
        etiket: z.string().max(200, "en çok 200 karakter olmalı"),
        tip: z.enum(VARIABLE_TYPES),
        zorunlu: z.boolean(),
        varsayilan: z.string().max(500),
      }),
    )
    .max(100),
  // decisions §17: a title and body per language besides Turkish; both empty means "no translation"
  ceviriler: z.record(z.string(), z.object({ baslik: z.string(), govde: z.string() })),
  // decisions §22: the teach-back questions of each language (question-editor.tsx)
  sorular: z.partialRecord(
    z.enum(LANGUAGES),
    z
      .array(
        z.object({
          soru: z.string().trim().min(1, "boş olamaz").max(500, "en çok 500 karakter olmalı"),
          secenekler: z.array(z.object({ metin: z.string().trim().min(1, "boş olamaz").max(200, "en çok 200 karakter olmalı") })).min(2).max(5),
          dogru: z.string(),
          aciklama: z.string().max(1000, "en çok 1000 karakter olmalı"),
        }),
      )
      .max(MAX_QUESTIONS),
  ),
  // decisions §26: the clauses; Turkish rows carry kod and zorunlu, a translation's only the text (clause-editor.tsx)
  maddeler: z.partialRecord(
    z.enum(LANGUAGES),
    z.array(z.object({ kod: z.string().optional(), metin: z.string().max(1000, "en çok 1000 karakter olmalı"), zorunlu: z.boolean().optional() })).max(MAX_CLAUSES),
  ),
});

type TemplateFormValues = z.infer<typeof formSchema>;

/** `publishedVersion`: the template's latest published version (0: never published); a later publish asks what kind of change it is. */
export function TemplateForm({ lang, existing, publishedVersion = 0 }: { lang: Lang; existing?: TemplateFormValues; publishedVersion?: number }) {
  const t = panelMessages[lang];
  const f = t.templateForm;
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [preview, setPreview] = useState("");
  /** a Word import replaced the Turkish body: the visual editor opens the new one */
  const [imported, setImported] = useState(0);
  const publishRef = useRef(false);
  const [publishing, setPublishing] = useState(false);
  // Publishing is final (a version never changes): it asks first.
  const [confirmPublish, setConfirmPublish] = useState(false);
  const { register, handleSubmit, control, setError, setValue, getValues, formState } = useForm<TemplateFormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: existing ?? { kod: "", baslik: "", kategori: "genel", tur: "onam", aktif: true, dokuman_kodu: "", hekim_imzasi: false, degisiklik: "bicimsel", degisiklik_notu: "", govde: "", degiskenler: [], ceviriler: {}, sorular: {}, maddeler: {} },
  });
  const { fields, append, remove } = useFieldArray({ control, name: "degiskenler" });
  const [tab, setTab] = useState<Language>("tr");
  const govdeTr = useWatch({ control, name: "govde" });
  const ceviriler = useWatch({ control, name: "ceviriler" });
  // The preview follows the tab: each language is checked as it will be shown.
  const govde = tab === "tr" ? govdeTr : (ceviriler?.[tab]?.govde ?? "");
  const degiskenler = useWatch({ control, name: "degiskenler" });
  const degisiklik = useWatch({ control, name: "degisiklik" });
  const previewQuestions = useWatch({ control, name: `sorular.${tab}` });
  // What every body field's editor offers to insert: the variables declared so far.
  const bodyField = { t: t.templateEditor, variables: (degiskenler ?? []).filter((v) => /^[A-Za-z_]\w*$/.test(v.ad)).map((v) => ({ name: v.ad, label: v.etiket })) };

  // Debounced: one preview request after typing pauses.
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      previewTemplateAction(govde ?? "", degiskenler ?? [])
        .then((html) => live && setPreview(html))
        .catch(() => undefined);
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [govde, degiskenler]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setNotice(null);
    const yayimla = publishRef.current;
    try {
      const { kod: _kod, degisiklik: kind, degisiklik_notu: note, ...fields } = values;
      // decisions §26: a translation emptied here is dropped explicitly (null), as a material change asks.
      const filled = filledTranslations(values.ceviriler, values.sorular, values.maddeler);
      const emptied = Object.keys(existing?.ceviriler ?? {}).filter((l) => !(l in filled));
      const change = yayimla && publishedVersion > 0 ? { degisiklik: kind, ...(kind === "esasli" && note.trim() ? { degisiklik_notu: note.trim() } : {}) } : {};
      const ceviriler = { ...filled, ...Object.fromEntries(emptied.map((l) => [l, null])) };
      const rest = { ...fields, ...change, dokuman_kodu: fields.dokuman_kodu || (existing ? null : undefined), ceviriler, sorular: questionsRequest(values.sorular.tr), maddeler: clausesRequest(values.maddeler.tr) };
      const r = existing ? await updateTemplateAction(existing.kod, { ...rest, yayimla }) : await createTemplateAction({ ...rest, kod: values.kod, yayimla });
      if (r.ok) {
        setNotice(yayimla ? f.published(r.data.version) : f.saved);
        if (existing) router.refresh();
        else router.push(`/panel/templates/${encodeURIComponent(r.data.code)}`);
      } else {
        const fieldErrors = Object.fromEntries(Object.entries(r.fieldErrors ?? {}).map(([n, m]) => [formFieldName(n), m]));
        const known = /^(kod|baslik|kategori|dokuman_kodu|tur|aktif|hekim_imzasi|degisiklik_notu|govde|degiskenler\.\d+\.(ad|etiket|tip|zorunlu|varsayilan)|ceviriler\.(en|ar|de|ru|fr)\.(baslik|govde)|sorular\.(tr|en|ar|de|ru|fr)\.\d+\.(soru|secenekler|secenekler\.\d+\.metin|dogru|aciklama)|maddeler\.(tr|en|ar|de|ru|fr)\.\d+\.(kod|metin|zorunlu))$/;
        const rest2 = applyFieldErrors(fieldErrors, (n) => known.test(n), setError);
        setFormError([r.message, ...rest2].join(" "));
        // Show the text that was refused, even when it is another language's tab.
        const failed = Object.keys(fieldErrors);
        const withError = failed.some((n) => n === "govde" || n.startsWith("sorular.tr") || n.startsWith("maddeler.tr") || n === "maddeler")
          ? "tr"
          : TRANSLATION_LANGUAGES.find((l) => failed.some((n) => n.startsWith(`ceviriler.${l}.`) || n.startsWith(`sorular.${l}.`)));
        if (withError) setTab(withError);
      }
    } catch {
      setFormError(t.common.unexpected);
    }
    setPublishing(false);
    setConfirmPublish(false);
  });

  const e = formState.errors;
  const field = (name: "kod" | "baslik" | "kategori" | "dokuman_kodu", hint?: string) => (
    <Field id={`t-${name}`} label={f[name]} hint={hint} error={e[name]?.message}>
      {(control) => (
        <input
          readOnly={name === "kod" && !!existing}
          list={name === "kategori" ? "t-kategori-list" : undefined}
          {...control}
          className={`${control.className} read-only:bg-slate-100`}
          {...register(name)}
        />
      )}
    </Field>
  );

  return (
    <form onSubmit={onSubmit} noValidate className={`${ui.card} mt-4 space-y-4`}>
      <FormMessage text={formError} testId="form-error" />
      {notice ? (
        <p role="status" className={ui.success} data-testid="form-notice">
          {notice}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {field("kod", f.kodHint)}
        {field("baslik")}
        {field("kategori", f.kategoriHint)}
        {field("dokuman_kodu", f.dokumanKoduHint)}
        {/* The usual categories to choose from; the API keeps any category a clinic names. */}
        <datalist id="t-kategori-list">
          {Object.entries(f.categories).map(([code, label]) => (
            <option key={code} value={code} label={label} />
          ))}
        </datalist>
        <Field id="t-tur" label={f.tur}>
          {(control) => (
            <select {...control} {...register("tur")}>
              <option value="onam">{f.types.onam}</option>
              <option value="aydinlatma">{f.types.aydinlatma}</option>
            </select>
          )}
        </Field>
      </div>
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input type="checkbox" className="size-5" {...register("aktif")} />
        {f.aktif}
      </label>
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input type="checkbox" className="size-5" {...register("hekim_imzasi")} />
        {f.hekimImzasi}
      </label>
      <div role="tablist" aria-label={f.languages} className="flex flex-wrap gap-1 border-b border-slate-200">
        {LANGUAGES.map((l) => (
          <button
            key={l}
            type="button"
            role="tab"
            id={`t-tab-${l}`}
            aria-selected={tab === l}
            aria-controls="t-text-panel"
            lang={l}
            onClick={() => setTab(l)}
            className={`min-h-11 rounded-t-lg px-3 text-sm ${tab === l ? "border-b-2 border-blue-700 font-semibold text-blue-800" : "text-slate-600"}`}
          >
            {NATIVE_NAMES[l]}
            {l !== "tr" && (ceviriler?.[l]?.govde ?? "").trim() !== "" ? " ✓" : ""}
          </button>
        ))}
      </div>
      <p className={`${ui.muted} -mt-2`}>{f.languagesHint}</p>
      <div id="t-text-panel" role="tabpanel" aria-labelledby={`t-tab-${tab}`} className="grid gap-4 lg:grid-cols-2">
        {TRANSLATION_LANGUAGES.map((l) => (
          <div key={l} hidden={tab !== l} className="space-y-3" lang={l} dir={directionOf(l)}>
            <Field id={`t-${l}-baslik`} label={`${f.translationTitle} (${NATIVE_NAMES[l]})`} error={e.ceviriler?.[l]?.baslik?.message}>
              {(control) => <input {...control} {...register(`ceviriler.${l}.baslik`)} />}
            </Field>
            <TemplateBodyField
              {...bodyField}
              id={`t-${l}-govde`}
              active={tab === l}
              label={`${f.translationBody} (${NATIVE_NAMES[l]})`}
              error={e.ceviriler?.[l]?.govde?.message}
              language={l}
              dir={directionOf(l)}
              rows={12}
              registration={register(`ceviriler.${l}.govde`)}
              read={() => getValues(`ceviriler.${l}.govde`) ?? ""}
              write={(html) => setValue(`ceviriler.${l}.govde`, html, { shouldDirty: true })}
            />
          </div>
        ))}
        <div hidden={tab !== "tr"}>
          <TemplateBodyField
            {...bodyField}
            id="t-govde"
            active={tab === "tr"}
            label={f.govde}
            hint={f.govdeHint}
            error={e.govde?.message}
            language="tr"
            dir="ltr"
            rows={14}
            registration={register("govde")}
            resetKey={imported}
            read={() => getValues("govde")}
            write={(html) => setValue("govde", html, { shouldDirty: true })}
          />
        </div>
        <div>
          <p className={ui.label} id="t-preview-label">
            {f.preview}
          </p>
          <div
            aria-labelledby="t-preview-label"
            aria-live="polite"
            data-testid="template-preview"
            lang={tab}
            dir={directionOf(tab)}
            className="prose mt-1 min-h-40 max-w-none overflow-auto rounded-lg border border-slate-300 bg-white p-3 text-sm [&_h1]:text-lg [&_h1]:font-semibold [&_h2]:font-semibold [&_ol]:list-decimal [&_ol]:ps-[2.5em] [&_p]:my-2 [&_ul]:list-disc [&_ul]:ps-[1.75em]"
            dangerouslySetInnerHTML={{ __html: preview || `<p>${f.previewEmpty}</p>` }}
          />
          <QuestionsPreview f={f} language={tab} questions={previewQuestions} />
        </div>
      </div>
      <ClauseEditor language={tab} f={f} control={control} register={register} getValues={getValues} setValue={setValue} errors={e.maddeler} />
      <div className="grid gap-4 lg:grid-cols-2">
        <WordImport
          lang={lang}
          unexpected={t.common.unexpected}
          declared={(degiskenler ?? []).map((v) => v.ad)}
          onImport={(html) => {
            setTab("tr");
            setValue("govde", html, { shouldDirty: true });
            setImported((n) => n + 1);
          }}
          onAddVariables={(names) => append(names.map((ad) => ({ ad, etiket: ad, tip: "metin" as const, zorunlu: false, varsayilan: "" })))}
        />
        <ReadabilityMeter lang={lang} body={govdeTr ?? ""} />
      </div>
      <QuestionEditor key={tab} language={tab} f={f} control={control} register={register} setValue={setValue} errors={e.sorular} />

      <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3">
        <legend className="px-1 font-semibold">{f.variables}</legend>
        {fields.map((item, i) => {
          const ve = e.degiskenler?.[i];
          return (
            <div key={item.id} className="grid gap-2 rounded-lg bg-slate-50 p-2 sm:grid-cols-6" data-testid="variable-row">
              <Field id={`v-${i}-ad`} label={f.ad} error={ve?.ad?.message} className="sm:col-span-2">
                {(control) => <input {...control} className={`${control.className} font-mono`} {...register(`degiskenler.${i}.ad`)} />}
              </Field>
              <Field id={`v-${i}-etiket`} label={f.etiket} className="sm:col-span-2">
                {(control) => <input {...control} {...register(`degiskenler.${i}.etiket`)} />}
              </Field>
              <Field id={`v-${i}-tip`} label={f.tip}>
                {(control) => (
                  <select {...control} {...register(`degiskenler.${i}.tip`)}>
                    {VARIABLE_TYPES.map((x) => (
                      <option key={x} value={x}>
                        {f.varTypes[x]}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field id={`v-${i}-varsayilan`} label={f.varsayilan} error={ve?.varsayilan?.message}>
                {(control) => <input {...control} {...register(`degiskenler.${i}.varsayilan`)} />}
              </Field>
              <div className="flex flex-wrap items-center gap-3 sm:col-span-6">
                <label className="flex min-h-11 items-center gap-2 text-sm">
                  <input type="checkbox" className="size-5" {...register(`degiskenler.${i}.zorunlu`)} />
                  {f.zorunlu}
                </label>
                <button type="button" className={ui.secondary} onClick={() => remove(i)}>
                  {f.removeVariable}
                </button>
              </div>
            </div>
          );
        })}
        <button type="button" className={ui.secondary} onClick={() => append({ ad: "", etiket: "", tip: "metin", zorunlu: false, varsayilan: "" })}>
          {f.addVariable}
        </button>
      </fieldset>

      <div className="flex flex-wrap gap-2">
        <SubmitButton
          variant="secondary"
          pending={formState.isSubmitting && !publishing}
          label={f.saveDraft}
          pendingLabel={t.common.saving}
          onClick={() => {
            publishRef.current = false;
            setPublishing(false);
          }}
        />
        {!confirmPublish ? (
          <button type="button" className={ui.primary} disabled={formState.isSubmitting} onClick={() => setConfirmPublish(true)}>
            {f.publish}
          </button>
        ) : null}
      </div>
      {confirmPublish ? (
        <div role="group" aria-labelledby="t-publish-q" className="space-y-2 rounded-lg border border-amber-400 bg-amber-50 p-3">
          <p id="t-publish-q" className="text-sm font-medium">
            {f.publishConfirm}
          </p>
          {publishedVersion > 0 ? <ChangeKind f={f} register={register} material={degisiklik === "esasli"} noteError={formState.errors.degisiklik_notu?.message} /> : null}
          <div className="flex flex-wrap gap-2">
            <SubmitButton
              pending={formState.isSubmitting && publishing}
              label={f.publishYes}
              pendingLabel={f.publishing}
              onClick={() => {
                publishRef.current = true;
                setPublishing(true);
              }}
            />
            <button type="button" className={ui.secondary} disabled={formState.isSubmitting} onClick={() => setConfirmPublish(false)}>
              {f.publishBack}
            </button>
          </div>
        </div>
      ) : null}
    </form>
  );
}
