// One consent created and signed through the real endpoints, as the patient's phone would: the code
// from the file SMS driver's outbox, then the drawn signature. Shared by the bench's measurements.
import fs from "node:fs";
import path from "node:path";
import QRCode from "qrcode";

let png: string | undefined;

export interface SignedConsent {
  id: string;
  /** ms from the sign request to the consent reading `completed` with its document */
  ms: number;
  sha256: string;
}

export async function createAndSign(url: string, auth: Record<string, string>, body: string, dataDir: string): Promise<SignedConsent> {
  png ??= (await QRCode.toBuffer("Ayşe Yılmaz imza", { width: 300, margin: 1 })).toString("base64");
  const c = (await (await fetch(`${url}/v1/consents`, { method: "POST", headers: auth, body })).json()) as { id: string; link: { url: string } };
  const token = c.link.url.split("/s/")[1]!;
  await fetch(`${url}/s/${token}/otp`, { method: "POST" });
  const lines = fs.readFileSync(path.join(dataDir, "sms-outbox.jsonl"), "utf8").trim().split("\n");
  const line = lines.map((l) => JSON.parse(l) as { kind: string; consent_id: string; body: string }).filter((l) => l.kind === "otp" && l.consent_id === c.id).at(-1)!;
  const code = /\b(\d{6})\b/.exec(line.body)![1];
  const v = await fetch(`${url}/s/${token}/verify`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ code }) });
  const cookie = v.headers.get("set-cookie")!.split(";")[0]!;
  const t = performance.now();
  const s = await fetch(`${url}/s/${token}/sign`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie },
    body: JSON.stringify({ signature: `data:image/png;base64,${png}`, read: true, understood: true }),
  });
  await s.text();
  for (;;) {
    const got = (await (await fetch(`${url}/v1/consents/${c.id}`, { headers: auth })).json()) as { status: string; document: { sha256: string } | null };
    if (got.status === "completed" && got.document) return { id: c.id, ms: performance.now() - t, sha256: got.document.sha256 };
    await new Promise((r) => setTimeout(r, 5));
  }
}
