// decisions §22, §26: a publish after the first asks what kind of change it is; a material one, its
// note for the people asked to consent again.
import type { UseFormRegister } from "react-hook-form";
import { Field } from "@/components/panel/field";
import type { panelMessages } from "@/components/panel/messages";

interface ChangeFields {
  degisiklik: "bicimsel" | "esasli";
  degisiklik_notu: string;
}

export function ChangeKind<T extends ChangeFields>({
  f,
  register,
  material,
  noteError,
}: {
  f: (typeof panelMessages)["tr"]["templateForm"];
  register: UseFormRegister<T>;
  material: boolean;
  noteError: string | undefined;
}) {
  const reg = register as unknown as UseFormRegister<ChangeFields>;
  return (
    <fieldset className="space-y-1 text-sm">
      <legend className="font-medium">{f.changeKind}</legend>
      <label className="flex min-h-11 items-center gap-2">
        <input type="radio" className="size-5" value="bicimsel" {...reg("degisiklik")} />
        {f.changeFormal}
      </label>
      <label className="flex min-h-11 items-center gap-2">
        <input type="radio" className="size-5" value="esasli" {...reg("degisiklik")} />
        {f.changeMaterial}
      </label>
      {material ? (
        <Field id="t-degisiklik_notu" label={f.changeNote} hint={f.changeNoteHint} error={noteError}>
          {(p) => <textarea {...p} rows={3} maxLength={1000} {...reg("degisiklik_notu")} />}
        </Field>
      ) : null}
    </fieldset>
  );
}
