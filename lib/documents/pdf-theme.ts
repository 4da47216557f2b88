// Shared look of the PDFs: a restrained hospital-form palette and the page frame measurements.
import { StyleSheet } from "@react-pdf/renderer";
import { MONO, SANS } from "./fonts";

export const COLORS = {
  ink: "#1a1f24",
  muted: "#5b6670",
  faint: "#8a949c",
  rule: "#c9d0d6",
  panel: "#f3f6f8",
  accent: "#0b4f71",
  ok: "#1d6b3a",
  bad: "#a4161a",
  warn: "#8a5a00",
};

/** Points; the footer sits in the bottom margin, so body text never runs under it. */
export const PAGE = { marginX: 42, marginTop: 40, marginBottom: 56 };

export const base = StyleSheet.create({
  page: {
    fontFamily: SANS,
    fontSize: 9.5,
    color: COLORS.ink,
    paddingTop: PAGE.marginTop,
    paddingBottom: PAGE.marginBottom,
    paddingHorizontal: PAGE.marginX,
  },
  sectionTitle: {
    fontSize: 8,
    fontWeight: "bold",
    color: COLORS.accent,
    letterSpacing: 0.6,
    borderBottomWidth: 0.75,
    borderBottomColor: COLORS.accent,
    paddingBottom: 2,
    marginTop: 12,
    marginBottom: 6,
  },
  label: { fontSize: 7.5, color: COLORS.muted },
  value: { fontSize: 9.5 },
  small: { fontSize: 7, color: COLORS.muted },
  mono: { fontFamily: MONO, fontSize: 7 },
});
