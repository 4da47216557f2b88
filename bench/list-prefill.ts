// The 1 M rows the list of npm run bench is measured on.
import type pg from "pg";

export const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);

/** ROWS consents copied from one real one, spread over statuses and creation times. */
export async function prefill(client: pg.Client, consentId: string): Promise<void> {
  const t0 = Date.now();
  await client.query(
    `INSERT INTO consents (id, tenant_id, template_id, template_version_id, template_code, template_version, content_sha256, rendered_html,
       status, external_ref, patient_name, phone, phone_masked, tc_masked, tc_digest, tc_encrypted, search_digests, physician, procedure, approver_type,
       variables, sms_enabled, link_token, short_code, expires_at, ts_status, ts_error, created_at, updated_at)
     SELECT 'ons_bench_' || lpad(g::text, 12, '0'), c.tenant_id, c.template_id, c.template_version_id, c.template_code, c.template_version,
       md5(g::text) || md5((g + 1)::text), c.rendered_html,
       (ARRAY['sent','completed','rejected','expired','cancelled'])[1 + g % 5], 'PROT-' || g, c.patient_name, c.phone, c.phone_masked,
       c.tc_masked, md5('tc' || g), c.tc_encrypted, c.search_digests, 'Dr. Mehmet Öz', 'Diş çekimi', 'hasta', c.variables, false,
       md5('tok' || g) || md5('tok2' || g), 'b' || to_hex(g), now() + interval '3 days', 'none', '',
       now() - (g || ' seconds')::interval, now()
     FROM generate_series(1, $2::int) AS g, (SELECT * FROM consents WHERE id = $1) AS c`,
    [consentId, ROWS],
  );
  // VACUUM too: otherwise autovacuum works through the million new rows during the measurements;
  // and a checkpoint, so that writing out their WAL does not slow the first measurement (the ceiling).
  await client.query("VACUUM ANALYZE consents");
  await client.query("CHECKPOINT");
  console.error(`prefilled ${ROWS} consents in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
