/**
 * The item the floor handler reads. `cold-start.ts` writes it before the first run so the floor's
 * `GetItem` returns a real item (and pays for unmarshalling it) rather than an empty answer.
 * Its own module so the benchmark can import the key without running the handler's module code.
 */
export const floorItemKey = { PK: 'BENCH#FLOOR', SK: 'BENCH#FLOOR' } as const;
