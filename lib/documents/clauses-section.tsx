// decisions §26: the form's clauses in the signed PDF — each clause as the person read it, whether it
// was required, and their answer (accepted or not). The clauses are in the text's language; the labels
// bilingual like the rest.
import { Text, View } from "@react-pdf/renderer";
import type { ReactElement } from "react";
import type { Language } from "@/lib/i18n/languages";
import type { ConsentDocumentData } from "./document-types";
import { Label, Value } from "./bilingual";
import { SectionTitle } from "./document-parts";
import { labelPair, type PdfLabels } from "./pdf-labels";
import { COLORS } from "./pdf-theme";

type Clauses = NonNullable<ConsentDocumentData["clauses"]>;

export function ClausesSection({ clauses, language }: { clauses: Clauses; language: Language }): ReactElement {
  const pair = (pick: (l: PdfLabels) => string) => labelPair(language, pick);
  return (
    <View>
      <SectionTitle text={pair((l) => l.clausesSection)} />
      {clauses.map((c, i) => (
        <View key={c.code} wrap={false} style={{ marginBottom: 5 }}>
          <View style={{ flexDirection: "row" }}>
            <Text style={{ fontSize: 9.5, fontWeight: "bold", marginRight: 4 }}>{`${i + 1}.`}</Text>
            <View style={{ flex: 1 }}>
              <Value style={{ fontSize: 9.5 }} align="left">
                {c.text}
              </Value>
            </View>
          </View>
          <View style={{ flexDirection: "row", marginTop: 2, marginLeft: 14 }}>
            <Label
              text={pair((l) => (c.accepted ? l.clauseAccepted : l.clauseDeclined))}
              style={{ fontSize: 8.5, fontWeight: "bold", color: c.accepted ? COLORS.ok : COLORS.warn }}
            />
            {c.required ? (
              <View style={{ marginLeft: 6 }}>
                <Label text={pair((l) => l.clauseRequired)} style={{ fontSize: 8.5, color: COLORS.muted }} />
              </View>
            ) : null}
          </View>
        </View>
      ))}
    </View>
  );
}
