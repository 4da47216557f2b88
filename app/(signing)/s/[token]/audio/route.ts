// GET /s/{token}/audio — the recording of the consent's text, read aloud (decisions §22), for the browser that verified a code
import { methods } from "@/lib/api/handler";
import { withSigningToken } from "@/lib/api/signing-policy";
import { audioResponse } from "@/lib/audio/audio-response";
import { signingAudio } from "@/lib/signing/signing-audio";

const get = withSigningToken(async ({ token, session, range }) => audioResponse(await signingAudio(token, session), range));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get }, withSigningToken);
