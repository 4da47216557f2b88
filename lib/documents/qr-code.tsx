// The verification QR code, drawn as vector paths: it stays sharp in print and adds no image decoding.
import { Path, Svg } from "@react-pdf/renderer";
import QRCode from "qrcode";
import type { ReactElement } from "react";

const QUIET_ZONE = 2;

/** One path of horizontal runs of dark modules, so a typical code is a few hundred segments. */
function qrPath(value: string): { d: string; size: number } {
  const { modules } = QRCode.create(value, { errorCorrectionLevel: "M" });
  const n = modules.size;
  const parts: string[] = [];
  for (let y = 0; y < n; y++) {
    let x = 0;
    while (x < n) {
      if (!modules.get(y, x)) {
        x++;
        continue;
      }
      const start = x;
      while (x < n && modules.get(y, x)) x++;
      parts.push(`M${start} ${y}h${x - start}v1h${start - x}z`);
    }
  }
  return { d: parts.join(""), size: n };
}

export function QrCode({ value, size }: { value: string; size: number }): ReactElement {
  const qr = qrPath(value);
  const box = qr.size + 2 * QUIET_ZONE;
  return (
    <Svg width={size} height={size} viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${box} ${box}`}>
      <Path d={qr.d} fill="#000000" />
    </Svg>
  );
}
