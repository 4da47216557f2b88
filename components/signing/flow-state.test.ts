import { describe, expect, it } from "vitest";
import { flowReducer, initialState, type Action, type FlowState } from "./flow-state";

const run = (s: FlowState, ...actions: Action[]) => actions.reduce(flowReducer, s);
const otp = { phone: "+90532*****67", expiresAt: 1_000, resendAt: 60_000 };

describe("the signing flow's state machine", () => {
  it("starts at the code, or at the approval for a verified browser, or locked", () => {
    expect(initialState(false, false)).toMatchObject({ stage: "verify", needNewCode: false, otpProblem: null });
    expect(initialState(true, false).stage).toBe("approve");
    expect(initialState(false, true)).toMatchObject({ linkLocked: true, needNewCode: true, otpProblem: { kind: "linkLocked" } });
  });

  it("goes code sent → wrong code → accepted, moving the focus with it", () => {
    const sent = run(initialState(false, false), { type: "otpRequested" }, { type: "otpSent", otp });
    expect(sent).toMatchObject({ busy: null, otp, notice: "sent", focus: { target: "code" } });
    const wrong = run(sent, { type: "input", patch: { code: "111111" } }, { type: "codeSubmitted" }, { type: "codeRefused", problem: { kind: "wrong", left: 4 }, needNewCode: false });
    expect(wrong).toMatchObject({ busy: null, code: "", otpProblem: { kind: "wrong", left: 4 }, needNewCode: false, stage: "verify" });
    const ok = run(wrong, { type: "codeSubmitted" }, { type: "codeAccepted" });
    expect(ok).toMatchObject({ stage: "approve", busy: null, otpProblem: null, focus: { target: "text" } });
  });

  it("keeps needing a new code once a code is used up, until one is sent", () => {
    const usedUp = run(initialState(false, false), { type: "otpSent", otp }, { type: "codeRefused", problem: { kind: "locked" }, needNewCode: true });
    expect(run(usedUp, { type: "codeRefused", problem: { kind: "generic" }, needNewCode: false }).needNewCode).toBe(true);
    expect(run(usedUp, { type: "otpRequested" }, { type: "otpSent", otp }).needNewCode).toBe(false);
  });

  it("remembers the phone it was given when a code went out before the page loaded", () => {
    const s = run(initialState(false, false), { type: "otpRequested" }, { type: "otpRecent", phone: "+90532*****67", resendAt: 5 });
    expect(s).toMatchObject({ notice: "recent", otp: { phone: "+90532*****67", expiresAt: null, resendAt: 5 } });
    expect(run(s, { type: "otpCapped", seconds: 3600, resendAt: 9 })).toMatchObject({ otp: { resendAt: 9 }, otpProblem: { kind: "tooMany", seconds: 3600 } });
  });

  // issue #51: within a minute of a code the page said "code sent" beside "it can no longer be used",
  // and "enter that code" for a code already used up; the caps' wait had no clock without a code.
  it("never offers a used-up code again nor says it was sent beside its refusal", () => {
    const usedUp = run(initialState(false, false), { type: "otpSent", otp }, { type: "codeRefused", problem: { kind: "locked" }, needNewCode: true });
    expect(usedUp).toMatchObject({ notice: null, needNewCode: true });
    // Asked again within the minute: the wait is kept, but "you can enter that code" is not said.
    const again = run(usedUp, { type: "otpRequested" }, { type: "otpRecent", phone: otp.phone, resendAt: 61_000 });
    expect(again).toMatchObject({ notice: null, needNewCode: true, otp: { resendAt: 61_000 } });
    // A wrong code keeps "sent" (the code still works).
    const wrong = run(initialState(false, false), { type: "otpSent", otp }, { type: "codeRefused", problem: { kind: "wrong", left: 4 }, needNewCode: false });
    expect(wrong.notice).toBe("sent");
  });

  it("keeps the caps' wait when no code was sent from this page, and a new code clears it", () => {
    const capped = run(initialState(false, false), { type: "otpRequested" }, { type: "otpCapped", seconds: 1800, resendAt: 1_800_000 });
    expect(capped).toMatchObject({ otp: null, capUntil: 1_800_000, notice: null, otpProblem: { kind: "tooMany", seconds: 1800 } });
    expect(run(capped, { type: "otpRequested" }, { type: "otpSent", otp }).capUntil).toBeNull();
  });

  it("a lock leaves nothing to do but call the institution", () => {
    expect(run(initialState(false, false), { type: "otpSent", otp }, { type: "linkLocked" })).toMatchObject({ linkLocked: true, needNewCode: true, otpProblem: { kind: "linkLocked" } });
  });

  it("an expired session goes back to the code, keeping the ticks and the drawing", () => {
    const ready = run(initialState(true, false), { type: "input", patch: { read: true, understood: true, sigEmpty: false } }, { type: "submitted", what: "sign" });
    expect(ready.busy).toBe("sign");
    const back = run(ready, { type: "sessionExpired" });
    expect(back).toMatchObject({ stage: "verify", busy: null, needNewCode: true, otpProblem: { kind: "otpRequired" }, read: true, understood: true, sigEmpty: false });
  });

  it("declines through the reason and the confirmation, and back", () => {
    const s = run(initialState(true, false), { type: "go", stage: "decline-reason" }, { type: "input", patch: { reason: "fikrimi değiştirdim" } }, { type: "go", stage: "decline-confirm" });
    expect(s).toMatchObject({ stage: "decline-confirm", focus: { target: "confirm" } });
    expect(run(s, { type: "go", stage: "decline-reason" }).focus).toEqual({ target: "decline" });
    expect(run(s, { type: "submitted", what: "decline" }, { type: "failed", what: "decline", problem: { kind: "network" } })).toMatchObject({ busy: null, declineProblem: { kind: "network" }, signProblem: null });
    expect(run(s, { type: "submitted", what: "decline" }, { type: "done", what: "decline", at: "2026-11-25T10:00:00Z" })).toMatchObject({ stage: "declined", doneAt: "2026-11-25T10:00:00Z", focus: { target: "done" } });
  });

  it("says when the signature waits for the physician's (decisions §19), and starts with every pad empty", () => {
    expect(initialState(true, false)).toMatchObject({ sigEmpty: true, interpreterEmpty: true, witnessEmpty: true, awaitingPhysician: false });
    const signed = (awaitingPhysician?: boolean) => run(initialState(true, false), { type: "submitted", what: "sign" }, { type: "done", what: "sign", at: "2026-11-25 10:00:00", awaitingPhysician });
    expect(signed(true)).toMatchObject({ stage: "signed", awaitingPhysician: true, focus: { target: "done" } });
    expect(signed().awaitingPhysician).toBe(false);
  });
});
