"use client";
import { useState } from "react";
import { panelMessages, type Lang } from "@/components/panel/messages";
import { ui } from "@/components/panel/styles";

export function CopyButton({ text, lang, label }: { text: string; lang: Lang; label?: string }) {
  const t = panelMessages[lang];
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className={ui.secondary}
      aria-label={label}
      onClick={() => {
        void navigator.clipboard
          ?.writeText(text)
          .then(() => setCopied(true))
          .catch(() => setCopied(false));
      }}
    >
      {copied ? t.common.copied : t.common.copy}
    </button>
  );
}
