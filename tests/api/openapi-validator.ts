// Validates live responses against the schemas the OpenAPI document declares for them.
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { expect } from "vitest";
import type { CallResult } from "./client";

type Json = Record<string, unknown>;
type Operation = { responses: Record<string, { content?: Record<string, { schema: Json }> }> };

export interface OpenApiDoc {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, { post: Operation & { parameters: { name: string; schema: Json }[]; requestBody: { content: Record<string, { schema: Json }> } } }>;
  components: { schemas: Record<string, Json> };
  [k: string]: unknown;
}

const DOC_ID = "https://e-onam.local/openapi.json";

export function responseValidator(doc: OpenApiDoc) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  // The document itself is the schema resource: "#/components/schemas/X" resolves inside it.
  ajv.addSchema({ $id: DOC_ID, components: doc.components }, DOC_ID);

  function validateRef(ref: string, data: unknown): string[] {
    const validate = ajv.getSchema(`${DOC_ID}${ref}`);
    if (!validate) throw new Error(`no schema ${ref}`);
    return validate(data) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
  }

  /** Errors of data against an inline schema (a header's, say), or none. */
  function validateSchema(schema: Json, data: unknown): string[] {
    const validate = ajv.compile(schema);
    return validate(data) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
  }

  /** The live response matches the documented response of path/method/status, in its content type. */
  function expectDocumented(pathTemplate: string, method: string, res: CallResult): void {
    const op = doc.paths[pathTemplate]?.[method.toLowerCase()];
    expect(op, `${method} ${pathTemplate} is documented`).toBeTruthy();
    const documented = op!.responses[String(res.status)];
    expect(documented, `${method} ${pathTemplate} documents status ${res.status}: ${res.text.slice(0, 300)}`).toBeTruthy();
    const ctype = (res.headers.get("content-type") ?? "").split(";")[0]!;
    const content = documented!.content?.[ctype];
    expect(content, `${method} ${pathTemplate} ${res.status} documents ${ctype}`).toBeTruthy();
    const ref = (content!.schema as { $ref?: string }).$ref;
    expect(ref).toBeTruthy();
    expect(validateRef(ref!, res.body), `${method} ${pathTemplate} ${res.status} body matches ${ref}`).toEqual([]);
    if (ctype === "application/problem+json") {
      const examples = (content as { examples?: Record<string, unknown> }).examples ?? {};
      expect(Object.keys(examples), `code ${String(res.body.code)} is documented for ${res.status}`).toContain(res.body.code);
    }
  }

  return { validateRef, validateSchema, expectDocumented };
}
