"use client";
// The card's part of the qualified countersignature (issue #48 part 2): the e-onam-imza agent on this
// computer, found and paired from the browser (the pairing token kept in this browser's storage), the
// card's certificates, then prepare (server action) → the agent signs (the physician reads what is
// signed and types the PIN in the agent's window) → finish (server action).
import { useCallback, useEffect, useRef, useState } from "react";
import {
  AgentError,
  countersignWithAgent,
  findAgent,
  listAgentCertificates,
  pairAgent,
  saveConnection,
  savedConnection,
  signingCandidates,
  type AgentCertificate,
  type AgentConnection,
  AGENT_URL,
} from "@/components/countersign/qualified-signing";
import { finishQualifiedAction, prepareQualifiedAction } from "@/lib/actions/qualified-countersign";
import { panelMessages } from "@/components/panel/messages";
import { Field } from "@/components/panel/field";
import { SubmitButton } from "@/components/panel/submit-button";
import { ui } from "@/components/panel/styles";
import { ActionRefusal, describeFailure } from "@/components/panel/qualified-errors";
import { CARD_STEPS, type QualifiedFormContext } from "@/components/panel/qualified-context";
import { formatDay } from "@/lib/i18n/format";

type Phase = "finding" | "missing" | "pairing" | "listing" | "ready" | "signing";

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function QualifiedCardSigning({ ctx }: { ctx: QualifiedFormContext }) {
  const q = panelMessages[ctx.lang].physician.qualified;
  const unexpected = panelMessages[ctx.lang].common.unexpected;
  const [phase, setPhase] = useState<Phase>("finding");
  const [agentUrl, setAgentUrl] = useState(AGENT_URL);
  const [version, setVersion] = useState("");
  const [conn, setConn] = useState<AgentConnection | null>(null);
  const [code, setCode] = useState("");
  const [certs, setCerts] = useState<AgentCertificate[]>([]);
  const [certId, setCertId] = useState("");
  const started = useRef(false);
  const { step, fail, clearFailure } = ctx;

  const failWith = useCallback(
    (err: unknown, at: string) => {
      step(at, "failed");
      const d = describeFailure(err, q, unexpected);
      fail(d.message, d.fields);
    },
    [step, fail, q, unexpected],
  );

  const listCertificates = useCallback(
    async (c: AgentConnection) => {
      setPhase("listing");
      step("certificates", "active");
      try {
        const list = signingCandidates(await listAgentCertificates(c));
        setCerts(list);
        setCertId(list.find((x) => x.non_repudiation)?.id ?? list[0]?.id ?? "");
        if (list.length === 0) {
          step("certificates", "failed");
          fail(q.noCertificates);
        } else step("certificates", "done");
        setPhase("ready");
      } catch (err) {
        if (err instanceof AgentError && err.code === "unpaired") {
          // The agent forgot this browser (its pairings were reset): pair again.
          storage()?.removeItem(`e-onam-imza-token:${c.baseUrl}`);
          setConn(null);
          step("certificates", "todo");
          step("pair", "active");
          setPhase("pairing");
          fail(q.unpaired);
          return;
        }
        failWith(err, "certificates");
        setPhase("ready");
      }
    },
    [step, fail, failWith, q],
  );

  const find = useCallback(async () => {
    clearFailure();
    ctx.resetSteps(CARD_STEPS);
    setPhase("finding");
    step("find", "active");
    const saved = storage() ? savedConnection(storage()!) : null;
    const agent = await findAgent({ token: saved?.token });
    if (!agent) {
      step("find", "failed");
      fail(q.agentNotFound);
      setPhase("missing");
      return;
    }
    setAgentUrl(agent.baseUrl);
    setVersion(agent.version);
    step("find", "done");
    if (saved && agent.paired) {
      setConn(saved);
      step("pair", "done");
      await listCertificates(saved);
    } else {
      step("pair", "active");
      setPhase("pairing");
    }
  }, [clearFailure, ctx, step, fail, q, listCertificates]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void find();
  }, [find]);

  const pair = async (e: React.FormEvent) => {
    e.preventDefault();
    clearFailure();
    if (!/^\d{4}-?\d{4}$/.test(code.trim())) {
      fail(q.pairRefused, { pairCode: q.pairHint });
      return;
    }
    try {
      const c = await pairAgent(agentUrl, code.trim());
      const s = storage();
      if (s) saveConnection(s, c);
      setConn(c);
      setCode("");
      step("pair", "done");
      await listCertificates(c);
    } catch (err) {
      step("pair", "active");
      const d = describeFailure(err, q, unexpected);
      fail(d.message, d.fields);
    }
  };

  const sign = async (e: React.FormEvent) => {
    e.preventDefault();
    const certificate = certs.find((c) => c.id === certId);
    if (!conn || !certificate) return;
    if (!ctx.informedAt()) {
      fail(panelMessages[ctx.lang].common.fixFields, { informedAt: panelMessages[ctx.lang].login.required });
      return;
    }
    clearFailure();
    ctx.resetSteps(["prepare", "card", "finish"]);
    setPhase("signing");
    let at = "prepare";
    try {
      const outcome = await countersignWithAgent({
        conn,
        certificate,
        consentId: ctx.id,
        initials: ctx.consent.initials,
        documentSha256: ctx.consent.documentSha256,
        prepare: async (fields) => {
          step("prepare", "active");
          const r = await prepareQualifiedAction(ctx.id, { informedAt: ctx.informedAt(), certificate: fields.sertifika, chain: fields.zincir });
          if (!r.ok) throw new ActionRefusal(r.code, r.message, r.fieldErrors);
          step("prepare", "done");
          at = "card";
          step("card", "active");
          return r.data;
        },
        finish: async (body) => {
          step("card", "done");
          at = "finish";
          step("finish", "active");
          const r = await finishQualifiedAction(ctx.id, { prepareId: body.prepare_id, signature: body.imza_degeri });
          if (!r.ok) throw new ActionRefusal(r.code, r.message, r.fieldErrors);
          step("finish", "done");
          return r.data;
        },
      });
      ctx.completed(outcome);
    } catch (err) {
      failWith(err, at);
      setPhase("ready");
    }
  };

  if (phase === "missing" || phase === "finding") {
    return (
      <div>
        <SubmitButton type="button" pending={phase === "finding"} label={phase === "missing" ? q.retry : q.findAgent} pendingLabel={q.steps.find ?? ""} onClick={() => void find()} variant="secondary" />
      </div>
    );
  }

  if (phase === "pairing") {
    return (
      <form onSubmit={pair} noValidate className="space-y-3" aria-label={q.steps.pair} data-testid="agent-pairing">
        <p className={ui.muted}>{q.agentFound(version)}</p>
        <Field id="qs-pair" label={q.pairCode} hint={q.pairHint} error={ctx.errors.pairCode}>
          {(control) => <input {...control} inputMode="numeric" autoComplete="one-time-code" maxLength={9} value={code} onChange={(e) => setCode(e.target.value)} required />}
        </Field>
        <SubmitButton pending={false} label={q.pair} pendingLabel={q.pairing} />
      </form>
    );
  }

  return (
    <form onSubmit={sign} noValidate className="space-y-3" aria-label={q.sign} data-testid="agent-signing">
      <p className={ui.muted}>{q.agentFound(version)}</p>
      {certs.length ? (
        <fieldset>
          <legend className={ui.label}>{q.certificate}</legend>
          <p className={`${ui.muted} mt-1`}>{q.certificateHint}</p>
          <div className="mt-2 grid gap-2">
            {certs.map((c) => (
              <label key={c.id} className="flex min-h-11 cursor-pointer items-start gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-blue-700 has-[:checked]:bg-blue-50">
                <input type="radio" name="qualified-certificate" value={c.id} checked={certId === c.id} onChange={() => setCertId(c.id)} className="mt-1" />
                <span className="min-w-0 break-words">
                  <span className="font-medium">{c.subject}</span>
                  <span className="block text-slate-700">
                    {c.issuer} · {q.serial(c.serial)} · {q.validUntil(formatDay(c.not_after, ctx.lang))}
                    {c.non_repudiation ? "" : ` · ${q.notQualified}`}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {phase === "signing" ? (
        <p className={ui.muted} role="status" data-testid="pin-on-agent">
          {q.pinOnAgent}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={phase === "signing" || phase === "listing"} label={q.sign} pendingLabel={q.signing} />
        {conn && phase !== "signing" ? <SubmitButton type="button" pending={false} label={q.retry} pendingLabel="" variant="secondary" onClick={() => void listCertificates(conn)} /> : null}
      </div>
    </form>
  );
}
