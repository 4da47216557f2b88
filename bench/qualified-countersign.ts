// Issue #48 § Performance: the physician's qualified countersignature (decisions §24) through the API,
// against a real test PKI (openssl: root → intermediate → a physician certificate with nonRepudiation
// and an OCSP address, a real `openssl ocsp` responder on 127.0.0.1). Per consent: prepare (the final
// document rendered with the reserved field, the signed attributes answered) timed alone; the card's
// signature made here with node:crypto (the card's own time is not the service's, and is excluded);
// then countersign → the consent reading `completed` with its document (the CMS checked, chain and
// OCSP, then the seal, the DSS and the document time-stamp).
import { sign as rsaSign } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createTestPki } from "../tests/pki";
import { median, type Row } from "./bench-row";
import { prepareConsent, sign } from "./sign-flow";

const RUNS = 20;

/** Rows for prepare p50 and countersign → completed p50; `anchorsFile` is the server's QUALIFIED_TRUST_ANCHORS. */
export async function qualifiedCountersignRows(url: string, auth: Record<string, string>, body: string, dataDir: string, anchorsFile: string): Promise<Row[]> {
  const pki = await createTestPki({ keys: "bench-qes", bits: 2048, dir: path.join(dataDir, "qes-pki") });
  // Issued before the OCSP responder starts: `openssl ocsp` rereads its index only when its mtime moves
  // on by a second, and a certificate issued within the second of its start was answered `unknown`.
  const physician = await pki.issue("physician", "physician", { subject: "/C=TR/serialNumber=TCKN10000000146/CN=Şule Işık" });
  await pki.start();
  try {
    fs.writeFileSync(anchorsFile, pki.root.pem);
    const qualifiedBody = JSON.stringify({ ...(JSON.parse(body) as object), hekim_imzasi: true, hekim_imza_turu: "nitelikli" });
    const prepares: number[] = [];
    const completions: number[] = [];
    // One more than measured: the first warms the qualified path (certificate parsing, the OCSP client).
    for (let i = 0; i <= RUNS; i++) {
      const ready = await prepareConsent(url, auth, qualifiedBody, dataDir);
      await sign(url, ready);
      // An hour ago, in the service's zone (Europe/Istanbul, UTC+3).
      const informed = new Date(Date.now() - 3_600_000 + 3 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");
      const t0 = performance.now();
      const prepared = await fetch(`${url}/v1/consents/${ready.id}/countersign/prepare`, {
        method: "POST",
        headers: auth,
        body: JSON.stringify({
          hekim_ad: "Dr. Şule Işık",
          bilgilendirme_zamani: informed,
          sertifika: physician.der.toString("base64"),
          zincir: physician.chain.slice(1).map((d) => d.toString("base64")),
        }),
      });
      if (prepared.status !== 200) throw new Error(`prepare answered ${prepared.status}: ${await prepared.text()}`);
      const p = (await prepared.json()) as { prepare_id: string; signed_attributes: string };
      const prepareMs = performance.now() - t0;
      const value = rsaSign("sha256", Buffer.from(p.signed_attributes, "base64"), physician.key).toString("base64");
      const t1 = performance.now();
      const res = await fetch(`${url}/v1/consents/${ready.id}/countersign`, { method: "POST", headers: auth, body: JSON.stringify({ prepare_id: p.prepare_id, imza_degeri: value }) });
      if (res.status !== 200) throw new Error(`countersign answered ${res.status}: ${await res.text()}`);
      await res.text();
      for (;;) {
        const got = (await (await fetch(`${url}/v1/consents/${ready.id}`, { headers: auth })).json()) as { status: string; document: unknown };
        if (got.status === "completed" && got.document) break;
        await new Promise((r) => setTimeout(r, 5));
      }
      if (i === 0) continue;
      prepares.push(prepareMs);
      completions.push(performance.now() - t1);
    }
    const prepareP50 = median(prepares);
    const completedP50 = median(completions);
    return [
      { name: `qualified countersign/prepare (p50 of ${RUNS}; p99 column = max)`, p50: prepareP50, p99: Math.max(...prepares), target: "p50 ≤ 150 ms", met: prepareP50 <= 150 },
      { name: `qualified countersign → completed, card time excluded (p50 of ${RUNS}; p99 column = max)`, p50: completedP50, p99: Math.max(...completions), target: "p50 ≤ 300 ms", met: completedP50 <= 300 },
    ];
  } finally {
    await pki.stop();
  }
}
