// Template list item and detail (spec "Template", decisions §5 "Templates"). Both describe the latest
// published version, the one new consents use; before the first publication, the working copy as version 0.
import type { Prisma } from "@prisma/client";
import { sha256Hex } from "@/lib/crypto";
import { env } from "@/lib/env";
import { formatDateTime } from "@/lib/time";
import { parseStoredVariables } from "@/lib/templates/variables";
import { describeLanguages } from "@/lib/templates/translations";
import { countQuestions, parseStoredQuestions } from "@/lib/templates/questions";
import type { TemplateDetail, TemplateListItem } from "@/lib/contract/response-shapes";
import type { AudioRow } from "@/lib/db/read-aloud";
import { describeAudio } from "@/lib/audio/describe-audio";

// The working copy's body is in the list select only for templates never published, whose
// content_hash is that of the working body; selecting it for all keeps the list at two queries.
export const templateListSelect = {
  id: true,
  code: true,
  active: true,
  hasDraft: true,
  latestVersion: true,
  title: true,
  category: true,
  type: true,
  bodyType: true,
  body: true,
  wetSignatureRequired: true,
  physicianCountersign: true,
  translations: true,
} satisfies Prisma.TemplateSelect;

export const templateDetailSelect = { ...templateListSelect, variables: true, questions: true } satisfies Prisma.TemplateSelect;

export const versionListSelect = {
  templateId: true,
  version: true,
  title: true,
  category: true,
  type: true,
  bodyType: true,
  wetSignatureRequired: true,
  physicianCountersign: true,
  contentHash: true,
  publishedAt: true,
  translations: true,
} satisfies Prisma.TemplateVersionSelect;

export const versionDetailSelect = { ...versionListSelect, body: true, variables: true, questions: true } satisfies Prisma.TemplateVersionSelect;

export type TemplateListRow = Prisma.TemplateGetPayload<{ select: typeof templateListSelect }>;
export type TemplateDetailRow = Prisma.TemplateGetPayload<{ select: typeof templateDetailSelect }>;
export type VersionListRow = Prisma.TemplateVersionGetPayload<{ select: typeof versionListSelect }>;
export type VersionDetailRow = Prisma.TemplateVersionGetPayload<{ select: typeof versionDetailSelect }>;

export function serializeTemplateListItem(t: TemplateListRow, published: VersionListRow | null): TemplateListItem {
  const item: TemplateListItem = published
    ? {
        code: t.code,
        title: published.title,
        category: published.category,
        type: published.type,
        active: t.active,
        version: published.version,
        body_type: published.bodyType,
        content_hash: published.contentHash,
        wet_signature_required: published.wetSignatureRequired,
        physician_countersign: published.physicianCountersign,
        published_at: formatDateTime(published.publishedAt, env().APP_TIMEZONE),
        ...describeLanguages(published.contentHash, published.translations),
      }
    : {
        code: t.code,
        title: t.title,
        category: t.category,
        type: t.type,
        active: t.active,
        version: 0,
        body_type: t.bodyType,
        content_hash: sha256Hex(t.body),
        wet_signature_required: t.wetSignatureRequired,
        physician_countersign: t.physicianCountersign,
        published_at: null,
        ...describeLanguages(sha256Hex(t.body), t.translations),
      };
  if (t.hasDraft) item.has_draft = true;
  return item;
}

/** `audio`: the template's recordings (lib/db/read-aloud.ts); those of the texts described are listed. */
export function serializeTemplateDetail(t: TemplateDetailRow, published: VersionDetailRow | null, audio: readonly AudioRow[]): TemplateDetail {
  const item = serializeTemplateListItem(t, published);
  const questions = published ? published.questions : t.questions;
  return {
    ...item,
    variables: parseStoredVariables(published ? published.variables : t.variables),
    body: published ? published.body : t.body,
    // decisions §22: how many questions each language has, and the questions themselves.
    questions: countQuestions(item.languages, questions),
    teach_back: parseStoredQuestions(questions),
    audio: describeAudio(item.content_hashes, audio),
  };
}
