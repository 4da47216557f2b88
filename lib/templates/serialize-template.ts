// Template list item and detail (spec "Template", decisions §5 "Templates"). Both describe the latest
// published version, the one new consents use; before the first publication, the working copy as version 0.
import { sha256Hex } from "@/lib/crypto";
import { env } from "@/lib/env";
import { formatDateTime } from "@/lib/time";
import { parseStoredVariables } from "@/lib/templates/variables";
import { describeLanguages, parseChangeNotes } from "@/lib/templates/translations";
import { countQuestions, parseStoredQuestions } from "@/lib/templates/questions";
import { parseStoredClauses } from "@/lib/templates/clauses";
import type { TemplateDetail, TemplateListItem } from "@/lib/contract/response-shapes";
import type { AudioRow } from "@/lib/db/read-aloud";
import type { TemplateDetailRow, TemplateListRow, VersionDetailRow, VersionListRow } from "@/lib/db/templates";
import { describeAudio } from "@/lib/templates/describe-audio";
import { readabilityOf } from "@/lib/templates/readability";

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
        // decisions §25: each publication is a version, numbered 1, 2, … per template: its revision.
        revision: published.version,
        document_code: published.documentCode,
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
        revision: 0,
        document_code: t.documentCode,
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
    // decisions §26: the clauses of each language
    clauses: parseStoredClauses(published ? published.clauses : t.clauses),
    audio: describeAudio(item.content_hashes, audio),
    // issue #52: as measured when published; a version from before the measure (or a draft) is measured now.
    readability: published?.readability ?? readabilityOf(published ? published.body : t.body)?.score ?? null,
    ...changeNotesOf(published),
  };
}

/** decisions §26: the version's change notes, as the detail shows them (absent when it has none). */
function changeNotesOf(published: VersionDetailRow | null): Pick<TemplateDetail, "change_notes"> {
  const notes = parseChangeNotes(published?.changeNotes);
  return Object.keys(notes).length ? { change_notes: notes } : {};
}
