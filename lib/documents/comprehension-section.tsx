// decisions §22: the teach-back questions in the signed PDF — each question, its right answer, and how
// the person answered it (right at the first try, or wrong, then the explanation shown and the answer
// given after it). The questions are in the text's language; the labels bilingual like the rest.
import { Text, View } from "@react-pdf/renderer";
import type { ReactElement } from "react";
import type { Language } from "@/lib/i18n/languages";
import type { ShownComprehension } from "./document-types";
import { Label, Value } from "./bilingual";
import { fieldLabel, SectionTitle } from "./document-parts";
import { FieldGrid, type Field } from "./field-grid";
import { labelPair, type PdfLabels } from "./pdf-labels";
import { COLORS } from "./pdf-theme";

export function ComprehensionSection({ detail, language }: { detail: ShownComprehension; language: Language }): ReactElement {
  const pair = (pick: (l: PdfLabels) => string) => labelPair(language, pick);
  return (
    <View>
      <SectionTitle text={pair((l) => l.comprehensionSection)} />
      <View style={{ flexDirection: "row", marginBottom: 4 }}>
        <Label text={pair((l) => l.firstTryCorrect)} style={{ fontSize: 8.5, color: COLORS.muted }} />
        <Text style={{ fontSize: 8.5, marginLeft: 6 }}>{`${detail.first_try_correct} / ${detail.asked}`}</Text>
      </View>
      {detail.items.map((q, i) => {
        const fields: Field[] = [{ label: fieldLabel(language, (l) => l.rightAnswer), value: q.options[q.correct] ?? "—", wide: q.firstTryCorrect }];
        if (!q.firstTryCorrect) {
          fields.push({
            label: fieldLabel(language, (l) => l.secondAnswer),
            value: q.second === null ? <Label text={pair((l) => l.noSecondAnswer)} style={{ fontSize: 9.5 }} /> : (q.options[q.second] ?? "—"),
          });
        }
        return (
          <View key={i} wrap={false} style={{ marginBottom: 6 }}>
            <View style={{ flexDirection: "row" }}>
              <Text style={{ fontSize: 9.5, fontWeight: "bold", marginRight: 4 }}>{`${i + 1}.`}</Text>
              <View style={{ flex: 1 }}>
                <Value style={{ fontSize: 9.5, fontWeight: "bold" }} align="left">
                  {q.question}
                </Value>
              </View>
            </View>
            <View style={{ marginVertical: 2 }}>
              <Label
                text={pair((l) => (q.firstTryCorrect ? l.answeredRight : l.answeredWrong))}
                style={{ fontSize: 8.5, color: q.firstTryCorrect ? COLORS.ok : COLORS.warn }}
              />
            </View>
            <FieldGrid fields={fields} />
          </View>
        );
      })}
    </View>
  );
}
