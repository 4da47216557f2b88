// A required free-text field the document prints (a name, a reason): trimmed, bounded, and drawable by
// the document's font, so that it is refused with a 422 naming the field rather than printed as boxes.
import { z } from "zod";
import { unprintableCharacters, unprintableMessage } from "@/lib/documents/printable";

export function printedText(max: number) {
  return z
    .string({ error: "zorunlu" })
    .trim()
    .min(1, "zorunlu")
    .max(max, `en fazla ${max} karakter olmalı`)
    .superRefine((v, ctx) => {
      const chars = unprintableCharacters(v);
      if (chars.length) ctx.addIssue({ code: "custom", message: unprintableMessage(chars) });
    });
}
