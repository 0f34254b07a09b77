/**
 * Malformed input found after schema validation (a check that needs a store, a file's bytes): the API's error handler
 * answers it like a zod failure, HTTP 400 with code '400' and this Chinese message naming the field (DESIGN.md §8).
 */
export class BadInput extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BadInput';
  }
}
