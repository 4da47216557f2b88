"use client";
// decisions §26: the form's clauses on the signing page, each ticked or not. A required one must be
// ticked to sign (the server refuses it too); the others are recorded either way.
import { useState, type Dispatch, type ReactElement, type SetStateAction } from "react";
import { Tick } from "./flow-panels";
import type { Lang, Messages } from "./messages";
import { cls } from "./ui";
import type { TemplateClause } from "@/lib/templates/clauses";

export type { TemplateClause };

interface Props {
  t: Messages;
  clauses: readonly TemplateClause[];
  ticked: readonly string[];
  onChange: Dispatch<SetStateAction<readonly string[]>>;
  disabled: boolean;
  /** the clauses are in the consent's language, whatever the page's wording */
  textLanguage: Lang;
}

function ClauseTicks({ t, clauses, ticked, onChange, disabled, textLanguage }: Props) {
  if (!clauses.length) return null;
  return (
    <fieldset className="mt-5" data-testid="clauses">
      <legend className={cls.h2}>{t.clausesHeading}</legend>
      <p className="mt-1 text-slate-700">{t.clausesIntro}</p>
      <div className="mt-3 space-y-3">
        {clauses.map((c) => (
          <div key={c.code} lang={textLanguage} data-clause={c.code}>
            <Tick
              checked={ticked.includes(c.code)}
              onChange={(v) => onChange((list) => (v ? [...list, c.code] : list.filter((x) => x !== c.code)))}
              label={c.required ? t.clauseRequired : t.clauseOptional}
              text={c.text}
              disabled={disabled}
            />
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The clause step's state: its element, whether a required clause is still unticked, and what the
 * signature request adds (`maddeler`: the codes ticked; nothing for a form without clauses).
 */
export function useClauseTicks(t: Messages, clauses: readonly TemplateClause[], disabled: boolean, textLanguage: Lang): { element: ReactElement; missing: boolean; request: { maddeler?: string[] } } {
  const [ticked, setTicked] = useState<readonly string[]>([]);
  return {
    element: <ClauseTicks t={t} clauses={clauses} ticked={ticked} onChange={setTicked} disabled={disabled} textLanguage={textLanguage} />,
    missing: clauses.some((c) => c.required && !ticked.includes(c.code)),
    request: clauses.length ? { maddeler: clauses.filter((c) => ticked.includes(c.code)).map((c) => c.code) } : {},
  };
}
