import { describe, expect, it } from "vitest";
import { asSentence } from "@/lib/i18n/format";
import { deliveryErrorText, refusalText } from "./webhook-errors";

describe("webhook errors in the panel (issue #51)", () => {
  it("words the stored reasons of a failed attempt in Turkish", () => {
    expect(deliveryErrorText("HTTP 503", "tr")).toBe("Alıcı HTTP 503 yanıtı verdi.");
    expect(deliveryErrorText("ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:9", "tr")).toBe("Alıcı bağlantıyı reddetti (adreste dinleyen bir sunucu yok).");
    expect(deliveryErrorText("timeout after 10 s", "tr")).toBe("Alıcı 10 saniye içinde yanıt vermedi.");
    expect(deliveryErrorText("refused: hooks.example resolves to a private or reserved address", "tr")).toBe("Gönderilmedi: hooks.example yerel, özel ya da ayrılmış bir adres.");
    expect(deliveryErrorText("something new", "tr")).toBe("Bağlantı hatası (something new).");
    expect(deliveryErrorText("HTTP 503", "en")).toBe("The receiver answered HTTP 503.");
  });

  it("says a refusal once when its message is also its field's error", () => {
    const msg = "Webhook adresi https:// ile başlamalı.";
    expect(refusalText(msg, { url: [msg] }, asSentence)).toBe(msg);
    expect(refusalText("Geçersiz istek.", { events: ["en az bir olay seçilmeli"] }, asSentence)).toBe("Geçersiz istek. En az bir olay seçilmeli.");
  });
});
