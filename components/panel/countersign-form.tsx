"use client";
// The physician's countersignature (decisions §19): the time of informing, a signature — drawn, the
// name typed, or (issue #51) the one saved in the physician's account — and the password typed again.
// The server signs in the user's own name and registration number; the answer is the completed
// consent and its document, or what to correct. Once done, the panel's count of consents awaiting a
// physician (the menu badge, the dashboard) is read again (router.refresh): issue #51.
import { formatWhen } from "@/lib/i18n/format";
import { useRef, useState, useTransition } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { countersignAction } from "@/lib/actions/countersign";
import { panelMessages, type Lang } from "@/components/panel/messages";
import { Field, FieldError, FormMessage } from "@/components/panel/field";
import { SubmitButton } from "@/components/panel/submit-button";
import { ui } from "@/components/panel/styles";
import { SignatureCanvas, type SignatureCanvasHandle, type SignatureCanvasLooks } from "@/components/ui/signature-canvas";

type FieldName = "informedAt" | "signature" | "typedName" | "password";
type Method = "drawn" | "typed" | "saved";

/** Pixels across of the drawing at most: within what the server takes (4096) and its 256 KiB. */
const MAX_BITMAP_WIDTH = 1600;
const padLooks: SignatureCanvasLooks = { button: ui.secondary, canvas: "h-48 sm:h-56", controls: "mt-2 gap-2" };

interface Props {
  id: string;
  lang: Lang;
  informed: { value: string; min: string; max: string };
  timeZone: string;
  signAs: { name: string | null; registrationNo: string | null };
  /** issue #51: the physician's saved signature (a PNG data URL) to show, or null when none is saved */
  saved: string | null;
}

export function CountersignForm({ id, lang, informed, timeZone, signAs, saved }: Props) {
  const t = panelMessages[lang].physician.form;
  const common = panelMessages[lang].common;
  const router = useRouter();
  const pad = useRef<SignatureCanvasHandle>(null);
  const [empty, setEmpty] = useState(true);
  const [method, setMethod] = useState<Method>("drawn");
  const [typedName, setTypedName] = useState("");
  const [informedAt, setInformedAt] = useState(informed.value);
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [done, setDone] = useState<{ pdfUrl: string | null } | null>(null);
  const [pending, start] = useTransition();

  if (done) {
    return (
      <section className={`${ui.card} space-y-3`} aria-labelledby="countersigned" data-testid="countersign-done">
        <h2 id="countersigned" className={ui.h2}>
          {t.done}
        </h2>
        {done.pdfUrl ? (
          <p>
            <a href={done.pdfUrl} className={ui.link} data-testid="countersign-document">
              {t.document}
            </a>
          </p>
        ) : (
          <p className={ui.muted}>{t.documentPending}</p>
        )}
        <p>
          <Link href={`/panel/consents/${id}`} className={ui.link}>
            {panelMessages[lang].physician.page.toConsent}
          </Link>
        </p>
      </section>
    );
  }

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const signature = method === "drawn" ? (pad.current?.toDataURL() ?? null) : null;
    const local: Partial<Record<FieldName, string>> = {};
    if (!informedAt) local.informedAt = panelMessages[lang].login.required;
    if (method === "drawn" && !signature) local.signature = t.signatureRequired;
    if (method === "typed" && !typedName.trim()) local.typedName = t.typedRequired;
    if (!password) local.password = t.passwordRequired;
    setErrors(local);
    setMessage(null);
    if (Object.keys(local).length) return;
    start(async () => {
      try {
        const r = await countersignAction(id, { informedAt, method, signature, typedName: method === "typed" ? typedName : null, password });
        if (r.ok) {
          setDone({ pdfUrl: r.data.pdfUrl });
          // The menu badge and the dashboard count this consent no longer.
          router.refresh();
          return;
        }
        const f = r.fieldErrors ?? {};
        const next: Partial<Record<FieldName, string>> = {};
        if (r.code === "unauthorized") next.password = t.wrongPassword;
        else if (r.code === "rate_limited") next.password = t.tooMany;
        for (const k of ["informedAt", "signature", "typedName", "password"] as const) if (f[k] && !next[k]) next[k] = f[k].join(", ");
        setErrors(next);
        if (next.password) setPassword("");
        setMessage(f.profile ? `${t.profile} ${f.profile.join(", ")}` : Object.keys(next).length ? common.fixFields : r.message);
      } catch {
        setMessage(common.unexpected);
      }
    });
  };

  return (
    <form onSubmit={submit} noValidate className={`${ui.card} space-y-4`} aria-labelledby="countersign-title" data-testid="countersign-form">
      <h2 id="countersign-title" className={ui.h2}>
        {t.title}
      </h2>
      <p className="text-sm">{signAs.name ? t.signAs(signAs.name, signAs.registrationNo) : t.noName}</p>
      <FormMessage text={message} testId="countersign-message" />
      <Field id="cs-informed" label={t.informedAt} hint={t.informedHint(timeZone, formatWhen(informed.max, lang, timeZone, true))} error={errors.informedAt}>
        {(control) => (
          <input
            {...control}
            type="datetime-local"
            step={1}
            min={informed.min}
            max={informed.max}
            value={informedAt}
            onChange={(e) => setInformedAt(e.target.value)}
            required
          />
        )}
      </Field>
      <fieldset>
        <legend className={ui.label}>{t.methodLegend}</legend>
        <div className="mt-1 flex flex-wrap gap-2" data-testid="countersign-method">
          {(["drawn", "typed", "saved"] as const).map((m) => (
            <label key={m} className={`inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm ${method === m ? "border-blue-700 bg-blue-50 font-medium" : "border-slate-300"}`}>
              <input
                type="radio"
                name="cs-method"
                value={m}
                checked={method === m}
                onChange={() => {
                  setMethod(m);
                  setErrors((e) => ({ ...e, signature: undefined, typedName: undefined }));
                }}
                disabled={pending || (m === "saved" && !saved)}
              />
              {t.methods[m]}
            </label>
          ))}
        </div>
        {saved ? null : (
          <p className={`${ui.muted} mt-1`} data-testid="no-saved-signature">
            {t.noSaved}{" "}
            <Link href="/panel/account#saved-signature" className={ui.link}>
              {t.toAccount}
            </Link>
          </p>
        )}
      </fieldset>
      {method === "drawn" ? (
        <div>
          <p id="cs-signature-label" className={ui.label}>
            {t.signature}
          </p>
          <p id="cs-signature-hint" className={`${ui.muted} mt-1`}>
            {t.signatureHint}
          </p>
          <SignatureCanvas
            ref={pad}
            labels={{ canvas: t.signatureCanvas, undo: t.undo, clear: t.clear }}
            maxBitmapWidth={MAX_BITMAP_WIDTH}
            looks={padLooks}
            className="mt-1"
            testId="countersign-canvas"
            empty={empty}
            onChange={(isEmpty) => {
              setEmpty(isEmpty);
              if (!isEmpty) setErrors((e) => ({ ...e, signature: undefined }));
            }}
            disabled={pending}
            describedBy={errors.signature ? "cs-signature-hint cs-signature-err" : "cs-signature-hint"}
            invalid={!!errors.signature}
          />
          <FieldError id="cs-signature-err" text={errors.signature} />
        </div>
      ) : method === "typed" ? (
        <Field id="cs-typed" label={t.typedName} hint={t.typedHint} error={errors.typedName}>
          {(control) => <input {...control} type="text" autoComplete="name" value={typedName} onChange={(e) => setTypedName(e.target.value)} maxLength={200} required />}
        </Field>
      ) : (
        <div>
          <p className={ui.muted}>{t.savedHint}</p>
          {/* eslint-disable-next-line @next/next/no-img-element -- a data URL of the user's own signature, not an optimisable asset */}
          <img src={saved ?? ""} alt={t.savedAlt} className="mt-2 h-32 w-full rounded-lg border border-slate-300 bg-white object-contain" data-testid="saved-signature-preview" />
          <FieldError id="cs-signature-err" text={errors.signature} />
        </div>
      )}
      <Field id="cs-password" label={t.password} hint={t.passwordHint} error={errors.password}>
        {(control) => <input {...control} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} maxLength={256} required />}
      </Field>
      <SubmitButton pending={pending} label={t.submit} pendingLabel={t.submitting} />
    </form>
  );
}
