// FILE_STORAGE=s3: documents in an S3-compatible bucket (AWS S3, MinIO, Ceph, …), decisions §16.
// The bytes arriving here are already encrypted (file-storage.ts).
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { Env } from "@/lib/env";
import type { ByteStore } from "@/lib/storage/byte-store";

type S3Settings = Pick<Env, "S3_BUCKET" | "S3_ENDPOINT" | "S3_REGION" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY" | "S3_FORCE_PATH_STYLE">;

export function s3Storage(settings: S3Settings): ByteStore {
  const Bucket = settings.S3_BUCKET!;
  const client = new S3Client({
    region: settings.S3_REGION,
    endpoint: settings.S3_ENDPOINT,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
    // Without explicit keys the SDK's own chain applies (instance role, AWS_* variables).
    credentials:
      settings.S3_ACCESS_KEY_ID && settings.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: settings.S3_ACCESS_KEY_ID, secretAccessKey: settings.S3_SECRET_ACCESS_KEY }
        : undefined,
    maxAttempts: 3,
  });
  return {
    async put(Key, bytes, meta) {
      // Object metadata carries ids only: the digest and the consent, never personal data.
      await client.send(
        new PutObjectCommand({ Bucket, Key, Body: bytes, ContentType: "application/octet-stream", Metadata: { "consent-id": meta.consentId ?? "", "plain-sha256": meta.sha256 } }),
      );
    },
    async get(Key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key }));
        return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : null;
      } catch (err) {
        if (err instanceof NoSuchKey || (err as { name?: string }).name === "NoSuchKey") return null;
        throw err;
      }
    },
    async delete(Key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key }));
    },
  };
}
