// What a storage backend does: keep bytes under a key (file-storage.ts encrypts before calling it).
export interface StoredObjectMeta {
  tenantId: string;
  consentId: string | null;
  contentType: string;
  sha256: string;
}

export interface ByteStore {
  put(key: string, bytes: Buffer, meta: StoredObjectMeta): Promise<void>;
  /** null when absent */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}
