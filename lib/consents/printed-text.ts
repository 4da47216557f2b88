// A required free-text field the document prints (a name, a reason): trimmed, bounded, and drawable by
// the document's font, so that it is refused with a 422 naming the field rather than printed as boxes.
import { z } from "zod";
import { refuseBidiControls, unprintableCharacters, unprintableMessage } from "@/lib/documents/printable";

/** `multiline`: line breaks are allowed (a reason written in a text box); never in a name. */
export function printedText(max: number, { multiline = false } = {}) {
  return z
    .string({ error: "zorunlu" })
    .trim()
    .min(1, "zorunlu")
    .max(max, `en fazla ${max} karakter olmalı`)
    .superRefine((v, ctx) => {
      // Control characters (a line feed in a name, an escape) have no place on a printed line.
      if ((multiline ? /(?![\n\r\t])\p{Cc}/u : /\p{Cc}/u).test(v)) ctx.addIssue({ code: "custom", message: "kontrol karakteri içeremez" });
      refuseBidiControls(v, ctx);
      const chars = unprintableCharacters(v);
      if (chars.length) ctx.addIssue({ code: "custom", message: unprintableMessage(chars) });
    });
}
