// "Verify without trusting us": the checks anyone can repeat offline with standard tools, so the
// evidence does not depend on this service staying honest or online.
import { messages, type Lang } from "./messages";
import { cls } from "./ui";

const CHAIN_SNIPPET = `import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import canonicalize from "canonicalize";

const { events } = JSON.parse(readFileSync(process.argv[2], "utf8"));
let prev = null;
for (const { hash, ...record } of events) {
  const digest = createHash("sha256").update(canonicalize(record)).digest("hex");
  const ok = digest === hash && record.prev_hash === prev;
  console.log(record.seq, record.event, ok ? "OK" : "FAIL");
  prev = hash;
}`;

export function OfflineGuide({ lang, certUrl, sealCertUrl }: { lang: Lang; certUrl: string; sealCertUrl: string }) {
  const t = messages[lang];
  return (
    // Folded: most visitors only need the check above; the guide is for whoever wants to repeat it.
    <details className={`${cls.card} group mt-8`}>
      <summary className={`${cls.h2} flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 [&::-webkit-details-marker]:hidden`}>
        <h2 id="offline-guide">{t.guideTitle}</h2>
        <span aria-hidden="true" className="text-2xl leading-none text-slate-500 transition-transform group-open:rotate-180">
          ⌄
        </span>
      </summary>
      <p className="mt-1 text-[0.95rem] text-slate-700">{t.guideIntro}</p>

      <h3 className="mt-5 font-semibold text-slate-900">{t.guidePdfTitle}</h3>
      <pre dir="ltr" tabIndex={0} className={cls.code}>
        <code>sha256sum onam.pdf</code>
      </pre>
      <p className="mt-2 text-[0.95rem] text-slate-700">{t.guidePdfText}</p>

      <h3 className="mt-5 font-semibold text-slate-900">{t.guideTsTitle}</h3>
      <p className="mt-1 text-[0.95rem] text-slate-700 [overflow-wrap:anywhere]">{t.guideTsText(certUrl)}</p>
      <pre dir="ltr" tabIndex={0} className={cls.code}>
        <code>{`curl -o tsa.pem ${certUrl}\nopenssl ts -verify -digest <sha256> -in onam.tsr -CAfile tsa.pem`}</code>
      </pre>

      <h3 className="mt-5 font-semibold text-slate-900">{t.guideChainTitle}</h3>
      <p className="mt-1 text-[0.95rem] text-slate-700">{t.guideChainText}</p>
      <pre dir="ltr" tabIndex={0} className={cls.code}>
        <code>{CHAIN_SNIPPET}</code>
      </pre>
      <p className="mt-2 text-[0.9rem] text-slate-600">{t.guideChainNote}</p>

      <h3 className="mt-5 font-semibold text-slate-900">{t.guideSealTitle}</h3>
      <p className="mt-1 text-[0.95rem] text-slate-700 [overflow-wrap:anywhere]">{t.guideSealText(sealCertUrl)}</p>
      <pre dir="ltr" tabIndex={0} className={cls.code}>
        <code>{`pdfsig onam.pdf
pdfdetach -save 1 -o kanit.json onam.pdf
node zincir.mjs kanit.json`}</code>
      </pre>
      <p className="mt-2 text-[0.9rem] text-slate-600">{t.guideDetachText}</p>
    </details>
  );
}
