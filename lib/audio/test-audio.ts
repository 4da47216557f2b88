// Small recordings made byte by byte, for tests: MP3 frames of silence that decoders play, and the
// first page of an Ogg Vorbis stream (enough for the sniffer; not a playable file).

/**
 * `seconds` of MPEG-1 Layer III silence, 44.1 kHz mono at 32 kbit/s: each frame is its 4-byte
 * header and 100 zero bytes (empty side information: no main data, so a decoder outputs silence).
 * 1152 samples a frame: about 38.3 frames a second.
 */
export function silentMp3(seconds: number, { id3 = false } = {}): Buffer {
  const frame = Buffer.alloc(104);
  frame.set([0xff, 0xfb, 0x10, 0xc0]);
  const frames = Math.ceil((seconds * 44100) / 1152);
  const tag = id3 ? Buffer.concat([Buffer.from("ID3"), Buffer.from([3, 0, 0, 0, 0, 0, 10]), Buffer.alloc(10)]) : Buffer.alloc(0);
  return Buffer.concat([tag, ...Array.from({ length: frames }, () => frame)]);
}

/** The first page of an Ogg Vorbis stream, with its identification header, padded to `size` bytes. */
export function oggVorbisHead(size = 4096): Buffer {
  const ident = Buffer.concat([Buffer.from("\x01vorbis", "latin1"), Buffer.alloc(23)]);
  const header = Buffer.alloc(27);
  header.write("OggS", 0, "latin1");
  header[4] = 0;
  header[5] = 0x02;
  header[26] = 1;
  const page = Buffer.concat([header, Buffer.from([ident.length]), ident]);
  return Buffer.concat([page, Buffer.alloc(Math.max(0, size - page.length))]);
}
