// Label/value pairs in a bordered two-column grid, as on a printed hospital form.
import { Text, View } from "@react-pdf/renderer";
import { isValidElement, type ReactElement } from "react";
import { Value } from "./bilingual";
import { MONO } from "./fonts";
import { COLORS } from "./pdf-theme";
import { pdfTag } from "./pdf-tags";

export interface Field {
  /** text, or an element of its own (bilingual.tsx: a right-to-left label beside the Turkish one) */
  label: string | ReactElement;
  /** text, or an element of its own (a role in two languages above a name) */
  value: string | ReactElement;
  /** spans both columns (long values such as a digest or a user agent) */
  wide?: boolean;
  mono?: boolean;
}

export function FieldGrid({ fields }: { fields: readonly Field[] }): ReactElement {
  return (
    // A table of rows, each a label (its row's header) and a value, whatever the columns it is laid out in.
    <View
      {...pdfTag("Table")}
      style={{ flexDirection: "row", flexWrap: "wrap", borderTopWidth: 0.5, borderLeftWidth: 0.5, borderColor: COLORS.rule }}
    >
      {fields.map((f, i) => (
        <View
          key={i}
          {...pdfTag("TR")}
          wrap={false}
          style={{
            width: f.wide ? "100%" : "50%",
            paddingHorizontal: 6,
            paddingVertical: 4,
            borderRightWidth: 0.5,
            borderBottomWidth: 0.5,
            borderColor: COLORS.rule,
          }}
        >
          {isValidElement(f.label) ? (
            <View {...pdfTag("TH", { scope: "Row" })} style={{ marginBottom: 1 }}>
              {f.label}
            </View>
          ) : (
            <Text {...pdfTag("TH", { scope: "Row" })} style={{ fontSize: 7, color: COLORS.muted, marginBottom: 1 }}>
              {f.label}
            </Text>
          )}
          {/* A name or procedure written in Arabic is ordered right to left, still at the left of its cell. */}
          {isValidElement(f.value) ? (
            <View {...pdfTag("TD")}>{f.value}</View>
          ) : (
            <Value tag="TD" style={f.mono ? { fontFamily: MONO, fontSize: 8 } : { fontSize: 9.5 }} align="left">
              {f.value}
            </Value>
          )}
        </View>
      ))}
    </View>
  );
}

/** Keeps the grid even: a lone half-width field at the end is widened to close the row. */
export function evenFields(fields: readonly Field[]): Field[] {
  const out: Field[] = [];
  let half = 0;
  for (const f of fields) {
    if (f.wide && half % 2 === 1) out[out.length - 1] = { ...out[out.length - 1]!, wide: true };
    if (f.wide) half = 0;
    else half += 1;
    out.push(f);
  }
  if (half % 2 === 1) out[out.length - 1] = { ...out[out.length - 1]!, wide: true };
  return out;
}
