// A stream's decoded bytes, for the few streams a verifier reads: cross-reference and object streams,
// embedded files, the DSS's certificates and revocation data. FlateDecode (with the PNG and TIFF
// predictors of ISO 32000-1 §7.4.4.4) is all the service's files and the validators' DSS updates use;
// anything else is refused rather than half-read. Output is capped, so a zip bomb costs nothing.
import { inflateSync } from "node:zlib";
import { PdfDict, PdfName, PdfSyntaxError, type PdfStream, type PdfValue } from "@/lib/verifier/pdf/pdf-values";

const MAX_DECODED_BYTES = 64 * 1024 * 1024;

const asArray = (v: PdfValue | undefined): PdfValue[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);

function unpredict(data: Buffer, params: PdfDict | undefined): Buffer {
  const predictor = typeof params?.get("Predictor") === "number" ? (params.get("Predictor") as number) : 1;
  if (predictor === 1) return data;
  const colors = typeof params?.get("Colors") === "number" ? (params.get("Colors") as number) : 1;
  const bpc = typeof params?.get("BitsPerComponent") === "number" ? (params.get("BitsPerComponent") as number) : 8;
  const columns = typeof params?.get("Columns") === "number" ? (params.get("Columns") as number) : 1;
  if (bpc !== 8 || colors < 1 || colors > 4 || columns < 1 || columns > 1 << 20) throw new PdfSyntaxError("unsupported predictor parameters");
  const bpp = colors;
  const rowLength = columns * colors;
  if (predictor === 2) {
    const out = Buffer.from(data);
    for (let row = 0; row * rowLength < out.length; row++) {
      for (let i = row * rowLength + bpp; i < Math.min((row + 1) * rowLength, out.length); i++) out[i] = (out[i]! + out[i - bpp]!) & 0xff;
    }
    return out;
  }
  if (predictor < 10 || predictor > 15) throw new PdfSyntaxError(`unsupported predictor ${predictor}`);
  // PNG: each row starts with its filter type.
  const rows = Math.floor(data.length / (rowLength + 1));
  const out = Buffer.alloc(rows * rowLength);
  for (let r = 0; r < rows; r++) {
    const type = data[r * (rowLength + 1)]!;
    const src = r * (rowLength + 1) + 1;
    const dst = r * rowLength;
    for (let i = 0; i < rowLength; i++) {
      const raw = data[src + i]!;
      const left = i >= bpp ? out[dst + i - bpp]! : 0;
      const up = r > 0 ? out[dst - rowLength + i]! : 0;
      const upLeft = r > 0 && i >= bpp ? out[dst - rowLength + i - bpp]! : 0;
      let v: number;
      if (type === 0) v = raw;
      else if (type === 1) v = raw + left;
      else if (type === 2) v = raw + up;
      else if (type === 3) v = raw + ((left + up) >> 1);
      else if (type === 4) {
        const p = left + up - upLeft;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        v = raw + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft);
      } else throw new PdfSyntaxError(`unknown PNG filter type ${type}`);
      out[dst + i] = v & 0xff;
    }
  }
  return out;
}

export function decodeStream(stream: PdfStream): Buffer {
  const filters = asArray(stream.dict.get("Filter"));
  const params = asArray(stream.dict.get("DecodeParms"));
  if (filters.length > 4) throw new PdfSyntaxError("too many filters on one stream");
  let data: Buffer = stream.data;
  filters.forEach((f, i) => {
    const name = f instanceof PdfName ? f.name : "";
    if (name !== "FlateDecode" && name !== "Fl") throw new PdfSyntaxError(`the stream filter /${name || "?"} is not supported by this verifier`);
    try {
      data = inflateSync(data, { maxOutputLength: MAX_DECODED_BYTES });
    } catch {
      throw new PdfSyntaxError("a Flate stream does not decompress (or exceeds 64 MiB)");
    }
    const p = params[i];
    data = unpredict(data, p instanceof PdfDict ? p : undefined);
  });
  return data;
}
