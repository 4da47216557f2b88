"use client";
// decisions §26: the panel's kiosk view on the clinic's tablet: the staff member confirms they checked
// the person's identity document, then the device goes full screen on the consent's signing page and
// the panel locks until they enter their password again (the exit page).
import { useState } from "react";
import { leaveKioskAction, startKioskAction } from "@/lib/actions/kiosk";
import { ui } from "@/components/panel/styles";
import type { Lang } from "@/components/panel/messages";

const TEXT = {
  tr: {
    title: "Kiosk: yüz yüze kimlik doğrulama",
    person: "Kişi",
    check: "Kişinin kimlik belgesini kontrol ettim; bu onamı o kişiye açıyorum.",
    start: "Kimliği doğruladım, kiosku başlat",
    closed: "Bu onam artık imzaya açık değil.",
    exitTitle: "Kiosktan çıkış",
    exitText: "Cihaz kiosk olarak kilitli. Çıkmak için kiosku başlatan görevli parolasını girer.",
    password: "Parolanız",
    exit: "Kiosktan çık",
  },
  en: {
    title: "Kiosk: identity checked in person",
    person: "Person",
    check: "I have checked the person's identity document; I open this consent for them.",
    start: "Identity checked, start the kiosk",
    closed: "This consent is no longer open for signing.",
    exitTitle: "Leave the kiosk",
    exitText: "This device is locked as a kiosk. The staff member who started it enters their password to leave.",
    password: "Your password",
    exit: "Leave the kiosk",
  },
} as const;

export function KioskStart({ lang, id, patientName, open }: { lang: Lang; id: string; patientName: string | null; open: boolean }) {
  const t = TEXT[lang];
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function start() {
    setBusy(true);
    setError(null);
    // Full screen first: the browser grants it only during the tap itself.
    await document.documentElement.requestFullscreen?.().catch(() => undefined);
    const r = await startKioskAction(id, checked);
    if (r.ok) window.location.assign(r.data.url);
    else {
      setError([r.message, ...Object.values(r.fieldErrors ?? {}).flat()].filter(Boolean).join(" "));
      setBusy(false);
    }
  }
  return (
    <main className="mx-auto flex min-h-screen max-w-2xl flex-col justify-center gap-5 p-6" data-testid="kiosk-start">
      <h1 className={ui.h1}>{t.title}</h1>
      <p className="text-lg">
        {t.person}: <strong>{patientName ?? "—"}</strong>
      </p>
      {open ? (
        <>
          <label className="flex min-h-11 items-start gap-3 rounded-xl border-2 border-slate-300 p-4 text-lg has-checked:border-blue-700 has-checked:bg-blue-50">
            <input type="checkbox" className="mt-1 size-6" checked={checked} onChange={(e) => setChecked(e.target.checked)} />
            {t.check}
          </label>
          <button type="button" className={ui.primary} disabled={!checked || busy} onClick={start}>
            {t.start}
          </button>
        </>
      ) : (
        <p className={ui.alert}>{t.closed}</p>
      )}
      {error ? (
        <p role="alert" className={ui.alert}>
          {error}
        </p>
      ) : null}
    </main>
  );
}

export function KioskExit({ lang }: { lang: Lang }) {
  const t = TEXT[lang];
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  async function leave(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    const r = await leaveKioskAction(password);
    if (r.ok) {
      await document.exitFullscreen?.().catch(() => undefined);
      window.location.assign("/panel/consents");
    } else setError([r.message, ...Object.values(r.fieldErrors ?? {}).flat()].filter(Boolean).join(" "));
  }
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-4 p-6" data-testid="kiosk-exit-page">
      <h1 className={ui.h1}>{t.exitTitle}</h1>
      <p>{t.exitText}</p>
      <form onSubmit={leave} className="space-y-3">
        <label className={ui.label} htmlFor="kiosk-password">
          {t.password}
        </label>
        <input id="kiosk-password" type="password" autoComplete="current-password" className={ui.input} value={password} onChange={(e) => setPassword(e.target.value)} />
        <button type="submit" className={ui.primary}>
          {t.exit}
        </button>
      </form>
      {error ? (
        <p role="alert" className={ui.alert}>
          {error}
        </p>
      ) : null}
    </main>
  );
}
