"use client";
// What a page shows when it fails on the server beyond what it handles itself (the database
// unreachable while the panel or the verification page loads, say): in place of Next's English
// "This page couldn't load", the service's own words in Turkish and English, and a way to try again.
// It replaces the root layout, so it brings its own <html> and styles.
import "./globals.css";

export default function GlobalError() {
  return (
    <html lang="tr">
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        <main className="mx-auto max-w-xl px-4 py-10">
          <section className="mb-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <h1 className="text-xl font-semibold">Sayfa şu anda açılamıyor</h1>
            <p className="mt-2 text-slate-700">Sistem kısa süreliğine yanıt veremiyor. Lütfen birkaç dakika sonra yeniden deneyin.</p>
          </section>
          <section lang="en" className="mb-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 className="text-xl font-semibold">This page cannot be opened right now</h2>
            <p className="mt-2 text-slate-700">The system cannot respond for a moment. Please try again in a few minutes.</p>
          </section>
          <button type="button" onClick={() => window.location.reload()} className="rounded-lg bg-slate-900 px-4 py-2 font-medium text-white">
            Yeniden dene / Try again
          </button>
        </main>
      </body>
    </html>
  );
}
