// Small display helpers of the panel.
import type { Lang } from "@/components/panel/messages";

/** 90 000 ms → "1 dk 30 sn" / "1 min 30 s"; hours and days for longer spans. */
export function formatDuration(ms: number, lang: Lang): string {
  const s = Math.round(ms / 1000);
  const u = lang === "tr" ? { d: "gün", h: "sa", m: "dk", s: "sn" } : { d: "d", h: "h", m: "min", s: "s" };
  if (s < 60) return `${s} ${u.s}`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} ${u.m} ${s % 60} ${u.s}`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h} ${u.h} ${m % 60} ${u.m}`;
  return `${Math.floor(h / 24)} ${u.d} ${h % 24} ${u.h}`;
}
