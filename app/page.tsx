// GET / — what the service is, for a clinic, a patient holding a document, and an integrator: three
// doors (the panel, verification, the API reference).
import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = {
  title: "e-Onam — elektronik hasta onamı",
  description: "Klinikler, hastaneler, diş ve veteriner hekimleri için elektronik onam: SMS ile imza, mühürlü ve zaman damgalı belge, herkesin doğrulayabileceği kanıt.",
};

const DOORS = [
  {
    href: "/panel",
    title: "Kurum paneli",
    text: "Şablonlar, onamlar, hekim onayı, API anahtarları ve webhook ayarları. Kurum çalışanları içindir.",
  },
  {
    href: "/dogrula",
    title: "Belge doğrula",
    text: "Elinizdeki onam belgesinin (PDF) değişmediğini kontrol edin. Dosya gönderilmez; yalnızca özeti.",
  },
  {
    href: "/docs",
    title: "API başvurusu",
    text: "Entegratörler için REST API (/v1), FHIR R4 ve webhook’lar: OpenAPI belgesi ve örnekler.",
  },
] as const;

const STEPS = [
  "Kurum, onam metnini şablon olarak yayımlar; her sürüm değişmez olarak saklanır.",
  "Hasta ya da yakını imza bağlantısını SMS ile alır, kodla doğrular, metni okur ve telefonda imzalar.",
  "Belge PAdES ile mühürlenir, zaman damgası alır; kanıt kayıtları belgenin içinde ve herkese açık kayıt defterindedir.",
] as const;

export default function Home() {
  return (
    <main className="mx-auto max-w-3xl px-4 pt-10 pb-16 sm:px-6">
      <p className="text-lg font-semibold text-slate-700">e-Onam</p>
      <h1 className="mt-2 text-3xl leading-tight font-bold text-slate-900 sm:text-4xl">Elektronik hasta onamı, telefonda imza, yıllarca kanıt</h1>
      <p className="mt-4 text-[1.05rem] text-slate-700">
        Klinikler, hastaneler, diş ve veteriner hekimleri için aydınlatılmış onam servisi: hastanın onamını telefonunda alır, imzalı belgeyi mühürler ve
        zaman damgasıyla saklar; onamın ne zaman ve nasıl verildiğini yıllar sonra da kanıtlar.
      </p>

      <ul className="mt-8 grid gap-4 sm:grid-cols-3">
        {DOORS.map((d) => (
          <li key={d.href}>
            <Link
              href={d.href}
              className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm hover:border-blue-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
            >
              <span className="text-lg font-semibold text-blue-800 underline underline-offset-4">{d.title}</span>
              <span className="mt-2 text-[0.95rem] text-slate-700">{d.text}</span>
            </Link>
          </li>
        ))}
      </ul>

      <h2 className="mt-10 text-xl font-semibold text-slate-900">Nasıl çalışır?</h2>
      <ol className="mt-3 list-decimal space-y-2 ps-6 text-slate-700">
        {STEPS.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ol>

      <section lang="en" aria-labelledby="in-english" className="mt-10 border-t border-slate-200 pt-6">
        <h2 id="in-english" className="text-lg font-semibold text-slate-900">
          In English
        </h2>
        <p className="mt-2 text-[0.95rem] text-slate-700">
          e-Onam is an electronic informed-consent service for clinics in Turkey: patients sign on their phone after an SMS code, and the service seals the
          document (PAdES), time-stamps it and records its evidence in a public log. Clinic staff use the <Link href="/panel" className="text-blue-800 underline underline-offset-4">panel</Link>;
          anyone can <Link href="/dogrula?lang=en" className="text-blue-800 underline underline-offset-4">verify a document</Link>; integrators start with the{" "}
          <a href="/docs" className="text-blue-800 underline underline-offset-4">API reference</a>.
        </p>
      </section>
    </main>
  );
}
