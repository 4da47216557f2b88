"use server";
// Server actions of the countersign page's qualified signature (issue #48, decisions §24), in the
// panel session (no API key): only a user marked as physician (else 403), the tenant from the
// session. With a card the browser carries the signed attributes to the e-onam-imza agent between
// prepare and finish; with the institution's CSC service both steps and the signature run here.
import { requirePhysician, panelOrigin } from "@/lib/users/require-panel-user";
import { toActionResult, type ActionResult } from "@/lib/actions/action-result";
import type { CountersignOutcome } from "@/lib/consents/countersign-as-physician";
import type { PreparedAnswer } from "@/lib/signing/qualified/qualified-countersign-schemas";
import { prepareQualifiedAsPhysician } from "@/lib/signing/qualified/prepare-as-physician";
import { finishQualifiedAsPhysician } from "@/lib/signing/qualified/finish-as-physician";
import { listCscCredentialsForPanel, type PanelCscCredential } from "@/lib/signing/qualified/list-csc-credentials-for-panel";
import { prepareWithCsc } from "@/lib/signing/qualified/prepare-with-csc";
import { signWithCscAsPhysician } from "@/lib/signing/qualified/sign-with-csc-as-physician";

export async function prepareQualifiedAction(id: string, values: { informedAt: string; certificate: string; chain: string[] }): Promise<ActionResult<PreparedAnswer>> {
  const user = await requirePhysician();
  const origin = await panelOrigin(user);
  return toActionResult(() => prepareQualifiedAsPhysician(user, String(id), values, origin));
}

export async function finishQualifiedAction(id: string, values: { prepareId: string; signature: string }): Promise<ActionResult<CountersignOutcome>> {
  const user = await requirePhysician();
  const origin = await panelOrigin(user);
  return toActionResult(() => finishQualifiedAsPhysician(user, String(id), values, origin));
}

export async function cscCredentialsAction(): Promise<ActionResult<PanelCscCredential[]>> {
  const user = await requirePhysician();
  return toActionResult(() => listCscCredentialsForPanel(user));
}

export async function cscPrepareAction(id: string, values: { informedAt: string; credentialId: string }): Promise<ActionResult<PreparedAnswer>> {
  const user = await requirePhysician();
  const origin = await panelOrigin(user);
  return toActionResult(() => prepareWithCsc(user, String(id), values, origin));
}

export async function cscSignAction(id: string, values: { prepareId: string; credentialId: string; pin: string; otp: string }): Promise<ActionResult<CountersignOutcome>> {
  const user = await requirePhysician();
  const origin = await panelOrigin(user);
  return toActionResult(() => signWithCscAsPhysician(user, String(id), values, origin));
}
