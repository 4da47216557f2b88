// Evidence event names (decisions §6).
export const EVENT_NAMES = [
  "olusturuldu",
  "sms_gonderildi",
  "sms_basarisiz",
  "yeniden_gonderildi",
  "goruntulendi",
  "otp_gonderildi",
  "otp_hatali",
  "otp_dogrulandi",
  // decisions §22: the person answered the teach-back questions ({ asked, first_try_correct, missed })
  "anlama_kontrolu",
  "imzalandi",
  "reddedildi",
  "belge_olusturuldu",
  "zaman_damgasi_alindi",
  "zaman_damgasi_basarisiz",
  "iptal_edildi",
  "suresi_doldu",
  // decisions §15: too many codes or wrong entries; the link stays locked until the institution resends it
  "link_kilitlendi",
  "geri_alindi",
  // decisions §17: the interpreter who explained the text signed too
  "tercuman_imzaladi",
  // decisions §14: the document was stored unsealed (the seal key could not be used) / sealed later
  "muhur_basarisiz",
  "belge_muhurlendi",
  // decisions §19: the witness and the informing physician signed; a refusal was put on record; the
  // person downloaded their own copy
  "tanik_imzaladi",
  "hekim_imzaladi",
  "ret_tutanagi",
  "kopya_indirildi",
  // decisions §22: the person listened to the recording of the text; `percent` of it, recorded per step (lib/signing/record-listening.ts)
  "metin_dinlendi",
  // decisions §22: a re-consent on a newer version was created for this consent / it completed and
  // this consent is superseded; each names the other consent
  "yeniden_onam_olusturuldu",
  "yenilendi",
  // decisions §23: the one SMS reminder before expiry was charged and queued
  "hatirlatma_gonderildi",
  // decisions §24: the document got a DSS update and a new document time-stamp ({ time, serial }): a new digest
  "arsiv_zaman_damgasi",
  // issue #49: the institution lifted a completed consent's link lock (the panel's "Kilidi kaldır"); the
  // link's codes and wrong entries count afresh from here, as after a resend
  "link_kilidi_kaldirildi",
  // decisions §26: the person's answers to the version's clauses ({ accepted: [kod], declined: [kod] }), just before imzalandi
  "maddeler_yanitlandi",
  // decisions §26: a signed-in staff member confirmed the person's identity document in person (kiosk) ({ method: "yuz_yuze", staff })
  "kimlik_dogrulandi",
  // issue #51: the sealed withdrawal receipt ("Geri Çekme Tutanağı") was produced after geri_alindi ({ sha256 } of the receipt)
  "geri_alma_tutanagi",
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

/** Who caused an event: `api:<key id>`, `panel:<user id>`, `signer` or `system`. */
export interface EventOrigin {
  actor: string;
  ip: string;
  userAgent: string;
}

export const SYSTEM_ORIGIN: EventOrigin = { actor: "system", ip: "", userAgent: "" };
