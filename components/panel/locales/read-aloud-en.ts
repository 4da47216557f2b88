// The panel's words for read-aloud recordings (decisions §22), in English.
import type { ReadAloudMessages } from "./read-aloud-tr";

export const readAloudEn: ReadAloudMessages = {
  title: "Read-aloud recordings",
  intro:
    "You may upload one recording of each language's published text (MP3 or Ogg, at most 10 MB). The patient can listen to it beside the text on the signing page; how much was heard goes into the evidence. A recording belongs to its text: when the text changes, upload a new one.",
  none: "No recording",
  upload: "Upload recording",
  replace: "Replace recording",
  remove: "Delete recording",
  removeConfirm: "Delete this language's recording?",
  choose: (language: string) => `${language} recording file`,
  progress: (percent: number) => `Uploading: ${percent}%`,
  uploaded: "Recording uploaded.",
  removed: "Recording deleted.",
  size: (mb: string) => `${mb} MB`,
  neverPublished: "Recordings can be uploaded once the template is published; a recording is bound to the published text.",
  errors: {
    noFile: "Choose an audio file first.",
    tooLarge: "The file is larger than 10 MB; upload a shorter or more compressed recording.",
    type: "The file is not an MP3 or Ogg (Vorbis, Opus) recording. Convert other formats to MP3 first.",
    noText: "The template has no published text in this language.",
    session: "Your session ended; reload the page and sign in again.",
    network: "The connection dropped; the recording was not uploaded. Try again.",
    other: "The recording could not be uploaded; try again shortly.",
  },
};
