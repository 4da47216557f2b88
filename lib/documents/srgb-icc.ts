// A small ICC v2 display profile for sRGB (IEC 61966-2.1), built here rather than shipped as a file
// whose licence would need tracking: the PDF/A output intent (ISO 19005-3 §6.2.3) needs one. The
// primaries are the D50-adapted sRGB colorants every sRGB profile carries; the tone curve is the
// exact sRGB function sampled at 1024 points.

const S15 = 65536;

function s15Fixed16(values: number[]): Buffer {
  const b = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => b.writeInt32BE(Math.round(v * S15), i * 4));
  return b;
}

function tag(signature: string, body: Buffer): Buffer {
  return Buffer.concat([Buffer.from(signature, "latin1"), Buffer.alloc(4), body]);
}

function textDescription(text: string): Buffer {
  const ascii = Buffer.from(`${text}\0`, "latin1");
  const count = Buffer.alloc(4);
  count.writeUInt32BE(ascii.length);
  // Then an empty Unicode part (language 0, count 0) and an empty ScriptCode part (2 + 1 + 67 bytes).
  return tag("desc", Buffer.concat([count, ascii, Buffer.alloc(8), Buffer.alloc(70)]));
}

function srgbCurve(points = 1024): Buffer {
  const body = Buffer.alloc(4 + points * 2);
  body.writeUInt32BE(points);
  for (let i = 0; i < points; i++) {
    const v = i / (points - 1);
    const linear = v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    body.writeUInt16BE(Math.round(linear * 65535), 4 + i * 2);
  }
  return tag("curv", body);
}

const pad4 = (b: Buffer) => (b.length % 4 ? Buffer.concat([b, Buffer.alloc(4 - (b.length % 4))]) : b);

let cached: Buffer | undefined;

export function srgbIccProfile(): Buffer {
  if (cached) return cached;
  const curve = srgbCurve();
  const data: [string, Buffer][] = [
    ["desc", textDescription("sRGB IEC61966-2.1")],
    ["cprt", tag("text", Buffer.from("No copyright, use freely\0", "latin1"))],
    ["wtpt", tag("XYZ ", s15Fixed16([0.9642, 1.0, 0.8249]))],
    ["rXYZ", tag("XYZ ", s15Fixed16([0.4361, 0.2225, 0.0139]))],
    ["gXYZ", tag("XYZ ", s15Fixed16([0.3851, 0.7169, 0.0971]))],
    ["bXYZ", tag("XYZ ", s15Fixed16([0.1431, 0.0606, 0.7141]))],
    ["rTRC", curve],
  ];
  // The three tone curves share one body, as most sRGB profiles do.
  const entries: { sig: string; body: Buffer | null; alias?: string }[] = [
    ...data.map(([sig, body]) => ({ sig, body })),
    { sig: "gTRC", body: null, alias: "rTRC" },
    { sig: "bTRC", body: null, alias: "rTRC" },
  ];
  const tableSize = 4 + entries.length * 12;
  let offset = 128 + tableSize;
  const placed = new Map<string, { offset: number; size: number }>();
  const bodies: Buffer[] = [];
  for (const e of entries) {
    if (!e.body) continue;
    placed.set(e.sig, { offset, size: e.body.length });
    const padded = pad4(e.body);
    bodies.push(padded);
    offset += padded.length;
  }
  const table = Buffer.alloc(tableSize);
  table.writeUInt32BE(entries.length);
  entries.forEach((e, i) => {
    const at = placed.get(e.alias ?? e.sig)!;
    table.write(e.sig, 4 + i * 12, "latin1");
    table.writeUInt32BE(at.offset, 8 + i * 12);
    table.writeUInt32BE(at.size, 12 + i * 12);
  });
  const header = Buffer.alloc(128);
  header.writeUInt32BE(offset, 0);
  header.writeUInt32BE(0x02100000, 8); // version 2.1
  header.write("mntr", 12, "latin1");
  header.write("RGB ", 16, "latin1");
  header.write("XYZ ", 20, "latin1");
  // Creation date 2026-01-01 00:00:00 (fixed: the same profile bytes in every document).
  [2026, 1, 1, 0, 0, 0].forEach((v, i) => header.writeUInt16BE(v, 24 + i * 2));
  header.write("acsp", 36, "latin1");
  s15Fixed16([0.9642, 1.0, 0.8249]).copy(header, 68); // PCS illuminant D50
  cached = Buffer.concat([header, table, ...bodies]);
  return cached;
}
