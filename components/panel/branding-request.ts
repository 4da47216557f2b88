// The branding forms' requests to the panel's own routes (/panel/settings/branding…): the answer's
// status and, for a refusal, its problem+json field errors and detail.
interface BrandingAnswer<T> {
  status: number;
  data: T | null;
  errors: Record<string, string[]>;
  detail: string | null;
}

export async function brandingRequest<T>(url: string, method: "PUT" | "DELETE", body?: BodyInit, contentType?: string): Promise<BrandingAnswer<T>> {
  let res: Response;
  try {
    res = await fetch(url, { method, credentials: "same-origin", body, headers: contentType ? { "Content-Type": contentType } : {} });
  } catch {
    return { status: 0, data: null, errors: {}, detail: null };
  }
  const json = (await res.json().catch(() => null)) as (T & { errors?: Record<string, string[]>; detail?: string }) | null;
  if (res.ok) return { status: res.status, data: json, errors: {}, detail: null };
  return { status: res.status, data: null, errors: json?.errors ?? {}, detail: typeof json?.detail === "string" ? json.detail : null };
}
