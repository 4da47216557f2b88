// The panel's forms validate in the browser through this zodResolver only. The first time zod parses
// an object it probes whether it may compile validators with `new Function`; under the pages' CSP (no
// 'unsafe-eval') the probe is refused and Chrome reports a CSP violation on every page with a form
// (Lighthouse: "Issues were logged"). Jitless, zod never probes and validates the same way; the
// server, which never loads this module, keeps zod's compiled fast path.
import { z } from "zod";

z.config({ jitless: true });

export { zodResolver } from "@hookform/resolvers/zod";
