// How the panel names a consent: the person and the template, "Ayşe Yılmaz — Diş Çekimi Onam Formu".
// A purged consent (decisions §12) has no name left, and a version always has a title, but a row
// read without one falls back to the template's code: the heading is never empty.

export function consentTitle(c: { patient: { name: string | null }; template: { code: string }; template_title?: string | null }): string {
  const template = c.template_title?.trim() || c.template.code;
  const name = c.patient.name?.trim();
  return name ? `${name} — ${template}` : template;
}
