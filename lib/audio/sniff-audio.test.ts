import { describe, expect, it } from "vitest";
import { mediaTypeOf, sniffAudio } from "@/lib/audio/sniff-audio";
import { oggVorbisHead, silentMp3 } from "@/tests/fixtures/audio";

describe("sniffAudio", () => {
  it("knows MP3 frames, with and without an ID3 tag, and an Ogg Vorbis or Opus stream", () => {
    expect(sniffAudio(silentMp3(1))).toBe("audio/mpeg");
    expect(sniffAudio(silentMp3(1, { id3: true }))).toBe("audio/mpeg");
    expect(sniffAudio(oggVorbisHead())).toBe("audio/ogg");
    const opus = oggVorbisHead();
    opus.write("OpusHead", 28, "latin1");
    expect(sniffAudio(opus)).toBe("audio/ogg");
  });

  it("refuses HTML, text, empty bytes, an ID3 tag over HTML and a stray frame sync", () => {
    expect(sniffAudio(Buffer.from("<!doctype html><html><script>alert(1)</script></html>"))).toBeNull();
    expect(sniffAudio(Buffer.alloc(0))).toBeNull();
    expect(sniffAudio(Buffer.from("ID3\x03\x00\x00\x00\x00\x00\x00<html></html>", "latin1"))).toBeNull();
    // A valid-looking first header whose successor is not a frame.
    const stray = Buffer.concat([Buffer.from([0xff, 0xfb, 0x10, 0xc0]), Buffer.alloc(100), Buffer.from("<html>")]);
    expect(sniffAudio(stray)).toBeNull();
    // Reserved version, reserved layer, bad bitrate index.
    for (const b1 of [0xeb, 0xf9]) expect(sniffAudio(Buffer.from([0xff, b1, 0x10, 0xc0, 0, 0, 0, 0]))).toBeNull();
    expect(sniffAudio(Buffer.from([0xff, 0xfb, 0xf0, 0xc0]))).toBeNull();
    // An Ogg page that is not the beginning of a Vorbis or Opus stream (a Theora video, say).
    const theora = oggVorbisHead();
    theora.write("\x80theora", 28, "latin1");
    expect(sniffAudio(theora)).toBeNull();
  });

  it("reads the media type of a Content-Type header", () => {
    expect(mediaTypeOf("Audio/MPEG; charset=binary")).toBe("audio/mpeg");
    expect(mediaTypeOf(null)).toBe("");
  });
});
