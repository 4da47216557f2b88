// "Belgeler": a consent's files in one place — the signed PDF, the evidence report, the time-stamp
// token, the verification page, and "Yazdır", which opens the PDF inline in a new tab for the
// browser's own viewer to print (no script, no frame: works wherever a PDF opens, and a screen
// reader reads it as a link that opens a new tab). The links are the signed 24-hour download links
// of decisions §8, issued afresh on every read.
import type { ConsentObject } from "@/lib/contract/response-shapes";
import type { Messages } from "@/components/panel/messages";
import { ui } from "@/components/panel/styles";

export function DocumentsCard({
  document,
  receipt = null,
  withdrawn = false,
  purged,
  t,
}: {
  document: ConsentObject["document"];
  /** issue #51: the sealed withdrawal receipt, beside the untouched document */
  receipt?: ConsentObject["withdrawal_receipt"];
  withdrawn?: boolean;
  purged: boolean;
  t: Messages;
}) {
  const c = t.consents;
  return (
    <section className={ui.card} aria-labelledby="documents" data-testid="documents-card">
      <h2 id="documents" className={ui.h2}>
        {c.downloads}
      </h2>
      {document ? (
        <>
          {purged ? <p className={`${ui.muted} mt-1`}>{c.purgedDocuments}</p> : null}
          {document.pdf_url ? (
            <p className="mt-3">
              <a className={ui.primary} href={`${document.pdf_url}&inline=1`} target="_blank" rel="noopener noreferrer" data-testid="print-link" aria-describedby="print-hint">
                {c.print}
              </a>
            </p>
          ) : null}
          {document.pdf_url ? (
            <p id="print-hint" className={`${ui.muted} mt-1`}>
              {c.printHint}
            </p>
          ) : null}
          <ul className="mt-3 space-y-2 text-sm">
            {document.pdf_url ? <Download href={document.pdf_url} label={c.pdf} kind="pdf" /> : null}
            {document.evidence_url ? <Download href={document.evidence_url} label={c.evidence} kind="evidence" /> : null}
            {document.tsr_url ? <Download href={document.tsr_url} label={c.tsr} kind="tsr" /> : null}
            {receipt?.pdf_url ? <Download href={receipt.pdf_url} label={c.receipt} kind="receipt" /> : null}
            <li>
              <a className={ui.link} href={document.verify_url}>
                {c.verify}
              </a>
            </li>
          </ul>
          <p className="mt-3 text-sm">
            {c.documentHash}: <span className={ui.mono}>{document.sha256}</span>
          </p>
          {receipt ? (
            <p className="mt-1 text-sm">
              {c.receiptHash}: <span className={ui.mono}>{receipt.sha256}</span>
            </p>
          ) : withdrawn && !purged ? (
            <p className={`${ui.muted} mt-2`} data-testid="receipt-pending">
              {c.receiptPending}
            </p>
          ) : null}
        </>
      ) : (
        <p className={`${ui.muted} mt-2`}>{c.noDocument}</p>
      )}
    </section>
  );
}

function Download({ href, label, kind }: { href: string; label: string; kind: string }) {
  return (
    <li>
      <a className={ui.link} href={href} download data-testid={`download-${kind}`}>
        {label}
      </a>
    </li>
  );
}
