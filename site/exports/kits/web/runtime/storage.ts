// What the app keeps across a page reload, in the shape of `localStorage`.

/** The part of the Web Storage API an app uses; `localStorage` has it. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** A `localStorage` that survives the kit's `app-relaunched` (a page reload): the kit keeps it
 * and gives it to the next page. */
export class MemoryStorage implements KeyValueStorage {
  private readonly items = new Map<string, string>();
  /** How many writes so far; the runner waits until the app stops. */
  writes = 0;

  get length(): number {
    return this.items.size;
  }

  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }

  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    this.writes += 1;
    this.items.set(key, String(value));
  }

  removeItem(key: string): void {
    this.writes += 1;
    this.items.delete(key);
  }

  clear(): void {
    this.writes += 1;
    this.items.clear();
  }
}
