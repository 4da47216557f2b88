"use client";
// issue #42: "Okudum" (read) waits until the end of the consent text came into view in its scroll
// box, the page's CONSENT_TEXT_BOX_ID (at once when the text fits). "Metnin sonuna git" jumps there
// for whoever cannot or will not scroll — keyboard users are never held back — and a hint, read out
// with the disabled box (aria-describedby), says why it is closed.
import { useEffect, useRef, useState } from "react";
import { CONSENT_TEXT_BOX_ID, CONSENT_TEXT_END_ID } from "./flow-state";
import type { Messages } from "./messages";
import { cls } from "./ui";

/** `ready`: the text is on the page (verified, and its refresh done). */
export function useTextRead(ready: boolean) {
  const [textSeen, setTextSeen] = useState(false);
  const readBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!ready || textSeen) return;
    const box = document.getElementById(CONSENT_TEXT_BOX_ID);
    const end = document.getElementById(CONSENT_TEXT_END_ID);
    // Without the box (an older server render) nobody is held back.
    if (!box || !end || typeof IntersectionObserver === "undefined") {
      setTextSeen(true);
      return;
    }
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setTextSeen(true);
    }, { root: box });
    io.observe(end);
    return () => io.disconnect();
  }, [ready, textSeen]);

  const jumpToEnd = () => {
    const box = document.getElementById(CONSENT_TEXT_BOX_ID);
    if (box) box.scrollTop = box.scrollHeight;
    // The person asked for the end: the box opens now (the observer would agree a frame later), and
    // the focus goes to it, for the keyboard to tick.
    setTextSeen(true);
    requestAnimationFrame(() => readBox.current?.focus());
  };
  return { textSeen, readBox, jumpToEnd };
}

/** Under the closed "read" box: why it is closed, and the way to the end of the text. */
export function ReadHint({ t, id, onJump }: { t: Messages; id: string; onJump(): void }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p id={id} className="text-sm text-slate-700">
        {t.readHint}
      </p>
      <button type="button" onClick={onJump} className={cls.secondary}>
        {t.jumpToEnd}
      </button>
    </div>
  );
}
