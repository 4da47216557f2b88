// How large a file the verification page may send to be checked itself (lib/verifier/check-uploaded-pdf.ts):
// below Next's 1 MB limit on a server action's body, with room for the form's own framing. A module of
// its own so that the page's browser code can refuse a larger file before sending it.
export const MAX_UPLOAD_BYTES = 1_000_000 - 16_384;
