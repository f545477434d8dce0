import type { Db } from '../client';

// Placeholder: part B replaces this with the demo shop seed (run only when the database is empty).
export async function seedIfEmpty(_db: Db): Promise<void> {}
