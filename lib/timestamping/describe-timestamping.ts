// What `timestamping` in GET /v1/me reports for the configured driver (decisions §9).
import { env } from "@/lib/env";
import type { TimestampingInfo } from "@/lib/contract/response-shapes";

export function describeTimestamping(): TimestampingInfo {
  const e = env();
  switch (e.TSA_DRIVER) {
    case "local":
      return {
        driver: "local",
        provider: "local",
        provider_name: "Yerleşik test zaman damgası sunucusu",
        legally_valid: false,
        warning:
          "Yerleşik zaman damgası sunucusu yalnızca test içindir ve yasal geçerliliği yoktur; " +
          "üretimde TSA_DRIVER=rfc3161 ile yetkili bir zaman damgası sağlayıcısı kullanın.",
      };
    case "rfc3161":
      return {
        driver: "rfc3161",
        provider: e.TSA_PROVIDER ?? new URL(e.TSA_URL ?? "http://tsa.invalid").hostname,
        provider_name: e.TSA_PROVIDER_NAME ?? e.TSA_PROVIDER ?? "RFC 3161 zaman damgası sunucusu",
        legally_valid: e.TSA_LEGALLY_VALID,
        warning: e.TSA_LEGALLY_VALID
          ? null
          : "Yapılandırılan zaman damgası sağlayıcısı yasal olarak geçerli olarak işaretlenmedi (TSA_LEGALLY_VALID).",
      };
    case "none":
      return {
        driver: "none",
        provider: "none",
        provider_name: "Zaman damgası kapalı",
        legally_valid: false,
        warning: "Zaman damgası kapalı: belgeler güvenilir zaman damgası olmadan üretilir.",
      };
  }
}
