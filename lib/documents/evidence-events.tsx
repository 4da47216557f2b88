// The evidence chain as rows: who did what and when, with each record's prev_hash and hash in full,
// so a reader can follow the links by eye and recompute them from the JSON records.
import { Text, View } from "@react-pdf/renderer";
import type { ReactElement } from "react";
import type { EvidenceRecord } from "@/lib/contract/enums";
import { describeActor, describeEvent, summarizeData } from "./event-descriptions";
import { MONO } from "./fonts";
import { COLORS } from "./pdf-theme";
import { printedWhen } from "./pdf-date";
import { pdfTag } from "./pdf-tags";

const COLUMNS = { seq: "6%", event: "34%", at: "22%", ip: "18%", actor: "20%" } as const;

const cell = { paddingHorizontal: 4, fontSize: 8 } as const;
const hashText = { fontFamily: MONO, fontSize: 6.5, color: COLORS.ink } as const;

function HeaderRow(): ReactElement {
  const labels: [keyof typeof COLUMNS, string][] = [
    ["seq", "#"],
    ["event", "Olay"],
    ["at", "Zaman"],
    ["ip", "IP adresi"],
    ["actor", "Yapan"],
  ];
  return (
    <View {...pdfTag("TR")} style={{ flexDirection: "row", backgroundColor: COLORS.accent, paddingVertical: 3 }}>
      {labels.map(([key, label]) => (
        <Text key={key} {...pdfTag("TH", { scope: "Column" })} style={{ ...cell, width: COLUMNS[key], color: "#ffffff", fontWeight: "bold", fontSize: 7.5 }}>
          {label}
        </Text>
      ))}
    </View>
  );
}

function EventRow({ record, shaded, timeZone }: { record: EvidenceRecord; shaded: boolean; timeZone?: string }): ReactElement {
  const actor = describeActor(record.actor);
  return (
    // One row of the table: the five columns, then the record's data under them as a last cell.
    <View
      {...pdfTag("TR")}
      wrap={false}
      style={{
        paddingVertical: 4,
        borderBottomWidth: 0.5,
        borderBottomColor: COLORS.rule,
        ...(shaded ? { backgroundColor: COLORS.panel } : {}),
      }}
    >
      <View style={{ flexDirection: "row" }}>
        <Text {...pdfTag("TD")} style={{ ...cell, width: COLUMNS.seq, fontWeight: "bold" }}>
          {record.seq}
        </Text>
        <Text {...pdfTag("TD")} style={{ ...cell, width: COLUMNS.event }}>
          <Text style={{ fontWeight: "bold" }}>{describeEvent(record.event, record.data)}</Text>
          {"\n"}
          <Text style={{ fontFamily: MONO, fontSize: 7, color: COLORS.muted }}>{record.event}</Text>
        </Text>
        <Text {...pdfTag("TD")} style={{ ...cell, width: COLUMNS.at }}>{/* The zone under the time: the column is too narrow for both on one line. */}
          {printedWhen(record.at, timeZone).replace(" (", "\n(")}
        </Text>
        <Text {...pdfTag("TD")} style={{ ...cell, width: COLUMNS.ip }}>
          {record.ip || "—"}
        </Text>
        <Text {...pdfTag("TD")} style={{ ...cell, width: COLUMNS.actor }}>
          {actor.label}
          {actor.id ? <Text style={{ fontFamily: MONO, fontSize: 6.5 }}>{`\n${actor.id}`}</Text> : null}
        </Text>
      </View>
      <Text {...pdfTag("TD")} style={{ marginLeft: COLUMNS.seq, paddingHorizontal: 4, marginTop: 2, fontSize: 7, color: COLORS.muted }}>
        Veri: {summarizeData(record.data)}
        {record.user_agent ? <Text style={{ fontSize: 6.5, color: COLORS.faint }}>{`\nTarayıcı: ${record.user_agent}`}</Text> : null}
        {"\n"}
        <Text style={hashText}>
          <Text style={{ color: COLORS.muted }}>prev_hash </Text>
          {record.prev_hash ?? "null (ilk kayıt)"}
          <Text style={{ color: COLORS.muted }}>{"\nhash      "}</Text>
          {record.hash}
        </Text>
      </Text>
    </View>
  );
}

export function EventTable({ events, timeZone }: { events: readonly EvidenceRecord[]; timeZone?: string }): ReactElement {
  if (events.length === 0) {
    return <Text style={{ fontSize: 8.5, color: COLORS.muted }}>Kayıt yok.</Text>;
  }
  return (
    <View {...pdfTag("Table")}>
      <HeaderRow />
      {events.map((r, i) => (
        <EventRow key={r.seq} record={r} shaded={i % 2 === 1} timeZone={timeZone} />
      ))}
    </View>
  );
}
