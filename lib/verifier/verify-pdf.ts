// The whole offline check of a sealed consent PDF (decisions §20): its PAdES signatures and
// time-stamps, then kanit.json's chain, inclusion proof and checkpoint. No network, no database.
import { parseVerifierKey } from "@/lib/transparency/note";
import { verifyKanit } from "@/lib/verifier/verify-kanit";
import { verifyPades } from "@/lib/verifier/verify-pades";
import { embeddedFile } from "@/lib/verifier/read-kanit";
import { failed, reason, type Verdict } from "@/lib/verifier/verdict";

export async function verifyPdf(pdf: Buffer, keyText: string | null): Promise<Verdict[]> {
  const key = keyText === null ? null : parseVerifierKey(keyText);
  const out = verifyPades(pdf);
  if (keyText !== null && !key) out.push(failed("log key", "--key is not a note verifier key (<name>+<key id hex>+<base64 key>)"));
  let kanit: Buffer | null;
  try {
    kanit = await embeddedFile(pdf, "kanit.json");
  } catch (err) {
    return [...out, failed("kanit.json", `the PDF cannot be read: ${reason(err)}`)];
  }
  if (!kanit) return [...out, failed("kanit.json", "the PDF embeds no kanit.json")];
  return [...out, ...verifyKanit(kanit, key)];
}
