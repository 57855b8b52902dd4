/**
 * A small in-container cache of API key records. Its lifetime bounds how long a revoked key keeps
 * working in a warm container; it spares a `GetItem` on most requests.
 */
export function createTtlCache<V>(ttlMs: () => number, now: () => number = Date.now, maxEntries = 1000) {
  const entries = new Map<string, { value: V; expiresAt: number }>();
  return {
    get(key: string): V | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key: string, value: V): void {
      const ttl = ttlMs();
      if (ttl <= 0) return;
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, { value, expiresAt: now() + ttl });
    },
    clear(): void {
      entries.clear();
    },
  };
}
