// Label/value pairs in a bordered two-column grid, as on a printed hospital form.
import { Text, View } from "@react-pdf/renderer";
import type { ReactElement } from "react";
import { MONO } from "./fonts";
import { COLORS } from "./pdf-theme";

export interface Field {
  label: string;
  value: string;
  /** spans both columns (long values such as a digest or a user agent) */
  wide?: boolean;
  mono?: boolean;
}

export function FieldGrid({ fields }: { fields: readonly Field[] }): ReactElement {
  return (
    <View
      style={{ flexDirection: "row", flexWrap: "wrap", borderTopWidth: 0.5, borderLeftWidth: 0.5, borderColor: COLORS.rule }}
    >
      {fields.map((f, i) => (
        <View
          key={i}
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
          <Text style={{ fontSize: 7, color: COLORS.muted, marginBottom: 1 }}>{f.label}</Text>
          <Text style={f.mono ? { fontFamily: MONO, fontSize: 8 } : { fontSize: 9.5 }}>{f.value}</Text>
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
