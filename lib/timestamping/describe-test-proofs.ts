// Whether documents made now carry a test seal or a test time-stamp (no legal validity): the panel
// says so on every page while they do (decisions §9, §14), so no clinic runs a day on them unaware.
import { env } from "@/lib/env";
import { describeTimestamping } from "@/lib/timestamping/describe-timestamping";

/** Which proofs are the test ones: the seal, the time-stamp, both, or none (null). */
type TestProofs = "both" | "seal" | "tsa" | null;

export function describeTestProofs(): TestProofs {
  const seal = env().SEAL_DRIVER === "local";
  const tsa = !describeTimestamping().legally_valid;
  return seal && tsa ? "both" : seal ? "seal" : tsa ? "tsa" : null;
}
