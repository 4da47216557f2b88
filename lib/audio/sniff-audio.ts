// decisions §22: what a recording is, told by its bytes, not by the Content-Type it was sent with (a
// page of HTML declared audio/mpeg and served back to a browser under that type is still HTML to a
// sniffing client). MP3: an ID3v2 tag followed by an MPEG audio frame, or a frame at once (two in a
// row when the file is long enough to hold them). Ogg: a first page ("OggS", beginning of stream)
// whose first packet is a Vorbis or Opus identification header, the codecs browsers play in Ogg.

import { AUDIO_TYPES, isAudioType, type AudioType } from "@/lib/contract/enums";

export { AUDIO_TYPES, isAudioType, type AudioType };

/** The media type of a Content-Type header, lowercased, its parameters dropped. */
export function mediaTypeOf(contentType: string | null): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

// kbit/s by bitrate index, Layer III: MPEG-1, and MPEG-2/2.5 (index 0 "free" and 15 are refused).
const BITRATES_V1_L3 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2_L3 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES_V1 = [44100, 48000, 32000];

interface Frame {
  /** bytes to the next frame, for Layer III; null when not computed */
  length: number | null;
}

/** An MPEG audio frame header at `at`, or null. */
function frameAt(b: Buffer, at: number): Frame | null {
  if (at + 4 > b.length) return null;
  const b1 = b[at + 1]!;
  const b2 = b[at + 2]!;
  if (b[at] !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 3; // 0: MPEG-2.5, 1: reserved, 2: MPEG-2, 3: MPEG-1
  const layer = (b1 >> 1) & 3; // 1: Layer III, 2: II, 3: I, 0: reserved
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  if (version === 1 || layer === 0 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  if (layer !== 1) return { length: null };
  const padding = (b2 >> 1) & 1;
  const rate = SAMPLE_RATES_V1[rateIndex]! / (version === 3 ? 1 : version === 2 ? 2 : 4);
  const kbps = (version === 3 ? BITRATES_V1_L3 : BITRATES_V2_L3)[bitrateIndex]!;
  const coefficient = version === 3 ? 144 : 72;
  return { length: Math.floor((coefficient * kbps * 1000) / rate) + padding };
}

function isMp3(b: Buffer): boolean {
  let at = 0;
  if (b.length >= 10 && b.toString("latin1", 0, 3) === "ID3") {
    const [major, , flags, ...size] = [b[3]!, b[4]!, b[5]!, b[6]!, b[7]!, b[8]!, b[9]!];
    if (major < 2 || major > 4 || size.some((s) => s >= 0x80)) return false;
    at = 10 + ((size[0]! << 21) | (size[1]! << 14) | (size[2]! << 7) | size[3]!) + (flags & 0x10 ? 10 : 0);
  }
  const first = frameAt(b, at);
  if (!first) return false;
  // A second frame where the first one ends, when the file holds one: 0xFFE… by chance is not audio.
  const next = first.length === null ? at : at + first.length;
  return next === at || next + 4 > b.length || frameAt(b, next) !== null;
}

function isOgg(b: Buffer): boolean {
  // RFC 3533 page header: capture pattern, version 0, header type with "beginning of stream", then
  // granule (8), serial (4), sequence (4), checksum (4), segment count, the segment table.
  if (b.length < 28 || b.toString("latin1", 0, 4) !== "OggS" || b[4] !== 0 || (b[5]! & 0x02) === 0) return false;
  const packet = 27 + b[26]!;
  const head = b.subarray(packet, packet + 8);
  return head.toString("latin1", 0, 7) === "\x01vorbis" || head.toString("latin1") === "OpusHead";
}

/** The recording's type by its bytes, or null when they are neither MP3 nor Ogg audio. */
export function sniffAudio(bytes: Buffer): AudioType | null {
  if (isOgg(bytes)) return "audio/ogg";
  if (isMp3(bytes)) return "audio/mpeg";
  return null;
}
