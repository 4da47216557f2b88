// What the physician reads when a step of the qualified countersignature fails (issue #48): each
// refusal named — the agent's by its code, the service's by the field it names.
import { describe, expect, it } from "vitest";
import { AgentError } from "@/components/countersign/qualified-signing";
import { panelMessages } from "@/components/panel/messages";
import { ActionRefusal, describeFailure } from "@/components/panel/qualified-errors";
import { AppError } from "@/lib/errors";
import { withPanelFields } from "@/lib/signing/qualified/panel-field-errors";

const q = panelMessages.tr.physician.qualified;
const d = (err: unknown) => describeFailure(err, q, "beklenmeyen");

describe("describeFailure", () => {
  it("names the agent's refusals: not found, pairing refused or closed, declined, wrong PIN", () => {
    expect(d(new AgentError("agent_unreachable", "x")).message).toContain("İmza aracı bulunamadı");
    expect(d(new AgentError("pairing_code_incorrect", "x", 403))).toEqual({ message: q.pairRefused, fields: { pairCode: q.pairRefused } });
    expect(d(new AgentError("pairing_closed", "x", 403)).message).toBe(q.pairClosed);
    expect(d(new AgentError("declined", "x", 403)).message).toBe(q.declined);
    expect(d(new AgentError("pin_incorrect", "x", 403)).message).toBe(q.pinIncorrect);
    expect(d(new AgentError("something_new", "Ajanın kendi sözü")).message).toBe("Ajanın kendi sözü");
  });

  it("names the service's refusals: the certificate with its reason, the value, the field, an expired prepare", () => {
    expect(d(new ActionRefusal("validation_failed", "x", { certificate: ["iptal edilmiş"] })).message).toBe("Sertifika kabul edilmedi: iptal edilmiş");
    expect(d(new ActionRefusal("validation_failed", "x", { signature: ["doğrulanmadı"] })).message).toContain("İmza değeri sertifikayla doğrulanmadı");
    expect(d(new ActionRefusal("validation_failed", "Uzaktan imza hizmeti reddetti: The PIN is invalid", { pin: ["The PIN is invalid"] }))).toEqual({
      message: "Uzaktan imza hizmeti reddetti: The PIN is invalid",
      fields: { pin: "The PIN is invalid" },
    });
    expect(d(new ActionRefusal("invalid_state", "prepare_id bilinmiyor, kullanılmış ya da süresi dolmuş")).message).toBe(q.expired);
    expect(d(new Error("boom")).message).toBe("beklenmeyen");
  });
});

describe("withPanelFields", () => {
  it("turns the API's field names into the form's, the chain's index dropped", async () => {
    const err = await withPanelFields(() => Promise.reject(new AppError("validation_failed", undefined, { sertifika: ["a"], "zincir.1": ["b"], bilgilendirme_zamani: ["c"], imza_degeri: ["d"] }))).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).errors).toEqual({ certificate: ["a", "b"], informedAt: ["c"], signature: ["d"] });
  });
});
