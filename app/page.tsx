export default function Home() {
  return (
    <main className="mx-auto max-w-2xl px-6 py-16">
      <h1 className="text-3xl font-semibold">e-Onam</h1>
      <p className="mt-4 text-slate-700">
        Klinikler, hastaneler, diş ve veteriner hekimleri için elektronik onam servisi: şablondan onam oluşturun,
        imza bağlantısını SMS ile gönderin, imzalı ve zaman damgalı belgeyi alın.
      </p>
      <ul className="mt-6 list-disc space-y-1 pl-6 text-slate-700">
        <li>
          REST API: <code className="rounded bg-slate-200 px-1">/v1</code> (Basic kimlik doğrulaması, API anahtarı)
        </li>
        <li>
          İlk çağrı: <code className="rounded bg-slate-200 px-1">GET /v1/me</code>
        </li>
      </ul>
    </main>
  );
}
