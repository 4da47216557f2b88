// The signing flow as an explicit state machine: every step the page can be in, and what each
// answer of the server moves it to. The component (signing-flow.tsx) only dispatches and renders.
import type { Problem } from "./problems";

export type Stage = "verify" | "approve" | "decline-reason" | "decline-confirm" | "signed" | "declined";
export type Busy = null | "otp" | "verify" | "sign" | "decline";
export type Notice = null | "sent" | "recent";
/**
 * what gets the keyboard focus once the step is on screen; "text" is the consent text's heading,
 * which the server renders once the code is verified (decisions §15)
 */
export type Focus = "verify" | "code" | "text" | "approve" | "decline" | "confirm" | "done" | "declineButton";

/** The id of the consent text's heading on the signing page, where the focus goes after the code. */
export const CONSENT_TEXT_HEADING_ID = "consent-text";
/** The consent text's scroll box, and the mark at its end: "read" waits until the mark was in view. */
export const CONSENT_TEXT_BOX_ID = "consent-text-box";
export const CONSENT_TEXT_END_ID = "consent-text-end";

export interface Otp {
  phone: string;
  /** ms epoch; null when unknown (a code sent before this page was loaded) */
  expiresAt: number | null;
  resendAt: number;
}

/** What the person typed, ticked and drew. */
export interface Inputs {
  code: string;
  read: boolean;
  understood: boolean;
  sigEmpty: boolean;
  interpreterEmpty: boolean;
  witnessEmpty: boolean;
  reason: string;
}

export interface FlowState extends Inputs {
  stage: Stage;
  busy: Busy;
  otp: Otp | null;
  /**
   * ms epoch until which the hourly caps refuse another code (otpCapped), kept even when no code was
   * sent from this page: the wait is said once, counting down, and the button agrees with it
   */
  capUntil: number | null;
  notice: Notice;
  /** the code on screen can no longer be used: only a new one helps */
  needNewCode: boolean;
  /** too many codes or wrong entries: only the institution can help (decisions §15) */
  linkLocked: boolean;
  otpProblem: Problem;
  signProblem: Problem;
  declineProblem: Problem;
  /** when the consent was signed or declined, as the server said */
  doneAt: string;
  /** signed, and the informing physician's countersignature is awaited (decisions §19): no copy yet */
  awaitingPhysician: boolean;
  /** a new object at each move, so that moving to the same target focuses again */
  focus: { target: Focus } | null;
}

export type Action =
  | { type: "input"; patch: Partial<Inputs> }
  | { type: "go"; stage: "approve" | "decline-reason" | "decline-confirm" }
  | { type: "otpRequested" }
  | { type: "otpSent"; otp: Otp }
  | { type: "otpRecent"; phone: string; resendAt: number }
  | { type: "otpCapped"; resendAt: number; seconds: number }
  | { type: "otpFailed"; problem: Problem }
  | { type: "linkLocked" }
  | { type: "codeMalformed" }
  | { type: "codeSubmitted" }
  | { type: "codeAccepted" }
  | { type: "codeRefused"; problem: Problem; needNewCode: boolean }
  | { type: "submitted"; what: "sign" | "decline" }
  | { type: "done"; what: "sign" | "decline"; at: string; awaitingPhysician?: boolean }
  | { type: "failed"; what: "sign" | "decline"; problem: Problem }
  | { type: "sessionExpired" };

export function initialState(verified: boolean, locked: boolean): FlowState {
  return {
    stage: verified ? "approve" : "verify",
    busy: null,
    otp: null,
    capUntil: null,
    notice: null,
    needNewCode: locked,
    linkLocked: locked,
    otpProblem: locked ? { kind: "linkLocked" } : null,
    signProblem: null,
    declineProblem: null,
    doneAt: "",
    awaitingPhysician: false,
    focus: null,
    code: "",
    read: false,
    understood: false,
    sigEmpty: true,
    interpreterEmpty: true,
    witnessEmpty: true,
    reason: "",
  };
}

const FOCUS_OF_STAGE = { approve: "declineButton", "decline-reason": "decline", "decline-confirm": "confirm" } as const;
const problemKey = (what: "sign" | "decline") => (what === "sign" ? "signProblem" : "declineProblem");

export function flowReducer(s: FlowState, a: Action): FlowState {
  switch (a.type) {
    case "input":
      return { ...s, ...a.patch };
    case "go":
      return { ...s, stage: a.stage, focus: { target: FOCUS_OF_STAGE[a.stage] } };
    case "otpRequested":
      return { ...s, busy: "otp", otpProblem: null, notice: null };
    case "otpSent":
      return { ...s, busy: null, otp: a.otp, capUntil: null, needNewCode: false, code: "", notice: "sent", focus: { target: "code" } };
    case "otpRecent":
      // A code went out less than a minute ago (perhaps before a reload): it can still be entered —
      // unless it is the code on screen that was used up, which the page must not offer again.
      return {
        ...s,
        busy: null,
        otp: { phone: s.otp?.phone ?? a.phone, expiresAt: s.otp?.expiresAt ?? null, resendAt: a.resendAt },
        notice: s.needNewCode ? null : "recent",
        focus: { target: "code" },
      };
    case "otpCapped":
      // The hourly caps (per link, per phone): a wait of minutes, said as such.
      return { ...s, busy: null, otpProblem: { kind: "tooMany", seconds: a.seconds }, capUntil: a.resendAt, otp: s.otp ? { ...s.otp, resendAt: a.resendAt } : s.otp };
    case "otpFailed":
      return { ...s, busy: null, otpProblem: a.problem };
    case "linkLocked":
      return { ...s, busy: null, code: "", linkLocked: true, needNewCode: true, otpProblem: { kind: "linkLocked" } };
    case "codeMalformed":
      return { ...s, otpProblem: { kind: "format" }, focus: { target: "code" } };
    case "codeSubmitted":
      return { ...s, busy: "verify", otpProblem: null };
    case "codeAccepted":
      // To the text the person now has to read, not past it to the ticks.
      return { ...s, busy: null, stage: "approve", focus: { target: "text" } };
    case "codeRefused": {
      // "The code was sent" stays beside a wrong code, not beside one that can no longer be used.
      const needNewCode = s.needNewCode || a.needNewCode;
      return { ...s, busy: null, code: "", otpProblem: a.problem, needNewCode, notice: needNewCode ? null : s.notice, focus: { target: "code" } };
    }
    case "submitted":
      return { ...s, busy: a.what, [problemKey(a.what)]: null };
    case "done":
      return {
        ...s,
        busy: null,
        doneAt: a.at,
        awaitingPhysician: a.awaitingPhysician ?? false,
        stage: a.what === "sign" ? "signed" : "declined",
        focus: { target: "done" },
      };
    case "failed":
      return { ...s, busy: null, [problemKey(a.what)]: a.problem };
    case "sessionExpired":
      // The verified session is gone (it expired): back to step 1, keeping the ticks and the drawing.
      return {
        ...s,
        busy: null,
        signProblem: null,
        declineProblem: null,
        stage: "verify",
        notice: null,
        needNewCode: true,
        otpProblem: { kind: "otpRequired" },
        focus: { target: "verify" },
      };
  }
}
