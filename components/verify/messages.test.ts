// Issue #51: /dogrula showed "superseded" as is. Every status a consent can have is worded in every
// language of the page, and a refusal record's match says "recorded", not "signed".
import { describe, expect, it } from "vitest";
import { CONSENT_STATUSES } from "@/lib/contract/enums";
import { messages } from "./messages";

describe("the verification page's words for a consent's status", () => {
  it.each(Object.keys(messages))("%s words every status", (lang) => {
    const t = messages[lang as keyof typeof messages];
    // English words two statuses as their codes; every other word differs from the code.
    const same = lang === "en" ? ["expired", "cancelled"] : [];
    for (const s of CONSENT_STATUSES) if (!same.includes(s)) expect(t.status(s), `${lang} ${s}`).not.toBe(s);
  });

  it("says a refusal record was recorded, in Turkish the record's own word", () => {
    expect(messages.tr.status("superseded")).toMatch(/yenilendi/i);
    expect(messages.tr.matchRecordTitle).toContain("kaydedildiğinden beri değiştirilmemiş");
    expect(messages.tr.matchRecordTitle).not.toContain("imzalandığından");
    for (const t of Object.values(messages)) expect(t.matchRecordTitle).not.toBe(t.matchTitle);
  });
});
